; At -O0, once always_inline wrappers (the C++ API's) are inlined, the
; function and the markers of a request reach it through local variables
; written once; `ad_pad` arguments stand for nothing.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_out = external global i32
@ad_const = external global i32
@ad_pad = external global i32

define double @mul(double %x, double %y) {
  %s = fmul double %x, %y
  ret double %s
}

; CHECK-LABEL: define double @caller(double %x, double %y)
; CHECK: call double @__ad_grad.mul(double %x, double %y)
; CHECK-NOT: __ad_autodiff
; CHECK-NOT: @ad_pad
; CHECK: ret double
define double @caller(double %x, double %y) {
  %fn.a = alloca ptr
  %fn.b = alloca ptr
  %m.a = alloca ptr
  store ptr @mul, ptr %fn.a
  %1 = load ptr, ptr %fn.a
  store ptr %1, ptr %fn.b
  %2 = load ptr, ptr %fn.b
  store ptr @ad_const, ptr %m.a
  %m = load ptr, ptr %m.a
  %d = call double (ptr, ...) @__ad_autodiff(ptr %2, ptr @ad_out, double %x, ptr @ad_pad, ptr %m, double %y, ptr @ad_pad)
  ret double %d
}
