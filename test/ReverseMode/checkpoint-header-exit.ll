; A checkpointed loop left from its header (as at -O0: the header tests,
; the body runs one time less than the header): the region of the array
; the body writes spans the body's iterations, n elements, not n + 1 (a
; snapshot one element too long, restored, wrote over the memory after the
; array). The region of a global is also kept within the global.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
@ad_tape_budget = external global i32
@g = internal global [4 x double] zeroinitializer

; for (i = 0; i < n; i++) { g[i & 3] = x[i]; x[i] = x[i] * x[i]; }
define void @square(ptr %x, i64 %n) {
entry:
  br label %head
head:
  %i = phi i64 [ 0, %entry ], [ %i.next, %body ]
  %c = icmp slt i64 %i, %n
  br i1 %c, label %body, label %done
body:
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s = fmul double %v, %v
  store double %s, ptr %p
  %k = and i64 %i, 3
  %q = getelementptr [4 x double], ptr @g, i64 0, i64 %k
  store double %v, ptr %q
  %i.next = add nsw i64 %i, 1
  br label %head
done:
  ret void
}

define void @budgeted(ptr %x, ptr %dx, i64 %n, i64 %bytes) {
  %b = load i32, ptr @ad_tape_budget
  call void (ptr, ...) @__ad_autodiff(ptr @square, ptr %x, ptr %dx, i64 %n, i32 %b, i64 %bytes)
  ret void
}

; x's region: 8 max(n, 1) bytes (the last store is at iteration n - 1, not
; n); g's: the zero extension of the 2-bit index i & 3 spans [0, 3] (its
; recurrence wraps: not bounded by its last value), 32 bytes, within g.
; CHECK-LABEL: define internal void @__ad_grad.square
; CHECK: [[N1:%.*]] = call i64 @llvm.{{[su]}}max.i64(i64 %n, i64 1)
; CHECK-NEXT: [[X:%.*]] = shl i64 [[N1]], 3
; CHECK: store ptr %x, ptr
; CHECK: store i64 [[X]], ptr
; CHECK: store ptr @g, ptr
; CHECK: store i64 32, ptr
; CHECK: call ptr @__ad_ckpt.aug.square.0(
