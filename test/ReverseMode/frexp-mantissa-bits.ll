; frexp's mantissa taken through the bits (Eigen's vectorized log): keep
; sign and mantissa, set the exponent of 0.5. On normal, finite inputs the
; result is x scaled by a power of two, whose derivative is m / x; other
; inputs (zero, subnormal, infinite, NaN) give no derivative. The value is
; the one the bits give.
;   m(x) = frexp(x).mantissa, f = m(x) * x: df/dx = 2 m (normal x)
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(double %x) {
  %b = bitcast double %x to i64
  %k = and i64 %b, -9218868437227405313
  %o = or disjoint i64 %k, 4602678819172646912
  %m = bitcast i64 %o to double
  %r = fmul double %m, %x
  ret double %r
}

; CHECK-LABEL: define internal double @__ad_grad.f(double %x)
; The mantissa's bits of a copy the analysis takes for a constant, the
; scale m / x on normal finite inputs, and df/dx = m + (m / x) x.
; CHECK: %ad.frozen = call double @__ad_stop_gradient.double(double %x)
; CHECK: [[ABS:%.*]] = call double @llvm.fabs.f64(double %ad.frozen)
; CHECK-DAG: fcmp oge double [[ABS]], 0x10000000000000
; CHECK-DAG: fcmp ole double [[ABS]], 0x7FEFFFFFFFFFFFFF
; CHECK: [[BITS:%.*]] = bitcast i64 %{{.*}} to double
; CHECK: [[SCALE:%.*]] = fdiv double [[BITS]], %ad.frozen
; CHECK: fmul double [[SCALE]], %x
; CHECK: ret double

define double @caller(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x)
  ret double %d
}
