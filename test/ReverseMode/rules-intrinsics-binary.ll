; Derivative rules of the math intrinsics with several operands (RuleTable.cpp):
; pow, powi, maxnum, minnum, maximum, minimum, fma, fmuladd. The seed is the
; value loaded from the shadow of the ad_dup output.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=POW < %t
; RUN: %FileCheck %s --check-prefix=MAXNUM < %t
; RUN: %FileCheck %s --check-prefix=MINNUM < %t
; RUN: %FileCheck %s --check-prefix=MAXIMUM < %t
; RUN: %FileCheck %s --check-prefix=MINIMUM < %t
; RUN: %FileCheck %s --check-prefix=POWI < %t
; RUN: %FileCheck %s --check-prefix=FMA < %t
; RUN: %FileCheck %s --check-prefix=FMULADD < %t

declare double @__ad_autodiff(ptr, ...)
declare {double, double} @__ad_autodiff_2(ptr, ...)
declare {double, double, double} @__ad_autodiff_3(ptr, ...)
declare double @llvm.pow.f64(double, double)
declare double @llvm.maxnum.f64(double, double)
declare double @llvm.minnum.f64(double, double)
declare double @llvm.maximum.f64(double, double)
declare double @llvm.minimum.f64(double, double)
declare double @llvm.powi.f64.i32(double, i32)
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.fmuladd.f64(double, double, double)

; d/dx x^y = y x^(y-1) and d/dy x^y = x^y log(x), the latter from the primal
; result. Each partial is guarded by a select, so that it is exactly 0 where
; y == 0 (resp. x == 0) instead of 0 * inf = NaN.
; POW-LABEL: define internal { double, double } @__ad_grad.f_pow(
; POW: %r = call double @llvm.pow
; POW: [[D:%.*]] = load double, ptr %d.out
; POW: store double 0.000000e+00, ptr %d.out
; POW-DAG: [[YNZ:%.*]] = fcmp une double %y, 0.000000e+00
; POW-DAG: [[DY1:%.*]] = fmul double [[D]], %y
; POW-DAG: [[YM1:%.*]] = fadd double %y, -1.000000e+00
; POW-DAG: [[PW:%.*]] = call double @llvm.pow.f64(double %x, double [[YM1]])
; POW-DAG: [[DXV:%.*]] = fmul double [[DY1]], [[PW]]{{$}}
; POW-DAG: [[DX:%.*]] = select i1 [[YNZ]], double [[DXV]], double 0.000000e+00
; POW-DAG: [[XNZ:%.*]] = fcmp une double %x, 0.000000e+00
; POW-DAG: [[DR:%.*]] = fmul double [[D]], %r
; POW-DAG: [[LN:%.*]] = call double @llvm.log.f64(double %x)
; POW-DAG: [[DYV:%.*]] = fmul double [[DR]], [[LN]]{{$}}
; POW-DAG: [[DY:%.*]] = select i1 [[XNZ]], double [[DYV]], double 0.000000e+00
; POW: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; POW: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_pow(double %x, double %y, ptr %out) {
  %r = call double @llvm.pow.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; max/min: the seed goes to the operand that was chosen, to the first one on
; ties (never to both).
; MAXNUM-LABEL: define internal { double, double } @__ad_grad.f_maxnum(
; MAXNUM: %r = call double @llvm.maxnum
; MAXNUM: [[D:%.*]] = load double, ptr %d.out
; MAXNUM: store double 0.000000e+00, ptr %d.out
; MAXNUM-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; MAXNUM-DAG: [[NE:%.*]] = fcmp one double %r, %x
; MAXNUM-DAG: [[DX:%.*]] = select i1 [[EQ]], double [[D]], double 0.000000e+00
; MAXNUM-DAG: [[DY:%.*]] = select i1 [[NE]], double [[D]], double 0.000000e+00
; MAXNUM: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; MAXNUM: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_maxnum(double %x, double %y, ptr %out) {
  %r = call double @llvm.maxnum.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; As maxnum.
; MINNUM-LABEL: define internal { double, double } @__ad_grad.f_minnum(
; MINNUM: %r = call double @llvm.minnum
; MINNUM: [[D:%.*]] = load double, ptr %d.out
; MINNUM: store double 0.000000e+00, ptr %d.out
; MINNUM-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; MINNUM-DAG: [[NE:%.*]] = fcmp one double %r, %x
; MINNUM-DAG: [[DX:%.*]] = select i1 [[EQ]], double [[D]], double 0.000000e+00
; MINNUM-DAG: [[DY:%.*]] = select i1 [[NE]], double [[D]], double 0.000000e+00
; MINNUM: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; MINNUM: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_minnum(double %x, double %y, ptr %out) {
  %r = call double @llvm.minnum.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; As maxnum.
; MAXIMUM-LABEL: define internal { double, double } @__ad_grad.f_maximum(
; MAXIMUM: %r = call double @llvm.maximum
; MAXIMUM: [[D:%.*]] = load double, ptr %d.out
; MAXIMUM: store double 0.000000e+00, ptr %d.out
; MAXIMUM-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; MAXIMUM-DAG: [[NE:%.*]] = fcmp one double %r, %x
; MAXIMUM-DAG: [[DX:%.*]] = select i1 [[EQ]], double [[D]], double 0.000000e+00
; MAXIMUM-DAG: [[DY:%.*]] = select i1 [[NE]], double [[D]], double 0.000000e+00
; MAXIMUM: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; MAXIMUM: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_maximum(double %x, double %y, ptr %out) {
  %r = call double @llvm.maximum.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; As maxnum.
; MINIMUM-LABEL: define internal { double, double } @__ad_grad.f_minimum(
; MINIMUM: %r = call double @llvm.minimum
; MINIMUM: [[D:%.*]] = load double, ptr %d.out
; MINIMUM: store double 0.000000e+00, ptr %d.out
; MINIMUM-DAG: [[EQ:%.*]] = fcmp oeq double %r, %x
; MINIMUM-DAG: [[NE:%.*]] = fcmp one double %r, %x
; MINIMUM-DAG: [[DX:%.*]] = select i1 [[EQ]], double [[D]], double 0.000000e+00
; MINIMUM-DAG: [[DY:%.*]] = select i1 [[NE]], double [[D]], double 0.000000e+00
; MINIMUM: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; MINIMUM: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_minimum(double %x, double %y, ptr %out) {
  %r = call double @llvm.minimum.f64(double %x, double %y)
  store double %r, ptr %out
  ret void
}

; d/dx powi(x, n) = n powi(x, n - 1); the integer exponent has no adjoint.
; POWI-LABEL: define internal double @__ad_grad.f_powi(
; POWI: %r = call double @llvm.powi
; POWI: [[D:%.*]] = load double, ptr %d.out
; POWI: store double 0.000000e+00, ptr %d.out
; POWI: [[N:%.*]] = sitofp i32 %n to double
; POWI: [[DN:%.*]] = fmul double [[D]], [[N]]{{$}}
; POWI: [[NM1:%.*]] = add i32 %n, -1
; POWI: [[PW:%.*]] = call double @llvm.powi.f64.i32(double %x, i32 [[NM1]])
; POWI: [[G:%.*]] = fmul double [[DN]], [[PW]]{{$}}
; POWI: ret double [[G]]{{$}}
define void @f_powi(double %x, i32 %n, ptr %out) {
  %r = call double @llvm.powi.f64.i32(double %x, i32 %n)
  store double %r, ptr %out
  ret void
}

; fma(x, y, z) = x * y + z: partials y, x and 1.
; FMA-LABEL: define internal { double, double, double } @__ad_grad.f_fma(
; FMA: %r = call double @llvm.fma
; FMA: [[D:%.*]] = load double, ptr %d.out
; FMA: store double 0.000000e+00, ptr %d.out
; FMA-DAG: [[DXV:%.*]] = fmul double [[D]], %y
; FMA-DAG: [[DYV:%.*]] = fmul double [[D]], %x
; FMA: [[R0:%.*]] = insertvalue { double, double, double } poison, double [[DXV]], 0
; FMA: [[R1:%.*]] = insertvalue { double, double, double } [[R0]], double [[DYV]], 1
; FMA: insertvalue { double, double, double } [[R1]], double [[D]], 2
define void @f_fma(double %x, double %y, double %z, ptr %out) {
  %r = call double @llvm.fma.f64(double %x, double %y, double %z)
  store double %r, ptr %out
  ret void
}

; As fma.
; FMULADD-LABEL: define internal { double, double, double } @__ad_grad.f_fmuladd(
; FMULADD: %r = call double @llvm.fmuladd
; FMULADD: [[D:%.*]] = load double, ptr %d.out
; FMULADD: store double 0.000000e+00, ptr %d.out
; FMULADD-DAG: [[DXV:%.*]] = fmul double [[D]], %y
; FMULADD-DAG: [[DYV:%.*]] = fmul double [[D]], %x
; FMULADD: [[R0:%.*]] = insertvalue { double, double, double } poison, double [[DXV]], 0
; FMULADD: [[R1:%.*]] = insertvalue { double, double, double } [[R0]], double [[DYV]], 1
; FMULADD: insertvalue { double, double, double } [[R1]], double [[D]], 2
define void @f_fmuladd(double %x, double %y, double %z, ptr %out) {
  %r = call double @llvm.fmuladd.f64(double %x, double %y, double %z)
  store double %r, ptr %out
  ret void
}

define void @caller(double %x, double %y, double %z, i32 %n, ptr %o, ptr %do, ptr %res) {
  %d0 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_pow, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %d0, ptr %res
  %d1 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_maxnum, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %d1, ptr %res
  %d2 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_minnum, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %d2, ptr %res
  %d3 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_maximum, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %d3, ptr %res
  %d4 = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @f_minimum, double %x, double %y, ptr %o, ptr %do)
  store volatile {double, double} %d4, ptr %res
  %p = call double (ptr, ...) @__ad_autodiff(ptr @f_powi, double %x, i32 %n, ptr %o, ptr %do)
  store volatile double %p, ptr %res
  %f = call {double, double, double} (ptr, ...) @__ad_autodiff_3(ptr @f_fma, double %x, double %y, double %z, ptr %o, ptr %do)
  store volatile {double, double, double} %f, ptr %res
  %m = call {double, double, double} (ptr, ...) @__ad_autodiff_3(ptr @f_fmuladd, double %x, double %y, double %z, ptr %o, ptr %do)
  store volatile {double, double, double} %m, ptr %res
  ret void
}
