; A local array that receives an active value becomes shadowed (the gradient
; gives it a shadow buffer): the store is active, and loads from it, even at
; another index, are varied. A local array that only receives constants
; stays local: its loads are inactive.
;   t[0] = x^2; k[0] = 2; f = t[i] k[i]
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'local_array'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for store
; CHECK-NEXT: inactive arg %i (const)
; CHECK-NEXT: inactive: %t = alloca [4 x double], align 8 ; pointer shadowed
; CHECK-NEXT: inactive: %k = alloca [4 x double], align 8 ; pointer local
; CHECK-NEXT: inactive: %p0 = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 0 ; pointer shadowed
; CHECK-NEXT: active: %sq = fmul double %x, %x ; varied from %x ; useful for store
; CHECK-NEXT: active: store double %sq, ptr %p0, align 8
; CHECK-NEXT: inactive: %q0 = getelementptr inbounds [4 x double], ptr %k, i64 0, i64 0 ; pointer local
; CHECK-NEXT: inactive: store double 2.000000e+00, ptr %q0, align 8
; CHECK-NEXT: inactive: %pi = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 %i ; pointer shadowed
; CHECK-NEXT: active: %v = load double, ptr %pi, align 8 ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: %qi = getelementptr inbounds [4 x double], ptr %k, i64 0, i64 %i ; pointer local
; CHECK-NEXT: inactive: %w = load double, ptr %qi, align 8 ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %v, %w ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @local_array(double %x, i64 %i) "ad-activity"="out,const" {
  %t = alloca [4 x double]
  %k = alloca [4 x double]
  %p0 = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 0
  %sq = fmul double %x, %x
  store double %sq, ptr %p0
  %q0 = getelementptr inbounds [4 x double], ptr %k, i64 0, i64 0
  store double 2.0, ptr %q0
  %pi = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 %i
  %v = load double, ptr %pi
  %qi = getelementptr inbounds [4 x double], ptr %k, i64 0, i64 %i
  %w = load double, ptr %qi
  %r = fmul double %v, %w
  ret double %r
}
