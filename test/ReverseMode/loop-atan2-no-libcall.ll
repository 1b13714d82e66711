; The derivative of sum_i atan2(x[i], 2) needs no atan2: the rule for
; atan2(y, c) with respect to y is c / (y^2 + c^2), computed from x[i]
; reloaded in the reverse loop (x is never written). The forward loop
; computes nothing the reverse sweep needs, so it is deleted, and no call to
; atan2 remains in the gradient.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @atan2(double, double)

; CHECK-LABEL: define internal void @__ad_grad.sum_atan2(ptr %x, ptr %d.x, i64 %n)
; CHECK-NOT: atan2
; CHECK-NOT: @__ad_tape
; CHECK: [[V:%.*]] = load double, ptr {{%.*}}
; CHECK-NEXT: [[SQ:%.*]] = fmul double [[V]], [[V]]
; CHECK-NEXT: [[DEN:%.*]] = fadd {{(reassoc )?}}double [[SQ]], 4.000000e+00
; CHECK-NEXT: [[G:%.*]] = fdiv double 2.000000e+00, [[DEN]]
; CHECK-NOT: atan2
; CHECK: [[OLD:%.*]] = load double, ptr [[DP:%.*]]
; CHECK-NEXT: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[G]]
; CHECK-NEXT: store double [[NEW]], ptr [[DP]]
; CHECK-NOT: atan2
; CHECK-NOT: @__ad_tape
; CHECK: ret void
; CHECK-NEXT: {{^}}}
define double @sum_atan2(ptr %x, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %a = call double @atan2(double %v, double 2.0)
  %s.next = fadd double %s, %a
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  ret double %r
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  call void (ptr, ...) @__ad_autodiff(ptr @sum_atan2, ptr %x, ptr %dx, i64 %n)
  ret void
}
