; qsort of a differentiated array: the forward sweep calls the runtime's
; recording sort instead, which returns the permutation; the reverse sweep
; moves the adjoints back with it (and frees it).
;   f(x, n) = (sort x in place) x[0] * 2
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare void @qsort(ptr, i64, i64, ptr)
@ad_dup = external global i32
@ad_const = external global i32

define internal i32 @cmp(ptr %a, ptr %b) {
  %x = load double, ptr %a
  %y = load double, ptr %b
  %lt = fcmp olt double %x, %y
  %r = select i1 %lt, i32 -1, i32 1
  ret i32 %r
}

define double @f(ptr %x, i64 %n) {
  call void @qsort(ptr %x, i64 %n, i64 8, ptr @cmp)
  %v = load double, ptr %x
  %m = fmul double %v, 2.0
  ret double %m
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i64 %n)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i64 %n)
; CHECK-NOT: call void @qsort
; CHECK: %ad.sort.perm = call ptr @__ad_qsort(ptr %x, i64 %n, i64 8, ptr {{.*}}@cmp)
; CHECK: fadd {{(reassoc )?}}double {{.*}}, 2.000000e+00
; CHECK: call void @__ad_qsort_adjoint(ptr {{.*}}%d.x, i64 %n, i64 8, ptr %ad.sort.perm)
; CHECK-NEXT: ret void
