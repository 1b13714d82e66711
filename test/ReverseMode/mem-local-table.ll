; A table of row pointers the function allocates itself: the row pointer
; read back from the table points to what was stored into it (a malloc'd
; row that receives active values), so it has a shadow, read from the
; table's shadow where the shadow row was stored beside the row. Freeing the
; row through the pointer read back is deferred, with that shadow, to the
; end of the reverse sweep; the table's own free moves to the reverse of its
; malloc.
;   t[i] = r0; r0[0] = x0; row = t[j]; r = row[0]^2   (i == j)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare noalias ptr @malloc(i64)
declare void @free(ptr)
@ad_const = external global i32

; CHECK-LABEL: define internal void @__ad_grad.table(ptr %x, ptr %d.x, i64 %i, i64 %j)
; CHECK: %t = call ptr @malloc(i64 16)
; CHECK-NEXT: %t.shadow = call ptr @ad_shadow_alloc(i64 16)
; CHECK-NEXT: %r0 = call ptr @malloc(i64 8)
; CHECK-NEXT: %r0.shadow = call ptr @ad_shadow_alloc(i64 8)
; CHECK-DAG: store ptr %r0, ptr %ti
; CHECK-DAG: %ti.shadow = getelementptr inbounds ptr, ptr %t.shadow, i64 %i
; CHECK-DAG: store ptr %r0.shadow, ptr %ti.shadow
; CHECK: %row = load ptr, ptr %tj
; CHECK-NEXT: %row.shadow = load ptr, ptr %tj.shadow
; CHECK-NOT: call void @free
; CHECK: call void @__ad_defer_free(ptr nonnull %ad.deferred, ptr nonnull @free, ptr nonnull %row, ptr %row.shadow)
; CHECK-NOT: call void @free
; CHECK: store double {{.*}}, ptr %row.shadow
; CHECK: load double, ptr %r0.shadow
; CHECK: call void @free(ptr %t)
; CHECK-NEXT: call void @ad_shadow_free(ptr %t.shadow)
; CHECK-NEXT: call void @__ad_free_deferred(ptr nonnull %ad.deferred)
; CHECK-NEXT: ret void
define double @table(ptr %x, i64 %i, i64 %j) {
  %t = call ptr @malloc(i64 16)
  %r0 = call ptr @malloc(i64 8)
  %ti = getelementptr inbounds ptr, ptr %t, i64 %i
  store ptr %r0, ptr %ti
  %x0 = load double, ptr %x
  store double %x0, ptr %r0
  %tj = getelementptr inbounds ptr, ptr %t, i64 %j
  %row = load ptr, ptr %tj
  %v = load double, ptr %row
  %r = fmul double %v, %v
  call void @free(ptr %row)
  call void @free(ptr %t)
  ret double %r
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @table, ptr %x, ptr %dx, i32 %c, i64 %n, i32 %c, i64 %n)
  ret void
}
