; A derivative whose code accesses stack buffers with aligned vectors (Eigen
; picks 16-byte aligned packets from the buffer's address at run time)
; gives every stack buffer, primal and shadow, the largest vector
; alignment: the shadow is then aligned like the buffer, and the same
; aligned accesses on it are valid. (Here the primal buffer itself is gone:
; the derivative forwards what it stored.)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define double @f(ptr %x, i64 %i) {
  %buf = alloca [4 x double], align 8
  %v = load <2 x double>, ptr %x, align 8
  %w = fmul <2 x double> %v, %v
  store <2 x double> %w, ptr %buf, align 16
  %p = getelementptr inbounds double, ptr %buf, i64 %i
  %r = load double, ptr %p
  ret double %r
}

define void @caller(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, i64 1)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK: %buf.shadow = alloca [4 x double], align 64
; CHECK: load <2 x double>, ptr %buf.shadow, align 16
; CHECK: ret void
