; A gradient with a tape budget (ad_tape_budget) checkpoints the time loop:
; the loop becomes a call on a context block (trip count, the region the
; loop writes, the carried counter, its inputs), one iteration becomes a
; step function returning whether another follows, and the derivative of
; the loop's call is the checkpointing runtime with the step's gradient.
; The gradient itself tapes nothing of the loop. Without a budget the loop
; is taped as usual.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_tape_budget = external global i32

; x[i] = sin(x[i]) for i < n, T times.
define void @evolve(ptr %x, i64 %n, i64 %T) {
entry:
  br label %time
time:
  %t = phi i64 [ 0, %entry ], [ %t.next, %time.latch ]
  br label %cell
cell:
  %i = phi i64 [ 0, %time ], [ %i.next, %cell ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s = call double @sin(double %v)
  store double %s, ptr %p
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %cell, label %time.latch
time.latch:
  %t.next = add nuw i64 %t, 1
  %more = icmp ult i64 %t.next, %T
  br i1 %more, label %time, label %done
done:
  ret void
}

define void @taped(ptr %x, ptr %dx, i64 %n, i64 %T) {
  call void (ptr, ...) @__ad_autodiff(ptr @evolve, ptr %x, ptr %dx, i64 %n, i64 %T)
  ret void
}

define void @budgeted(ptr %x, ptr %dx, i64 %n, i64 %T, i64 %bytes) {
  %b = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @evolve, ptr %x, ptr %dx, i64 %n, i64 %T, i32 %b, i64 %bytes)
  ret void
}

; CHECK-LABEL: define void @taped(
; CHECK-NOT: __ad_set_tape_budget
; CHECK: call void @[[TAPED:__ad_grad.evolve[.0-9]*]](

; CHECK-LABEL: define void @budgeted(
; CHECK: call void @__ad_set_tape_budget(i64 %bytes)
; CHECK-NEXT: call void @[[BUDGETED:__ad_grad.evolve[.0-9]*]](

; The budgeted gradient: the context with the trip count, the region of x
; the loop writes, the counter and the inputs (their shadows beside), then
; the loop's augmented forward and its reverse; no tape of its own.
; CHECK: define internal void @[[BUDGETED]](
; CHECK-NOT: @__ad_tape_realloc
; CHECK: store ptr %x, ptr
; CHECK-NEXT: store ptr %d.x, ptr
; CHECK: store i64 %T, ptr
; CHECK-NEXT: [[TAPE:%.*]] = call ptr @__ad_ckpt.aug.evolve.0(ptr {{.*}}%ad.ckpt.ctx, ptr {{.*}}%ad.ckpt.ctx.shadow)
; CHECK-NEXT: call void @__ad_ckpt.rev.evolve.0(ptr {{.*}}%ad.ckpt.ctx, ptr {{.*}}%ad.ckpt.ctx.shadow, ptr [[TAPE]])
; CHECK-NOT: @__ad_tape_realloc
; CHECK: ret void

; The step: the counter and the inputs from the context, one iteration,
; the next counter stored at the back edge.
; CHECK-LABEL: define internal i32 @__ad_ckpt.step.evolve.0(ptr %0, ptr %1)
; CHECK: load i64, ptr
; CHECK: call double @sin(
; CHECK: ad.next:
; CHECK: store i64 %t.next, ptr
; CHECK-NEXT: ret i32 1
; CHECK: ad.exit:
; CHECK-NEXT: ret i32 0

; The loop as the primal runs it; its derivative is registered.
; CHECK-LABEL: define internal void @__ad_ckpt.loop.evolve.0(ptr %0)
; CHECK: call i32 @__ad_ckpt.step.evolve.0(ptr %0, ptr %ad.ckpt.consts)

; CHECK-LABEL: define internal ptr @__ad_ckpt.aug.evolve.0(ptr %0, ptr %1)
; CHECK: call ptr @__ad_checkpoint_forward(ptr %0, i64 {{[0-9]+}}, ptr %ad.ckpt.consts, i64 0, i64 1, ptr @__ad_ckpt.step.evolve.0, ptr @__ad_grad.__ad_ckpt.step.evolve.0,
; CHECK-LABEL: define internal void @__ad_ckpt.rev.evolve.0(ptr %0, ptr %1, ptr %2)
; CHECK: call void @__ad_checkpoint_reverse(ptr %2, ptr %1)

; The taped gradient grows a tape in the loop.
; CHECK: define internal void @[[TAPED]](
; CHECK: @__ad_tape_realloc
