; Adjoint sums may be reassociated (only they): the adjoint of c, summed
; over the loop, is a `fadd reassoc`, which lets the reverse loop
; vectorize; the primal arithmetic keeps no fast-math flag. With
; -ad-strict-adjoint-order the sums keep the reverse sweep's order.
;   f(x, c, n) = sum_i c * x[i]^2
; RUN: %opt -passes=ad -S %s | %FileCheck %s --check-prefix=FAST
; RUN: %opt -passes=ad -ad-strict-adjoint-order -S %s | %FileCheck %s --check-prefix=STRICT

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32

define double @f(ptr %x, double %c, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds double, ptr %x, i64 %idx
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %t = fmul double %c, %sq
  %s1 = fadd double %s, %t
  %i1 = add i32 %i, 1
  %k = icmp slt i32 %i1, %n
  br i1 %k, label %loop, label %exit
exit:
  ret double %s1
}

define double @caller(ptr %x, double %c, i32 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_const, ptr %x, double %c, i32 %n)
  ret double %d
}

; FAST-LABEL: define internal double @__ad_grad.f(
; FAST: fadd reassoc double
; FAST-NOT: fmul {{(fast|reassoc|nnan|ninf)}}
; FAST: ret double

; STRICT-LABEL: define internal double @__ad_grad.f(
; STRICT-NOT: reassoc
; STRICT: ret double
