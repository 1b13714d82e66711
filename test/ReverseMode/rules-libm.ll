; Derivative rules of libm calls (RuleTable.cpp), including those that have no
; LLVM intrinsic (expm1, log1p, erf, erfc, cbrt, atan2, hypot, fmod) and the
; float (f) and long double (l) variants. The seed is the value loaded from
; the shadow of the ad_dup output.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=SIN < %t
; RUN: %FileCheck %s --check-prefix=COS < %t
; RUN: %FileCheck %s --check-prefix=TAN < %t
; RUN: %FileCheck %s --check-prefix=EXP < %t
; RUN: %FileCheck %s --check-prefix=EXP2 < %t
; RUN: %FileCheck %s --check-prefix=EXP10 < %t
; RUN: %FileCheck %s --check-prefix=EXPM1 < %t
; RUN: %FileCheck %s --check-prefix=LOG < %t
; RUN: %FileCheck %s --check-prefix=LOG2 < %t
; RUN: %FileCheck %s --check-prefix=LOG10 < %t
; RUN: %FileCheck %s --check-prefix=LOG1P < %t
; RUN: %FileCheck %s --check-prefix=SQRT < %t
; RUN: %FileCheck %s --check-prefix=TANH < %t
; RUN: %FileCheck %s --check-prefix=SINH < %t
; RUN: %FileCheck %s --check-prefix=COSH < %t
; RUN: %FileCheck %s --check-prefix=ATAN < %t
; RUN: %FileCheck %s --check-prefix=ASIN < %t
; RUN: %FileCheck %s --check-prefix=ACOS < %t
; RUN: %FileCheck %s --check-prefix=ASINH < %t
; RUN: %FileCheck %s --check-prefix=FDIM < %t
; RUN: %FileCheck %s --check-prefix=JN < %t
; RUN: %FileCheck %s --check-prefix=SINCOS < %t
; RUN: %FileCheck %s --check-prefix=ERF < %t
; RUN: %FileCheck %s --check-prefix=ERFC < %t
; RUN: %FileCheck %s --check-prefix=CBRT < %t
; RUN: %FileCheck %s --check-prefix=POW < %t
; RUN: %FileCheck %s --check-prefix=FMOD < %t
; RUN: %FileCheck %s --check-prefix=ATAN2 < %t
; RUN: %FileCheck %s --check-prefix=HYPOT < %t
; RUN: %FileCheck %s --check-prefix=FMAX < %t
; RUN: %FileCheck %s --check-prefix=FMIN < %t
; RUN: %FileCheck %s --check-prefix=SINF < %t
; RUN: %FileCheck %s --check-prefix=SINL < %t
; RUN: %FileCheck %s --check-prefix=EXPF < %t
; RUN: %FileCheck %s --check-prefix=COSHF < %t
; RUN: %FileCheck %s --check-prefix=SINHL < %t

declare double @__ad_autodiff(ptr, ...)
declare float @__ad_autodiff_f(ptr, ...)
declare x86_fp80 @__ad_autodiff_l(ptr, ...)
declare {double, double} @__ad_autodiff_2(ptr, ...)
declare double @sin(double)
declare double @cos(double)
declare double @tan(double)
declare double @exp(double)
declare double @exp2(double)
declare double @exp10(double)
declare double @expm1(double)
declare double @log(double)
declare double @log2(double)
declare double @log10(double)
declare double @log1p(double)
declare double @sqrt(double)
declare double @tanh(double)
declare double @sinh(double)
declare double @cosh(double)
declare double @atan(double)
declare double @asin(double)
declare double @acos(double)
declare double @asinh(double)
declare double @jn(i32, double)
declare void @sincos(double, ptr, ptr)
declare double @fdim(double, double)
declare double @erf(double)
declare double @erfc(double)
declare double @cbrt(double)
declare double @pow(double, double)
declare double @fmod(double, double)
declare double @atan2(double, double)
declare double @hypot(double, double)
declare double @fmax(double, double)
declare double @fmin(double, double)
declare float @sinf(float)
declare x86_fp80 @sinl(x86_fp80)
declare float @expf(float)
declare float @coshf(float)
declare x86_fp80 @sinhl(x86_fp80)

; sin'(x) = cos(x).
; SIN-LABEL: define internal double @__ad_grad.f_sin(double %x, ptr %out, ptr %d.out)
; SIN: %r = call double @sin(double %x)
; SIN: [[D:%.*]] = load double, ptr %d.out
; SIN: [[C:%.*]] = call double @llvm.cos.f64(double %x)
; SIN: [[G:%.*]] = fmul double [[D]], [[C]]{{$}}
; SIN: ret double [[G]]{{$}}
define void @f_sin(double %x, ptr %out) {
  %r = call double @sin(double %x)
  store double %r, ptr %out
  ret void
}

; cos'(x) = -sin(x).
; COS-LABEL: define internal double @__ad_grad.f_cos(double %x, ptr %out, ptr %d.out)
; COS: %r = call double @cos(double %x)
; COS: [[D:%.*]] = load double, ptr %d.out
; COS: [[S:%.*]] = call double @llvm.sin.f64(double %x)
; COS: [[NEGG:%.*]] = fneg double [[D]]
; COS: [[G:%.*]] = fmul double [[S]], [[NEGG]]{{$}}
; COS: ret double [[G]]{{$}}
define void @f_cos(double %x, ptr %out) {
  %r = call double @cos(double %x)
  store double %r, ptr %out
  ret void
}

; tan'(x) = 1 + tan(x)^2.
; TAN-LABEL: define internal double @__ad_grad.f_tan(double %x, ptr %out, ptr %d.out)
; TAN: %r = call double @tan(double %x)
; TAN: [[D:%.*]] = load double, ptr %d.out
; TAN: [[SQ:%.*]] = fmul double %r, %r
; TAN: [[T:%.*]] = fadd double [[SQ]], 1.000000e+00
; TAN: [[G:%.*]] = fmul double [[D]], [[T]]{{$}}
; TAN: ret double [[G]]{{$}}
define void @f_tan(double %x, ptr %out) {
  %r = call double @tan(double %x)
  store double %r, ptr %out
  ret void
}

; exp'(x) = exp(x): the primal result is reused.
; EXP-LABEL: define internal double @__ad_grad.f_exp(double %x, ptr %out, ptr %d.out)
; EXP: %r = call double @exp(double %x)
; EXP-NOT: @exp(
; EXP: [[D:%.*]] = load double, ptr %d.out
; EXP-NOT: @exp(
; EXP: [[G:%.*]] = fmul double [[D]], %r
; EXP: ret double [[G]]{{$}}
; EXP-NOT: @exp(
; EXP: {{^}}}
define void @f_exp(double %x, ptr %out) {
  %r = call double @exp(double %x)
  store double %r, ptr %out
  ret void
}

; exp2'(x) = exp2(x) ln 2.
; EXP2-LABEL: define internal double @__ad_grad.f_exp2(double %x, ptr %out, ptr %d.out)
; EXP2: %r = call double @exp2(double %x)
; EXP2: [[D:%.*]] = load double, ptr %d.out
; EXP2: [[M:%.*]] = fmul double [[D]], %r
; EXP2: [[G:%.*]] = fmul double [[M]], 0x3FE62E42FEFA39EF
; EXP2: ret double [[G]]{{$}}
define void @f_exp2(double %x, ptr %out) {
  %r = call double @exp2(double %x)
  store double %r, ptr %out
  ret void
}

; exp10'(x) = exp10(x) ln 10.
; EXP10-LABEL: define internal double @__ad_grad.f_exp10(double %x, ptr %out, ptr %d.out)
; EXP10: %r = call double @exp10(double %x)
; EXP10: [[D:%.*]] = load double, ptr %d.out
; EXP10: [[M:%.*]] = fmul double [[D]], %r
; EXP10: [[G:%.*]] = fmul double [[M]], 0x40026BB1BBB55516
; EXP10: ret double [[G]]{{$}}
define void @f_exp10(double %x, ptr %out) {
  %r = call double @exp10(double %x)
  store double %r, ptr %out
  ret void
}

; expm1'(x) = exp(x) = expm1(x) + 1.
; EXPM1-LABEL: define internal double @__ad_grad.f_expm1(double %x, ptr %out, ptr %d.out)
; EXPM1: %r = call double @expm1(double %x)
; EXPM1: [[D:%.*]] = load double, ptr %d.out
; EXPM1: [[E:%.*]] = fadd double %r, 1.000000e+00
; EXPM1: [[G:%.*]] = fmul double [[D]], [[E]]{{$}}
; EXPM1: ret double [[G]]{{$}}
define void @f_expm1(double %x, ptr %out) {
  %r = call double @expm1(double %x)
  store double %r, ptr %out
  ret void
}

; log'(x) = 1 / x.
; LOG-LABEL: define internal double @__ad_grad.f_log(double %x, ptr %out, ptr %d.out)
; LOG: %r = call double @log(double %x)
; LOG: [[D:%.*]] = load double, ptr %d.out
; LOG: [[G:%.*]] = fdiv double [[D]], %x
; LOG: ret double [[G]]{{$}}
define void @f_log(double %x, ptr %out) {
  %r = call double @log(double %x)
  store double %r, ptr %out
  ret void
}

; log2'(x) = 1 / (x ln 2).
; LOG2-LABEL: define internal double @__ad_grad.f_log2(double %x, ptr %out, ptr %d.out)
; LOG2: %r = call double @log2(double %x)
; LOG2: [[D:%.*]] = load double, ptr %d.out
; LOG2: [[M:%.*]] = fmul double %x, 0x3FE62E42FEFA39EF
; LOG2: [[G:%.*]] = fdiv double [[D]], [[M]]{{$}}
; LOG2: ret double [[G]]{{$}}
define void @f_log2(double %x, ptr %out) {
  %r = call double @log2(double %x)
  store double %r, ptr %out
  ret void
}

; log10'(x) = 1 / (x ln 10).
; LOG10-LABEL: define internal double @__ad_grad.f_log10(double %x, ptr %out, ptr %d.out)
; LOG10: %r = call double @log10(double %x)
; LOG10: [[D:%.*]] = load double, ptr %d.out
; LOG10: [[M:%.*]] = fmul double %x, 0x40026BB1BBB55516
; LOG10: [[G:%.*]] = fdiv double [[D]], [[M]]{{$}}
; LOG10: ret double [[G]]{{$}}
define void @f_log10(double %x, ptr %out) {
  %r = call double @log10(double %x)
  store double %r, ptr %out
  ret void
}

; log1p'(x) = 1 / (1 + x).
; LOG1P-LABEL: define internal double @__ad_grad.f_log1p(double %x, ptr %out, ptr %d.out)
; LOG1P: %r = call double @log1p(double %x)
; LOG1P: [[D:%.*]] = load double, ptr %d.out
; LOG1P: [[X1:%.*]] = fadd double %x, 1.000000e+00
; LOG1P: [[G:%.*]] = fdiv double [[D]], [[X1]]{{$}}
; LOG1P: ret double [[G]]{{$}}
define void @f_log1p(double %x, ptr %out) {
  %r = call double @log1p(double %x)
  store double %r, ptr %out
  ret void
}

; sqrt'(x) = 1 / (2 sqrt(x)), from the primal result.
; SQRT-LABEL: define internal double @__ad_grad.f_sqrt(double %x, ptr %out, ptr %d.out)
; SQRT: %r = call double @sqrt(double %x)
; SQRT: [[D:%.*]] = load double, ptr %d.out
; SQRT: [[H:%.*]] = fmul double [[D]], 5.000000e-01
; SQRT: [[G:%.*]] = fdiv double [[H]], %r
; SQRT: ret double [[G]]{{$}}
define void @f_sqrt(double %x, ptr %out) {
  %r = call double @sqrt(double %x)
  store double %r, ptr %out
  ret void
}

; tanh'(x) = 1 - tanh(x)^2.
; TANH-LABEL: define internal double @__ad_grad.f_tanh(double %x, ptr %out, ptr %d.out)
; TANH: %r = call double @tanh(double %x)
; TANH: [[D:%.*]] = load double, ptr %d.out
; TANH: [[SQ:%.*]] = fmul double %r, %r
; TANH: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; TANH: [[G:%.*]] = fmul double [[D]], [[T]]{{$}}
; TANH: ret double [[G]]{{$}}
define void @f_tanh(double %x, ptr %out) {
  %r = call double @tanh(double %x)
  store double %r, ptr %out
  ret void
}

; sinh'(x) = cosh(x).
; SINH-LABEL: define internal double @__ad_grad.f_sinh(double %x, ptr %out, ptr %d.out)
; SINH: %r = call double @sinh(double %x)
; SINH: [[D:%.*]] = load double, ptr %d.out
; SINH: [[C:%.*]] = call double @cosh(double %x)
; SINH: [[G:%.*]] = fmul double [[D]], [[C]]{{$}}
; SINH: ret double [[G]]{{$}}
define void @f_sinh(double %x, ptr %out) {
  %r = call double @sinh(double %x)
  store double %r, ptr %out
  ret void
}

; cosh'(x) = sinh(x).
; COSH-LABEL: define internal double @__ad_grad.f_cosh(double %x, ptr %out, ptr %d.out)
; COSH: %r = call double @cosh(double %x)
; COSH: [[D:%.*]] = load double, ptr %d.out
; COSH: [[S:%.*]] = call double @sinh(double %x)
; COSH: [[G:%.*]] = fmul double [[D]], [[S]]{{$}}
; COSH: ret double [[G]]{{$}}
define void @f_cosh(double %x, ptr %out) {
  %r = call double @cosh(double %x)
  store double %r, ptr %out
  ret void
}

; atan'(x) = 1 / (1 + x^2).
; ATAN-LABEL: define internal double @__ad_grad.f_atan(double %x, ptr %out, ptr %d.out)
; ATAN: %r = call double @atan(double %x)
; ATAN: [[D:%.*]] = load double, ptr %d.out
; ATAN: [[SQ:%.*]] = fmul double %x, %x
; ATAN: [[T:%.*]] = fadd double [[SQ]], 1.000000e+00
; ATAN: [[G:%.*]] = fdiv double [[D]], [[T]]{{$}}
; ATAN: ret double [[G]]{{$}}
define void @f_atan(double %x, ptr %out) {
  %r = call double @atan(double %x)
  store double %r, ptr %out
  ret void
}

; asin'(x) = 1 / sqrt(1 - x^2).
; ASIN-LABEL: define internal double @__ad_grad.f_asin(double %x, ptr %out, ptr %d.out)
; ASIN: %r = call double @asin(double %x)
; ASIN: [[D:%.*]] = load double, ptr %d.out
; ASIN: [[SQ:%.*]] = fmul double %x, %x
; ASIN: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; ASIN: [[S:%.*]] = call double @llvm.sqrt.f64(double [[T]])
; ASIN: [[G:%.*]] = fdiv double [[D]], [[S]]{{$}}
; ASIN: ret double [[G]]{{$}}
define void @f_asin(double %x, ptr %out) {
  %r = call double @asin(double %x)
  store double %r, ptr %out
  ret void
}

; acos'(x) = -1 / sqrt(1 - x^2).
; ACOS-LABEL: define internal double @__ad_grad.f_acos(double %x, ptr %out, ptr %d.out)
; ACOS: %r = call double @acos(double %x)
; ACOS: [[D:%.*]] = load double, ptr %d.out
; ACOS: [[SQ:%.*]] = fmul double %x, %x
; ACOS: [[T:%.*]] = fsub double 1.000000e+00, [[SQ]]{{$}}
; ACOS: [[S:%.*]] = call double @llvm.sqrt.f64(double [[T]])
; ACOS: [[N:%.*]] = fneg double [[D]]
; ACOS: [[G:%.*]] = fdiv double [[N]], [[S]]{{$}}
; ACOS: ret double [[G]]{{$}}
define void @f_acos(double %x, ptr %out) {
  %r = call double @acos(double %x)
  store double %r, ptr %out
  ret void
}

; asinh'(x) = 1 / sqrt(x^2 + 1).
; ASINH-LABEL: define internal double @__ad_grad.f_asinh(double %x, ptr %out, ptr %d.out)
; ASINH: [[D:%.*]] = load double, ptr %d.out
; ASINH: [[SQ:%.*]] = fmul double %x, %x
; ASINH: [[T:%.*]] = fadd double [[SQ]], 1.000000e+00
; ASINH: [[S:%.*]] = call double @llvm.sqrt.f64(double [[T]])
; ASINH: [[G:%.*]] = fdiv double [[D]], [[S]]{{$}}
; ASINH: ret double [[G]]{{$}}
define void @f_asinh(double %x, ptr %out) {
  %r = call double @asinh(double %x)
  store double %r, ptr %out
  ret void
}

; Bessel jn(3, x)' = (jn(2, x) - jn(4, x)) / 2.
; JN-LABEL: define internal double @__ad_grad.f_jn(double %x, ptr %out, ptr %d.out)
; JN: [[D:%.*]] = load double, ptr %d.out
; JN: [[LO:%.*]] = call double @jn(i32 2, double %x)
; JN: [[HI:%.*]] = call double @jn(i32 4, double %x)
; JN: [[DIFF:%.*]] = fsub double [[LO]], [[HI]]
; JN: [[G:%.*]] = fmul double [[D]], [[DIFF]]
; JN: fmul double [[G]], 5.000000e-01
define void @f_jn(double %x, ptr %out) {
  %r = call double @jn(i32 3, double %x)
  store double %r, ptr %out
  ret void
}

; sincos(x, &s, &c) stores sin x and cos x; out = s * c: d = cos^2 - sin^2.
; SINCOS-LABEL: define internal double @__ad_grad.f_sincos(double %x, ptr %out, ptr %d.out)
; SINCOS-NOT: call void @sincos
; SINCOS-DAG: call double @llvm.sin.f64(double %x)
; SINCOS-DAG: call double @llvm.cos.f64(double %x)
; SINCOS: ret double
define void @f_sincos(double %x, ptr %out) {
  %s = alloca double
  %c = alloca double
  call void @sincos(double %x, ptr %s, ptr %c)
  %sv = load double, ptr %s
  %cv = load double, ptr %c
  %r = fmul double %sv, %cv
  store double %r, ptr %out
  ret void
}

; fdim(x, 2) = x > 2 ? x - 2 : 0: the seed where x > 2.
; FDIM-LABEL: define internal double @__ad_grad.f_fdim(double %x, ptr %out, ptr %d.out)
; FDIM: [[D:%.*]] = load double, ptr %d.out
; FDIM: [[C:%.*]] = fcmp ogt double %x, 2.000000e+00
; FDIM: [[G:%.*]] = select i1 [[C]], double [[D]], double 0.000000e+00
; FDIM: ret double [[G]]{{$}}
define void @f_fdim(double %x, ptr %out) {
  %r = call double @fdim(double %x, double 2.0)
  store double %r, ptr %out
  ret void
}

; erf'(x) = 2/sqrt(pi) exp(-x^2).
; ERF-LABEL: define internal double @__ad_grad.f_erf(double %x, ptr %out, ptr %d.out)
; ERF: %r = call double @erf(double %x)
; ERF: [[D:%.*]] = load double, ptr %d.out
; ERF-DAG: [[K:%.*]] = fmul double [[D]], 0x3FF20DD750429B6D
; ERF-DAG: [[NX:%.*]] = fneg double %x
; ERF-DAG: [[SQ:%.*]] = fmul double [[NX]], %x
; ERF-DAG: [[E:%.*]] = call double @llvm.exp.f64(double [[SQ]])
; ERF: [[G:%.*]] = fmul double [[K]], [[E]]{{$}}
; ERF: ret double [[G]]{{$}}
define void @f_erf(double %x, ptr %out) {
  %r = call double @erf(double %x)
  store double %r, ptr %out
  ret void
}

; erfc'(x) = -2/sqrt(pi) exp(-x^2).
; ERFC-LABEL: define internal double @__ad_grad.f_erfc(double %x, ptr %out, ptr %d.out)
; ERFC: %r = call double @erfc(double %x)
; ERFC: [[D:%.*]] = load double, ptr %d.out
; ERFC-DAG: [[NX:%.*]] = fneg double %x
; ERFC-DAG: [[SQ:%.*]] = fmul double [[NX]], %x
; ERFC-DAG: [[E:%.*]] = call double @llvm.exp.f64(double [[SQ]])
; ERFC-DAG: [[K:%.*]] = fmul double [[D]], 0xBFF20DD750429B6D
; ERFC: [[G:%.*]] = fmul double [[K]], [[E]]{{$}}
; ERFC: ret double [[G]]{{$}}
define void @f_erfc(double %x, ptr %out) {
  %r = call double @erfc(double %x)
  store double %r, ptr %out
  ret void
}

; cbrt'(x) = 1 / (3 cbrt(x)^2), from the primal result.
; CBRT-LABEL: define internal double @__ad_grad.f_cbrt(double %x, ptr %out, ptr %d.out)
; CBRT: %r = call double @cbrt(double %x)
; CBRT: [[D:%.*]] = load double, ptr %d.out
; CBRT: [[T:%.*]] = fmul double %r, 3.000000e+00
; CBRT: [[SQ:%.*]] = fmul double [[T]], %r
; CBRT: [[G:%.*]] = fdiv double [[D]], [[SQ]]{{$}}
; CBRT: ret double [[G]]{{$}}
define void @f_cbrt(double %x, ptr %out) {
  %r = call double @cbrt(double %x)
  store double %r, ptr %out
  ret void
}

; d/dx x^y = y x^(y-1), d/dy x^y = x^y log(x), each guarded by a select
; (exactly 0 where y == 0, resp. x == 0).
; POW-LABEL: define internal { double, double } @__ad_grad.f_pow(double %x, double %y, ptr %out, ptr %d.out)
; POW: %r = call {{.*}}double @{{(llvm\.)?}}pow{{(\.f64)?}}(double %x, double %y)
; POW: [[D:%.*]] = load double, ptr %d.out
; POW-DAG: [[YNZ:%.*]] = fcmp une double %y, 0.000000e+00
; POW-DAG: [[YM1:%.*]] = fadd double %y, -1.000000e+00
; POW-DAG: [[PW:%.*]] = call double @llvm.pow.f64(double %x, double [[YM1]])
; POW-DAG: [[DX:%.*]] = select i1 [[YNZ]], double {{%.*}}, double 0.000000e+00
; POW-DAG: [[XNZ:%.*]] = fcmp une double %x, 0.000000e+00
; POW-DAG: [[LN:%.*]] = call double @llvm.log.f64(double %x)
; POW-DAG: [[DY:%.*]] = select i1 [[XNZ]], double {{%.*}}, double 0.000000e+00
; POW: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; POW: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_pow(double %x, double %y, ptr %out) {
  %r = call double @pow(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; fmod is frem: d/dx = 1, d/dy = -trunc(x / y).
; FMOD-LABEL: define internal { double, double } @__ad_grad.f_fmod(double %x, double %y, ptr %out, ptr %d.out)
; FMOD: %r = call {{.*}}double @{{(llvm\.)?}}fmod{{(\.f64)?}}(double %x, double %y)
; FMOD: [[D:%.*]] = load double, ptr %d.out
; FMOD-DAG: [[Q:%.*]] = fdiv double %x, %y
; FMOD-DAG: [[TQ:%.*]] = call double @llvm.trunc.f64(double [[Q]])
; FMOD-DAG: [[NEGDY:%.*]] = fneg double [[D]]
; FMOD-DAG: [[DY:%.*]] = fmul double [[TQ]], [[NEGDY]]{{$}}
; FMOD: [[R0:%.*]] = insertvalue { double, double } poison, double [[D]], 0
; FMOD: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fmod(double %x, double %y, ptr %out) {
  %r = call double @fmod(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; atan2(x, y): d/dx = y / (x^2 + y^2), d/dy = -x / (x^2 + y^2).
; ATAN2-LABEL: define internal { double, double } @__ad_grad.f_atan2(double %x, double %y, ptr %out, ptr %d.out)
; ATAN2: %r = call {{.*}}double @{{(llvm\.)?}}atan2{{(\.f64)?}}(double %x, double %y)
; ATAN2: [[D:%.*]] = load double, ptr %d.out
; ATAN2-DAG: [[XX:%.*]] = fmul double %x, %x
; ATAN2-DAG: [[YY:%.*]] = fmul double %y, %y
; ATAN2-DAG: [[N2:%.*]] = fadd double [[XX]], [[YY]]{{$}}
; ATAN2-DAG: [[DYN:%.*]] = fneg double [[D]]{{$}}
; ATAN2-DAG: [[DYM:%.*]] = fmul double [[DYN]], %x
; ATAN2-DAG: [[DYQ:%.*]] = fdiv double [[DYM]], [[N2]]{{$}}
; ATAN2-DAG: [[DXM:%.*]] = fmul double [[D]], %y
; ATAN2-DAG: [[DXQ:%.*]] = fdiv double [[DXM]], [[N2]]{{$}}
; ATAN2: [[R0:%.*]] = insertvalue { double, double } poison, double [[DXQ]], 0
; ATAN2: insertvalue { double, double } [[R0]], double [[DYQ]], 1
define void @f_atan2(double %x, double %y, ptr %out) {
  %r = call double @atan2(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; hypot(x, y): d/dx = x / hypot, d/dy = y / hypot, from the primal result.
; HYPOT-LABEL: define internal { double, double } @__ad_grad.f_hypot(double %x, double %y, ptr %out, ptr %d.out)
; HYPOT: %r = call {{.*}}double @{{(llvm\.)?}}hypot{{(\.f64)?}}(double %x, double %y)
; HYPOT: [[D:%.*]] = load double, ptr %d.out
; HYPOT-DAG: [[DXM:%.*]] = fmul double [[D]], %x
; HYPOT-DAG: [[DXQ:%.*]] = fdiv double [[DXM]], %r
; HYPOT-DAG: [[DYM:%.*]] = fmul double [[D]], %y
; HYPOT-DAG: [[DYQ:%.*]] = fdiv double [[DYM]], %r
; HYPOT: [[R0:%.*]] = insertvalue { double, double } poison, double [[DXQ]], 0
; HYPOT: insertvalue { double, double } [[R0]], double [[DYQ]], 1
define void @f_hypot(double %x, double %y, ptr %out) {
  %r = call double @hypot(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; fmax becomes llvm.maxnum (rule 'maxnum'): the seed goes to the chosen operand.
; FMAX-LABEL: define internal { double, double } @__ad_grad.f_fmax(double %x, double %y, ptr %out, ptr %d.out)
; FMAX: %r = call {{.*}}double @{{(llvm\.)?}}maxnum{{(\.f64)?}}(double %x, double %y)
; FMAX: [[D:%.*]] = load double, ptr %d.out
; FMAX-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; FMAX-DAG: [[NE:%.*]] = fcmp one double %r, %x
; FMAX-DAG: [[DX:%.*]] = select i1 [[EQ]], double {{%.*}}, double 0.000000e+00
; FMAX-DAG: [[DY:%.*]] = select i1 [[NE]], double {{%.*}}, double 0.000000e+00
; FMAX: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; FMAX: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fmax(double %x, double %y, ptr %out) {
  %r = call double @fmax(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; fmin becomes llvm.minnum (rule 'minnum').
; FMIN-LABEL: define internal { double, double } @__ad_grad.f_fmin(double %x, double %y, ptr %out, ptr %d.out)
; FMIN: %r = call {{.*}}double @{{(llvm\.)?}}minnum{{(\.f64)?}}(double %x, double %y)
; FMIN: [[D:%.*]] = load double, ptr %d.out
; FMIN-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; FMIN-DAG: [[NE:%.*]] = fcmp one double %r, %x
; FMIN-DAG: [[DX:%.*]] = select i1 [[EQ]], double {{%.*}}, double 0.000000e+00
; FMIN-DAG: [[DY:%.*]] = select i1 [[NE]], double {{%.*}}, double 0.000000e+00
; FMIN: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; FMIN: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fmin(double %x, double %y, ptr %out) {
  %r = call double @fmin(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; sinf finds the rule of sin, at float.
; SINF-LABEL: define internal float @__ad_grad.f_sinf(float %x, ptr %out, ptr %d.out)
; SINF: %r = call float @sinf(float %x)
; SINF: [[D:%.*]] = load float, ptr %d.out
; SINF: [[C:%.*]] = call float @llvm.cos.f32(float %x)
; SINF: [[G:%.*]] = fmul float [[D]], [[C]]{{$}}
; SINF: ret float [[G]]{{$}}
define void @f_sinf(float %x, ptr %out) {
  %r = call float @sinf(float %x)
  store float %r, ptr %out
  ret void
}

; sinl finds the rule of sin, at long double.
; SINL-LABEL: define internal x86_fp80 @__ad_grad.f_sinl(x86_fp80 %x, ptr %out, ptr %d.out)
; SINL: %r = call x86_fp80 @sinl(x86_fp80 %x)
; SINL: [[D:%.*]] = load x86_fp80, ptr %d.out
; SINL: [[C:%.*]] = call x86_fp80 @llvm.cos.f80(x86_fp80 %x)
; SINL: [[G:%.*]] = fmul x86_fp80 [[D]], [[C]]{{$}}
; SINL: ret x86_fp80 [[G]]{{$}}
define void @f_sinl(x86_fp80 %x, ptr %out) {
  %r = call x86_fp80 @sinl(x86_fp80 %x)
  store x86_fp80 %r, ptr %out
  ret void
}

; expf reuses its result.
; EXPF-LABEL: define internal float @__ad_grad.f_expf(float %x, ptr %out, ptr %d.out)
; EXPF: %r = call float @expf(float %x)
; EXPF: [[D:%.*]] = load float, ptr %d.out
; EXPF: [[G:%.*]] = fmul float [[D]], %r
; EXPF: ret float [[G]]{{$}}
define void @f_expf(float %x, ptr %out) {
  %r = call float @expf(float %x)
  store float %r, ptr %out
  ret void
}

; coshf'(x) = sinhf(x): the float libm function.
; COSHF-LABEL: define internal float @__ad_grad.f_coshf(float %x, ptr %out, ptr %d.out)
; COSHF: %r = call float @coshf(float %x)
; COSHF: [[D:%.*]] = load float, ptr %d.out
; COSHF: [[S:%.*]] = call float @sinhf(float %x)
; COSHF: [[G:%.*]] = fmul float [[D]], [[S]]{{$}}
; COSHF: ret float [[G]]{{$}}
define void @f_coshf(float %x, ptr %out) {
  %r = call float @coshf(float %x)
  store float %r, ptr %out
  ret void
}

; sinhl'(x) = coshl(x): the long double libm function.
; SINHL-LABEL: define internal x86_fp80 @__ad_grad.f_sinhl(x86_fp80 %x, ptr %out, ptr %d.out)
; SINHL: %r = call x86_fp80 @sinhl(x86_fp80 %x)
; SINHL: [[D:%.*]] = load x86_fp80, ptr %d.out
; SINHL: [[C:%.*]] = call x86_fp80 @coshl(x86_fp80 %x)
; SINHL: [[G:%.*]] = fmul x86_fp80 [[D]], [[C]]{{$}}
; SINHL: ret x86_fp80 [[G]]{{$}}
define void @f_sinhl(x86_fp80 %x, ptr %out) {
  %r = call x86_fp80 @sinhl(x86_fp80 %x)
  store x86_fp80 %r, ptr %out
  ret void
}

define void @caller(double %x, double %y, float %xf, x86_fp80 %xl, ptr %o, ptr %do, ptr %res) {
  %r0 = call double (ptr, ...) @__ad_autodiff(ptr @f_sin, double %x, ptr %o, ptr %do)
  store volatile double %r0, ptr %res
  %r1 = call double (ptr, ...) @__ad_autodiff(ptr @f_cos, double %x, ptr %o, ptr %do)
  store volatile double %r1, ptr %res
  %r2 = call double (ptr, ...) @__ad_autodiff(ptr @f_tan, double %x, ptr %o, ptr %do)
  store volatile double %r2, ptr %res
  %r3 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp, double %x, ptr %o, ptr %do)
  store volatile double %r3, ptr %res
  %r4 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp2, double %x, ptr %o, ptr %do)
  store volatile double %r4, ptr %res
  %r5 = call double (ptr, ...) @__ad_autodiff(ptr @f_exp10, double %x, ptr %o, ptr %do)
  store volatile double %r5, ptr %res
  %r6 = call double (ptr, ...) @__ad_autodiff(ptr @f_expm1, double %x, ptr %o, ptr %do)
  store volatile double %r6, ptr %res
  %r7 = call double (ptr, ...) @__ad_autodiff(ptr @f_log, double %x, ptr %o, ptr %do)
  store volatile double %r7, ptr %res
  %r8 = call double (ptr, ...) @__ad_autodiff(ptr @f_log2, double %x, ptr %o, ptr %do)
  store volatile double %r8, ptr %res
  %r9 = call double (ptr, ...) @__ad_autodiff(ptr @f_log10, double %x, ptr %o, ptr %do)
  store volatile double %r9, ptr %res
  %r10 = call double (ptr, ...) @__ad_autodiff(ptr @f_log1p, double %x, ptr %o, ptr %do)
  store volatile double %r10, ptr %res
  %r11 = call double (ptr, ...) @__ad_autodiff(ptr @f_sqrt, double %x, ptr %o, ptr %do)
  store volatile double %r11, ptr %res
  %r12 = call double (ptr, ...) @__ad_autodiff(ptr @f_tanh, double %x, ptr %o, ptr %do)
  store volatile double %r12, ptr %res
  %r13 = call double (ptr, ...) @__ad_autodiff(ptr @f_sinh, double %x, ptr %o, ptr %do)
  store volatile double %r13, ptr %res
  %r14 = call double (ptr, ...) @__ad_autodiff(ptr @f_cosh, double %x, ptr %o, ptr %do)
  store volatile double %r14, ptr %res
  %r15 = call double (ptr, ...) @__ad_autodiff(ptr @f_atan, double %x, ptr %o, ptr %do)
  store volatile double %r15, ptr %res
  %r16 = call double (ptr, ...) @__ad_autodiff(ptr @f_asin, double %x, ptr %o, ptr %do)
  store volatile double %r16, ptr %res
  %r17 = call double (ptr, ...) @__ad_autodiff(ptr @f_acos, double %x, ptr %o, ptr %do)
  store volatile double %r17, ptr %res
  %r18 = call double (ptr, ...) @__ad_autodiff(ptr @f_erf, double %x, ptr %o, ptr %do)
  store volatile double %r18, ptr %res
  %r19 = call double (ptr, ...) @__ad_autodiff(ptr @f_erfc, double %x, ptr %o, ptr %do)
  store volatile double %r19, ptr %res
  %r20 = call double (ptr, ...) @__ad_autodiff(ptr @f_cbrt, double %x, ptr %o, ptr %do)
  store volatile double %r20, ptr %res
  %r21 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_pow, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r21, ptr %res
  %r22 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_fmod, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r22, ptr %res
  %r23 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_atan2, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r23, ptr %res
  %r24 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_hypot, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r24, ptr %res
  %r25 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_fmax, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r25, ptr %res
  %r26 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_fmin, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %r26, ptr %res
  %r27 = call float (ptr, ...) @__ad_autodiff_f(ptr @f_sinf, float %xf, ptr %o, ptr %do)
  store volatile float %r27, ptr %res
  %r28 = call x86_fp80 (ptr, ...) @__ad_autodiff_l(ptr @f_sinl, x86_fp80 %xl, ptr %o, ptr %do)
  store volatile x86_fp80 %r28, ptr %res
  %r29 = call float (ptr, ...) @__ad_autodiff_f(ptr @f_expf, float %xf, ptr %o, ptr %do)
  store volatile float %r29, ptr %res
  %r30 = call float (ptr, ...) @__ad_autodiff_f(ptr @f_coshf, float %xf, ptr %o, ptr %do)
  store volatile float %r30, ptr %res
  %r31 = call x86_fp80 (ptr, ...) @__ad_autodiff_l(ptr @f_sinhl, x86_fp80 %xl, ptr %o, ptr %do)
  store volatile x86_fp80 %r31, ptr %res
  %ra = call double (ptr, ...) @__ad_autodiff(ptr @f_asinh, double %x, ptr %o, ptr %do)
  store volatile double %ra, ptr %res
  %rb = call double (ptr, ...) @__ad_autodiff(ptr @f_fdim, double %x, ptr %o, ptr %do)
  store volatile double %rb, ptr %res
  %rc = call double (ptr, ...) @__ad_autodiff(ptr @f_jn, double %x, ptr %o, ptr %do)
  store volatile double %rc, ptr %res
  %rd = call double (ptr, ...) @__ad_autodiff(ptr @f_sincos, double %x, ptr %o, ptr %do)
  store volatile double %rd, ptr %res
  ret void
}
