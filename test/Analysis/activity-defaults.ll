; Without an "ad-activity" attribute the printer uses the API's defaults:
; floating-point arguments are ad_out, pointers ad_dup, integers ad_const. The
; attribute overrides them one by one (missing entries keep the default).
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'defaults'
; CHECK-NEXT: active arg %x (out)
; CHECK-NEXT: inactive arg %p (dup)
; CHECK-NEXT: inactive arg %n (const)
; CHECK-NEXT: active: %v = load double, ptr %p
define double @defaults(double %x, ptr %p, i32 %n) {
  %v = load double, ptr %p
  %r = fmul double %v, %x
  ret double %r
}

; CHECK-LABEL: activity of 'given'
; CHECK-NEXT: inactive arg %x (const) ; useful for ret{{$}}
; CHECK-NEXT: inactive arg %p (const)
; CHECK-NEXT: inactive arg %n (const)
; CHECK-NEXT: inactive: %v = load double, ptr %p, align 8 ; useful for ret{{$}}
; CHECK-NEXT: inactive: %r = fmul double %v, %x ; useful for ret{{$}}
define double @given(double %x, ptr %p, i32 %n) "ad-activity"="const,const" {
  %v = load double, ptr %p, align 8
  %r = fmul double %v, %x
  ret double %r
}
