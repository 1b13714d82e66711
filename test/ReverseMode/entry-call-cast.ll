; A gradient entry point called through a cast to another function type
; whose leading parameters are the declaration's: read like the variadic
; call, by the call's own type (it used to crash the compiler when it
; reported an error: the callee is no longer a function of the call's
; type). Errors/entry-call-type.ll: the casts that are refused.
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

; CHECK: define float @float_result()
; CHECK-NEXT: [[G:%.*]] = call double @__ad_grad.sq(double 3.000000e+00)
; CHECK-NEXT: [[F:%.*]] = fptrunc double [[G]] to float
; CHECK-NEXT: ret float [[F]]
define float @float_result() {
  %g = call float (ptr, double) @__ad_autodiff(ptr @sq, double 3.0)
  ret float %g
}

; CHECK: define void @void_result()
; CHECK-NEXT: call double @__ad_grad.sq(double 3.000000e+00)
; CHECK-NEXT: ret void
define void @void_result() {
  call void (ptr, ...) @__ad_autodiff(ptr @sq, double 3.0)
  ret void
}
