; A gradient entry point called through a cast to a function type whose
; fixed parameters are not the declaration's (no function pointer first):
; refused, located, instead of guessed (ReverseMode/entry-call-cast.ll: the
; casts that are read).
; RUN: %not %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

declare double @__ad_autodiff(ptr, ...)

define double @sq(double %x) {
  %y = fmul double %x, %x
  ret double %y
}

; CHECK: error: {{.*}}in function no_function double (): ADPass: __ad_autodiff: the call's type double (i64, double) does not match the declaration's double (ptr, ...) (call it through its declaration, as in ad.h)
define double @no_function() {
  %g = call double (i64, double) @__ad_autodiff(i64 0, double 3.0)
  ret double %g
}
