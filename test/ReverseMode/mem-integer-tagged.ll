; An integer field copied within an object that is otherwise read and written
; as doubles: the object's use alone would say its integer copies carry
; doubles, but TBAA names the field "long" (Eigen's Index next to its
; matrices), so it stays an integer copy. Retyped as a double, it was
; later taken for float bits passed to a callee as an integer (a refusal).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, ptr %obj, ptr %d.obj)
; CHECK: %n = load i64, ptr %np, align 8, !tbaa
; CHECK-NOT: bitcast
; CHECK: store i64 %n, ptr %dst, align 8, !tbaa
; CHECK: ret void
define double @f(ptr %x, ptr %obj) {
  %np = getelementptr inbounds i8, ptr %obj, i64 8
  %n = load i64, ptr %np, align 8, !tbaa !1
  %dst = getelementptr inbounds i8, ptr %obj, i64 16
  store i64 %n, ptr %dst, align 8, !tbaa !1
  %v = load double, ptr %obj, align 8, !tbaa !4
  %xv = load double, ptr %x, align 8, !tbaa !4
  %m = fmul double %xv, %v
  store double %m, ptr %obj, align 8, !tbaa !4
  ret double %m
}

define void @caller(ptr %x, ptr %dx, ptr %o, ptr %do) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %o, ptr %do)
  ret void
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"long", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
!4 = !{!5, !5, i64 0}
!5 = !{!"double", !3, i64 0}
