; frexp(x, &e): the call stays for the exponent (an inactive helper runs
; it), the mantissa is recomputed as ldexp(x, -e), and its adjoint is the
; seed times 2^-e: ldexp(seed, -e).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @frexp(double, ptr)

define double @mant(double %x) {
  %e = alloca i32
  %m = call double @frexp(double %x, ptr %e)
  ret double %m
}

define double @caller(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @mant, double %x)
  ret double %d
}

; CHECK-LABEL: define internal double @__ad_grad.mant(double %x)
; CHECK: call void @__ad_exponent.frexp(double %x, ptr {{.*}}%[[E:[a-z.0-9]+]])
; CHECK: %[[EXP:.*]] = load i32, ptr %[[E]]
; CHECK: %[[NEG:.*]] = sub i32 0, %[[EXP]]
; CHECK: call double @llvm.ldexp.f64.i32(double 1.000000e+00, i32 %[[NEG]])
; CHECK-NOT: @frexp(
; CHECK: ret double

; CHECK-LABEL: define internal void @__ad_exponent.frexp(double %0, ptr %1)
; CHECK: call double @frexp(double %0, ptr %1)
