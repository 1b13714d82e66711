; Integer address arithmetic is never active, even when it indexes
; differentiated memory; the pointers it forms keep the class of their base
; (shadowed for ad_dup, constant for ad_const), and the loads through a
; shadowed pointer are active.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: inactive arg %p (dup)
; CHECK-NEXT: inactive arg %c (const)
; CHECK-NEXT: inactive arg %n (const)
; CHECK-NEXT: inactive: %i2 = shl i32 %n, 1{{$}}
; CHECK-NEXT: inactive: %i3 = add nsw i32 %i2, 1{{$}}
; CHECK-NEXT: inactive: %idx = sext i32 %i3 to i64{{$}}
; CHECK-NEXT: inactive: %pp = getelementptr inbounds double, ptr %p, i64 %idx ; pointer shadowed
; CHECK-NEXT: inactive: %pc = getelementptr inbounds double, ptr %c, i64 %idx ; pointer constant
; CHECK-NEXT: inactive: %addr = ptrtoint ptr %pp to i64{{$}}
; CHECK-NEXT: active: %v = load double, ptr %pp, align 8 ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: %w = load double, ptr %pc, align 8 ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %v, %w ; varied from %v ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @f(ptr %p, ptr %c, i32 %n) "ad-activity"="dup,const,const" {
  %i2 = shl i32 %n, 1
  %i3 = add nsw i32 %i2, 1
  %idx = sext i32 %i3 to i64
  %pp = getelementptr inbounds double, ptr %p, i64 %idx
  %pc = getelementptr inbounds double, ptr %c, i64 %idx
  %addr = ptrtoint ptr %pp to i64
  %v = load double, ptr %pp, align 8
  %w = load double, ptr %pc, align 8
  %r = fmul double %v, %w
  ret double %r
}
