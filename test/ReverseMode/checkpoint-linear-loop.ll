; Under a tape budget, a loop whose reverse sweep needs no value of the
; forward sweep (a copy, additions, products by constants) tapes nothing:
; it is not checkpointed (its snapshots only took memory from the budget,
; leaving the time loop after it one snapshot and quadratic recomputation).
; The time loop, whose products need the state, is.
; RUN: %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=warning --implicit-check-not=__ad_ckpt.step.sim.1

declare void @__ad_autodiff(ptr, ...)
declare double @llvm.fmuladd.f64(double, double, double)
@ad_tape_budget = external global i32

define double @sim(ptr %u, ptr %a, i64 %n) {
entry:
  br label %copy
copy:
  %c = phi i64 [ 0, %entry ], [ %c.next, %copy ]
  %pu = getelementptr inbounds double, ptr %u, i64 %c
  %v = load double, ptr %pu
  %w = call double @llvm.fmuladd.f64(double %v, double 2.0, double 1.0)
  %pa = getelementptr inbounds double, ptr %a, i64 %c
  store double %w, ptr %pa
  %c.next = add nuw nsw i64 %c, 1
  %more.c = icmp ult i64 %c.next, 8
  br i1 %more.c, label %copy, label %step
step:
  %t = phi i64 [ 0, %copy ], [ %t.next, %cell ]
  br label %cell
cell:
  %p0 = getelementptr inbounds double, ptr %a, i64 0
  %x = load double, ptr %p0
  %sq = fmul double %x, %x
  store double %sq, ptr %p0
  %t.next = add nuw nsw i64 %t, 1
  %more.t = icmp ult i64 %t.next, 100
  br i1 %more.t, label %step, label %done
done:
  %r = load double, ptr %a
  ret double %r
}

define void @budgeted(ptr %u, ptr %du, ptr %a, ptr %da, i64 %n) {
  %bud = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @sim, ptr %u, ptr %du, ptr %a, ptr %da, i64 %n, i32 %bud, i64 4096)
  ret void
}

; One step function, the time loop's: its body squares.
; CHECK: define internal i32 @__ad_ckpt.step.sim.0(
; CHECK: fmul double
