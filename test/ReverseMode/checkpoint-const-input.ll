; A checkpointed loop reading memory passed ad_const (a coefficient array):
; the pointer has no shadow, so it cannot sit in the context block, whose
; shadow receives the adjoints (it was refused as "a pointer without shadow
; stored into differentiated memory"). The loop function takes it as an
; argument without shadow, the step reads it from a second block passed
; ad_const, and the runtime keeps a copy of that block for the reverse.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.evolve(ptr %x, ptr %d.x, ptr %c, i64 %n, i64 %T)
; CHECK-NOT: store ptr %c
; CHECK: [[TAPE:%.*]] = call ptr @__ad_ckpt.aug.evolve.0(ptr {{.*}}%ad.ckpt.ctx, ptr %c, ptr {{.*}}%ad.ckpt.ctx.shadow, ptr null)
; CHECK-NEXT: call void @__ad_ckpt.rev.evolve.0(ptr {{.*}}%ad.ckpt.ctx, ptr %c, ptr {{.*}}%ad.ckpt.ctx.shadow, ptr null, ptr [[TAPE]])

; CHECK-LABEL: define internal void @__ad_ckpt.loop.evolve.0(ptr %0, ptr %1)
; CHECK: %ad.ckpt.consts = alloca { ptr }
; CHECK: store ptr %1, ptr
; CHECK: call i32 @__ad_ckpt.step.evolve.0(ptr %0, ptr %ad.ckpt.consts)

; The step's gradient: the context and its shadow, then the constants.
; CHECK-LABEL: define internal void @__ad_grad.__ad_ckpt.step.evolve.0(ptr %0, ptr %d., ptr %1)
; CHECK: %c = load ptr, ptr %1
; CHECK-NOT: %c.shadow

; CHECK-LABEL: define internal ptr @__ad_ckpt.aug.evolve.0(ptr %0, ptr %1, ptr %2, ptr %3)
; CHECK: %ad.ckpt.consts = alloca { ptr }
; CHECK: store ptr %1, ptr
; CHECK: call ptr @__ad_checkpoint_forward(ptr %0, i64 {{[0-9]+}}, ptr %ad.ckpt.consts, i64 8, i64 1, ptr @__ad_ckpt.step.evolve.0, ptr @__ad_grad.__ad_ckpt.step.evolve.0,
; CHECK-LABEL: define internal void @__ad_ckpt.rev.evolve.0(ptr %0, ptr %1, ptr %2, ptr %3, ptr %4)
; CHECK: call void @__ad_checkpoint_reverse(ptr %4, ptr %2)

declare void @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_tape_budget = external global i32
@ad_const = external global i32

; x[i] += 0.1 c[i] sin(x[i]) for i < n, T times; c is ad_const.
define void @evolve(ptr %x, ptr %c, i64 %n, i64 %T) {
entry:
  br label %time
time:
  %t = phi i64 [ 0, %entry ], [ %t.next, %time.latch ]
  br label %cell
cell:
  %i = phi i64 [ 0, %time ], [ %i.next, %cell ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %cp = getelementptr double, ptr %c, i64 %i
  %cv = load double, ptr %cp
  %s = call double @sin(double %v)
  %m = fmul double %cv, %s
  %m1 = fmul double %m, 1.000000e-01
  %w = fadd double %v, %m1
  store double %w, ptr %p
  %i.next = add nuw i64 %i, 1
  %cc = icmp ult i64 %i.next, %n
  br i1 %cc, label %cell, label %time.latch
time.latch:
  %t.next = add nuw i64 %t, 1
  %more = icmp ult i64 %t.next, %T
  br i1 %more, label %time, label %done
done:
  ret void
}

define void @budgeted(ptr %x, ptr %dx, ptr %c, i64 %n, i64 %T, i64 %bytes) {
  %b = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @evolve, ptr %x, ptr %dx, ptr @ad_const, ptr %c, i64 %n, i64 %T, i32 %b, i64 %bytes)
  ret void
}
