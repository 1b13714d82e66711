; The tangent of a Fortran triangular solve x = op(A)^-1 b with A and b
; active: dx = op(A)^-1 (db - op(dA) x), made before the primal call
; overwrites b. x is solved into a packed copy of b, op(dA) x is a trmv on a
; second copy, then daxpy_ subtracts it and adds x back for a unit
; diagonal (the select on the diag letter), and dtrsv_ solves in place on
; the shadow. The options are the caller's characters, read through their
; pointers.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal { double, double } @__ad_fwd.f(
; CHECK: %[[X:.*]] = call ptr @__ad_blas_dpack(i64 1, i64 %{{.*}}, ptr %b,
; CHECK: call void @dtrsv_(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr %A, ptr {{.*}}, ptr %[[X]], ptr {{.*}})
; CHECK: %[[W:.*]] = call ptr @__ad_blas_dpack(i64 1, i64 %{{.*}}, ptr %[[X]],
; CHECK: call void @dtrmv_(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr %d.A, ptr {{.*}}, ptr %[[W]], ptr {{.*}})
; CHECK: call void @daxpy_(ptr {{.*}}, ptr {{.*}}, ptr %[[W]], ptr {{.*}}, ptr %d.b, ptr {{.*}})
; CHECK: call void @daxpy_(ptr {{.*}}, ptr {{.*}}, ptr %[[X]], ptr {{.*}}, ptr %d.b, ptr {{.*}})
; CHECK: call void @dtrsv_(ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr %A, ptr {{.*}}, ptr %d.b, ptr {{.*}})
; CHECK-NEXT: call void @dtrsv_(ptr nonnull %uplo, ptr nonnull %trans, ptr nonnull %diag, ptr nonnull %n, ptr %A, ptr nonnull %n, ptr %b, ptr nonnull %one)
; CHECK: ret { double, double }

declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare void @dtrsv_(ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)

define double @f(ptr %uplo, ptr %trans, ptr %diag, ptr %n, ptr %A, ptr %b, ptr %one) {
  call void @dtrsv_(ptr %uplo, ptr %trans, ptr %diag, ptr %n, ptr %A, ptr %n, ptr %b, ptr %one)
  %b0 = load double, ptr %b
  ret double %b0
}

define double @tangent(ptr %uplo, ptr %trans, ptr %diag, ptr %n, ptr %A, ptr %dA, ptr %b, ptr %db, ptr %one) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  %r = call double (ptr, ...) @__ad_fwddiff(ptr @f, i32 %const, ptr %uplo, i32 %const, ptr %trans, i32 %const, ptr %diag, i32 %const, ptr %n, i32 %dup, ptr %A, ptr %dA, i32 %dup, ptr %b, ptr %db, i32 %const, ptr %one)
  ret double %r
}
