; A 2-deep nest taping in both loops (the outer loop needs each s for
; cos(s), the inner one each t * x[j]): both trip counts are known before
; the nest runs, so the two tapes are regions of one block, allocated in the
; outermost preheader and sized m + (n > 0 ? m : 0) * n records (the inner
; trip count only counts when the invariant guard n > 0 enters the inner
; loop), and freed once when the reverse sweep leaves the nest. No capacity
; check is left in either loop, and the two regions are marked disjoint
; (scoped noalias), as two allocations were. The same with a workspace and
; on the heap (where the runtime keeps a large block for the next call).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_const = external global i32
@ad_workspace = external global i32

; With a workspace: one block, whatever its size.
; CHECK-LABEL: define internal double @__ad_grad.nest(double %s0, ptr %x, i64 %m, i64 %n, ptr %ad.workspace)
; CHECK-NOT: @__ad_tape
; CHECK: outer.ph:
; CHECK-NOT: {{^[a-z][a-z.]*:}}
; CHECK: call ptr @__ad_tape_realloc(ptr %ad.workspace, ptr null, i64 0, i64
; CHECK-NOT: @__ad_tape_realloc
; CHECK: call void @__ad_tape_free(ptr %ad.workspace, ptr
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}}

; On the heap.
; CHECK-LABEL: define internal double @__ad_grad.nest.{{[0-9]+}}(double %s0, ptr %x, i64 %m, i64 %n)
; CHECK-NOT: @__ad_tape
; CHECK: outer.ph:
; CHECK-NEXT: [[NOINNER:%.*]] = icmp slt i64 [[N:%.*]], 1
; CHECK-NEXT: [[ENTRIES:%.*]] = select i1 [[NOINNER]], i64 0, i64 [[M:%.*]]
; CHECK-NEXT: [[INNER:%.*]] = mul i64 [[ENTRIES]], [[N]]
; CHECK-NEXT: [[RECORDS:%.*]] = add i64 [[M]], [[INNER]]
; CHECK-NEXT: [[BYTES:%.*]] = shl i64 [[RECORDS]], 3
; CHECK-NEXT: icmp eq i64 [[BYTES]], 0
; CHECK-NOT: {{^[a-z][a-z.]*:}}
; CHECK: [[OUTERBYTES:%.*]] = shl i64 [[M]], 3
; CHECK-NEXT: [[BLOCK:%.*]] = call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 [[BYTES]])
; CHECK-NEXT: getelementptr inbounds i8, ptr [[BLOCK]], i64 [[OUTERBYTES]]
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}outer:
; CHECK-NOT: @__ad_tape
; CHECK: store double %s, ptr {{.*}}, !alias.scope [[OUTER:![0-9]+]], !noalias [[INNER:![0-9]+]]
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}inner:
; CHECK-NOT: @__ad_tape
; CHECK: store double %a, ptr {{.*}}, !alias.scope [[INNER]], !noalias [[OUTER]]
; CHECK-NOT: @__ad_tape
; CHECK: call void @__ad_tape_free(ptr null, ptr
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}}

define double @nest(double %s0, ptr %x, i64 %m, i64 %n) {
entry:
  %outer.pos = icmp sgt i64 %m, 0
  br i1 %outer.pos, label %outer.ph, label %exit
outer.ph:
  %inner.pos = icmp sgt i64 %n, 0
  br label %outer
outer:
  %i = phi i64 [ 0, %outer.ph ], [ %i.next, %outer.latch ]
  %s = phi double [ %s0, %outer.ph ], [ %s.out, %outer.latch ]
  %so = call double @sin(double %s)
  br i1 %inner.pos, label %inner.ph, label %outer.latch
inner.ph:
  br label %inner
inner:
  %j = phi i64 [ 0, %inner.ph ], [ %j.next, %inner ]
  %t = phi double [ %so, %inner.ph ], [ %t.next, %inner ]
  %q = getelementptr inbounds double, ptr %x, i64 %j
  %xj = load double, ptr %q
  %a = fmul double %t, %xj
  %t.next = call double @sin(double %a)
  %j.next = add nuw nsw i64 %j, 1
  %inner.done = icmp eq i64 %j.next, %n
  br i1 %inner.done, label %inner.exit, label %inner
inner.exit:
  %t.lcssa = phi double [ %t.next, %inner ]
  br label %outer.latch
outer.latch:
  %s.out = phi double [ %so, %outer ], [ %t.lcssa, %inner.exit ]
  %i.next = add nuw nsw i64 %i, 1
  %outer.done = icmp eq i64 %i.next, %m
  br i1 %outer.done, label %outer.exit, label %outer
outer.exit:
  %s.lcssa = phi double [ %s.out, %outer.latch ]
  br label %exit
exit:
  %r = phi double [ %s0, %entry ], [ %s.lcssa, %outer.exit ]
  ret double %r
}

define double @caller(double %s, ptr %x, i64 %m, i64 %n) {
  %k = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @nest, double %s, i32 %k, ptr %x, i64 %m, i64 %n)
  ret double %d
}

define double @caller_ws(double %s, ptr %x, i64 %m, i64 %n, ptr %ws) {
  %k = load i32, ptr @ad_const
  %w = load i32, ptr @ad_workspace
  %d = call double (ptr, ...) @__ad_autodiff(ptr @nest, double %s, i32 %k, ptr %x, i64 %m, i64 %n, i32 %w, ptr %ws)
  ret double %d
}
