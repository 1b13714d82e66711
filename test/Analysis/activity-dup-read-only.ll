; Memory of an ad_dup pointer that is read but never written: the pointer
; and the addresses derived from it are shadowed, floating-point loads
; through them are varied (from the load itself) and, feeding the return,
; active. Loads through an ad_const pointer are constant data: inactive even
; though they are useful.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

declare double @sin(double) memory(none)

; CHECK-LABEL: activity of 'read_only'
; CHECK-NEXT: inactive arg %x (dup)
; CHECK-NEXT: inactive arg %c (const)
; CHECK-NEXT: inactive arg %i (const)
; CHECK-NEXT: inactive: %px = getelementptr inbounds double, ptr %x, i64 %i ; pointer shadowed
; CHECK-NEXT: active: %v = load double, ptr %px, align 8 ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: %pc = getelementptr inbounds double, ptr %c, i64 %i ; pointer constant
; CHECK-NEXT: inactive: %w = load double, ptr %pc, align 8 ; useful for ret{{$}}
; CHECK-NEXT: active: %s = call double @sin(double %v) ; varied from %v ; useful for ret
; CHECK-NEXT: active: %r = fmul double %s, %w ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @read_only(ptr %x, ptr %c, i64 %i) "ad-activity"="dup,const,const" {
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %w = load double, ptr %pc
  %s = call double @sin(double %v)
  %r = fmul double %s, %w
  ret double %r
}
