; An indirect call on the active path, all of whose possible targets (the
; functions of its type whose address is taken) are defined here: the
; normalized primal dispatches on the pointer to direct calls, which are then
; inlined and differentiated; a pointer to none of them reaches
; __ad_unknown_target with the call's location.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32

define internal double @sq(double %y) {
  %r = fmul double %y, %y
  ret double %r
}

define internal double @tw(double %y) {
  %r = fmul double %y, 2.0
  ret double %r
}

@table = global [2 x ptr] [ptr @sq, ptr @tw]

define double @run(double %y, ptr %f) {
  %v = call double %f(double %y)
  ret double %v
}

define double @grad(double %y, ptr %f) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @run, double %y, ptr @ad_const, ptr %f)
  ret double %d
}

; CHECK: @ad.call.site = {{.*}}c"'run'\00"
; CHECK-LABEL: define internal double @__ad_grad.run(double %y, ptr %f)
; CHECK-DAG: icmp eq ptr %{{.*}}, @sq
; CHECK-DAG: icmp eq ptr %{{.*}}, @tw
; CHECK-DAG: call void @__ad_unknown_target(ptr nonnull @ad.call.site)
; CHECK: ret double
