; A checkpointed time loop that swaps two buffers (`s = a; a = b; b = s`):
; the regions it writes are the same bytes of both buffers, and the two
; pointers it carries become the indices of the buffers they hold (i32
; phis; each use selects the buffer again), so that the context block
; carries no pointer that changes between steps (the shadow block is one
; for all steps: a swapped pointer there met another step's shadow, and
; the pointer left after the loop had none). A pointer advanced by
; arithmetic stays refused (taped in full, with a warning).
; RUN: %opt -passes=ad -S %s 2>%t.err | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=WARN < %t.err

declare void @__ad_autodiff(ptr, ...)
@ad_tape_budget = external global i32

; for (t = 0; t < 100; t++) { for (i < 8) b[i] = a[i] * a[i]; swap(a, b); }
; return a[0];
define double @swap(ptr %u, ptr %w) {
entry:
  br label %step
step:
  %t = phi i64 [ 0, %entry ], [ %t.next, %next ]
  %a = phi ptr [ %u, %entry ], [ %b, %next ]
  %b = phi ptr [ %w, %entry ], [ %a, %next ]
  br label %cell
cell:
  %i = phi i64 [ 0, %step ], [ %i.next, %cell ]
  %pa = getelementptr double, ptr %a, i64 %i
  %v = load double, ptr %pa
  %sq = fmul double %v, %v
  %pb = getelementptr double, ptr %b, i64 %i
  store double %sq, ptr %pb
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 8
  br i1 %more, label %cell, label %next
next:
  %t.next = add nuw nsw i64 %t, 1
  %again = icmp ult i64 %t.next, 100
  br i1 %again, label %step, label %done
done:
  %last = phi ptr [ %b, %next ]
  %r = load double, ptr %last
  ret double %r
}

define void @budgeted(ptr %u, ptr %du, ptr %w, ptr %dw) {
  %bud = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @swap, ptr %u, ptr %du, ptr %w, ptr %dw, i32 %bud, i64 4096)
  ret void
}

; Both buffers' 64 bytes are regions; the loop's result is the buffer its
; index names, selected after it, and so is its shadow.
; CHECK-LABEL: define internal void @__ad_grad.swap
; CHECK: store ptr %u, ptr
; CHECK: store i64 64, ptr
; CHECK: store ptr %w, ptr
; CHECK: store i64 64, ptr
; CHECK: call ptr @__ad_ckpt.aug.swap.0(
; CHECK: [[IDX:%.*]] = load i32, ptr
; CHECK: [[IS0:%.*]] = icmp eq i32 [[IDX]], 0
; CHECK: [[DLAST:%.*]] = select i1 [[IS0]], ptr %d.u, ptr %d.w
; CHECK: fadd reassoc double {{.*}}, 1.0
; CHECK: store double {{.*}}, ptr [[DLAST]]
; The step carries the indices: no pointer phi, selects of u and w.
; CHECK-LABEL: define internal i32 @__ad_ckpt.step.swap.0(
; CHECK: [[A:%a.buffer.*]] = load i32, ptr
; CHECK: [[B:%b.buffer.*]] = load i32, ptr
; CHECK: [[U:%u]] = load ptr, ptr
; CHECK: [[W:%w]] = load ptr, ptr
; CHECK-NOT: phi ptr
; CHECK: [[BIS0:%.*]] = icmp eq i32 [[B]], 0
; CHECK: select i1 [[BIS0]], ptr [[U]], ptr [[W]]
; CHECK: [[AIS0:%.*]] = icmp eq i32 [[A]], 0
; CHECK: select i1 [[AIS0]], ptr [[U]], ptr [[W]]
; At the back edge the indices are swapped.
; CHECK: store i32 [[B]], ptr
; CHECK: store i32 [[A]], ptr
; CHECK: ret i32 1

; for (t < 100) { for (i < 8) p[8 + i] = p[i] * p[i]; p += 8; }
define double @advance(ptr %x) {
entry:
  br label %step
step:
  %t = phi i64 [ 0, %entry ], [ %t.next, %next ]
  %p = phi ptr [ %x, %entry ], [ %p.next, %next ]
  br label %cell
cell:
  %i = phi i64 [ 0, %step ], [ %i.next, %cell ]
  %pa = getelementptr double, ptr %p, i64 %i
  %v = load double, ptr %pa
  %sq = fmul double %v, %v
  %j = add nuw nsw i64 %i, 8
  %pb = getelementptr double, ptr %p, i64 %j
  store double %sq, ptr %pb
  %i.next = add nuw nsw i64 %i, 1
  %more = icmp ult i64 %i.next, 8
  br i1 %more, label %cell, label %next
next:
  %p.next = getelementptr double, ptr %p, i64 8
  %t.next = add nuw nsw i64 %t, 1
  %again = icmp ult i64 %t.next, 100
  br i1 %again, label %step, label %done
done:
  %r = load double, ptr %p.next
  ret double %r
}

define void @budgeted_advance(ptr %x, ptr %dx) {
  %bud = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @advance, ptr %x, ptr %dx, i32 %bud, i64 4096)
  ret void
}

; WARN: warning: {{.*}}advance{{.*}}ADPass: this loop is taped in full despite the tape budget: it cannot be checkpointed because it carries a pointer that moves from one iteration to the next other than among buffers known before it
