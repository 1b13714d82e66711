; The adjoint of a triangular solve X = A^-1 B (trsm, left, lower) is trsm
; calls: dB = A^-T dX in place, then dB = alpha dB (nothing for alpha = 1). With A constant (@f)
; nothing is kept: B is overwritten by the call but its input is not needed.
; With A active (@g) the input B is packed before the call, solved again in
; the reverse sweep to get X, and dA -= dB X^T is a gemm into a temporary
; accumulated on the lower triangle only.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.g(
; CHECK: [[KEEP:%.*]] = call ptr @__ad_blas_dpack(i64 2, i64 2, ptr %B, i64 2)
; CHECK: call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 111, i32 131, i32 2, i32 2, double 1.000000e+00, ptr %A, i32 2, ptr %B, i32 2)
; CHECK: call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 112, i32 131, {{.*}}ptr {{.*}}%d.B, i32 2)
; CHECK: [[X:%.*]] = call ptr @__ad_blas_dpack(i64 2, i64 2, ptr [[KEEP]], i64 2)
; CHECK: call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 111, i32 131, {{.*}}ptr [[X]], i32 2)
; CHECK: call void @cblas_dgemm(i32 102, i32 111, i32 112, {{.*}}double -1.000000e+00,
; CHECK: call void @__ad_blas_dtri_accumulate(i32 1, i32 0, i64 2, double 1.000000e+00, {{.*}}, ptr %d.A, i64 2)
; CHECK-NOT: __ad_blas_dscale
; CHECK: ret void

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-NOT: __ad_blas_dpack
; CHECK: call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 111, i32 131, i32 2, i32 2, double 1.000000e+00, ptr %A, i32 2, ptr %B, i32 2)
; CHECK: call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 112, i32 131, i32 2, i32 2, double 1.000000e+00, ptr %A, i32 2, ptr {{.*}}%d.B, i32 2)
; CHECK-NOT: @cblas_dgemm(
; CHECK-NOT: tri_accumulate
; CHECK-NOT: __ad_blas_dscale
; CHECK: ret void

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare void @cblas_dtrsm(i32, i32, i32, i32, i32, i32, i32, double, ptr, i32, ptr, i32)

define double @f(ptr %A, ptr %B) {
  call void @cblas_dtrsm(i32 102, i32 141, i32 122, i32 111, i32 131, i32 2, i32 2, double 1.0, ptr %A, i32 2, ptr %B, i32 2)
  %b0 = load double, ptr %B
  %p1 = getelementptr double, ptr %B, i64 3
  %b1 = load double, ptr %p1
  %s = fadd double %b0, %b1
  ret double %s
}

define double @g(ptr %A, ptr %B) {
  %r = call double @f(ptr %A, ptr %B)
  ret double %r
}

define void @grad(ptr %A, ptr %dA, ptr %B, ptr %dB) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %const, ptr %A, i32 %dup, ptr %B, ptr %dB)
  call double (ptr, ...) @__ad_autodiff(ptr @g, i32 %dup, ptr %A, ptr %dA, i32 %dup, ptr %B, ptr %dB)
  ret void
}
