; Calls to functions with the "ad-inactive" attribute (what the pass makes
; of AD_INACTIVE's annotation) are inactive whatever their arguments: a void
; logging call taking an active value, and a call whose double result feeds
; the return: its result is not varied (it has no derivative), so only the
; other factor carries the derivative.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

declare void @log_value(double) "ad-inactive"
declare double @noisy(double) "ad-inactive"

; CHECK-LABEL: activity of 'inactive_calls'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for ret
; CHECK-NEXT: active: %sq = fmul double %x, %x ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: call void @log_value(double %sq){{$}}
; CHECK-NEXT: inactive: %n = call double @noisy(double %sq) ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %sq, %n ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @inactive_calls(double %x) "ad-activity"="out" {
  %sq = fmul double %x, %x
  call void @log_value(double %sq)
  %n = call double @noisy(double %sq)
  %r = fmul double %sq, %n
  ret double %r
}
