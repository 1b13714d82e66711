; A memmove of whole records {double, i32} (16 bytes) by a run-time count:
; the record layout comes from the loop's accesses at offsets 16 i and
; 16 i + 8 (known modulo 16), and the copy's ends and length (16 and
; 16 n - 16, multiples of 16). The reverse sweep moves the adjoints of the
; double field as a strided array of (16 n - 16) / 16 slots 16 bytes apart;
; the i32 field has none.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.shiftrec(
; CHECK: call void @llvm.memmove.p0.p0.i64(ptr nonnull align 8 %add.ptr, ptr align 8 %r, i64 %mul, i1 false)
; CHECK: [[SLOTS:%.*]] = lshr exact i64 %mul, 4
; CHECK-NEXT: call void @__ad_memmove_adjoint_strided_f64(ptr %d.r, ptr nonnull %add.ptr.shadow, i64 [[SLOTS]], i64 16)
; CHECK-NOT: __ad_memmove_adjoint
; CHECK: ret void

%struct.R = type { double, i32 }

define double @shiftrec(ptr nocapture noundef %r, i64 noundef %n) {
entry:
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %3, %for.body ]
  %add.ptr = getelementptr inbounds i8, ptr %r, i64 16
  %sub = shl i64 %n, 4
  %mul = add i64 %sub, -16
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 8 %add.ptr, ptr align 8 %r, i64 %mul, i1 false)
  %0 = load double, ptr %add.ptr, align 8
  %add = fadd double %s.0.lcssa, %0
  ret double %add

for.body:                                         ; preds = %entry, %for.body
  %i.015 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.014 = phi double [ %3, %for.body ], [ 0.000000e+00, %entry ]
  %arrayidx = getelementptr inbounds %struct.R, ptr %r, i64 %i.015
  %1 = load double, ptr %arrayidx, align 8
  %k = getelementptr inbounds i8, ptr %arrayidx, i64 8
  %2 = load i32, ptr %k, align 8
  %conv = sitofp i32 %2 to double
  %3 = tail call double @llvm.fmuladd.f64(double %1, double %conv, double %s.014)
  %inc = add nuw nsw i64 %i.015, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

declare double @llvm.fmuladd.f64(double, double, double)

declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg)

define void @grad(ptr noundef %r, ptr noundef %dr, i64 noundef %n) {
entry:
  tail call void (ptr, ...) @__ad_autodiff(ptr noundef nonnull @shiftrec, ptr noundef %r, ptr noundef %dr, i64 noundef %n)
  ret void
}

declare void @__ad_autodiff(ptr noundef, ...)

