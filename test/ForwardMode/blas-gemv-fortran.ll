; The tangent of a Fortran gemv (arguments by reference) is Fortran gemv
; calls, made before the primal call overwrites y: dy = beta dy (runtime
; scale, beta read through its pointer), then dy += alpha op(A) dx with the
; transposition read from the caller's character, and no product for the
; constant A.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal { double, double } @__ad_fwd.f(
; CHECK: %[[T:.*]] = load i8, ptr %trans
; CHECK: %[[BETA:.*]] = load double, ptr %beta
; CHECK: call void @__ad_blas_dscale(i64 1, i64 %{{.*}}, double %[[BETA]], ptr %d.y,
; CHECK: %[[TR:.*]] = select i1 %{{.*}}, ptr @ad.blas.N, ptr @ad.blas.T
; CHECK: call void @dgemv_(ptr nonnull %[[TR]], ptr {{.*}}, ptr {{.*}}, ptr {{.*}}, ptr %A, ptr {{.*}}, ptr %d.x, ptr {{.*}}, ptr {{.*}}, ptr %d.y, ptr {{.*}})
; CHECK-NEXT: call void @dgemv_(ptr nonnull %trans, ptr nonnull %m, ptr nonnull %n, ptr nonnull %alpha, ptr %A, ptr nonnull %m, ptr %x, ptr nonnull %one, ptr nonnull %beta, ptr %y, ptr nonnull %one)
; CHECK-NOT: @dgemv_(
; CHECK: ret { double, double }

declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare void @dgemv_(ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr, ptr)

define double @f(ptr %trans, ptr %m, ptr %n, ptr %alpha, ptr %A, ptr %x, ptr %one, ptr %beta, ptr %y) {
  call void @dgemv_(ptr %trans, ptr %m, ptr %n, ptr %alpha, ptr %A, ptr %m, ptr %x, ptr %one, ptr %beta, ptr %y, ptr %one)
  %y0 = load double, ptr %y
  ret double %y0
}

define double @tangent(ptr %trans, ptr %m, ptr %n, ptr %alpha, ptr %A, ptr %x, ptr %dx, ptr %one, ptr %beta, ptr %y, ptr %dy) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  %r = call double (ptr, ...) @__ad_fwddiff(ptr @f, i32 %const, ptr %trans, i32 %const, ptr %m, i32 %const, ptr %n, i32 %const, ptr %alpha, i32 %const, ptr %A, i32 %dup, ptr %x, ptr %dx, i32 %const, ptr %one, i32 %const, ptr %beta, i32 %dup, ptr %y, ptr %dy)
  ret double %r
}
