; Found by tools/adstress: at -O2 a double stored and read back as two floats
; becomes a bitcast of an active double to <2 x float>. Reinterpreting bits
; has no derivative: refused with a message that says so (it used to be the
; "please report it" message for a missing rule).
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

; CHECK: error: {{.*}}ADPass: in 'f': the bits of an active floating-point value are reinterpreted as another type (bitcast), which has no derivative; read the value with the type it was written with
declare double @__ad_autodiff(ptr, ...)
define float @f(double %x) {
  %v = bitcast double %x to <2 x float>
  %e = extractelement <2 x float> %v, i32 1
  ret float %e
}
define double @g(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x)
  ret double %d
}
