; A call of an AD_CHECKPOINT function that writes its output: no augmented
; forward and no tape; the forward sweep calls the function itself, the
; reverse sweep its combined gradient (which computes it again). Without
; the attribute the same small function is inlined (and its values taped
; or recomputed in the caller).
;   sq(in, out): out[0] = in[0]^2;  f(x) = sq(x) -> t; t[0] * 3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)

define void @sq(ptr %in, ptr %out) #0 {
  %v = load double, ptr %in
  %s = fmul double %v, %v
  store double %s, ptr %out
  ret void
}

define void @sq_plain(ptr %in, ptr %out) noinline {
  %v = load double, ptr %in
  %s = fmul double %v, %v
  store double %s, ptr %out
  ret void
}

define double @f(ptr %x) {
  %t = alloca double
  call void @sq(ptr %x, ptr %t)
  %r = load double, ptr %t
  %m = fmul double %r, 3.0
  ret double %m
}

define double @g(ptr %x) {
  %t = alloca double
  call void @sq_plain(ptr %x, ptr %t)
  %r = load double, ptr %t
  %m = fmul double %r, 3.0
  ret double %m
}

define void @caller(ptr %x, ptr %dx) {
  %a = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr %x, ptr %dx)
  %b = call double (ptr, ...) @__ad_autodiff(ptr @g, ptr %x, ptr %dx)
  ret void
}

attributes #0 = { noinline "ad-checkpoint" }

; CHECK-LABEL: define internal void @__ad_grad.g(ptr %x, ptr %d.x)
; CHECK-NOT: call
; CHECK: ret void

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK-NOT: __ad_aug
; CHECK: call void @sq(ptr %x, ptr
; CHECK-NOT: __ad_aug
; CHECK: call void @__ad_grad.sq(ptr %x, ptr %d.x, ptr
; CHECK: ret void
