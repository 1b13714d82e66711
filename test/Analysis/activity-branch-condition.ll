; A branch condition computed from active values is not itself active: the
; comparison, its integer uses and the branch carry no derivative, while the
; values selected or merged under it are.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'cond'
; CHECK-NEXT: active arg %x (out) ; varied from %x ; useful for ret
; CHECK-NEXT: active arg %y (out) ; varied from %y ; useful for ret
; CHECK-NEXT: inactive: %c = fcmp olt double %x, %y{{$}}
; CHECK-NEXT: inactive: %ci = zext i1 %c to i32{{$}}
; CHECK-NEXT: inactive: %n = add i32 %ci, 1{{$}}
; CHECK-NEXT: active: %s = select i1 %c, double %x, double %y ; varied from {{%[xy]}} ; useful for ret
; CHECK-NEXT: inactive: br i1 %c, label %then, label %join{{$}}
; CHECK-NEXT: active: %m = fmul double %s, %x ; varied from {{%[xy]}} ; useful for ret
; CHECK-NEXT: inactive: br label %join
; CHECK-NEXT: active: %p = phi double [ %s, %entry ], [ %m, %then ] ; varied from {{%[xy]}} ; useful for ret
; CHECK-NEXT: inactive: ret double %p
define double @cond(double %x, double %y) {
entry:
  %c = fcmp olt double %x, %y
  %ci = zext i1 %c to i32
  %n = add i32 %ci, 1
  %s = select i1 %c, double %x, double %y
  br i1 %c, label %then, label %join
then:
  %m = fmul double %s, %x
  br label %join
join:
  %p = phi double [ %s, %entry ], [ %m, %then ]
  ret double %p
}
