; An OpenMP reduction and an omp atomic update in a parallel region. The
; reduction is combined under its lock by every thread (the runtime's tree
; and atomic variants are gone: the runtime would otherwise combine the
; private copies through a function the derivative does not see). The
; atomic addition's reverse reads the shared adjoint atomically into the
; value added; its tangent is the same atomic addition on the shadow.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal ptr @__ad_aug.f.omp_outlined(
; CHECK-NOT: __kmpc_reduce_nowait
; CHECK: atomicrmw fadd ptr %t, double %sq monotonic
; CHECK: call void @__kmpc_critical(ptr nonnull @loc, i32 %gtid, ptr nonnull @red.lock)
; CHECK: store double %c, ptr %s
; CHECK-NEXT: call i64 @__ad_omp_ticket(ptr nonnull @red.lock)
; CHECK: call void @__kmpc_end_critical(ptr nonnull @loc, i32 %gtid, ptr nonnull @red.lock)
; CHECK-NOT: __kmpc_end_reduce_nowait
; CHECK: ret ptr

; CHECK-LABEL: define internal void @__ad_rev.f.omp_outlined(
; CHECK: call void @__ad_omp_wait_turn(ptr nonnull @red.lock,
; CHECK: call void @__ad_omp_pass_turn(ptr nonnull @red.lock)
; CHECK: %[[DT:.*]] = load atomic double, ptr %d.t.tape monotonic
; CHECK: fmul double %[[DT]], %v.tape
; CHECK: atomicrmw fadd ptr %p.shadow.tape

; CHECK-LABEL: define internal void @__ad_fwd.f.omp_outlined(
; CHECK: %old = atomicrmw fadd ptr %t, double %sq monotonic
; CHECK-NEXT: atomicrmw fadd ptr %d.t, double %{{.*}} monotonic
; CHECK: call void @__kmpc_critical(
; CHECK-NOT: __kmpc_reduce_nowait
; CHECK: store double %{{.*}}, ptr %d.s
; CHECK-NEXT: call void @__kmpc_end_critical(

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@str = private constant [23 x i8] c";unknown;unknown;0;0;;\00"
@loc = private constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }
@red.lock = common global [8 x i32] zeroinitializer
@ad_dup = external global i32

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce_nowait(ptr, i32, ptr)
declare double @llvm.sin.f64(double)

; Each thread adds sin(x[t]) into a private copy, then reduces it into %s;
; it also adds x[t]^2 atomically into %t (omp atomic).
define double @f(ptr %x) {
entry:
  %s = alloca double
  %t = alloca double
  store double 0.0, ptr %s
  store double 0.0, ptr %t
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @f.omp_outlined, ptr %x, ptr %s, ptr %t)
  %a = load double, ptr %s
  %b = load double, ptr %t
  %r = fmul double %a, %b
  ret double %r
}

define internal void @f.omp_outlined(ptr noalias %gtid.p, ptr noalias %btid.p, ptr %x, ptr %s, ptr %t) {
entry:
  %priv = alloca double
  %list = alloca [1 x ptr]
  %gtid = load i32, ptr %gtid.p
  %idx = sext i32 %gtid to i64
  %p = getelementptr inbounds double, ptr %x, i64 %idx
  %v = load double, ptr %p
  %sv = call double @llvm.sin.f64(double %v)
  store double %sv, ptr %priv
  %sq = fmul double %v, %v
  %old = atomicrmw fadd ptr %t, double %sq monotonic
  store ptr %priv, ptr %list
  %k = call i32 @__kmpc_reduce_nowait(ptr @loc, i32 %gtid, i32 1, i64 8, ptr %list, ptr @combine, ptr @red.lock)
  switch i32 %k, label %out [
    i32 1, label %one
    i32 2, label %two
  ]
one:
  %a = load double, ptr %s
  %b = load double, ptr %priv
  %c = fadd double %a, %b
  store double %c, ptr %s
  call void @__kmpc_end_reduce_nowait(ptr @loc, i32 %gtid, ptr @red.lock)
  br label %out
two:
  %d = load double, ptr %priv
  %e = atomicrmw fadd ptr %s, double %d monotonic
  br label %out
out:
  ret void
}

define internal void @combine(ptr %l, ptr %r) {
  %lp = load ptr, ptr %l
  %rp = load ptr, ptr %r
  %a = load double, ptr %lp
  %b = load double, ptr %rp
  %c = fadd double %a, %b
  store double %c, ptr %lp
  ret void
}

define void @grad(ptr %x, ptr %dx) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

define double @tangent(ptr %x, ptr %dx) {
  %r = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret double %r
}
