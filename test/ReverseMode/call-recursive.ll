; A recursive callee is not inlined: its gradient calls the gradient of the
; callee, which takes the adjoint of the call's result as an extra seed
; parameter and calls itself the same way. The primal call stays in the
; forward sweep (its result is needed by the reverse of x * r).
;   rpow(x, n) = n == 0 ? 1 : x * rpow(x, n - 1)
;   top level:  dx = r + G(x, n - 1, seed = x)
;   seeded:     G(x, n, s) = s r + G(x, n - 1, s x)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)

; CHECK-LABEL: define internal double @__ad_grad.rpow(double %x, i32 %n)
; CHECK: %r = call double @rpow(double %x, i32 %m)
; CHECK: [[G:%.*]] = call double @__ad_grad.rpow.[[SEEDED:[0-9]+]](double %x, i32 {{%.*}}, double %x)
; CHECK-NEXT: fadd {{(reassoc )?}}double {{%.*}}, [[G]]

; CHECK: define internal double @__ad_grad.rpow.[[SEEDED]](double %x, i32 %n, double %ad.seed)
; CHECK: %r = call double @rpow(double %x, i32 %m)
; CHECK-DAG: [[S:%.*]] = fmul double %ad.seed, %x
; CHECK-DAG: [[T:%.*]] = fmul double {{%.*}}, %ad.seed
; CHECK: [[G2:%.*]] = call double @__ad_grad.rpow.[[SEEDED]](double %x, i32 {{%.*}}, double [[S]])
; CHECK-NEXT: fadd {{(reassoc )?}}double [[T]], [[G2]]
; CHECK-NOT: define internal double @__ad_grad
define double @rpow(double %x, i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret double 1.0
rec:
  %m = add i32 %n, -1
  %r = call double @rpow(double %x, i32 %m)
  %p = fmul double %x, %r
  ret double %p
}

define double @caller(double %x, i32 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @rpow, double %x, i32 %n)
  ret double %d
}
