; floor (and the other piecewise-constant functions) cuts activity: its result
; is not varied even though its argument is, so it stays inactive (its
; derivative is zero), while the product that uses it remains active through
; its other operand. The same holds for libm floor.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

declare double @llvm.floor.f64(double)
declare double @floor(double)
declare double @sin(double)

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: %fl = call double @llvm.floor.f64(double %x) ; useful for ret{{$}}
; CHECK-NEXT: inactive: %fl2 = call double @floor(double %x) ; useful for ret{{$}}
; CHECK-NEXT: inactive: %s = call double @sin(double %fl) ; useful for ret{{$}}
; CHECK-NEXT: active: %s2 = call double @sin(double %x) ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: %k = fadd double %s, %fl2 ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %k, %s2 ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @f(double %x) {
  %fl = call double @llvm.floor.f64(double %x)
  %fl2 = call double @floor(double %x)
  %s = call double @sin(double %fl)
  %s2 = call double @sin(double %x)
  %k = fadd double %s, %fl2
  %r = fmul double %k, %s2
  ret double %r
}
