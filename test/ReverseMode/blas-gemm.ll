; The adjoint of a gemm is gemm calls on the shadows, in the caller's
; spelling: here C = A B with A active and B constant, so dA += dC B^T is
; one cblas_dgemm (no transposition of dC, B transposed) reading B in place
; (nothing overwrites it: no copy), there is no product for B, and dC is
; reset (beta = 0) by the runtime's scale.
;   f(A, B, C) = sum of C after C = A B (2 x 2, column major)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-NOT: __ad_blas_dpack
; CHECK: call void @cblas_dgemm(i32 102, i32 111, i32 111, i32 2, i32 2, i32 2, double 1.000000e+00, ptr %A, i32 2, ptr %B, i32 2, double 0.000000e+00, ptr %C, i32 2)
; CHECK: call void @cblas_dgemm(i32 102, i32 111, i32 112, i32 2, i32 2, i32 2, double 1.000000e+00, ptr nonnull %d.C, i32 2, ptr %B, i32 2, double 1.000000e+00, ptr %d.A, i32 2)
; CHECK-NOT: @cblas_dgemm(
; CHECK: call void @__ad_blas_dscale(i64 2, i64 2, double 0.000000e+00,
; CHECK-NOT: @cblas_dgemm(
; CHECK: ret void

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare void @cblas_dgemm(i32, i32, i32, i32, i32, i32, double, ptr, i32, ptr, i32, double, ptr, i32)

define double @f(ptr %A, ptr %B, ptr %C) {
  call void @cblas_dgemm(i32 102, i32 111, i32 111, i32 2, i32 2, i32 2, double 1.0, ptr %A, i32 2, ptr %B, i32 2, double 0.0, ptr %C, i32 2)
  %c0 = load double, ptr %C
  %p1 = getelementptr double, ptr %C, i64 3
  %c1 = load double, ptr %p1
  %s = fadd double %c0, %c1
  ret double %s
}

define void @grad(ptr %A, ptr %dA, ptr %B, ptr %C, ptr %dC) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %A, ptr %dA, i32 %const, ptr %B, i32 %dup, ptr %C, ptr %dC)
  ret void
}
