; The derivative keeps the primal's argument facts that stay true (noundef,
; nonnull, dereferenceable, readonly) and drops those it breaks: it may read
; what the primal only writes (writeonly), and it keeps addresses in tapes
; that outlive the call in split mode (nocapture).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK: define internal void @__ad_grad.f(ptr noundef nonnull dereferenceable(8) %out, ptr %d.out, ptr noundef readonly %x, ptr %d.x)

declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

; out[0] = x[0] * x[0]
define void @f(ptr nocapture noundef nonnull writeonly dereferenceable(8) %out, ptr nocapture noundef readonly %x) {
  %v = load double, ptr %x
  %sq = fmul double %v, %v
  store double %sq, ptr %out
  ret void
}

define void @grad(ptr %out, ptr %dout, ptr %x, ptr %dx) {
  %dup = load i32, ptr @ad_dup
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %out, ptr %dout, i32 %dup, ptr %x, ptr %dx)
  ret void
}
