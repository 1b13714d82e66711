; A gradient entry point called with a type other than its declaration's
; (a cast of __ad_autodiff to another function type) whose result differs:
; refused, located, instead of guessed (ReverseMode/entry-call-cast.ll: the
; accepted casts).
; RUN: %not %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

declare double @__ad_autodiff(ptr, ...)

define double @sq(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

; CHECK: error: {{.*}}in function other_result float (): ADPass: __ad_autodiff: the call's type float (ptr, double) does not match the declaration's double (ptr, ...) (call it through its declaration, as in ad.h)
define float @other_result() {
  %g = call float (ptr, double) @__ad_autodiff(ptr @sq, double 3.0)
  ret float %g
}
