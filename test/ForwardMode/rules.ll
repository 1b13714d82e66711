; Tangents come from the same rule table as adjoints: the tangent of a
; result is the sum over its active operands of the rule's contribution,
; seeded with that operand's tangent (RuleTable.cpp). Each function here
; takes x and y with tangents %d.x and %d.y and returns {value, tangent}.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=MUL < %t
; RUN: %FileCheck %s --check-prefix=DIV < %t
; RUN: %FileCheck %s --check-prefix=SIN < %t
; RUN: %FileCheck %s --check-prefix=EXT < %t
; RUN: %FileCheck %s --check-prefix=SEL < %t
; RUN: %FileCheck %s --check-prefix=CONST < %t
; RUN: %FileCheck %s --check-prefix=CALLER < %t

declare double @__ad_fwddiff(ptr, ...)
declare double @sin(double)
declare double @llvm.exp.f64(double)
@ad_dup = external global i32
@ad_const = external global i32

; d(x y) = dx y + x dy
; MUL-LABEL: define internal { double, double } @__ad_fwd.f_mul{{(\.[0-9]+)?}}(double %x, double %d.x, double %y, double %d.y)
; MUL: [[A:%.*]] = fmul double %d.x, %y
; MUL: [[B:%.*]] = fmul double %d.y, %x
; MUL: [[S:%.*]] = fadd double [[A]], [[B]]
; MUL: [[T:%.*]] = fadd double [[S]], 0.000000e+00
; MUL: insertvalue { double, double } {{%.*}}, double [[T]], 1
define double @f_mul(double %x, double %y) {
  %r = fmul double %x, %y
  ret double %r
}

; d(x / y) = dx / y - dy r / y
; DIV-LABEL: define internal { double, double } @__ad_fwd.f_div(
; DIV: %r = fdiv double %x, %y
; DIV: [[A:%.*]] = fdiv double %d.x, %y
; DIV: [[N:%.*]] = fneg double %r
; DIV: [[B:%.*]] = fmul double [[N]], %d.y
; DIV: [[C:%.*]] = fdiv double [[B]], %y
; DIV: fadd double [[A]], [[C]]
define double @f_div(double %x, double %y) {
  %r = fdiv double %x, %y
  ret double %r
}

; d(exp(sin x)) = exp(sin x) cos(x) dx: the libm rule and the intrinsic's.
; SIN-LABEL: define internal { double, double } @__ad_fwd.f_sin(
; SIN: %s = call double @sin(double %x)
; SIN: [[C:%.*]] = call double @llvm.cos.f64(double %x)
; SIN: [[DS:%.*]] = fmul double [[C]], %d.x
; SIN: %e = call double @llvm.exp.f64(double %s)
; SIN: fmul double [[DS]], %e
define double @f_sin(double %x, double %y) {
  %s = call double @sin(double %x)
  %e = call double @llvm.exp.f64(double %s)
  ret double %e
}

; Conversions convert the tangent; a select chooses the tangent of the
; operand it chose (one select, not the sum of the rule's two).
; EXT-LABEL: define internal { double, double } @__ad_fwd.f_ext(double %x, double %d.x, float %y, float %d.y)
; EXT: [[E:%.*]] = fpext float %d.y to double
; EXT: fadd double [[E]], %d.x
define double @f_ext(double %x, float %y) {
  %e = fpext float %y to double
  %r = fadd double %x, %e
  ret double %r
}

; SEL-LABEL: define internal { double, double } @__ad_fwd.f_sel(
; SEL: %c = fcmp olt double %x, %y
; SEL: %r.tangent = select i1 %c, double %d.x, double %d.y
; SEL-NEXT: insertvalue
; SEL-NEXT: fadd double %r.tangent, 0.000000e+00
define double @f_sel(double %x, double %y) {
  %c = fcmp olt double %x, %y
  %r = select i1 %c, double %x, double %y
  ret double %r
}

; An ad_const argument has no tangent parameter and contributes nothing.
; CONST-LABEL: define internal { double, double } @__ad_fwd.f_mul{{(\.[0-9]+)?}}(double %x, double %d.x, double %y)
; CONST: [[A:%.*]] = fmul double %d.x, %y
; CONST-NEXT: insertvalue
; CONST-NEXT: fadd double [[A]], 0.000000e+00
define double @use_all(double %x, double %y, float %f) {
  %1 = call double (ptr, ...) @__ad_fwddiff(ptr @f_mul, ptr @ad_dup, double %x, double 1.0, ptr @ad_dup, double %y, double 2.0)
  %2 = call double (ptr, ...) @__ad_fwddiff(ptr @f_div, ptr @ad_dup, double %x, double 1.0, ptr @ad_dup, double %y, double 2.0)
  %3 = call double (ptr, ...) @__ad_fwddiff(ptr @f_sin, ptr @ad_dup, double %x, double 1.0, ptr @ad_const, double %y)
  %4 = call double (ptr, ...) @__ad_fwddiff(ptr @f_ext, ptr @ad_dup, double %x, double 1.0, ptr @ad_dup, float %f, float 2.0)
  %5 = call double (ptr, ...) @__ad_fwddiff(ptr @f_sel, ptr @ad_dup, double %x, double 1.0, ptr @ad_dup, double %y, double 2.0)
  %6 = call double (ptr, ...) @__ad_fwddiff(ptr @f_mul, ptr @ad_dup, double %x, double 1.0, ptr @ad_const, double %y)
  %s1 = fadd double %1, %2
  %s2 = fadd double %s1, %3
  %s3 = fadd double %s2, %4
  %s4 = fadd double %s3, %5
  %s5 = fadd double %s4, %6
  ret double %s5
}
; The call returns the tangent, the second field.
; CALLER-LABEL: define double @use_all(
; CALLER: [[C:%.*]] = call { double, double } @__ad_fwd.f_mul{{(\.[0-9]+)?}}(double %x, double 1.000000e+00, double %y, double 2.000000e+00)
; CALLER: extractvalue { double, double } [[C]], 1
