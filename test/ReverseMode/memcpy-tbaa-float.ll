; A copy loop that LoopIdiom turned into a memcpy keeps the TBAA tag of its
; loads and stores ("double"): nothing else in the function accesses the
; two buffers (pointers read from a context block, as in a checkpointed
; loop's step), and the tag says what the bytes hold. Without the tag the
; copy is refused.
; RUN: %opt -passes=ad -S %s | %FileCheck %s
; RUN: sed 's/, !tbaa !0//' %s | %not %opt -passes=ad -disable-output 2>&1 | %FileCheck %s --check-prefix=UNTAGGED

; UNTAGGED: error: {{.*}}in 'copy': cannot tell what the memory copied here holds (unknown)

@ad_dup = external global i32
declare void @__ad_autodiff(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @copy(ptr %ctx, i64 %n) {
  %src = load ptr, ptr %ctx
  %dp = getelementptr inbounds i8, ptr %ctx, i64 8
  %dst = load ptr, ptr %dp
  %bytes = shl i64 %n, 3
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %bytes, i1 false), !tbaa !0
  ret void
}

define void @main(ptr %ctx, ptr %dctx, i64 %n) {
  call void (ptr, ...) @__ad_autodiff(ptr @copy, ptr @ad_dup, ptr %ctx, ptr %dctx, i64 %n)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.copy(
; CHECK: call void @llvm.memcpy
; CHECK: call void @__ad_memmove_adjoint_f64(ptr %src.shadow, ptr %dst.shadow, i64 %bytes)

!0 = !{!1, !1, i64 0}
!1 = !{!"double", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
