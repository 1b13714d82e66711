; Complex multiplication and division in forward mode (Rules/ComplexRules.cpp):
; the primal calls stay, and
;   w = z1 * z2:  dw = dz1 z2 + z1 dz2
;   w = z1 / z2:  dw = (dz1 - w dz2) / z2, by one more call to the library's
;                 division (scaled: no overflow for huge |z2|)
;   r = |z|:      dr = Re(conj(z) dz) / r, 0 where r = 0
; for {double, double} (__muldc3, __divdc3, cabs of two doubles) and
; <2 x float> (__mulsc3, __divsc3, cabsf) results. Constant operands have no
; contribution.
; The tangent functions may come out in any order: one prefix for each.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=MUL < %t
; RUN: %FileCheck %s --check-prefix=DIV < %t
; RUN: %FileCheck %s --check-prefix=FLOAT < %t

declare double @__ad_fwddiff(ptr, ...)
declare float @__ad_fwddiff_f(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare { double, double } @__muldc3(double, double, double, double)
declare { double, double } @__divdc3(double, double, double, double)
declare <2 x float> @__mulsc3(float, float, float, float)
declare <2 x float> @__divsc3(float, float, float, float)
declare float @cabsf(<2 x float>)
declare double @cabs(double, double)

; a and c active: d(Re w) = da c + dc a, d(Im w) = da d + dc b.
; MUL-LABEL: define internal { double, double } @__ad_fwd.f_mul(double %a, double %d.a, double %b, double %c, double %d.c, double %d)
; MUL: %w = call { double, double } @__muldc3(double %a, double %b, double %c, double %d)
; MUL-DAG: [[R1:%.*]] = fmul double %d.a, %c
; MUL-DAG: [[I1:%.*]] = fmul double %d.a, %d
; MUL-DAG: [[R2:%.*]] = fmul double %d.c, %a
; MUL-DAG: [[I2:%.*]] = fmul double %d.c, %b
; MUL-DAG: [[R:%.*]] = fadd double [[R1]], [[R2]]
; MUL-DAG: [[I:%.*]] = fadd double [[I1]], [[I2]]
; MUL-NOT: __muldc3
; MUL: fadd double [[R]], [[I]]
; MUL: ret { double, double }
define double @f_mul(double %a, double %b, double %c, double %d) {
  %w = call { double, double } @__muldc3(double %a, double %b, double %c, double %d)
  %re = extractvalue { double, double } %w, 0
  %im = extractvalue { double, double } %w, 1
  %s = fadd double %re, %im
  ret double %s
}

; z1 constant: dw = -(w dz2) / z2; then |w|.
; DIV-LABEL: define internal { double, double } @__ad_fwd.f_div(double %a, double %b, double %c, double %d.c, double %d, double %d.d)
; DIV: %w = call { double, double } @__divdc3(double %a, double %b, double %c, double %d)
; DIV-DAG: [[WR:%.*]] = extractvalue { double, double } %w, 0
; DIV-DAG: [[WI:%.*]] = extractvalue { double, double } %w, 1
; DIV-DAG: [[P1:%.*]] = fmul double [[WI]], %d.d
; DIV-DAG: [[P2:%.*]] = fmul double [[WR]], %d.c
; DIV-DAG: [[PR:%.*]] = fsub double [[P2]], [[P1]]
; DIV-DAG: [[P3:%.*]] = fmul double [[WI]], %d.c
; DIV-DAG: [[P4:%.*]] = fmul double [[WR]], %d.d
; DIV-DAG: [[PI:%.*]] = fadd double [[P3]], [[P4]]
; DIV-DAG: [[NR:%.*]] = fneg double [[PR]]
; DIV-DAG: [[NI:%.*]] = fneg double [[PI]]
; DIV: [[T:%.*]] = call { double, double } @__divdc3(double [[NR]], double [[NI]], double %c, double %d)
; DIV-DAG: [[TR:%.*]] = extractvalue { double, double } [[T]], 0
; DIV-DAG: [[TI:%.*]] = extractvalue { double, double } [[T]], 1
; DIV-DAG: %r = call double @cabs(double [[WR]], double [[WI]])
; DIV-DAG: [[NWI:%.*]] = fneg double [[WI]]
; DIV-DAG: [[UR:%.*]] = fdiv double [[WR]], %r
; DIV-DAG: [[UI:%.*]] = fdiv double [[NWI]], %r
; DIV-DAG: [[Q1:%.*]] = fmul double [[TI]], [[UI]]
; DIV-DAG: [[Q2:%.*]] = fmul double [[TR]], [[UR]]
; DIV-DAG: [[Q:%.*]] = fsub double [[Q2]], [[Q1]]
; DIV-DAG: [[NZ:%.*]] = fcmp une double %r, 0.000000e+00
; DIV-DAG: [[Q0:%.*]] = fadd double [[Q]], 0.000000e+00
; DIV-DAG: select i1 [[NZ]], double [[Q0]], double 0.000000e+00
; DIV: ret { double, double }
define double @f_div(double %a, double %b, double %c, double %d) {
  %w = call { double, double } @__divdc3(double %a, double %b, double %c, double %d)
  %re = extractvalue { double, double } %w, 0
  %im = extractvalue { double, double } %w, 1
  %r = call double @cabs(double %re, double %im)
  ret double %r
}

; z1 = a + ib active, z2 constant: the tangent of z1 * z2 divided by z2
; with __divsc3, then cabsf.
; FLOAT-LABEL: define internal { float, float } @__ad_fwd.f_float(float %a, float %d.a, float %b, float %d.b, float %c, float %d)
; FLOAT: %m = call <2 x float> @__mulsc3(float %a, float %b, float %c, float %d)
; FLOAT-DAG: [[M1:%.*]] = fmul float %d.b, %d
; FLOAT-DAG: [[M2:%.*]] = fmul float %d.a, %c
; FLOAT-DAG: [[MR:%.*]] = fsub float [[M2]], [[M1]]
; FLOAT-DAG: [[M3:%.*]] = fmul float %d.a, %d
; FLOAT-DAG: [[M4:%.*]] = fmul float %d.b, %c
; FLOAT-DAG: [[MI:%.*]] = fadd float [[M3]], [[M4]]
; FLOAT-DAG: %q = call <2 x float> @__divsc3(float %e, float %f, float %c, float %d)
; FLOAT: [[T:%.*]] = call <2 x float> @__divsc3(float [[MR]], float [[MI]], float %c, float %d)
; FLOAT-DAG: extractelement <2 x float> [[T]], i64 0
; FLOAT-DAG: extractelement <2 x float> [[T]], i64 1
; FLOAT-DAG: %r = call float @cabsf(<2 x float> %q)
; FLOAT-DAG: fcmp une float %r, 0.000000e+00
; FLOAT: ret { float, float }
define float @f_float(float %a, float %b, float %c, float %d) {
  %m = call <2 x float> @__mulsc3(float %a, float %b, float %c, float %d)
  %e = extractelement <2 x float> %m, i64 0
  %f = extractelement <2 x float> %m, i64 1
  %q = call <2 x float> @__divsc3(float %e, float %f, float %c, float %d)
  %r = call float @cabsf(<2 x float> %q)
  ret float %r
}

define double @caller(double %a, double %b, double %c, double %d, float %x, float %y, float %u, float %v) {
  %t1 = call double (ptr, ...) @__ad_fwddiff(ptr @f_mul, ptr @ad_dup, double %a, double 1.0, ptr @ad_const, double %b, ptr @ad_dup, double %c, double 2.0, ptr @ad_const, double %d)
  %t2 = call double (ptr, ...) @__ad_fwddiff(ptr @f_div, ptr @ad_const, double %a, ptr @ad_const, double %b, ptr @ad_dup, double %c, double 1.0, ptr @ad_dup, double %d, double 2.0)
  %t3 = call float (ptr, ...) @__ad_fwddiff_f(ptr @f_float, ptr @ad_dup, float %x, float 1.0, ptr @ad_dup, float %y, float 1.0, ptr @ad_const, float %u, ptr @ad_const, float %v)
  %s = fadd double %t1, %t2
  ret double %s
}
