; The shadow realloc of an inner derivative (__ad_shadow_realloc_keep)
; leaves its old block allocated; that block's own ad_shadow_free ends it.
; An outer derivative gives the new block a shadow the same way, but the old
; block's shadow dies only with the old block: once, in the reverse of its
; allocation (reverse mode) or after its free (forward mode). It was also
; freed at the realloc: a double free in nested derivatives of a function
; growing a buffer (Integration/nested/realloc_growth.c).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
declare ptr @ad_shadow_alloc(i64)
declare ptr @__ad_shadow_realloc_keep(ptr, i64, i64)
declare void @ad_shadow_free(ptr)

; CHECK-LABEL: define internal void @__ad_grad.grow(
; CHECK-NOT: __ad_defer_free
; CHECK: %g.shadow = call ptr @__ad_shadow_realloc_keep(ptr %m.shadow, i64 8, i64 16)
; CHECK-NOT: ad_shadow_free(ptr {{.*}}%m.shadow)
; CHECK: call void @__ad_memmove_adjoint_f64(ptr %m.shadow, ptr nonnull %g.shadow, i64 8)
; CHECK-NOT: ad_shadow_free(ptr {{.*}}%m.shadow)
; CHECK: load double, ptr %m.shadow
; CHECK-NOT: ad_shadow_free(ptr {{.*}}%m.shadow)
; CHECK: call void @ad_shadow_free(ptr nonnull %m)
; CHECK-NEXT: call void @ad_shadow_free(ptr nonnull %m.shadow)
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal { double, double } @__ad_fwd.grow(
; CHECK: %g.shadow = call ptr @__ad_shadow_realloc_keep(ptr nonnull %m.shadow, i64 8, i64 16)
; CHECK-NEXT: call void @ad_shadow_free(ptr nonnull %m)
; CHECK-NEXT: call void @ad_shadow_free(ptr nonnull %m.shadow)
; CHECK-NOT: ad_shadow_free(ptr {{.*}}%m.shadow)
; CHECK: ret { double, double }
define double @grow(ptr %x) {
  %m = call ptr @ad_shadow_alloc(i64 8)
  %x0 = load double, ptr %x
  store double %x0, ptr %m
  %g = call ptr @__ad_shadow_realloc_keep(ptr %m, i64 8, i64 16)
  call void @ad_shadow_free(ptr %m)
  %p1 = getelementptr inbounds double, ptr %g, i64 1
  %sq = fmul double %x0, %x0
  store double %sq, ptr %p1
  %a = load double, ptr %g
  %b = load double, ptr %p1
  %r = fmul double %a, %b
  call void @ad_shadow_free(ptr %g)
  ret double %r
}

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @grow, ptr %x, ptr %dx)
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @grow, ptr %x, ptr %dx)
  ret void
}
