; Stores of floating-point values through an ad_dup pointer are active: they
; overwrite differentiated memory, so even a constant store resets a shadow.
; The stored values are useful ("useful for store"), without a returned value.
; Stores through an ad_const pointer and integer stores are inactive.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for store
; CHECK-NEXT: inactive arg %out (dup)
; CHECK-NEXT: inactive arg %c (const)
; CHECK-NEXT: inactive arg %cnt (dup)
; CHECK-NEXT: active: %sq = fmul double %x, %x ; varied from %x ; useful for store
; CHECK-NEXT: active: store double %sq, ptr %out, align 8
; CHECK-NEXT: inactive: %o1 = getelementptr inbounds double, ptr %out, i64 1 ; pointer shadowed
; CHECK-NEXT: active: store double 1.000000e+00, ptr %o1, align 8
; CHECK-NEXT: inactive: store double %sq, ptr %c, align 8
; CHECK-NEXT: inactive: store i32 7, ptr %cnt, align 4
; CHECK-NEXT: inactive: ret void
define void @f(double %x, ptr %out, ptr %c, ptr %cnt) "ad-activity"="out,dup,const,dup" {
  %sq = fmul double %x, %x
  store double %sq, ptr %out, align 8
  %o1 = getelementptr inbounds double, ptr %out, i64 1
  store double 1.0, ptr %o1, align 8
  store double %sq, ptr %c, align 8
  store i32 7, ptr %cnt, align 4
  ret void
}
