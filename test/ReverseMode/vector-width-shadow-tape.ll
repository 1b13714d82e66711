; Vector reverse mode over a linked list: the reverse sweep needs each
; node's shadow again, and each direction has its own shadow list, so the
; loop's tape keeps one shadow pointer per direction (two slots side by
; side in the record, written and read by each lane at its own offset).
; The primal node pointer is taped once. (This used to be refused: "a
; tangent is stored into memory that all directions share".)
;   f = sum over the list of v^2
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.x2.f(ptr %h, ptr %d.h.0, ptr %d.h.1)
; CHECK-NOT: __ad_lane_index
; The forward sweep: records of 24 bytes (v, then a shadow per direction);
; lane 0's shadow at the slot, lane 1's 8 bytes after.
; CHECK: call ptr @__ad_tape_realloc(ptr null, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}})
; CHECK: [[REC:%.*]] = mul i64 %ad.count.loop.0, 24
; CHECK-NEXT: [[OFF:%.*]] = add i64 [[REC]], 8
; CHECK-NEXT: [[S0:%.*]] = getelementptr inbounds i8, ptr %ad.tapebase.1, i64 [[OFF]]
; CHECK-NEXT: [[S1:%.*]] = getelementptr inbounds i8, ptr [[S0]], i64 8
; CHECK-NEXT: store ptr %p.shadow, ptr [[S0]]
; CHECK-NEXT: store ptr %p.shadow.l1, ptr [[S1]]
; The reverse sweep reads both back, and each lane adds to its own node.
; CHECK: rev.loop:
; CHECK: %p.shadow.tape = load ptr, ptr [[R0:%.*]], align 8
; CHECK-NEXT: %p.shadow.tape.l1 = load ptr, ptr [[R1:%.*]], align 8
; CHECK-DAG: store double %{{.*}}, ptr %p.shadow.tape,
; CHECK-DAG: store double %{{.*}}, ptr %p.shadow.tape.l1,
; CHECK: call void @__ad_tape_free(
; CHECK-NOT: __ad_lane_index

declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_width = external global i32

%node = type { double, ptr }

define double @f(ptr %h) {
entry:
  %empty = icmp eq ptr %h, null
  br i1 %empty, label %done, label %loop
loop:
  %p = phi ptr [ %h, %entry ], [ %next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %s1 = fadd double %s, %sq
  %np = getelementptr inbounds %node, ptr %p, i64 0, i32 1
  %next = load ptr, ptr %np
  %end = icmp eq ptr %next, null
  br i1 %end, label %done, label %loop
done:
  %r = phi double [ 0.0, %entry ], [ %s1, %loop ]
  ret double %r
}

define void @g(ptr %h, ptr %dh0, ptr %dh1) {
  %w = load i32, ptr @ad_width
  %dup = load i32, ptr @ad_dup
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %w, i32 2, i32 %dup, ptr %h, ptr %dh0, ptr %dh1)
  ret void
}
