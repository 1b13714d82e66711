; Loads through an ad_const pointer (and through a constant global) have no
; shadow: they are not varied, even when they feed the result, and the
; pointers are classified "constant".
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

@table = private constant [2 x double] [double 1.5, double 2.5]

; CHECK-LABEL: activity of 'f'
; CHECK-NEXT: active arg %x (out)
; CHECK-NEXT: inactive arg %c (const)
; CHECK-NEXT: inactive: %c1 = getelementptr inbounds double, ptr %c, i64 1 ; pointer constant
; CHECK-NEXT: inactive: %a = load double, ptr %c1, align 8 ; useful for ret{{$}}
; CHECK-NEXT: inactive: %t1 = getelementptr inbounds double, ptr @table, i64 1 ; pointer constant
; CHECK-NEXT: inactive: %b = load double, ptr %t1, align 8 ; useful for ret{{$}}
; CHECK-NEXT: inactive: %ab = fmul double %a, %b ; useful for ret{{$}}
; CHECK-NEXT: active: %r = fmul double %ab, %x ; varied from %x ; useful for ret
; CHECK-NEXT: inactive: ret double %r
define double @f(double %x, ptr %c) "ad-activity"="out,const" {
  %c1 = getelementptr inbounds double, ptr %c, i64 1
  %a = load double, ptr %c1, align 8
  %t1 = getelementptr inbounds double, ptr @table, i64 1
  %b = load double, ptr %t1, align 8
  %ab = fmul double %a, %b
  %r = fmul double %ab, %x
  ret double %r
}
