; complex.h functions without an algebraic rule (Rules/ComplexRules.cpp):
; csin's derivative calls ccos, in reverse mode on conj(z) (ccos(conj z) =
; conj(ccos z): the adjoint is seed * conj(cos z)); carg's gradient is
; (-y, x) / |z|^2, 0 at the origin, with no 0 * x terms; cpowf's exponent
; adjoint calls clogf in the <2 x float> ABI of its operand.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=SIN < %t
; RUN: %FileCheck %s --check-prefix=FWD < %t
; RUN: %FileCheck %s --check-prefix=ARG < %t
; RUN: %FileCheck %s --check-prefix=POW < %t

; SIN-LABEL: define internal { double, double } @__ad_grad.f_sin(double %x, double %y)
; SIN-NOT: call {{.*}}@csin
; SIN: [[NY:%.*]] = fneg double %y
; SIN: call { double, double } @ccos(double %x, double [[NY]])
; SIN: ret { double, double }

; FWD-LABEL: define internal { double, double } @__ad_fwd.f_sin(double %x, double %d.x, double %y, double %d.y)
; FWD: %w = call { double, double } @csin(double %x, double %y)
; FWD: [[C:%.*]] = call { double, double } @ccos(double %x, double %y)
; FWD-DAG: [[CRE:%.*]] = extractvalue { double, double } [[C]], 0
; FWD-DAG: [[CIM:%.*]] = extractvalue { double, double } [[C]], 1
; FWD-DAG: [[A:%.*]] = fmul double [[CRE]], %d.x
; FWD-DAG: [[B:%.*]] = fmul double [[CIM]], %d.y
; FWD: fsub double [[A]], [[B]]

; ARG-LABEL: define internal { double, double } @__ad_grad.f_arg(double %x, double %y)
; ARG-NOT: call
; ARG-NOT: 0.000000e+00
; ARG: [[N:%.*]] = fadd double
; ARG: [[NZ:%.*]] = fcmp une double [[N]], 0.000000e+00
; ARG: [[DY:%.*]] = fdiv double %x, [[N]]
; ARG: [[SDY:%.*]] = select i1 [[NZ]], double [[DY]], double 0.000000e+00
; ARG: [[MY:%.*]] = fneg double %y
; ARG: [[DX:%.*]] = fdiv double [[MY]], [[N]]
; ARG: [[SDX:%.*]] = select i1 [[NZ]], double [[DX]], double 0.000000e+00
; ARG: [[R:%.*]] = insertvalue { double, double } poison, double [[SDX]], 0
; ARG: insertvalue { double, double } [[R]], double [[SDY]], 1

; POW-LABEL: define internal void @__ad_grad.f_powf(
; POW: %w = call <2 x float> @cpowf(<2 x float> %z, <2 x float> %c)
; POW-NOT: call <2 x float> @cpowf
; POW: call <2 x float> @clogf(<2 x float>
; POW: store <2 x float> {{.*}}, ptr %cp.shadow
; POW: store <2 x float> {{.*}}, ptr %d.zp
; POW: ret void

@ad_dup = external global i32
declare { double, double } @__ad_autodiff_2(ptr, ...)
declare void @__ad_autodiff_void(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
declare { double, double } @csin(double, double)
declare double @carg(double, double)
declare <2 x float> @cpowf(<2 x float>, <2 x float>)

define double @f_sin(double %x, double %y) {
  %w = call { double, double } @csin(double %x, double %y)
  %re = extractvalue { double, double } %w, 0
  ret double %re
}

define double @f_arg(double %x, double %y) {
  %a = call double @carg(double %x, double %y)
  ret double %a
}

define void @f_powf(ptr %zp, ptr %out) {
  %z = load <2 x float>, ptr %zp
  %cp = getelementptr inbounds i8, ptr %zp, i64 8
  %c = load <2 x float>, ptr %cp
  %w = call <2 x float> @cpowf(<2 x float> %z, <2 x float> %c)
  store <2 x float> %w, ptr %out
  ret void
}

define void @main(ptr %z, ptr %dz, ptr %o, ptr %do) {
  call void (ptr, ...) @__ad_autodiff_void(ptr @f_powf, ptr @ad_dup, ptr %z, ptr %dz, ptr @ad_dup, ptr %o, ptr %do)
  %g1 = call { double, double } (ptr, ...) @__ad_autodiff_2(ptr @f_sin, double 1.0, double 2.0)
  %g2 = call { double, double } (ptr, ...) @__ad_autodiff_2(ptr @f_arg, double 1.0, double 2.0)
  %t1 = call double (ptr, ...) @__ad_fwddiff(ptr @f_sin, ptr @ad_dup, double 1.0, double 1.0, ptr @ad_dup, double 2.0, double 0.0)
  ret void
}
