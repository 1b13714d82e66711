; Inverses and least squares are runtime calls too. getri and potri
; overwrite their input (the factors) with the inverse: the input is copied
; before the call (the adjoint reads both); the inverse after it only if the
; function overwrites it later. gels keeps A's input always and B's only when
; A has a derivative (the residual needs it); with A constant it reads no
; solution and passes no shadow of A. Fortran's workspace length reaches the
; runtime (-1: a query, no derivative).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.fit_fortran(
; CHECK: call ptr @__ad_blas_dpack(
; CHECK: call ptr @__ad_blas_dpack(
; CHECK: call void @dgels_(
; CHECK: call void @__ad_blas_dgels_reverse(i32 0, i32 1, {{.*}}, i64 %{{[0-9]+}})

; CHECK-LABEL: define internal void @__ad_grad.fit(
; CHECK: [[AIN:%.*]] = call ptr @__ad_blas_dpack(i64 5, i64 2, ptr %A, i64 5)
; CHECK-NOT: __ad_blas_dpack
; CHECK: call i32 @LAPACKE_dgels(i32 102, i8 78, i32 5, i32 2, i32 1, ptr %A, i32 5, ptr %B, i32 5)
; CHECK: call void @__ad_blas_dgels_reverse(i32 0, i32 0, i64 5, i64 2, i64 1, ptr [[AIN]], i64 5, ptr %A, i64 5, ptr null, i64 1, ptr null, i64 1, ptr null, i64 1, ptr {{.*}}%d.B, i64 5, i64 0)

; CHECK-LABEL: define internal void @__ad_grad.fit.{{[0-9]+}}(
; CHECK: [[AIN2:%.*]] = call ptr @__ad_blas_dpack(i64 5, i64 2, ptr %A, i64 5)
; CHECK: [[BIN:%.*]] = call ptr @__ad_blas_dpack(i64 5, i64 1, ptr %B, i64 5)
; CHECK: call i32 @LAPACKE_dgels(
; CHECK: call void @__ad_blas_dgels_reverse(i32 0, i32 0, i64 5, i64 2, i64 1, ptr [[AIN2]], i64 5, ptr %A, i64 5, ptr [[BIN]], i64 5, ptr %B, i64 5, ptr %d.A, i64 5, ptr {{.*}}%d.B, i64 5, i64 0)

; CHECK-LABEL: define internal void @__ad_grad.spd_inverse(
; CHECK: call ptr @__ad_blas_dpack(
; CHECK-NEXT: call void @dpotri_(
; CHECK: call void @__ad_blas_dpotri_reverse(i32 0, i32 1, i64 %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, ptr %A, i64 %{{.*}}, ptr {{.*}}%d.A, i64 %{{.*}})

; CHECK-LABEL: define internal void @__ad_grad.inverse(
; CHECK: [[F:%.*]] = call ptr @__ad_blas_dpack(i64 3, i64 3, ptr %A, i64 3)
; CHECK-NEXT: call i32 @LAPACKE_dgetri(i32 102, i32 3, ptr %A, i32 3, ptr %ipiv)
; CHECK-NOT: __ad_blas_dpack
; CHECK: call void @__ad_blas_dgetri_reverse(i32 0, i64 3, ptr [[F]], i64 3, ptr %ipiv, ptr %A, i64 3, ptr {{.*}}%d.A, i64 3)
; CHECK-NEXT: call void @free(ptr [[F]])

@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)
declare i32 @LAPACKE_dgetri(i32, i32, ptr, i32, ptr)
declare void @dpotri_(ptr, ptr, ptr, ptr, ptr)
declare i32 @LAPACKE_dgels(i32, i8, i32, i32, i32, ptr, i32, ptr, i32)
declare void @dgels_(ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)

define double @inverse(ptr noalias %A, ptr noalias %ipiv) {
  %i = call i32 @LAPACKE_dgetri(i32 102, i32 3, ptr %A, i32 3, ptr %ipiv)
  %a0 = load double, ptr %A
  ret double %a0
}

define double @spd_inverse(ptr noalias %A, ptr noalias %n, ptr noalias %info) {
  call void @dpotri_(ptr @lower, ptr %n, ptr %A, ptr %n, ptr %info)
  %a0 = load double, ptr %A
  ret double %a0
}

define double @fit(ptr noalias %A, ptr noalias %B) {
  %i = call i32 @LAPACKE_dgels(i32 102, i8 78, i32 5, i32 2, i32 1, ptr %A, i32 5, ptr %B, i32 5)
  %b1 = load double, ptr %B
  ret double %b1
}

define double @fit_fortran(ptr noalias %A, ptr noalias %B, ptr noalias %dims, ptr noalias %work, ptr noalias %lwork, ptr noalias %info) {
  %m = getelementptr i32, ptr %dims, i64 1
  %n = getelementptr i32, ptr %dims, i64 2
  %r = getelementptr i32, ptr %dims, i64 3
  call void @dgels_(ptr @trans, ptr %m, ptr %n, ptr %r, ptr %A, ptr %m, ptr %B, ptr %m, ptr %work, ptr %lwork, ptr %info)
  %b1 = load double, ptr %B
  ret double %b1
}

@lower = private constant [1 x i8] c"L"
@trans = private constant [1 x i8] c"T"

define void @main(ptr %A, ptr %dA, ptr %B, ptr %dB, ptr %ipiv, ptr %n, ptr %info, ptr %w, ptr %lw) {
  %1 = call double (ptr, ...) @__ad_autodiff(ptr @inverse, ptr @ad_dup, ptr %A, ptr %dA, ptr @ad_const, ptr %ipiv)
  %2 = call double (ptr, ...) @__ad_autodiff(ptr @spd_inverse, ptr @ad_dup, ptr %A, ptr %dA, ptr @ad_const, ptr %n, ptr @ad_const, ptr %info)
  %3 = call double (ptr, ...) @__ad_autodiff(ptr @fit, ptr @ad_dup, ptr %A, ptr %dA, ptr @ad_dup, ptr %B, ptr %dB)
  %4 = call double (ptr, ...) @__ad_autodiff(ptr @fit, ptr @ad_const, ptr %A, ptr @ad_dup, ptr %B, ptr %dB)
  %5 = call double (ptr, ...) @__ad_autodiff(ptr @fit_fortran, ptr @ad_dup, ptr %A, ptr %dA, ptr @ad_dup, ptr %B, ptr %dB, ptr @ad_const, ptr %n, ptr @ad_const, ptr %w, ptr @ad_const, ptr %lw, ptr @ad_const, ptr %info)
  ret void
}
