; A byval argument is the callee's own copy: the derivative takes a plain
; pointer and makes the copy itself, and the copy gets a shadow of its own
; (zeroed), so the callee's writes to its copy and to its shadow never reach
; the caller's. Here the callee writes memory, so it is split.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal { ptr, double } @__ad_aug.rec(ptr align 8 %s, ptr %d.s, i32 %m)
; CHECK: %s.byval = call ptr @__ad_split_alloc(i64 16, i64 8)
; CHECK: %s.byval.shadow = call ptr @__ad_split_alloc(i64 16, i64 8)
; CHECK: call void @llvm.memset.p0.i64(ptr {{.*}}%s.byval.shadow, i8 0, i64 16, i1 false)
; CHECK: store double %a2, ptr %s.byval
; CHECK: call { ptr, double } @__ad_aug.rec(ptr nonnull %s.byval, ptr nonnull %s.byval.shadow, i32 %k)
; CHECK-NOT: byval(

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
%S = type { double, double }

define internal double @rec(ptr byval(%S) align 8 %s, i32 %m) {
entry:
  %z = icmp eq i32 %m, 0
  %a = load double, ptr %s
  br i1 %z, label %base, label %rec
base:
  ret double %a
rec:
  %a2 = fmul double %a, %a
  store double %a2, ptr %s
  %k = add i32 %m, -1
  %r = call double @rec(ptr byval(%S) align 8 %s, i32 %k)
  %a3 = load double, ptr %s
  %q = fadd double %r, %a3
  ret double %q
}

define double @f(ptr %p, i32 %n) {
  %r = call double @rec(ptr byval(%S) align 8 %p, i32 %n)
  ret double %r
}

define void @grad(ptr %p, ptr %dp, i32 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %p, ptr %dp, i32 %const, i32 %n)
  ret void
}
