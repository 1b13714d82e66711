; Enzyme's derivative-level counter: each derivative adds the increment to
; the counter's value (the gradient of f sees 0 + 1, so its adjoint is
; scaled by 2), and after generation every call is replaced by its first
; argument (the primal f sees 0, and no call to the counter remains).
;   f(x) = x * (1 + __enzyme_iter(0, 1))
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @__enzyme_iter(i32, i32)

define double @f(double %x) {
  %k = call i32 @__enzyme_iter(i32 0, i32 1)
  %k1 = add i32 %k, 1
  %s = sitofp i32 %k1 to double
  %r = fmul double %x, %s
  ret double %r
}

define double @grad(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

; CHECK-NOT: call {{.*}}@__enzyme_iter(
; CHECK-LABEL: define double @f(
; CHECK: %k1 = add i32 0, 1
; CHECK-LABEL: define {{.*}}@grad(
; CHECK: call {{.*}} @__ad_grad.f(
; CHECK-LABEL: define {{.*}} @__ad_grad.f(
; CHECK: %k1 = add i32 1, 1
; CHECK: ret double
; CHECK-NOT: call {{.*}}@__enzyme_iter(
