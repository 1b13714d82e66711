; A stack slot that holds only a pointer without shadow (a constant
; argument), passed to a call that only reads it (an OpenMP region's
; captured variable), needs no shadow: the callee's derivative takes it as
; a constant, and no shadow pointer has to be stored for it. The slot of
; the active pointer gets a shadow holding its shadow.
;   f(a, w) = sum over the region: s += w[0] * a[0]^2
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define internal void @region(ptr readonly %sa, ptr readonly %sw, ptr %s) noinline {
  %a = load ptr, ptr %sa
  %w = load ptr, ptr %sw
  %av = load double, ptr %a
  %wv = load double, ptr %w
  %sq = fmul double %av, %av
  %t = fmul double %wv, %sq
  %old = load double, ptr %s
  %new = fadd double %old, %t
  store double %new, ptr %s
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %a, ptr %d.a, ptr %w)
; CHECK: store ptr %a, ptr %sa
; CHECK: store ptr %d.a, ptr %sa.shadow
; CHECK: store ptr %w, ptr %sw
; CHECK-NOT: store ptr %w, ptr %sw.shadow
; CHECK: call void @__ad_grad.region(ptr %sa, ptr %sa.shadow, ptr %sw, ptr %s, ptr %s.shadow)
define double @f(ptr %a, ptr %w) {
  %sa = alloca ptr
  %sw = alloca ptr
  %s = alloca double
  store ptr %a, ptr %sa
  store ptr %w, ptr %sw
  store double 0.0, ptr %s
  call void @region(ptr %sa, ptr %sw, ptr %s)
  %r = load double, ptr %s
  ret double %r
}

define void @caller(ptr %a, ptr %da, ptr %w) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %a, ptr %da, ptr @ad_const, ptr %w)
  ret void
}
