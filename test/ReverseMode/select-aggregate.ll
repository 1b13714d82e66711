; A select of structs (two {double, double} values chosen by `?:`, as
; InstCombine leaves it): the adjoint goes back to the struct chosen, as a
; select of the adjoint and zero.
;   (lo, hi) = x < y ? (x, y) : (y, x); f = hi - lo / 2
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
declare { double, double } @__ad_autodiff_2(ptr, ...)

define double @f(double %x, double %y) {
  %c = fcmp olt double %x, %y
  %a0 = insertvalue { double, double } poison, double %x, 0
  %a = insertvalue { double, double } %a0, double %y, 1
  %b0 = insertvalue { double, double } poison, double %y, 0
  %b = insertvalue { double, double } %b0, double %x, 1
  %s = select i1 %c, { double, double } %a, { double, double } %b
  %lo = extractvalue { double, double } %s, 0
  %hi = extractvalue { double, double } %s, 1
  %h = fmul double %lo, 5.000000e-01
  %r = fsub double %hi, %h
  ret double %r
}

; CHECK-LABEL: define internal { double, double } @__ad_grad.f(double %x, double %y)
; CHECK: %c = fcmp olt double %x, %y
; CHECK-DAG: select {{.*}}i1 %c, double -5.000000e-01, double 1.000000e+00
; CHECK-DAG: select {{.*}}i1 %c, double 1.000000e+00, double -5.000000e-01
; CHECK: ret { double, double }

define { double, double } @caller(double %x, double %y) {
  %g = call { double, double } (ptr, ...) @__ad_autodiff_2(ptr @f, double %x, double %y)
  ret { double, double } %g
}
