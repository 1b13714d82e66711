; A checkpointed time loop over a 2-D array whose row length %n is known
; only at run time: the offset 8 (i n + j) is a recurrence of step 8 n in
; the row loop. Its region is bounded between the recurrence's first and
; last values (smin/smax of the two ends, since the step's sign is not
; known) and clamped within the block the function allocated, 8 n n bytes.
; RUN: %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=warning

declare void @__ad_autodiff(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
@ad_tape_budget = external global i32

define double @rows(ptr %u, i64 %n) {
entry:
  %nn = mul nsw i64 %n, %n
  %bytes = shl nsw i64 %nn, 3
  %b = call ptr @malloc(i64 %bytes)
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %step, label %done
step:
  %t = phi i64 [ 0, %entry ], [ %t.next, %step.end ]
  br label %row
row:
  %i = phi i64 [ 0, %step ], [ %i.next, %row.end ]
  %in = mul nsw i64 %i, %n
  br label %cell
cell:
  %j = phi i64 [ 0, %row ], [ %j.next, %cell ]
  %k = add nsw i64 %in, %j
  %pu = getelementptr inbounds double, ptr %u, i64 %k
  %v = load double, ptr %pu
  %sq = fmul double %v, %v
  %pb = getelementptr inbounds double, ptr %b, i64 %k
  store double %sq, ptr %pb
  store double %sq, ptr %pu
  %j.next = add nuw nsw i64 %j, 1
  %more.j = icmp slt i64 %j.next, %n
  br i1 %more.j, label %cell, label %row.end
row.end:
  %i.next = add nuw nsw i64 %i, 1
  %more.i = icmp slt i64 %i.next, %n
  br i1 %more.i, label %row, label %step.end
step.end:
  %t.next = add nuw nsw i64 %t, 1
  %more.t = icmp ult i64 %t.next, 10
  br i1 %more.t, label %step, label %done
done:
  %r = load double, ptr %u
  call void @free(ptr %b)
  ret double %r
}

define void @budgeted(ptr %u, ptr %du, i64 %n) {
  %bud = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @rows, ptr %u, ptr %du, i64 %n, i32 %bud, i64 4096)
  ret void
}

; The block b: its region ends at smax(8 n n - 8, 8 n - 8) + 8, within its
; %bytes; u's starts at smin(8 n (n - 1), 0).
; CHECK-LABEL: define internal void @__ad_grad.rows(
; CHECK: %bytes = shl i64
; CHECK: [[LO:%.*]] = call i64 @llvm.smin.i64(i64 {{%.*}}, i64 0)
; CHECK: [[MAX:%.*]] = call i64 @llvm.smax.i64(i64
; CHECK: [[HI:%.*]] = add i64 [[MAX]], 8
; CHECK: [[CLAMPED:%.*]] = call i64 @llvm.smin.i64(i64 [[HI]], i64 %bytes)
; CHECK: store ptr %b, ptr
; CHECK: getelementptr i8, ptr %u, i64 [[LO]]
; CHECK: call ptr @__ad_ckpt.aug.rows.0(
