; A triangular nest (clang -O2 of: for i < m { s = sin(s) * 0.8;
; for j = i + 1 .. n - 1: s = sin(s + x[j]) * 0.9 }), both loops taping. The
; inner trip count n - 1 - i changes with i, and the inner loop is entered
; only while i + 1 < n: the outer iterations that enter it are
; 0 .. hi - 1, hi = min(m, max(n - 1, 0)), and its header runs
; hi (n - 1) - hi (hi - 1) / 2 times in all. Both tapes come from one block
; allocated in the outer preheader, freed
; once.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.tri(
; CHECK-NOT: @__ad_tape
; CHECK: for.body.preheader:
; CHECK: call i64 @llvm.smin.i64(
; CHECK-NOT: {{^[a-z][a-z.0-9]*:}}
; CHECK: call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}for.body:
; CHECK-NOT: @__ad_tape
; CHECK: call void @__ad_tape_free(ptr null, ptr
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}}

@ad_dup = external global i32, align 4

define double @tri(ptr %x, i32 %m, i32 %n) {
entry:
  %cmp20 = icmp sgt i32 %m, 0
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup
for.body.preheader:
  %wide.trip.count = zext i32 %n to i64
  br label %for.body
for.cond.loopexit:
  %s.1.lcssa = phi double [ %mul, %for.body ], [ %mul7, %for.body4 ]
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond27.not = icmp eq i32 %add, %m
  br i1 %exitcond27.not, label %for.cond.cleanup, label %for.body
for.cond.cleanup:
  %s.0.lcssa = phi double [ 3.000000e-01, %entry ], [ %s.1.lcssa, %for.cond.loopexit ]
  ret double %s.0.lcssa
for.body:
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.cond.loopexit ]
  %i.022 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.cond.loopexit ]
  %s.021 = phi double [ 3.000000e-01, %for.body.preheader ], [ %s.1.lcssa, %for.cond.loopexit ]
  %call = tail call double @sin(double %s.021)
  %mul = fmul double %call, 8.000000e-01
  %add = add nuw nsw i32 %i.022, 1
  %cmp217 = icmp slt i32 %add, %n
  br i1 %cmp217, label %for.body4, label %for.cond.loopexit
for.body4:
  %indvars.iv24 = phi i64 [ %indvars.iv.next25, %for.body4 ], [ %indvars.iv, %for.body ]
  %s.118 = phi double [ %mul7, %for.body4 ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %indvars.iv24
  %0 = load double, ptr %arrayidx, align 8
  %add5 = fadd double %s.118, %0
  %call6 = tail call double @sin(double %add5)
  %mul7 = fmul double %call6, 9.000000e-01
  %indvars.iv.next25 = add nuw nsw i64 %indvars.iv24, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next25, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.loopexit, label %for.body4
}

declare double @sin(double)

define void @grad(ptr %x, ptr %dx, i32 %m, i32 %n) {
entry:
  %0 = load i32, ptr @ad_dup, align 4
  %call = tail call double (ptr, ...) @__ad_autodiff(ptr nonnull @tri, i32 %0, ptr %x, ptr %dx, i32 %m, i32 %n)
  ret void
}

declare double @__ad_autodiff(ptr, ...)
