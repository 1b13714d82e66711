; Enzyme's registration of a custom forward derivative, {fn, fwd} with fwd
; in Enzyme's convention (each argument then its tangent or shadow, an
; integer twice; returns {result, tangent}), becomes ADPass's forward
; registration through an adapter: the tangents after the arguments, the
; result stored through the last pointer, the tangent returned.
;   f(x) = scl(p, 3, x) * 2
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__enzyme_fwddiff(ptr, ...)
@enzyme_dup = external global i32

declare double @scl(ptr, i32, double)
declare { double, double } @scl_fwd(ptr, ptr, i32, i32, double, double)
@__enzyme_register_derivative_scl = global [2 x ptr] [ptr @scl, ptr @scl_fwd]

define double @f(ptr %p, double %x) {
  %r = call double @scl(ptr %p, i32 3, double %x)
  %m = fmul double %r, 2.0
  ret double %m
}

define double @caller(ptr %p, ptr %dp, double %x) {
  %d = call double (ptr, ...) @__enzyme_fwddiff(ptr @f, ptr @enzyme_dup, ptr %p, ptr %dp, double %x, double 1.0)
  ret double %d
}

; CHECK: @__ad_custom_fwd_scl = internal constant [2 x ptr] [ptr @scl, ptr @__ad_enzyme_fwd.scl]

; CHECK-LABEL: define internal double @__ad_enzyme_fwd.scl(ptr %0, i32 %1, double %2, ptr %3, double %4, ptr %5)
; CHECK-NEXT: entry:
; CHECK-NEXT: %6 = call { double, double } @scl_fwd(ptr %0, ptr %3, i32 %1, i32 %1, double %2, double %4)
; CHECK-NEXT: %7 = extractvalue { double, double } %6, 0
; CHECK-NEXT: %8 = extractvalue { double, double } %6, 1
; CHECK-NEXT: store double %7, ptr %5
; CHECK-NEXT: ret double %8

; CHECK-LABEL: define {{.*}} @__ad_fwd.f(
; CHECK: call double @__ad_enzyme_fwd.scl(ptr %p, i32 3, double %x, ptr %{{.*}}, double %{{.*}}, ptr
