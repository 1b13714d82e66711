; Derivative rules of the one-argument math intrinsics (RuleTable.cpp). Each
; function stores llvm.<fn>(x) through an ad_dup pointer: the seed is loaded
; from the shadow, so the derivative shows up as instructions on it. Rules
; that can reuse the primal result (exp, tan, tanh, sqrt...) must read %r
; instead of calling the function again.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=SQRT < %t
; RUN: %FileCheck %s --check-prefix=SIN < %t
; RUN: %FileCheck %s --check-prefix=COS < %t
; RUN: %FileCheck %s --check-prefix=TAN < %t
; RUN: %FileCheck %s --check-prefix=EXP < %t
; RUN: %FileCheck %s --check-prefix=EXP2 < %t
; RUN: %FileCheck %s --check-prefix=EXP10 < %t
; RUN: %FileCheck %s --check-prefix=LOG < %t
; RUN: %FileCheck %s --check-prefix=LOG2 < %t
; RUN: %FileCheck %s --check-prefix=LOG10 < %t
; RUN: %FileCheck %s --check-prefix=TANH < %t
; RUN: %FileCheck %s --check-prefix=SINH < %t
; RUN: %FileCheck %s --check-prefix=COSH < %t
; RUN: %FileCheck %s --check-prefix=ATAN < %t
; RUN: %FileCheck %s --check-prefix=ASIN < %t
; RUN: %FileCheck %s --check-prefix=ACOS < %t

declare double @__ad_autodiff(ptr, ...)
declare double @llvm.sqrt.f64(double)
declare double @llvm.sin.f64(double)
declare double @llvm.cos.f64(double)
declare double @llvm.tan.f64(double)
declare double @llvm.exp.f64(double)
declare double @llvm.exp2.f64(double)
declare double @llvm.exp10.f64(double)
declare double @llvm.log.f64(double)
declare double @llvm.log2.f64(double)
declare double @llvm.log10.f64(double)
declare double @llvm.tanh.f64(double)
declare double @llvm.sinh.f64(double)
declare double @llvm.cosh.f64(double)
declare double @llvm.atan.f64(double)
declare double @llvm.asin.f64(double)
declare double @llvm.acos.f64(double)

; sqrt'(x) = 1 / (2 sqrt(x)), from the primal result.
; SQRT-LABEL: define internal double @__ad_grad.f_sqrt(double %x, ptr %out, ptr %d.out)
; SQRT: %r = call double @llvm.sqrt.f64(double %x)
; SQRT: [[D:%.*]] = load double, ptr %d.out
; SQRT: [[H:%.*]] = fmul double [[D]], 5.000000e-01
; SQRT: [[G:%.*]] = fdiv double [[H]], %r
; SQRT: ret double [[G]]{{$}}
define void @f_sqrt(double %x, ptr %out) {
  %r = call double @llvm.sqrt.f64(double %x)
  store double %r, ptr %out
  ret void
}

; sin'(x) = cos(x).
; SIN-LABEL: define internal double @__ad_grad.f_sin(double %x, ptr %out, ptr %d.out)
; SIN: %r = call double @llvm.sin.f64(double %x)
; SIN: [[D:%.*]] = load double, ptr %d.out
; SIN: [[C:%.*]] = call double @llvm.cos.f64(double %x)
; SIN: [[G:%.*]] = fmul double [[D]], [[C]]{{$}}
; SIN: ret double [[G]]{{$}}
define void @f_sin(double %x, ptr %out) {
  %r = call double @llvm.sin.f64(double %x)
  store double %r, ptr %out
  ret void
}

; cos'(x) = -sin(x).
; COS-LABEL: define internal double @__ad_grad.f_cos(double %x, ptr %out, ptr %d.out)
; COS: %r = call double @llvm.cos.f64(double %x)
; COS: [[D:%.*]] = load double, ptr %d.out
; COS: [[S:%.*]] = call double @llvm.sin.f64(double %x)
; COS: [[NEGDX:%.*]] = fneg double [[D]]
; COS: [[DX:%.*]] = fmul double [[S]], [[NEGDX]]{{$}}
; COS: ret double [[DX]]{{$}}
define void @f_cos(double %x, ptr %out) {
  %r = call double @llvm.cos.f64(double %x)
  store double %r, ptr %out
  ret void
}

; tan'(x) = 1 + tan(x)^2, from the primal result.
; TAN-LABEL: define internal double @__ad_grad.f_tan(double %x, ptr %out, ptr %d.out)
; TAN: %r = call double @llvm.tan.f64(double %x)
; TAN: [[D:%.*]] = load double, ptr %d.out
; TAN: [[SQ:%.*]] = fmul double %r, %r
; TAN: [[T:%.*]] = fadd double [[SQ]], 1.000000e+00
; TAN: [[G:%.*]] = fmul double [[D]], [[T]]{{$}}
; TAN: ret double [[G]]{{$}}
define void @f_tan(double %x, ptr %out) {
  %r = call double @llvm.tan.f64(double %x)
  store double %r, ptr %out
  ret void
}

; exp'(x) = exp(x): the primal result is reused, exp is not called again.
; EXP-LABEL: define internal double @__ad_grad.f_exp(double %x, ptr %out, ptr %d.out)
; EXP: %r = call double @llvm.exp.f64(double %x)
; EXP-NOT: call double @llvm.exp.f64
; EXP: [[D:%.*]] = load double, ptr %d.out
; EXP-NOT: call double @llvm.exp.f64
; EXP: [[G:%.*]] = fmul double [[D]], %r
; EXP-NOT: call double @llvm.exp.f64
; EXP: ret double [[G]]{{$}}
; EXP-NOT: call double @llvm.exp.f64
; EXP: {{^}}}
define void @f_exp(double %x, ptr %out) {
  %r = call double @llvm.exp.f64(double %x)
  store double %r, ptr %out
  ret void
}

; exp2'(x) = exp2(x) ln 2.
; EXP2-LABEL: define internal double @__ad_grad.f_exp2(double %x, ptr %out, ptr %d.out)
; EXP2: %r = call double @llvm.exp2.f64(double %x)
; EXP2: [[D:%.*]] = load double, ptr %d.out
; EXP2: [[G:%.*]] = fmul double [[D]], %r
; EXP2: [[H:%.*]] = fmul double [[G]], 0x3FE62E42FEFA39EF
; EXP2: ret double [[H]]{{$}}
define void @f_exp2(double %x, ptr %out) {
  %r = call double @llvm.exp2.f64(double %x)
  store double %r, ptr %out
  ret void
}

; exp10'(x) = exp10(x) ln 10.
; EXP10-LABEL: define internal double @__ad_grad.f_exp10(double %x, ptr %out, ptr %d.out)
; EXP10: %r = call double @llvm.exp10.f64(double %x)
; EXP10: [[D:%.*]] = load double, ptr %d.out
; EXP10: [[G:%.*]] = fmul double [[D]], %r
; EXP10: [[H:%.*]] = fmul double [[G]], 0x40026BB1BBB55516
; EXP10: ret double [[H]]{{$}}
define void @f_exp10(double %x, ptr %out) {
  %r = call double @llvm.exp10.f64(double %x)
  store double %r, ptr %out
  ret void
}

; log'(x) = 1 / x.
; LOG-LABEL: define internal double @__ad_grad.f_log(double %x, ptr %out, ptr %d.out)
; LOG: %r = call double @llvm.log.f64(double %x)
; LOG: [[D:%.*]] = load double, ptr %d.out
; LOG: [[G:%.*]] = fdiv double [[D]], %x
; LOG: ret double [[G]]{{$}}
define void @f_log(double %x, ptr %out) {
  %r = call double @llvm.log.f64(double %x)
  store double %r, ptr %out
  ret void
}

; log2'(x) = 1 / (x ln 2).
; LOG2-LABEL: define internal double @__ad_grad.f_log2(double %x, ptr %out, ptr %d.out)
; LOG2: %r = call double @llvm.log2.f64(double %x)
; LOG2: [[D:%.*]] = load double, ptr %d.out
; LOG2: [[M:%.*]] = fmul double %x, 0x3FE62E42FEFA39EF
; LOG2: [[G:%.*]] = fdiv double [[D]], [[M]]{{$}}
; LOG2: ret double [[G]]{{$}}
define void @f_log2(double %x, ptr %out) {
  %r = call double @llvm.log2.f64(double %x)
  store double %r, ptr %out
  ret void
}

; log10'(x) = 1 / (x ln 10).
; LOG10-LABEL: define internal double @__ad_grad.f_log10(double %x, ptr %out, ptr %d.out)
; LOG10: %r = call double @llvm.log10.f64(double %x)
; LOG10: [[D:%.*]] = load double, ptr %d.out
; LOG10: [[M:%.*]] = fmul double %x, 0x40026BB1BBB55516
; LOG10: [[G:%.*]] = fdiv double [[D]], [[M]]{{$}}
; LOG10: ret double [[G]]{{$}}
define void @f_log10(double %x, ptr %out) {
  %r = call double @llvm.log10.f64(double %x)
  store double %r, ptr %out
  ret void
}

; tanh'(x) = 1 - tanh(x)^2, from the primal result.
; TANH-LABEL: define internal double @__ad_grad.f_tanh(double %x, ptr %out, ptr %d.out)
; TANH: %r = call double @llvm.tanh.f64(double %x)
; TANH: [[D:%.*]] = load double, ptr %d.out
; TANH: [[SQ:%.*]] = fmul double %r, %r
; TANH: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; TANH: [[G:%.*]] = fmul double [[D]], [[T]]{{$}}
; TANH: ret double [[G]]{{$}}
define void @f_tanh(double %x, ptr %out) {
  %r = call double @llvm.tanh.f64(double %x)
  store double %r, ptr %out
  ret void
}

; sinh'(x) = cosh(x), computed by a libm call.
; SINH-LABEL: define internal double @__ad_grad.f_sinh(double %x, ptr %out, ptr %d.out)
; SINH: %r = call double @llvm.sinh.f64(double %x)
; SINH: [[D:%.*]] = load double, ptr %d.out
; SINH: [[C:%.*]] = call double @cosh(double %x)
; SINH: [[G:%.*]] = fmul double [[D]], [[C]]{{$}}
; SINH: ret double [[G]]{{$}}
define void @f_sinh(double %x, ptr %out) {
  %r = call double @llvm.sinh.f64(double %x)
  store double %r, ptr %out
  ret void
}

; cosh'(x) = sinh(x).
; COSH-LABEL: define internal double @__ad_grad.f_cosh(double %x, ptr %out, ptr %d.out)
; COSH: %r = call double @llvm.cosh.f64(double %x)
; COSH: [[D:%.*]] = load double, ptr %d.out
; COSH: [[S:%.*]] = call double @sinh(double %x)
; COSH: [[G:%.*]] = fmul double [[D]], [[S]]{{$}}
; COSH: ret double [[G]]{{$}}
define void @f_cosh(double %x, ptr %out) {
  %r = call double @llvm.cosh.f64(double %x)
  store double %r, ptr %out
  ret void
}

; atan'(x) = 1 / (1 + x^2).
; ATAN-LABEL: define internal double @__ad_grad.f_atan(double %x, ptr %out, ptr %d.out)
; ATAN: %r = call double @llvm.atan.f64(double %x)
; ATAN: [[D:%.*]] = load double, ptr %d.out
; ATAN: [[SQ:%.*]] = fmul double %x, %x
; ATAN: [[T:%.*]] = fadd double [[SQ]], 1.000000e+00
; ATAN: [[G:%.*]] = fdiv double [[D]], [[T]]{{$}}
; ATAN: ret double [[G]]{{$}}
define void @f_atan(double %x, ptr %out) {
  %r = call double @llvm.atan.f64(double %x)
  store double %r, ptr %out
  ret void
}

; asin'(x) = 1 / sqrt(1 - x^2).
; ASIN-LABEL: define internal double @__ad_grad.f_asin(double %x, ptr %out, ptr %d.out)
; ASIN: %r = call double @llvm.asin.f64(double %x)
; ASIN: [[D:%.*]] = load double, ptr %d.out
; ASIN: [[SQ:%.*]] = fmul double %x, %x
; ASIN: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; ASIN: [[S:%.*]] = call double @llvm.sqrt.f64(double [[T]])
; ASIN: [[G:%.*]] = fdiv double [[D]], [[S]]{{$}}
; ASIN: ret double [[G]]{{$}}
define void @f_asin(double %x, ptr %out) {
  %r = call double @llvm.asin.f64(double %x)
  store double %r, ptr %out
  ret void
}

; acos'(x) = -1 / sqrt(1 - x^2).
; ACOS-LABEL: define internal double @__ad_grad.f_acos(double %x, ptr %out, ptr %d.out)
; ACOS: %r = call double @llvm.acos.f64(double %x)
; ACOS: [[D:%.*]] = load double, ptr %d.out
; ACOS: [[SQ:%.*]] = fmul double %x, %x
; ACOS: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; ACOS: [[S:%.*]] = call double @llvm.sqrt.f64(double [[T]])
; ACOS: [[N:%.*]] = fneg double [[D]]
; ACOS: [[DX:%.*]] = fdiv double [[N]], [[S]]{{$}}
; ACOS: ret double [[DX]]{{$}}
define void @f_acos(double %x, ptr %out) {
  %r = call double @llvm.acos.f64(double %x)
  store double %r, ptr %out
  ret void
}

define void @caller(double %x, ptr %o, ptr %do, ptr %res) {
  %d0 = call double (ptr, ...) @__ad_autodiff(ptr @f_sqrt, double %x, ptr %o, ptr %do)
  store volatile double %d0, ptr %res
  %d1 = call double (ptr, ...) @__ad_autodiff(ptr @f_sin, double %x, ptr %o, ptr %do)
  store volatile double %d1, ptr %res
  %d2 = call double (ptr, ...) @__ad_autodiff(ptr @f_cos, double %x, ptr %o, ptr %do)
  store volatile double %d2, ptr %res
  %d3 = call double (ptr, ...) @__ad_autodiff(ptr @f_tan, double %x, ptr %o, ptr %do)
  store volatile double %d3, ptr %res
  %d4 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp, double %x, ptr %o, ptr %do)
  store volatile double %d4, ptr %res
  %d5 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp2, double %x, ptr %o, ptr %do)
  store volatile double %d5, ptr %res
  %d6 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp10, double %x, ptr %o, ptr %do)
  store volatile double %d6, ptr %res
  %d7 = call double (ptr, ...) @__ad_autodiff(ptr @f_log, double %x, ptr %o, ptr %do)
  store volatile double %d7, ptr %res
  %d8 = call double (ptr, ...) @__ad_autodiff(ptr @f_log2, double %x, ptr %o, ptr %do)
  store volatile double %d8, ptr %res
  %d9 = call double (ptr, ...) @__ad_autodiff(ptr @f_log10, double %x, ptr %o, ptr %do)
  store volatile double %d9, ptr %res
  %d10 = call double (ptr, ...) @__ad_autodiff(ptr @f_tanh, double %x, ptr %o, ptr %do)
  store volatile double %d10, ptr %res
  %d11 = call double (ptr, ...) @__ad_autodiff(ptr @f_sinh, double %x, ptr %o, ptr %do)
  store volatile double %d11, ptr %res
  %d12 = call double (ptr, ...) @__ad_autodiff(ptr @f_cosh, double %x, ptr %o, ptr %do)
  store volatile double %d12, ptr %res
  %d13 = call double (ptr, ...) @__ad_autodiff(ptr @f_atan, double %x, ptr %o, ptr %do)
  store volatile double %d13, ptr %res
  %d14 = call double (ptr, ...) @__ad_autodiff(ptr @f_asin, double %x, ptr %o, ptr %do)
  store volatile double %d14, ptr %res
  %d15 = call double (ptr, ...) @__ad_autodiff(ptr @f_acos, double %x, ptr %o, ptr %do)
  store volatile double %d15, ptr %res
  ret void
}
