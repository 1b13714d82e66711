; A checkpointed loop of swapped buffers left at two places: at the end
; of its steps with the buffer it wrote last, and early (a value out of
; range) with another pointer known before it. The exit's phi takes both;
; the other pointer is one more buffer the result's index may name (it
; was left out: the index of the early exit named the last buffer
; instead, a wrong pointer after the loop).
; RUN: %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=warning

declare void @__ad_autodiff(ptr, ...)
@ad_tape_budget = external global i32

define double @guarded(ptr %u, ptr %w, ptr %other, i64 %steps) {
entry:
  %go = icmp sgt i64 %steps, 0
  br i1 %go, label %pre, label %done
pre:
  br label %step
step:
  %t = phi i64 [ 0, %pre ], [ %t.next, %body ]
  %a = phi ptr [ %u, %pre ], [ %b, %body ]
  %b = phi ptr [ %w, %pre ], [ %a, %body ]
  br label %cell
cell:
  %v = load double, ptr %a
  %big = fcmp ogt double %v, 1.0e6
  br i1 %big, label %done, label %body
body:
  %sq = fmul double %v, %v
  store double %sq, ptr %b
  %t.next = add nuw nsw i64 %t, 1
  %again = icmp slt i64 %t.next, %steps
  br i1 %again, label %step, label %done
done:
  %last = phi ptr [ %other, %entry ], [ %other, %cell ], [ %b, %body ]
  %r = load double, ptr %last
  ret double %r
}

define void @budgeted(ptr %u, ptr %du, ptr %w, ptr %dw, ptr %o, ptr %do, i64 %s) {
  %bud = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @guarded, ptr %u, ptr %du, ptr %w, ptr %dw, ptr %o, ptr %do, i64 %s, i32 %bud, i64 4096)
  ret void
}

; The step stores the early exit's index, that of %other (2); after the
; loop the result's shadow is chosen among the three buffers' shadows.
; CHECK-LABEL: define internal void @__ad_grad.guarded(
; CHECK: [[IS1:%.*]] = icmp eq i32 [[IDX:%.*]], 1
; CHECK: [[SEL:%.*]] = select i1 [[IS1]], ptr {{%d.u|%d.w}}, ptr %d.other
; CHECK: [[IS0:%.*]] = icmp eq i32 [[IDX]], 0
; CHECK: select i1 [[IS0]], ptr {{%d.u|%d.w}}, ptr [[SEL]]
; CHECK-LABEL: define internal i32 @__ad_ckpt.step.guarded.0(
; CHECK: store i32 2, ptr
