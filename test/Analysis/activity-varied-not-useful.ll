; A value computed from an active input but only compared or printed is varied
; but not useful: it stays inactive and gets no adjoint. printf is a known
; inactive function: passing it an active value is not an error and does not
; make the value useful.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

@fmt = private constant [4 x i8] c"%f\0A\00"
declare i32 @printf(ptr, ...)

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: %sq = fmul double %x, %x ; varied from %x{{$}}
; CHECK-NEXT: inactive: %big = fcmp ogt double %sq, 1.000000e+00{{$}}
; CHECK-NEXT: inactive: %t = fmul double %x, 3.000000e+00 ; varied from %x{{$}}
; CHECK-NEXT: inactive: %pr = call i32 (ptr, ...) @printf(ptr @fmt, double %t){{$}}
; CHECK-NEXT: active: %r = fmul double %x, 2.000000e+00 ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: %z = select i1 %big, double %r, double 0.000000e+00 ; varied from %x{{$}}
; CHECK-NEXT: inactive: ret double %r
define double @f(double %x) {
  %sq = fmul double %x, %x
  %big = fcmp ogt double %sq, 1.0
  %t = fmul double %x, 3.0
  %pr = call i32 (ptr, ...) @printf(ptr @fmt, double %t)
  %r = fmul double %x, 2.0
  %z = select i1 %big, double %r, double 0.0
  ret double %r
}
