; Vector reverse mode: `ad_width, 3` in __ad_autodiff makes one gradient
; taking three shadows per pointer (the seeds of y, the gradients of x) and
; returning the ad_out derivative of each direction in an array. The
; forward sweep (sin) runs once, the partial cos(x) is computed once, and
; each direction reads its own seed and adds to its own shadow.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define [3 x double] @grad3(
; CHECK: call [3 x double] @__ad_grad.x3.f(ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, ptr %y, ptr %dy0, ptr %dy1, ptr %dy2, double %c)

; CHECK-LABEL: define internal [3 x double] @__ad_grad.x3.f(ptr %x, ptr %d.x.0, ptr %d.x.1, ptr %d.x.2, ptr %y, ptr %d.y.0, ptr %d.y.1, ptr %d.y.2, double %c)
; CHECK-COUNT-1: call double @sin(
; CHECK-NOT: call double @sin(
; CHECK-DAG: load double, ptr %d.y.0
; CHECK-DAG: load double, ptr %d.y.1
; CHECK-DAG: load double, ptr %d.y.2
; CHECK-COUNT-1: call double @llvm.cos.f64(
; CHECK-NOT: call double @llvm.cos.f64(
; CHECK-DAG: store double {{.*}}, ptr %d.x.0
; CHECK-DAG: store double {{.*}}, ptr %d.x.1
; CHECK-DAG: store double {{.*}}, ptr %d.x.2
; CHECK: insertvalue [3 x double] poison, double %{{.*}}, 0
; CHECK: insertvalue [3 x double] %{{.*}}, double %{{.*}}, 1
; CHECK: insertvalue [3 x double] %{{.*}}, double %{{.*}}, 2
; CHECK: ret [3 x double]

declare [3 x double] @__ad_autodiff_3(ptr, ...)
@ad_dup = external global i32
@ad_out = external global i32
@ad_width = external global i32
declare double @sin(double)

define void @f(ptr %x, ptr %y, double %c) {
  %x0 = load double, ptr %x
  %s = call double @sin(double %x0)
  %p = fmul double %s, %c
  store double %p, ptr %y
  ret void
}

define [3 x double] @grad3(ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, ptr %y, ptr %dy0, ptr %dy1, ptr %dy2, double %c) {
  %dup = load i32, ptr @ad_dup
  %out = load i32, ptr @ad_out
  %w = load i32, ptr @ad_width
  %r = call [3 x double] (ptr, ...) @__ad_autodiff_3(ptr @f, i32 %w, i32 3, i32 %dup, ptr %x, ptr %dx0, ptr %dx1, ptr %dx2, i32 %dup, ptr %y, ptr %dy0, ptr %dy1, ptr %dy2, i32 %out, double %c)
  ret [3 x double] %r
}
