; realloc of a block holding active values: the primal realloc stays (the
; old block is freed at once; the reverse sweep reads no primal memory of a
; function that reallocs). The new block's shadow is a zeroed block holding
; the old shadow's kept bytes, min(old size, new size); the old shadow is
; deferred to the end of the reverse sweep, which first moves the adjoints
; of the kept bytes back into it at the reverse of the realloc.
;   m = {x0}; g = realloc(m, 16); g[1] = x0^2; r = g[0] g[1] = x0^3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare noalias ptr @malloc(i64)
declare noalias ptr @realloc(ptr, i64)
declare void @free(ptr)

; CHECK-LABEL: define internal void @__ad_grad.grow(ptr %x, ptr %d.x)
; CHECK: %ad.deferred = alloca ptr
; CHECK-NEXT: store ptr null, ptr %ad.deferred
; CHECK: %m = call noalias ptr @malloc(i64 8)
; CHECK-NEXT: %m.shadow = call ptr @ad_shadow_alloc(i64 8)
; CHECK: %g = call ptr @realloc(ptr nonnull %m, i64 16)
; CHECK-NEXT: %g.shadow = call ptr @__ad_shadow_realloc_keep(ptr %m.shadow, i64 8, i64 16)
; CHECK-NEXT: call void @__ad_defer_free(ptr nonnull %ad.deferred, ptr null, ptr null, ptr %m.shadow)
; CHECK-NOT: call void @free
; CHECK: store double %sq, ptr %p1
; CHECK-NOT: call void @free
; CHECK: call void @__ad_memmove_adjoint_f64(ptr %m.shadow, ptr nonnull %g.shadow, i64 8)
; CHECK-NEXT: call void @free(ptr nonnull %g)
; CHECK-NEXT: call void @ad_shadow_free(ptr nonnull %g.shadow)
; CHECK-NEXT: [[D0:%.*]] = load double, ptr %m.shadow
; CHECK-NEXT: store double 0.000000e+00, ptr %m.shadow
; CHECK: store double {{.*}}, ptr %d.x
; CHECK-NEXT: call void @__ad_free_deferred(ptr nonnull %ad.deferred)
; CHECK-NEXT: ret void
define double @grow(ptr %x) {
  %m = call noalias ptr @malloc(i64 8)
  %x0 = load double, ptr %x
  store double %x0, ptr %m
  %g = call ptr @realloc(ptr %m, i64 16)
  %p1 = getelementptr inbounds double, ptr %g, i64 1
  %sq = fmul double %x0, %x0
  store double %sq, ptr %p1
  %a = load double, ptr %g
  %b = load double, ptr %p1
  %r = fmul double %a, %b
  call void @free(ptr %g)
  ret double %r
}

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @grow, ptr %x, ptr %dx)
  ret void
}
