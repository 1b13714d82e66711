; posix_memalign of a block that receives active values: the slot it writes
; gets a shadow slot, and when the call succeeds the runtime stores a zeroed
; shadow of the same size and alignment there. The block's pointer is read
; back from the slot, its shadow from the shadow slot; freeing it (a pointer
; read from memory) is deferred with that shadow to the end of the reverse
; sweep.
;   b[0] = x0^2; r = b[0] x0 = x0^3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare i32 @posix_memalign(ptr, i64, i64)
declare void @free(ptr)
@ad_const = external global i32

; CHECK-LABEL: define internal void @__ad_grad.al(ptr %x, ptr %d.x, i64 %n)
; CHECK: %ad.deferred = alloca ptr
; CHECK-NEXT: store ptr null, ptr %ad.deferred
; CHECK: %out.shadow = alloca ptr
; CHECK: %rc = call i32 @posix_memalign(ptr nonnull %out, i64 64, i64 %bytes)
; CHECK-NEXT: call void @__ad_shadow_memalign(i32 %rc, ptr nonnull %out.shadow, i64 64, i64 %bytes)
; CHECK-NEXT: %b = load ptr, ptr %out
; CHECK-NEXT: %b.shadow = load ptr, ptr %out.shadow
; CHECK-NOT: call void @free
; CHECK: call void @__ad_defer_free(ptr nonnull %ad.deferred, ptr nonnull @free, ptr nonnull %b, ptr %b.shadow)
; CHECK-NOT: call void @free
; CHECK: load double, ptr %b.shadow
; CHECK: call void @__ad_free_deferred(ptr nonnull %ad.deferred)
; CHECK-NEXT: ret void
define double @al(ptr %x, i64 %n) {
  %out = alloca ptr
  %bytes = shl i64 %n, 3
  %rc = call i32 @posix_memalign(ptr %out, i64 64, i64 %bytes)
  %b = load ptr, ptr %out
  %x0 = load double, ptr %x
  %sq = fmul double %x0, %x0
  store double %sq, ptr %b
  %v = load double, ptr %b
  %r = fmul double %v, %x0
  call void @free(ptr %b)
  ret double %r
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @al, ptr %x, ptr %dx, i32 %c, i64 %n)
  ret void
}
