; Derivative rules of the floating-point instructions (RuleTable.cpp): fadd,
; fsub, fmul, fdiv, frem, fneg, freeze, fpext, fptrunc and select. Each
; function stores its result through an ad_dup pointer, so the seed is the
; value loaded from the shadow (not a constant that would fold away) and each
; partial derivative shows up as an instruction on it.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=FADD < %t
; RUN: %FileCheck %s --check-prefix=FSUB < %t
; RUN: %FileCheck %s --check-prefix=FMUL < %t
; RUN: %FileCheck %s --check-prefix=FDIV < %t
; RUN: %FileCheck %s --check-prefix=FREM < %t
; RUN: %FileCheck %s --check-prefix=FNEG < %t
; RUN: %FileCheck %s --check-prefix=FREEZE < %t
; RUN: %FileCheck %s --check-prefix=FPEXT < %t
; RUN: %FileCheck %s --check-prefix=FPTRUNC < %t
; RUN: %FileCheck %s --check-prefix=SELECT < %t
; RUN: %FileCheck %s --check-prefix=CALLER < %t

declare double @__ad_autodiff(ptr, ...)
declare float @__ad_autodiff_f(ptr, ...)
declare {double, double} @__ad_autodiff_2(ptr, ...)

; d/dx (x + y) = d/dy (x + y) = 1: both adjoints are the seed.
; FADD-LABEL: define internal { double, double } @__ad_grad.f_fadd(double %x, double %y, ptr %out, ptr %d.out)
; FADD: store double %r, ptr %out
; FADD: [[D:%.*]] = load double, ptr %d.out
; The shadow of the overwritten location restarts from zero.
; FADD: store double 0.000000e+00, ptr %d.out
; FADD: [[R0:%.*]] = insertvalue { double, double } poison, double [[D]], 0
; FADD: [[R1:%.*]] = insertvalue { double, double } [[R0]], double [[D]], 1
; FADD: ret { double, double } [[R1]]{{$}}
define void @f_fadd(double %x, double %y, ptr %out) {
  %r = fadd double %x, %y
  store double %r, ptr %out
  ret void
}

; d/dx (x - y) = 1, d/dy (x - y) = -1.
; FSUB-LABEL: define internal { double, double } @__ad_grad.f_fsub(
; FSUB: [[D:%.*]] = load double, ptr %d.out
; FSUB-DAG: [[DY:%.*]] = {{fsub double 0.000000e\+00,|fneg double}} [[D]]{{$}}
; FSUB: [[R0:%.*]] = insertvalue { double, double } poison, double [[D]], 0
; FSUB: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fsub(double %x, double %y, ptr %out) {
  %r = fsub double %x, %y
  store double %r, ptr %out
  ret void
}

; d/dx (x * y) = y, d/dy (x * y) = x.
; FMUL-LABEL: define internal { double, double } @__ad_grad.f_fmul(
; FMUL: [[D:%.*]] = load double, ptr %d.out
; FMUL-DAG: [[DY:%.*]] = fmul double [[D]], %x
; FMUL-DAG: [[DX:%.*]] = fmul double [[D]], %y
; FMUL: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; FMUL: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fmul(double %x, double %y, ptr %out) {
  %r = fmul double %x, %y
  store double %r, ptr %out
  ret void
}

; d/dx (x / y) = 1 / y, d/dy (x / y) = -(x / y) / y, reusing the primal quotient.
; FDIV-LABEL: define internal { double, double } @__ad_grad.f_fdiv(
; FDIV: %r = fdiv double %x, %y
; FDIV: [[D:%.*]] = load double, ptr %d.out
; FDIV-DAG: [[NEG:%.*]] = fneg double [[D]]{{$}}
; FDIV-DAG: [[T:%.*]] = fmul double %r, [[NEG]]{{$}}
; FDIV-DAG: [[DY:%.*]] = fdiv double [[T]], %y
; FDIV-DAG: [[DX:%.*]] = fdiv double [[D]], %y
; FDIV: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; FDIV: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_fdiv(double %x, double %y, ptr %out) {
  %r = fdiv double %x, %y
  store double %r, ptr %out
  ret void
}

; frem x, y = x - trunc(x / y) * y: d/dx = 1, d/dy = -trunc(x / y).
; FREM-LABEL: define internal { double, double } @__ad_grad.f_frem(
; FREM: [[D:%.*]] = load double, ptr %d.out
; FREM-DAG: [[Q:%.*]] = fdiv double %x, %y
; FREM-DAG: [[TQ:%.*]] = call double @llvm.trunc.f64(double [[Q]])
; FREM-DAG: [[NEGDY:%.*]] = fneg double [[D]]
; FREM-DAG: [[DY:%.*]] = fmul double [[TQ]], [[NEGDY]]{{$}}
; FREM: [[R0:%.*]] = insertvalue { double, double } poison, double [[D]], 0
; FREM: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_frem(double %x, double %y, ptr %out) {
  %r = frem double %x, %y
  store double %r, ptr %out
  ret void
}

; d/dx (-x) = -1.
; FNEG-LABEL: define internal double @__ad_grad.f_fneg(double %x, ptr %out, ptr %d.out)
; FNEG: [[D:%.*]] = load double, ptr %d.out
; FNEG: [[DX:%.*]] = {{fsub double 0.000000e\+00,|fneg double}} [[D]]{{$}}
; FNEG: ret double [[DX]]{{$}}
define void @f_fneg(double %x, ptr %out) {
  %r = fneg double %x
  store double %r, ptr %out
  ret void
}

; freeze passes its adjoint through.
; FREEZE-LABEL: define internal double @__ad_grad.f_freeze(
; FREEZE: [[D:%.*]] = load double, ptr %d.out
; FREEZE: ret double [[D]]{{$}}
define void @f_freeze(double %x, ptr %out) {
  %r = freeze double %x
  store double %r, ptr %out
  ret void
}

; The adjoint of a widened float is narrowed back to float.
; FPEXT-LABEL: define internal float @__ad_grad.f_fpext(float %x, ptr %out, ptr %d.out)
; FPEXT: [[D:%.*]] = load double, ptr %d.out
; FPEXT: [[DF:%.*]] = fptrunc double [[D]] to float
; FPEXT: ret float [[DF]]{{$}}
define void @f_fpext(float %x, ptr %out) {
  %r = fpext float %x to double
  store double %r, ptr %out
  ret void
}

; The adjoint of a narrowed double is widened back to double.
; FPTRUNC-LABEL: define internal double @__ad_grad.f_fptrunc(double %x, ptr %out, ptr %d.out)
; FPTRUNC: [[D:%.*]] = load float, ptr %d.out
; FPTRUNC: store float 0.000000e+00, ptr %d.out
; FPTRUNC: [[DD:%.*]] = fpext float [[D]] to double
; FPTRUNC: ret double [[DD]]{{$}}
define void @f_fptrunc(double %x, ptr %out) {
  %r = fptrunc double %x to float
  store float %r, ptr %out
  ret void
}

; The seed goes to the chosen operand only; the condition is inactive.
; SELECT-LABEL: define internal { double, double } @__ad_grad.f_select(i1 %c, double %x, double %y, ptr %out, ptr %d.out)
; SELECT: [[D:%.*]] = load double, ptr %d.out
; SELECT-DAG: [[DX:%.*]] = select i1 %c, double [[D]], double 0.000000e+00
; SELECT-DAG: [[DY:%.*]] = select i1 %c, double 0.000000e+00, double [[D]]{{$}}
; SELECT: [[R0:%.*]] = insertvalue { double, double } poison, double [[DX]], 0
; SELECT: insertvalue { double, double } [[R0]], double [[DY]], 1
define void @f_select(i1 %c, double %x, double %y, ptr %out) {
  %r = select i1 %c, double %x, double %y
  store double %r, ptr %out
  ret void
}

; Every call is replaced by a call to its gradient, nothing is left of the
; API and the shadow follows its primal.
; CALLER-LABEL: define void @caller(
; CALLER-NOT: __ad_autodiff
; CALLER: call { double, double } @__ad_grad.f_fadd(double %x, double %y, ptr %o, ptr %do)
; CALLER: call float @__ad_grad.f_fpext(float %xf, ptr %o, ptr %do)
; CALLER: call { double, double } @__ad_grad.f_select(i1 %c, double %x, double %y, ptr %o, ptr %do)
; CALLER-NOT: __ad_autodiff
; CALLER: ret void
define void @caller(double %x, double %y, float %xf, i1 %c, ptr %o, ptr %do, ptr %res) {
  %1 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_fadd, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %1, ptr %res
  %2 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_fsub, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %2, ptr %res
  %3 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_fmul, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %3, ptr %res
  %4 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_fdiv, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %4, ptr %res
  %5 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_frem, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %5, ptr %res
  %6 = call double (ptr, ...) @__ad_autodiff(ptr @f_fneg, double %x, ptr %o, ptr %do)
  store volatile double %6, ptr %res
  %7 = call double (ptr, ...) @__ad_autodiff(ptr @f_freeze, double %x, ptr %o, ptr %do)
  store volatile double %7, ptr %res
  %8 = call float (ptr, ...) @__ad_autodiff_f(ptr @f_fpext, float %xf, ptr %o, ptr %do)
  store volatile float %8, ptr %res
  %9 = call double (ptr, ...) @__ad_autodiff(ptr @f_fptrunc, double %x, ptr %o, ptr %do)
  store volatile double %9, ptr %res
  %10 = call {double,double} (ptr, ...) @__ad_autodiff_2(ptr @f_select, i1 %c, double %x, double %y, ptr %o, ptr %do)
  store volatile {double,double} %10, ptr %res
  ret void
}
