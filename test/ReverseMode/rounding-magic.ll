; (a + 2^52) - 2^52 rounds a to an integer (Eigen's print, the argument
; reduction of its vectorized exp): the rounded value has no derivative.
; Differentiated as written it had a's, and exp's reduced argument
; a - round(a) got none (a zero gradient). The addition reads a through an
; identity the activity analysis takes for a constant; the values stay.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff_d(ptr, ...)

; Not the magic constant: an ordinary sum, differentiated (df/da = 0).
; CHECK-LABEL: define internal double @__ad_grad.notmagic(double %a)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: ret double 0.000000e+00
define double @notmagic(double %a) {
  %t = fadd double %a, 1.000000e+10
  %r = fadd double %t, -1.000000e+10
  %f = fsub double %a, %r
  ret double %f
}

; f = a - round(a): df/da = 1.
; CHECK-LABEL: define internal double @__ad_grad.frac(double %a)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: ret double 1.000000e+00
define double @frac(double %a) {
  %t = fadd double %a, 0x4330000000000000
  %r = fadd double %t, 0xC330000000000000
  %f = fsub double %a, %r
  ret double %f
}

define void @caller(double %a) {
  %d = call double (ptr, ...) @__ad_autodiff_d(ptr @frac, double %a)
  %e = call double (ptr, ...) @__ad_autodiff_d(ptr @notmagic, double %a)
  ret void
}
