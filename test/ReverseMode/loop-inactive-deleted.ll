; f(c, p, n) = c[0] p + sum_i c[i] with c ad_const: the loop only involves
; constant data, so its value is not needed by the derivative
; df/dp = c[0]. The gradient is straight-line code: no loop (no branch, no
; phi), no tape, no stack slot.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32

; CHECK-LABEL: define internal double @__ad_grad.f(ptr %c, double %p, i64 %n)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: %c0 = load double, ptr %c
; CHECK-NOT: br
; CHECK-NOT: phi
; CHECK-NOT: alloca
; CHECK-NOT: @__ad_tape
; CHECK: ret double
; CHECK-NEXT: {{^}}}
define double @f(ptr %c, double %p, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %q = getelementptr inbounds double, ptr %c, i64 %i
  %v = load double, ptr %q
  %s.next = fadd double %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %t = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %c0 = load double, ptr %c
  %m = fmul double %c0, %p
  %r = fadd double %m, %t
  ret double %r
}

define double @caller(ptr %c, double %p, i64 %n) {
  %k = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %k, ptr %c, double %p, i64 %n)
  ret double %d
}
