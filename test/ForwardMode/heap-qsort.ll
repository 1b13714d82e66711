; Heap blocks that receive active values get a zeroed shadow when they are
; allocated, freed with the block (no reverse sweep will read it); qsort of
; differentiated data sorts through the runtime, which returns the
; permutation, and the tangents are permuted the same way at once.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=HEAP < %t
; RUN: %FileCheck %s --check-prefix=SORT < %t

declare double @__ad_fwddiff(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare void @qsort(ptr, i64, i64, ptr)
declare i32 @cmp(ptr, ptr)
@ad_dup = external global i32

; HEAP-LABEL: define internal { double, double } @__ad_fwd.heap(ptr %x, ptr %d.x)
; HEAP: %b = call ptr @malloc(i64 8)
; HEAP-NEXT: [[S:%.*]] = call ptr @ad_shadow_alloc(i64 8)
; HEAP: store double %v2, ptr %b
; HEAP-NEXT: store double [[T:%.*]], ptr [[S]]
; HEAP: call void @free(ptr {{.*}}%b)
; HEAP-NEXT: call void @ad_shadow_free(ptr {{.*}}[[S]])
define double @heap(ptr %x) {
  %b = call ptr @malloc(i64 8)
  %v = load double, ptr %x
  %v2 = fmul double %v, %v
  store double %v2, ptr %b
  %w = load double, ptr %b
  call void @free(ptr %b)
  ret double %w
}

; SORT-LABEL: define internal { double, double } @__ad_fwd.sorted(ptr %x, ptr %d.x, i64 %n)
; SORT: [[P:%.*]] = call ptr @__ad_qsort(ptr %x, i64 %n, i64 8, ptr {{.*}}@cmp)
; SORT-NEXT: call void @__ad_qsort_tangent(ptr %d.x, i64 %n, i64 8, ptr [[P]])
; SORT-NOT: call void @qsort
define double @sorted(ptr %x, i64 %n) {
  call void @qsort(ptr %x, i64 %n, i64 8, ptr @cmp)
  %v = load double, ptr %x
  ret double %v
}

define double @caller(ptr %x, ptr %dx, i64 %n) {
  %a = call double (ptr, ...) @__ad_fwddiff(ptr @heap, ptr @ad_dup, ptr %x, ptr %dx)
  %b = call double (ptr, ...) @__ad_fwddiff(ptr @sorted, ptr @ad_dup, ptr %x, ptr %dx, i64 %n)
  %s = fadd double %a, %b
  ret double %s
}
