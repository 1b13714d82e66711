; A global listed in __enzyme_inactive_global gets no shadow twin: what is
; read from it is a constant, and what the function writes to it (a
; counter) stays a primal store. The registration is adopted (not refused).
;   f(x) = x * scale + x * other
; RUN: %opt -passes=ad -S %s | %FileCheck %s

@scale = global double 2.0
@other = global double 3.0
@count = global i32 0
@__enzyme_inactive_global = global [2 x ptr] [ptr @scale, ptr @count]
declare double @__enzyme_autodiff(ptr, ...)

define double @f(double %x) {
  %c = load i32, ptr @count
  %c1 = add i32 %c, 1
  store i32 %c1, ptr @count
  %s = load double, ptr @scale
  %o = load double, ptr @other
  %a = fmul double %x, %s
  %b = fmul double %x, %o
  %r = fadd double %a, %b
  ret double %r
}

define double @caller(double %x) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, double %x)
  ret double %d
}

; CHECK: @scale = global double 2.000000e+00, !ad.inactive
; CHECK: @count = global i32 0, !ad.inactive
; CHECK: @__enzyme_inactive_global = {{.*}} !ad.enzyme.adopted
; CHECK-NOT: @__ad_shadow.scale
; CHECK-NOT: @__ad_shadow.count
; CHECK-LABEL: define internal double @__ad_grad.f(double %x)
; CHECK: store i32 %{{.*}}, ptr @count
; CHECK: load double, ptr @scale
