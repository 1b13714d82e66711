; A checkpointed loop over pairs (j from i + 1 to n): the snapshot region of
; a is bounded with the inner loop's last address, start + step * trips,
; as one expression (the outer index cancels): a[1 .. n), 8 n - 8 bytes.
; Bounding the start and the trip count apart added their maxima, about
; 16 n bytes: restoring the snapshot wrote over the memory after a
; (Integration/checkpoint/triangular_loops.c).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, ptr %a, ptr %d.a, i64 %n)
; CHECK: [[N8:%.*]] = shl i64 %n, 3
; CHECK: [[START:%.*]] = getelementptr i8, ptr %a, i64 8
; CHECK: [[BYTES:%.*]] = add i64 [[N8]], -8
; CHECK: store ptr [[START]], ptr
; CHECK: store i64 [[BYTES]], ptr
; CHECK: call ptr @__ad_ckpt.aug.f.0(

@ad_dup = external global i32
@ad_const = external global i32
@ad_tape_budget = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(ptr %x, ptr %a, i64 %n) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %outer.latch ]
  %i1 = add nuw nsw i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %inner.ph, label %outer.latch

inner.ph:
  %xi.p = getelementptr inbounds double, ptr %x, i64 %i
  %xi = load double, ptr %xi.p
  br label %inner

inner:
  %j = phi i64 [ %i1, %inner.ph ], [ %j1, %inner ]
  %xj.p = getelementptr inbounds double, ptr %x, i64 %j
  %xj = load double, ptr %xj.p
  %aj.p = getelementptr inbounds double, ptr %a, i64 %j
  %aj = load double, ptr %aj.p
  %p = fmul double %xi, %xj
  %s = call double @llvm.sin.f64(double %p)
  %aj.new = fadd double %aj, %s
  store double %aj.new, ptr %aj.p
  %j1 = add nuw nsw i64 %j, 1
  %cj = icmp slt i64 %j1, %n
  br i1 %cj, label %inner, label %outer.latch

outer.latch:
  %co = icmp slt i64 %i1, %n
  br i1 %co, label %outer, label %exit

exit:
  %r = load double, ptr %a
  ret double %r
}

declare double @llvm.sin.f64(double)

define double @g(ptr %x, ptr %dx, ptr %a, ptr %da, i64 %n) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %a, ptr %da, ptr @ad_const, i64 %n, ptr @ad_tape_budget, i64 64)
  ret double %r
}
