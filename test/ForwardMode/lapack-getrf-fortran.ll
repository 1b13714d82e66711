; The tangent of a Fortran getrf runs after the call (it reads the factors
; and the pivots the call wrote): one runtime call with the numbers the
; call passed by pointer, loaded before it. syev's tangent also gets a copy
; of the input made before the call (the call destroys it when it computes
; no eigenvectors), and the workspace length, -1 for a query.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal {{.*}} @__ad_fwd.eig(
; CHECK: [[IN:%.*]] = call ptr @__ad_blas_dpack(
; CHECK: call void @dsyev_(ptr {{.*}}%jobz, ptr {{.*}}%uplo, ptr {{.*}}%n, ptr %A, ptr {{.*}}%n, ptr %W, ptr %work, ptr {{.*}}%lwork, ptr %info)
; CHECK: call void @__ad_blas_dsyev_tangent(i32 0, i32 %{{.*}}, i32 %{{.*}}, i64 %{{.*}}, ptr %A, i64 %{{.*}}, ptr %W, ptr [[IN]], i64 %{{.*}}, ptr %d.A, i64 %{{.*}}, ptr %d.W, i64 %{{.*}})
; CHECK: call void @free(ptr [[IN]])

; CHECK-LABEL: define internal {{.*}} @__ad_fwd.lu(
; CHECK: [[M:%.*]] = load i32, ptr %m
; CHECK: call void @dgetrf_(ptr {{.*}}%m, ptr {{.*}}%m, ptr %A, ptr {{.*}}%m, ptr %ipiv, ptr %info)
; CHECK: call void @__ad_blas_dgetrf_tangent(i32 0, i64 %{{.*}}, i64 %{{.*}}, ptr %A, i64 %{{.*}}, ptr %ipiv, ptr %d.A, i64 %{{.*}})

@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_fwddiff(ptr, ...)
declare void @dgetrf_(ptr, ptr, ptr, ptr, ptr, ptr)
declare void @dsyev_(ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)

define double @lu(ptr %m, ptr %A, ptr %ipiv, ptr %info) {
  call void @dgetrf_(ptr %m, ptr %m, ptr %A, ptr %m, ptr %ipiv, ptr %info)
  %a = load double, ptr %A
  ret double %a
}

define double @eig(ptr %jobz, ptr %uplo, ptr %n, ptr %A, ptr %W, ptr %work, ptr %lwork, ptr %info) {
  call void @dsyev_(ptr %jobz, ptr %uplo, ptr %n, ptr %A, ptr %n, ptr %W, ptr %work, ptr %lwork, ptr %info)
  %w = load double, ptr %W
  ret double %w
}

define void @tangents(ptr %m, ptr %A, ptr %dA, ptr %ipiv, ptr %info, ptr %j, ptr %u, ptr %W, ptr %dW, ptr %work, ptr %lw) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_fwddiff(ptr @lu, i32 %const, ptr %m, i32 %dup, ptr %A, ptr %dA, i32 %const, ptr %ipiv, i32 %const, ptr %info)
  call double (ptr, ...) @__ad_fwddiff(ptr @eig, i32 %const, ptr %j, i32 %const, ptr %u, i32 %const, ptr %m, i32 %dup, ptr %A, ptr %dA, i32 %dup, ptr %W, ptr %dW, i32 %const, ptr %work, i32 %const, ptr %lw, i32 %const, ptr %info)
  ret void
}
