; A struct copy (`*a = *b` of struct {int n; double v; double *p;}) with
; clang's !tbaa.struct layout is reversed field by field:
;   - the pointer field's shadow is copied in the forward sweep, right after
;     the memcpy (d.a->p = d.b->p), so that d.a mirrors a;
;   - the double field's adjoint moves in the reverse sweep:
;     d.b->v += d.a->v; d.a->v = 0;
;   - the int field (bytes 0..4) is not touched in either shadow.
; No whole-range memmove adjoint is used.
; RUN: %opt -passes=ad -S %s | %FileCheck %s --implicit-check-not=__ad_memmove_adjoint

declare void @__ad_autodiff(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: define internal void @__ad_grad.struct_copy(ptr %a, ptr %d.a, ptr %b, ptr %d.b)
; CHECK-NOT: i32
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%a, ptr {{.*}}%b, i64 24, i1 false), !tbaa.struct
; CHECK-NEXT: [[SP:%.*]] = getelementptr i8, ptr %d.b, i64 16
; CHECK-NEXT: [[P:%.*]] = load ptr, ptr [[SP]]
; CHECK-NEXT: [[DP:%.*]] = getelementptr i8, ptr %d.a, i64 16
; CHECK-NEXT: store ptr [[P]], ptr [[DP]]
; CHECK-NEXT: [[DAV:%.*]] = getelementptr i8, ptr %d.a, i64 8
; CHECK-NEXT: [[D:%.*]] = load double, ptr [[DAV]]
; CHECK-NEXT: store double 0.000000e+00, ptr [[DAV]]
; CHECK-NEXT: [[DBV:%.*]] = getelementptr i8, ptr %d.b, i64 8
; CHECK-NEXT: [[OLD:%.*]] = load double, ptr [[DBV]]
; CHECK-NEXT: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[D]]
; CHECK-NEXT: store double [[NEW]], ptr [[DBV]]
; CHECK-NEXT: ret void
define void @struct_copy(ptr %a, ptr %b) {
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 24, i1 false), !tbaa.struct !0
  ret void
}

define void @caller(ptr %a, ptr %da, ptr %b, ptr %db) {
  call void (ptr, ...) @__ad_autodiff(ptr @struct_copy, ptr %a, ptr %da, ptr %b, ptr %db)
  ret void
}

!0 = !{i64 0, i64 4, !1, i64 8, i64 8, !5, i64 16, i64 8, !7}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !3, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !3, i64 0}
