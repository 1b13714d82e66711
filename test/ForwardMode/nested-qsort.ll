; Forward mode over an inner gradient through qsort: the inner sweep sorts
; through the runtime (__ad_qsort returns the permutation) and moves the
; adjoints back by it (__ad_qsort_adjoint, which frees it). Both are linear
; in what they move: the tangent moves the tangents the same ways, with
; the _keep forms (the permutation lives until the inner sweep frees it),
; after the sort and before the adjoint move.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare ptr @__ad_qsort(ptr, i64, i64, ptr)
declare void @__ad_qsort_adjoint(ptr, i64, i64, ptr)
declare void @__ad_fwddiff(ptr, ...)
declare i32 @cmp(ptr, ptr)

; CHECK-LABEL: define internal void @__ad_fwd.inner(ptr %s, ptr %d.s, ptr %ds, ptr %d.ds)
; CHECK: %perm = call ptr @__ad_qsort(ptr %s, i64 4, i64 8, ptr nonnull @cmp)
; CHECK-NEXT: call void @__ad_qsort_tangent_keep(ptr %d.s, i64 4, i64 8, ptr %perm)
; CHECK: call void @__ad_qsort_adjoint_keep(ptr nonnull %d.ds, i64 4, i64 8, ptr %perm)
; CHECK-NEXT: call void @__ad_qsort_adjoint(ptr nonnull %ds, i64 4, i64 8, ptr %perm)
define void @inner(ptr %s, ptr %ds) {
  %perm = call ptr @__ad_qsort(ptr %s, i64 4, i64 8, ptr @cmp)
  %a = load double, ptr %s
  %b = fmul double %a, %a
  store double %b, ptr %ds
  call void @__ad_qsort_adjoint(ptr %ds, i64 4, i64 8, ptr %perm)
  ret void
}

define void @caller(ptr %s, ptr %ts, ptr %ds, ptr %tds) {
  call void (ptr, ...) @__ad_fwddiff(ptr @inner, ptr %s, ptr %ts, ptr %ds, ptr %tds)
  ret void
}
