; A gradient entry point called through a cast to a fixed parameter list
; whose leading parameters and result are the declaration's: read like the
; variadic call (it used to crash the compiler: the callee is no longer a
; function of the call's type). Errors/entry-call-type.ll: other casts.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)

define double @sq(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

; CHECK: define double @fixed_params()
; CHECK-NEXT: [[G:%.*]] = call double @__ad_grad.sq(double 3.000000e+00)
; CHECK-NEXT: ret double [[G]]
define double @fixed_params() {
  %g = call double (ptr, double) @__ad_autodiff(ptr @sq, double 3.0)
  ret double %g
}

