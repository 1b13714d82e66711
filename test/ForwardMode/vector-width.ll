; Vector forward mode: `ad_width, 3` makes one tangent function taking three
; shadows per pointer and three tangents per float, returning the result and
; an array of three tangents. The primal (sin, the loads, the store) runs
; once, the partial cos(x) is computed once, and each direction has its own
; tangent chain and shadow store; the call of a callee's tangent becomes one
; call of its width-3 tangent, whose primal runs once too.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; The caller: the three tangents of the result, in order.
; CHECK-LABEL: define { double, double, double } @tangent(
; CHECK: %[[R:.*]] = call { double, [3 x double] } @__ad_fwd.x3.f(ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, double %c, double 1.000000e+00, double 0.000000e+00, double 0.000000e+00)
; CHECK: extractvalue [3 x double] %{{.*}}, 0
; CHECK: extractvalue [3 x double] %{{.*}}, 1
; CHECK: extractvalue [3 x double] %{{.*}}, 2

; CHECK-LABEL: define internal { double, [3 x double] } @__ad_fwd.x3.f(ptr %x, ptr %d.x.0, ptr %d.x.1, ptr %d.x.2, double %c, double %d.c.0, double %d.c.1, double %d.c.2)
; CHECK-COUNT-1: call double @sin(
; CHECK-NOT: call double @sin(
; CHECK-COUNT-1: call double @llvm.cos.f64(
; CHECK-NOT: call double @llvm.cos.f64(
; CHECK: store double %{{.*}}, ptr %x,
; CHECK-DAG: store double %{{.*}}, ptr %d.x.0,
; CHECK-DAG: store double %{{.*}}, ptr %d.x.1,
; CHECK-DAG: store double %{{.*}}, ptr %d.x.2,
; CHECK: call { double, [3 x double] } @__ad_fwd.x3.g(double %{{.*}}, double %{{.*}}, double %{{.*}}, double %{{.*}}, i32 3)
; CHECK-NOT: @__ad_fwd.g(
; CHECK: insertvalue { double, [3 x double] } %{{.*}}, double %{{.*}}, 1, 0
; CHECK: insertvalue { double, [3 x double] } %{{.*}}, double %{{.*}}, 1, 1
; CHECK: insertvalue { double, [3 x double] } %{{.*}}, double %{{.*}}, 1, 2
; CHECK: ret { double, [3 x double] }

; CHECK-LABEL: define internal { double, [3 x double] } @__ad_fwd.x3.g(double %v, double %d.v.0, double %d.v.1, double %d.v.2, i32 %n)
; CHECK-COUNT-1: call double @exp(
; CHECK-NOT: call double @exp(
; CHECK: call { double, [3 x double] } @__ad_fwd.x3.g(double %v, double %d.v.0, double %d.v.1, double %d.v.2, i32 %n1)

declare { double, double, double } @__ad_fwddiff_3(ptr, ...)
@ad_dup = external global i32
@ad_width = external global i32
declare double @sin(double)
declare double @exp(double)

; Recursive: stays a call.
define internal double @g(double %v, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %leaf, label %rec
leaf:
  %e = call double @exp(double %v)
  ret double %e
rec:
  %n1 = sub i32 %n, 1
  %r = call double @g(double %v, i32 %n1)
  %m = fmul double %r, %v
  ret double %m
}

define double @f(ptr %x, double %c) {
  %x0 = load double, ptr %x
  %s = call double @sin(double %x0)
  %p = fmul double %s, %c
  store double %p, ptr %x
  %q = call double @g(double %p, i32 3)
  ret double %q
}

define { double, double, double } @tangent(ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, double %c) {
  %dup = load i32, ptr @ad_dup
  %w = load i32, ptr @ad_width
  %r = call { double, double, double } (ptr, ...) @__ad_fwddiff_3(ptr @f, i32 %w, i32 3, i32 %dup, ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, i32 %dup, double %c, double 1.0, double 0.0, double 0.0)
  ret { double, double, double } %r
}
