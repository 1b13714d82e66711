; A subexpression of constants (an ad_const argument, literals) that feeds the
; result is useful but not varied: it stays inactive, only its product with
; the active input is active.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for ret
; CHECK-NEXT: inactive arg %c (const) ; useful for ret{{$}}
; CHECK-NEXT: inactive: %k = fmul double %c, %c ; useful for ret{{$}}
; CHECK-NEXT: inactive: %k1 = fadd double %k, 1.000000e+00 ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %k1, %x ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @f(double %x, double %c) "ad-activity"="out,const" {
  %k = fmul double %c, %c
  %k1 = fadd double %k, 1.0
  %r = fmul double %k1, %x
  ret double %r
}
