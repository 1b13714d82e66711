; Vector forward mode over an inner reverse sweep that defers the free of a
; differentiated block and its (differentiated) shadow: each lane defers the
; free of its own tangents of both blocks. Lane 1 dropped its tangent of the
; primal block, as if it were the primal block itself (shared by all lanes):
; a leak per call in forward over reverse with ad_width and in the dense
; Hessian helper (Integration/nested/realloc_growth.c, under valgrind).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_fwd.x2.inner(
; CHECK: call void @__ad_defer_free(ptr nonnull %list, ptr nonnull @free, ptr nonnull %p, ptr nonnull %s)
; CHECK-NEXT: call void @__ad_defer_free(ptr nonnull %list, ptr nonnull @ad_shadow_free, ptr nonnull %p.shadow, ptr nonnull %s.shadow)
; CHECK-NEXT: call void @__ad_defer_free(ptr nonnull %list, ptr nonnull @ad_shadow_free, ptr nonnull %p.shadow.l1, ptr nonnull %s.shadow.l1)
; CHECK-NEXT: call void @__ad_free_deferred(ptr nonnull %list)

declare void @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_width = external global i32
declare ptr @malloc(i64)
declare void @free(ptr)
declare ptr @ad_shadow_alloc(i64)
declare void @ad_shadow_free(ptr)
declare void @__ad_defer_free(ptr, ptr, ptr, ptr)
declare void @__ad_free_deferred(ptr)

define void @inner(ptr %x, ptr %y) {
  %list = alloca ptr
  store ptr null, ptr %list
  %p = call ptr @malloc(i64 8)
  %s = call ptr @ad_shadow_alloc(i64 8)
  %x0 = load double, ptr %x
  store double %x0, ptr %p
  store double %x0, ptr %s
  %a = load double, ptr %p
  %b = load double, ptr %s
  %m = fmul double %a, %b
  store double %m, ptr %y
  call void @__ad_defer_free(ptr %list, ptr @free, ptr %p, ptr %s)
  call void @__ad_free_deferred(ptr %list)
  ret void
}

define void @tangent(ptr %x, ptr %dx0, ptr %dx1, ptr %y, ptr %dy0, ptr %dy1) {
  %dup = load i32, ptr @ad_dup
  %w = load i32, ptr @ad_width
  call void (ptr, ...) @__ad_fwddiff(ptr @inner, i32 %w, i32 2, i32 %dup, ptr %x, ptr %dx0, ptr %dx1, i32 %dup, ptr %y, ptr %dy0, ptr %dy1)
  ret void
}
