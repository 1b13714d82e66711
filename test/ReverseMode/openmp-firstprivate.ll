; A firstprivate double: clang passes it to the microtask as the bits of an
; i64 (the runtime passes microtask arguments in integer registers), where
; its derivative was lost silently. The forking function now stores it in a
; slot of its own and forks a copy of the microtask that takes the slot's
; address and reads the value at its start: a shared variable only read,
; whose adjoint the microtask's reverse adds atomically into the slot's
; shadow, and whose tangent it reads from there.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal double @__ad_grad.scale(ptr %x, ptr %d.x, double %a)
; CHECK: %bits.firstprivate = alloca double
; CHECK: %bits.firstprivate.shadow = alloca double
; CHECK: store double %a, ptr %bits.firstprivate
; CHECK: call ptr @__ad_aug.__ad_omp_region.scale.omp_outlined.ad.byaddr.3(ptr %x, ptr %d.x, ptr nonnull %bits.firstprivate, ptr nonnull %bits.firstprivate.shadow,
; CHECK: call void @__ad_rev.__ad_omp_region.scale.omp_outlined.ad.byaddr.3(
; CHECK: [[DA:%.*]] = load double, ptr %bits.firstprivate.shadow
; CHECK: ret double

; The copy of the microtask reads the value from the slot.
; CHECK-LABEL: define internal void @scale.omp_outlined.ad.byaddr.3(ptr noalias %gtid, ptr noalias %btid, ptr %x, ptr nocapture readonly {{.*}}%a.bits, ptr {{.*}}%s)
; CHECK-NEXT: load double, ptr %a.bits

; CHECK-LABEL: define internal void @__ad_rev.scale.omp_outlined.ad.byaddr.3(
; CHECK: atomicrmw fadd ptr %d.a.bits.tape, double

; CHECK-LABEL: define internal { double, double } @__ad_fwd.scale(ptr %x, ptr %d.x, double %a, double %d.a)
; CHECK: store double %d.a, ptr %bits.firstprivate.shadow
; CHECK: call void @__ad_fwd.__ad_omp_region.scale.omp_outlined.ad.byaddr.3(ptr %x, ptr %d.x, ptr nonnull %bits.firstprivate, ptr nonnull %bits.firstprivate.shadow,

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@str = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00"
@loc = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
@ad_out = external global i32
@ad_dup = external global i32

; One thread's share: s += a x[0], atomically (a arrives as its bits).
define internal void @scale.omp_outlined(ptr noalias %gtid, ptr noalias %btid, ptr %x, i64 %a.bits, ptr %s) {
  %a = bitcast i64 %a.bits to double
  %x0 = load double, ptr %x
  %m = fmul double %a, %x0
  %old = atomicrmw fadd ptr %s, double %m monotonic
  ret void
}

define double @scale(ptr %x, double %a) {
  %s = alloca double
  store double 0.0, ptr %s
  %bits = bitcast double %a to i64
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @scale.omp_outlined, ptr %x, i64 %bits, ptr %s)
  %r = load double, ptr %s
  ret double %r
}

define double @caller(ptr %x, ptr %dx, double %a) {
  %out = load i32, ptr @ad_out
  %dup = load i32, ptr @ad_dup
  %da = call double (ptr, ...) @__ad_autodiff(ptr @scale, ptr %x, ptr %dx, i32 %out, double %a)
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @scale, ptr %x, ptr %dx, i32 %dup, double %a, double 1.0)
  %r = fadd double %da, %t
  ret double %r
}
