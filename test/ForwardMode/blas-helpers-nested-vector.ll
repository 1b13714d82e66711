; BLAS in the derivatives of derivatives and in vector forward mode.
; - An inner derivative's elementwise BLAS helper (here __ad_blas_dscale,
;   x = 3 x) is linked from the runtime before the outer derivative is made,
;   which then differentiates its loop like any function of the program (it
;   was "call to '__ad_blas_dscale' on an active path has no derivative").
; - Width 2: the dgemv and ddot rules' calls (and their helper) that read a
;   direction's tangents run once per direction, on that direction's arrays;
;   the primal calls run once (they were refused: "BLAS take one
;   direction").
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_fwd.g(ptr %x, ptr %d.x)
; CHECK-NOT: call
; CHECK: fmul double %{{.*}}, 3.000000e+00
; CHECK: %[[T:.*]] = fmul double %.tangent, 3.000000e+00
; CHECK: store double %[[T]], ptr %.shadow
; CHECK: ret void

; CHECK-LABEL: define internal { double, [2 x double] } @__ad_fwd.x2.f(ptr %a, ptr %x, ptr %d.x.0, ptr %d.x.1)
; CHECK: call void @__ad_blas_dscale(i64 1, i64 2, double 0.000000e+00, ptr nonnull %y.shadow, i64 1)
; CHECK-NEXT: call void @__ad_blas_dscale(i64 1, i64 2, double 0.000000e+00, ptr nonnull %y.shadow.l1, i64 1)
; CHECK-NEXT: call void @cblas_dgemv({{.*}}, ptr %a, i32 2, ptr %d.x.0, i32 1, double 1.000000e+00, ptr nonnull %y.shadow, i32 1)
; CHECK-NEXT: call void @cblas_dgemv({{.*}}, ptr %a, i32 2, ptr %d.x.1, i32 1, double 1.000000e+00, ptr nonnull %y.shadow.l1, i32 1)
; CHECK-NEXT: call void @cblas_dgemv({{.*}}, ptr %a, i32 2, ptr %x, i32 1, double 0.000000e+00, ptr nonnull %y, i32 1)
; CHECK-NOT: cblas_dgemv
; CHECK: %r = call double @cblas_ddot(i32 2, ptr nonnull %y, i32 1, ptr nonnull %y, i32 1)
; CHECK-NEXT: call double @cblas_ddot(i32 2, ptr nonnull %y.shadow, i32 1, ptr nonnull %y, i32 1)
; CHECK-NEXT: call double @cblas_ddot(i32 2, ptr nonnull %y.shadow.l1, i32 1, ptr nonnull %y, i32 1)
; CHECK: ret { double, [2 x double] }

declare double @__ad_fwddiff(ptr, ...)
declare { double, double } @__ad_fwddiff_2(ptr, ...)
declare void @cblas_dgemv(i32, i32, i32, i32, double, ptr, i32, ptr, i32, double, ptr, i32)
declare double @cblas_ddot(i32, ptr, i32, ptr, i32)
declare void @__ad_blas_dscale(i64, i64, double, ptr, i64)
@ad_dup = external global i32
@ad_width = external global i32
@ad_const = external global i32

; y = A x (2x2, column-major), r = y . y
define double @f(ptr %a, ptr %x) {
  %y = alloca [2 x double]
  call void @cblas_dgemv(i32 102, i32 111, i32 2, i32 2, double 1.0, ptr %a, i32 2, ptr %x, i32 1, double 0.0, ptr %y, i32 1)
  %r = call double @cblas_ddot(i32 2, ptr %y, i32 1, ptr %y, i32 1)
  ret double %r
}

; An inner derivative's helper: x = 3 x.
define void @g(ptr %x) {
  call void @__ad_blas_dscale(i64 1, i64 2, double 3.0, ptr %x, i64 1)
  ret void
}

define void @caller(ptr %a, ptr %x, ptr %dx0, ptr %dx1) {
  %dup = load i32, ptr @ad_dup
  %w = load i32, ptr @ad_width
  %c = load i32, ptr @ad_const
  %t = call { double, double } (ptr, ...) @__ad_fwddiff_2(ptr @f, i32 %c, ptr %a, i32 %w, i32 2, i32 %dup, ptr %x, ptr %dx0, ptr %dx1)
  call void (ptr, ...) @__ad_fwddiff(ptr @g, ptr %x, ptr %dx0)
  ret void
}
