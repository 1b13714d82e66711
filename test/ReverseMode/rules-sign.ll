; Derivative rules of fabs and copysign, with a seed of unknown sign (loaded
; from the shadow of an ad_dup output):
;   d/dx |x| = sign(x) (0 at 0),  d/dx copysign(x, y) = sign(x) sign(y).
; The adjoint is seed * sign, NOT copysign(seed, x) = |seed| sign(x), which is
; wrong whenever the seed is negative (e.g. f(x) = -fabs(x)).
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=FABS < %t
; RUN: %FileCheck %s --check-prefix=COPYSIGN < %t
; RUN: %FileCheck %s --check-prefix=LIBM < %t

declare double @__ad_autodiff(ptr, ...)
declare {double, double} @__ad_autodiff_2(ptr, ...)
declare double @llvm.fabs.f64(double)
declare double @llvm.copysign.f64(double, double)
declare float @fabsf(float)
declare float @__ad_autodiff_f(ptr, ...)

; FABS-LABEL: define internal double @__ad_grad.f_fabs(double %x, ptr %out, ptr %d.out)
; FABS: [[D:%.*]] = load double, ptr %d.out
; FABS-NOT: @llvm.copysign.f64(double [[D]],
; FABS-DAG: {{fcmp (une|one|oeq|ueq) double %x, 0.000000e\+00}}
; FABS-DAG: {{(fmul|select|fneg).*}}[[D]]{{,|$}}
; FABS: ret double
define void @f_fabs(double %x, ptr %out) {
  %r = call double @llvm.fabs.f64(double %x)
  store double %r, ptr %out
  ret void
}

; The sign operand of copysign gets no adjoint.
; COPYSIGN-LABEL: define internal { double, double } @__ad_grad.f_copysign(double %x, double %y, ptr %out, ptr %d.out)
; COPYSIGN: [[D:%.*]] = load double, ptr %d.out
; COPYSIGN-NOT: @llvm.copysign.f64(double [[D]],
; COPYSIGN: {{(fmul|select|fneg).*}}[[D]]{{,|$}}
; COPYSIGN: insertvalue { double, double } {{.*}}, double 0.000000e+00, 1
define void @f_copysign(double %x, double %y, ptr %out) {
  %r = call double @llvm.copysign.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; libm fabsf uses the same rule.
; LIBM-LABEL: define internal float @__ad_grad.f_fabsf(float %x, ptr %out, ptr %d.out)
; LIBM: [[D:%.*]] = load float, ptr %d.out
; LIBM-NOT: @llvm.copysign.f32(float [[D]],
; LIBM: {{(fmul|select|fneg).*}}[[D]]{{,|$}}
; LIBM: ret float
define void @f_fabsf(float %x, ptr %out) {
  %r = call float @fabsf(float %x)
  store float %r, ptr %out
  ret void
}

define void @caller(double %x, double %y, float %xf, ptr %o, ptr %do, ptr %res) {
  %1 = call double (ptr, ...) @__ad_autodiff(ptr @f_fabs, double %x, ptr %o, ptr %do)
  store volatile double %1, ptr %res
  %2 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_copysign, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %2, ptr %res
  %3 = call float (ptr, ...) @__ad_autodiff_f(ptr @f_fabsf, float %xf, ptr %o, ptr %do)
  store volatile float %3, ptr %res
  ret void
}
