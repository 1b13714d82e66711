; __enzyme_error_estimate: forward mode whose tangents are error estimates.
; Through an fmul, each operand's contribution is seeded with
; err(x_i) * x_i / r, taken in absolute value and summed, and the sum is at
; least one ulp of r (r with its lowest bit flipped); the derivative is a
; function of its own (__ad_fwd.err.f).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define double @estimate(
; CHECK: call { double, double } @__ad_fwd.err.f(double %x, double %ex, double %y, double %ey)

; CHECK-LABEL: define internal { double, double } @__ad_fwd.err.f(double %x, double %d.x, double %y, double %d.y)
; CHECK: %r = fmul double %x, %y
; CHECK: [[SX:%.*]] = fmul double %d.x, %x
; CHECK-NEXT: [[DX:%.*]] = fdiv double [[SX]], %r
; CHECK-NEXT: [[CX:%.*]] = fmul double [[DX]], %y
; CHECK-NEXT: [[AX:%.*]] = call double @llvm.fabs.f64(double [[CX]])
; CHECK: [[SY:%.*]] = fmul double %d.y, %y
; CHECK-NEXT: [[DY:%.*]] = fdiv double [[SY]], %r
; CHECK-NEXT: [[CY:%.*]] = fmul double [[DY]], %x
; CHECK-NEXT: [[AY:%.*]] = call double @llvm.fabs.f64(double [[CY]])
; CHECK-NEXT: [[SUM:%.*]] = fadd double [[AX]], [[AY]]
; CHECK-NEXT: [[BITS:%.*]] = bitcast double %r to i64
; CHECK-NEXT: [[FLIP:%.*]] = xor i64 [[BITS]], 1
; CHECK-NEXT: [[NB:%.*]] = bitcast i64 [[FLIP]] to double
; CHECK-NEXT: [[D:%.*]] = fsub double %r, [[NB]]
; CHECK-NEXT: [[ULP:%.*]] = call double @llvm.fabs.f64(double [[D]])
; CHECK-NEXT: call double @llvm.maxnum.f64(double [[ULP]], double [[SUM]])
; CHECK: ret { double, double }

declare double @__enzyme_error_estimate(ptr, ...)

define double @f(double %x, double %y) {
  %r = fmul double %x, %y
  ret double %r
}

define double @estimate(double %x, double %ex, double %y, double %ey) {
  %e = call double (ptr, ...) @__enzyme_error_estimate(ptr @f, double %x, double %ex, double %y, double %ey)
  ret double %e
}
