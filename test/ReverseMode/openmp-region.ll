; A parallel region (clang's __kmpc_fork_call of an outlined microtask)
; on an active path. The caller's derivative calls the region's augmented
; forward and reverse like any split callee. The augmented region forks a
; task that runs the microtask's augmented forward and files its tape per
; thread; the reverse region asks for as many threads and forks a task that
; takes the thread's tape and runs the microtask's reverse. In that reverse:
; the barrier is mirrored first (with the thread id asked again), the
; critical section is entered by turn (the ticket the forward sweep took
; inside it) and left by passing the turn, and the adjoints of the shared
; array x are added atomically. Forward mode forks the microtask's tangent.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.sumsq(
; The slot of n holds an integer the region only reads: no shadow.
; CHECK: %[[T:.*]] = call ptr @__ad_aug.__ad_omp_region.sumsq.omp_outlined(ptr %x, ptr %d.x, ptr {{.*}}%n.addr, ptr {{.*}}%s, ptr {{.*}}%s.shadow)
; CHECK: call void @__ad_rev.__ad_omp_region.sumsq.omp_outlined(ptr %[[T]])

; The shared variables only read are marked for the caller's analyses.
; CHECK-LABEL: define internal void @__ad_omp_region.sumsq.omp_outlined(ptr nocapture readonly %0, ptr nocapture readonly %1, ptr %2)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @sumsq.omp_outlined, ptr %0, ptr %1, ptr %2)

; CHECK-LABEL: define internal ptr @__ad_aug.__ad_omp_region.sumsq.omp_outlined(
; CHECK: %tapes = call ptr @__ad_omp_tapes_new()
; CHECK-NEXT: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr nonnull @loc, i32 6, ptr nonnull @__ad_omp_aug.sumsq.omp_outlined, ptr %0, ptr %1, ptr %2, ptr %3, ptr %4, ptr %tapes)
; CHECK-NEXT: ret ptr %tapes

; CHECK-LABEL: define internal void @__ad_rev.__ad_omp_region.sumsq.omp_outlined(ptr %0)
; CHECK: %nth = call i32 @__ad_omp_tapes_threads(ptr %0)
; CHECK: call void @__kmpc_push_num_threads(ptr nonnull @loc, i32 %gtid, i32 %nth)
; CHECK-NEXT: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr nonnull @loc, i32 1, ptr nonnull @__ad_omp_rev.sumsq.omp_outlined, ptr %0)
; CHECK-NEXT: call void @__ad_omp_tapes_free(ptr %0)

; The microtask's forward sweep: the ticket is taken inside the section.
; CHECK-LABEL: define internal ptr @__ad_aug.sumsq.omp_outlined(
; CHECK: %[[LEVEL:.*]] = call i32 @omp_get_active_level()
; CHECK: %ad.omp.alone = icmp eq i32 %[[LEVEL]],
; CHECK: call void @__kmpc_critical(ptr nonnull @loc, i32 %gtid, ptr nonnull @lock)
; CHECK: store double %new, ptr %s
; CHECK-NEXT: %ad.omp.ticket = call i64 @__ad_omp_ticket(ptr nonnull @lock)
; CHECK: call void @__kmpc_end_critical(ptr nonnull @loc, i32 %gtid, ptr nonnull @lock)
; CHECK-NEXT: call void @__kmpc_barrier(ptr nonnull @loc, i32 %gtid)

; CHECK-LABEL: define internal void @__ad_rev.sumsq.omp_outlined(
; CHECK: %ad.gtid = call i32 @__kmpc_global_thread_num(ptr nonnull @loc)
; CHECK-NEXT: call void @__kmpc_barrier(ptr nonnull @loc, i32 %ad.gtid)
; CHECK: %ad.omp.ticket.tape = load i64
; CHECK-NEXT: call void @__ad_omp_wait_turn(ptr nonnull @lock, i64 %ad.omp.ticket.tape)
; CHECK-NOT: __kmpc_critical
; CHECK: call void @__ad_omp_pass_turn(ptr nonnull @lock)
; x[i] is the only shared memory whose adjoint the loop adds to, at the
; worksharing loop's index: each element is one thread's, so the addition
; is plain, unless other teams run this region too (nested in another
; team's work), which the forward sweep asked the runtime.
; CHECK: rev.loop:
; CHECK: %[[DX:.*]] = getelementptr inbounds double, ptr %d.x.tape.pre
; CHECK-NEXT: br i1 %ad.omp.alone{{.*}}, label %[[PLAIN:.*]], label %[[ATOMIC:.*]]
; CHECK: [[PLAIN]]:
; CHECK-NEXT: %[[OLD:.*]] = load double, ptr %[[DX]]
; CHECK-NEXT: %[[NEW:.*]] = fadd {{(reassoc )?}}double %[[OLD]]
; CHECK-NEXT: store double %[[NEW]], ptr %[[DX]]
; CHECK: [[ATOMIC]]:
; CHECK-NEXT: atomicrmw fadd ptr %[[DX]], double %{{.*}} monotonic

; CHECK-LABEL: define internal void @__ad_omp_aug.sumsq.omp_outlined(
; CHECK: %tape = call ptr @__ad_aug.sumsq.omp_outlined(
; CHECK: call void @__ad_omp_tapes_keep(ptr %7, i32 %tid, i32 %nth, ptr %tape)

; CHECK-LABEL: define internal void @__ad_omp_rev.sumsq.omp_outlined(
; CHECK: %tape = call ptr @__ad_omp_tapes_take(ptr %2, i32 %tid, i32 %nth)
; CHECK-NEXT: call void @__ad_rev.sumsq.omp_outlined(ptr %tape)

; x[i] * x[i+1] (@pairs below): every addition is atomic.
; CHECK-LABEL: define internal void @__ad_rev.pairs.omp_outlined(
; CHECK-NOT: omp.alone
; CHECK: atomicrmw fadd
; CHECK-NOT: omp.alone
; CHECK: atomicrmw fadd
; CHECK-NOT: omp.alone
; CHECK-LABEL: define internal { double, double } @__ad_fwd.sumsq(
; CHECK: call void @__ad_fwd.__ad_omp_region.sumsq.omp_outlined(ptr %x, ptr %d.x,
; CHECK-LABEL: define internal void @__ad_fwd.__ad_omp_region.sumsq.omp_outlined(
; CHECK-NEXT: entry:
; CHECK-NEXT: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 5, ptr @__ad_fwd.sumsq.omp_outlined, ptr %0, ptr %1, ptr %2, ptr %3, ptr %4)
; CHECK-LABEL: define internal void @__ad_fwd.sumsq.omp_outlined(
; CHECK: call void @__kmpc_critical(
; CHECK: store double {{.*}}, ptr %d.s
; CHECK: call void @__kmpc_end_critical(

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@str = private constant [23 x i8] c";unknown;unknown;0;0;;\00"
@loc = private constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }
@lock = common global [8 x i32] zeroinitializer
@ad_dup = external global i32

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)
declare void @__kmpc_for_static_fini(ptr, i32)
declare void @__kmpc_critical(ptr, i32, ptr)
declare void @__kmpc_end_critical(ptr, i32, ptr)
declare void @__kmpc_barrier(ptr, i32)

; s = sum_i x[i]^2 over a static schedule, combined under a critical section.
define double @sumsq(ptr %x, i32 %n) {
entry:
  %n.addr = alloca i32
  %s = alloca double
  store i32 %n, ptr %n.addr
  store double 0.0, ptr %s
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @sumsq.omp_outlined, ptr %x, ptr %n.addr, ptr %s)
  %r = load double, ptr %s
  ret double %r
}

define internal void @sumsq.omp_outlined(ptr noalias %gtid.p, ptr noalias %btid.p, ptr %x, ptr %n.p, ptr %s) {
entry:
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %last = alloca i32
  %n = load i32, ptr %n.p
  %top = add i32 %n, -1
  store i32 0, ptr %lb
  store i32 %top, ptr %ub
  store i32 1, ptr %st
  store i32 0, ptr %last
  %gtid = load i32, ptr %gtid.p
  call void @__kmpc_for_static_init_4(ptr @loc, i32 %gtid, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %lo = load i32, ptr %lb
  %hi0 = load i32, ptr %ub
  %hi = call i32 @llvm.smin.i32(i32 %hi0, i32 %top)
  %empty = icmp sgt i32 %lo, %hi
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ %lo, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %i64 = sext i32 %i to i64
  %p = getelementptr inbounds double, ptr %x, i64 %i64
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %acc.next = fadd double %acc, %sq
  %i.next = add nsw i32 %i, 1
  %more = icmp sle i32 %i.next, %hi
  br i1 %more, label %loop, label %done

done:
  %part = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  call void @__kmpc_for_static_fini(ptr @loc, i32 %gtid)
  call void @__kmpc_critical(ptr @loc, i32 %gtid, ptr @lock)
  %old = load double, ptr %s
  %new = fadd double %old, %part
  store double %new, ptr %s
  call void @__kmpc_end_critical(ptr @loc, i32 %gtid, ptr @lock)
  call void @__kmpc_barrier(ptr @loc, i32 %gtid)
  ret void
}

declare i32 @llvm.smin.i32(i32, i32)

; x[i] * x[i+1]: two threads may add to one element (at the edges of their
; chunks), so every addition is atomic.
define double @pairs(ptr %x, i32 %n) {
entry:
  %n.addr = alloca i32
  %s = alloca double
  store i32 %n, ptr %n.addr
  store double 0.0, ptr %s
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @pairs.omp_outlined, ptr %x, ptr %n.addr, ptr %s)
  %r = load double, ptr %s
  ret double %r
}

define internal void @pairs.omp_outlined(ptr noalias %gtid.p, ptr noalias %btid.p, ptr %x, ptr %n.p, ptr %s) {
entry:
  %lb = alloca i32
  %ub = alloca i32
  %st = alloca i32
  %last = alloca i32
  %n = load i32, ptr %n.p
  %top = add i32 %n, -2
  store i32 0, ptr %lb
  store i32 %top, ptr %ub
  store i32 1, ptr %st
  store i32 0, ptr %last
  %gtid = load i32, ptr %gtid.p
  call void @__kmpc_for_static_init_4(ptr @loc, i32 %gtid, i32 34, ptr %last, ptr %lb, ptr %ub, ptr %st, i32 1, i32 1)
  %lo = load i32, ptr %lb
  %hi0 = load i32, ptr %ub
  %hi = call i32 @llvm.smin.i32(i32 %hi0, i32 %top)
  %empty = icmp sgt i32 %lo, %hi
  br i1 %empty, label %done, label %loop

loop:
  %i = phi i32 [ %lo, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %i64 = sext i32 %i to i64
  %j64 = sext i32 %i.next to i64
  %p = getelementptr inbounds double, ptr %x, i64 %i64
  %q = getelementptr inbounds double, ptr %x, i64 %j64
  %v = load double, ptr %p
  %w = load double, ptr %q
  %vw = fmul double %v, %w
  %acc.next = fadd double %acc, %vw
  %more = icmp sle i32 %i.next, %hi
  br i1 %more, label %loop, label %done

done:
  %part = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  call void @__kmpc_for_static_fini(ptr @loc, i32 %gtid)
  %old = atomicrmw fadd ptr %s, double %part monotonic
  ret void
}

define void @grad_pairs(ptr %x, ptr %dx, i32 %n) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @pairs, ptr @ad_dup, ptr %x, ptr %dx, i32 %n)
  ret void
}


define void @grad(ptr %x, ptr %dx, i32 %n) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @sumsq, ptr @ad_dup, ptr %x, ptr %dx, i32 %n)
  ret void
}

define double @tangent(ptr %x, ptr %dx, i32 %n) {
  %r = call double (ptr, ...) @__ad_fwddiff(ptr @sumsq, ptr @ad_dup, ptr %x, ptr %dx, i32 %n)
  ret double %r
}
