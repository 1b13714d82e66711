; std::function at -O2, a lambda capturing by reference: the manager called
; when the object dies after a loop is a phi of the pointer loaded from its
; slot in the loop and the one stored before it (when the loop runs no
; iteration), then checked for null. Both are the stored handler: the call
; dispatches on it. It stayed indirect (the manager moves only pointers, so
; no other reason to dispatch it) and was refused as an indirect call on an
; active path.
;   f = sum_{i<n} x * i through the invoker.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define internal double @invoker(ptr %obj, ptr %t) {
  %pa = load ptr, ptr %obj, align 8
  %a = load double, ptr %pa, align 8, !tbaa !1
  %v = load double, ptr %t, align 8, !tbaa !1
  %r = fmul double %a, %v
  ret double %r
}

define internal i1 @manager(ptr %dst, ptr %src, i32 %op) {
  %c = icmp eq i32 %op, 2
  br i1 %c, label %clone, label %done
clone:
  %b = load ptr, ptr %src, align 8
  store ptr %b, ptr %dst, align 8
  br label %done
done:
  ret i1 false
}

define double @f(ptr %x, i32 %n) {
entry:
  %t = alloca double, align 8
  %obj = alloca [32 x i8], align 8
  call void @llvm.memset.p0.i64(ptr %obj, i8 0, i64 32, i1 false)
  store ptr %x, ptr %obj, align 8
  %mslot = getelementptr inbounds i8, ptr %obj, i64 16
  %islot = getelementptr inbounds i8, ptr %obj, i64 24
  store ptr @invoker, ptr %islot, align 8
  store ptr @manager, ptr %mslot, align 8
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %ti = sitofp i32 %i to double
  store double %ti, ptr %t, align 8, !tbaa !1
  %inv = load ptr, ptr %islot, align 8
  %r = call double %inv(ptr %obj, ptr %t)
  %s1 = fadd double %s, %r
  %m1 = load ptr, ptr %mslot, align 8
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %man = phi ptr [ @manager, %entry ], [ %m1, %loop ]
  %sum = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %null = icmp eq ptr %man, null
  br i1 %null, label %done, label %destroy
destroy:
  %d = call i1 %man(ptr %obj, ptr %obj, i32 3)
  br label %done
done:
  ret double %sum
}

define void @grad(ptr %x, ptr %dx, i32 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i32 %n)
  ret void
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!0 = !{!"Simple C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"double", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i32 %n)
; CHECK-NOT: call {{[a-z0-9 ]+}} %{{[^ ]+}}(
; The capture's adjoint (sum of the i) reaches dx.
; CHECK: rev.loop:
; CHECK: [[I:%.*]] = sitofp i32 {{.*}} to double
; CHECK: fadd reassoc double {{.*}}, [[I]]
; CHECK: store double {{.*}}, ptr %d.x
; CHECK: ret void
