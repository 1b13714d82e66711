; A callee that is not inlined (recursive) and returns a struct of doubles in
; registers: its gradient takes the adjoint of the whole struct as its seed
; (here {1, 1}: g adds both fields), and its tangent returns
; {result, tangent of the result}.
;   rp(x, 0) = (x^2, x), rp(x, n) = (rp.a * x, rp.b)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal double @__ad_grad.g(double %x)
; CHECK: call double @__ad_grad.rp(double %x, i32 2, { double, double } { double 1.000000e+00, double 1.000000e+00 })
; CHECK-LABEL: define internal double @__ad_grad.rp(double %x, i32 %n, { double, double } %ad.seed)
; CHECK: call double @__ad_grad.rp(double %x, i32 %{{.*}}, { double, double } %{{.*}})
; CHECK-LABEL: define internal { double, double } @__ad_fwd.g(double %x, double %d.x)
; CHECK: call { { double, double }, { double, double } } @__ad_fwd.rp(double %x, double %d.x, i32 2)
; CHECK-LABEL: define internal { { double, double }, { double, double } } @__ad_fwd.rp(double %x, double %d.x, i32 %n)

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32

define { double, double } @rp(double %x, i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec
base:
  %sq = fmul double %x, %x
  %p0 = insertvalue { double, double } poison, double %sq, 0
  %p1 = insertvalue { double, double } %p0, double %x, 1
  ret { double, double } %p1
rec:
  %m = add i32 %n, -1
  %q = call { double, double } @rp(double %x, i32 %m)
  %a = extractvalue { double, double } %q, 0
  %b = extractvalue { double, double } %q, 1
  %a2 = fmul double %a, %x
  %r0 = insertvalue { double, double } poison, double %a2, 0
  %r1 = insertvalue { double, double } %r0, double %b, 1
  ret { double, double } %r1
}

define double @g(double %x) {
  %p = call { double, double } @rp(double %x, i32 2)
  %a = extractvalue { double, double } %p, 0
  %b = extractvalue { double, double } %p, 1
  %s = fadd double %a, %b
  ret double %s
}

define double @grad(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @g, double %x)
  ret double %d
}

define double @tangent(double %x) {
  %d = call double (ptr, ...) @__ad_fwddiff(ptr @g, ptr @ad_dup, double %x, double 1.0)
  ret double %d
}
