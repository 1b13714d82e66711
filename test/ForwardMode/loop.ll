; Loops need nothing but tangent phis: no tape, no stack slot, no heap.
;   s = sum_i x[i] * x[i]    ds = sum_i 2 x[i] dx[i]
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32

; CHECK-LABEL: define internal { double, double } @__ad_fwd.sumsq(ptr %x, ptr %d.x, i64 %n)
; CHECK-NOT: alloca
; CHECK-NOT: call
; CHECK: loop:
; CHECK-DAG: %s = phi double [ 0.000000e+00, %ad.entry ], [ %s.next, %loop ]
; CHECK-DAG: [[DS:%.*]] = phi double [ 0.000000e+00, %ad.entry ], [ [[DSN:%.*]], %loop ]
; CHECK-DAG: %v = load double, ptr %p
; CHECK-DAG: [[DV:%.*]] = load double, ptr {{%.*}}
; CHECK: [[DSN]] = fadd double
; CHECK-NOT: alloca
; CHECK-NOT: call
; CHECK: ret { double, double }
define double @sumsq(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %s.next = fadd double %s, %sq
  %i.next = add nuw i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret double %s.next
}

define double @caller(ptr %x, ptr %dx, i64 %n) {
  %d = call double (ptr, ...) @__ad_fwddiff(ptr @sumsq, ptr @ad_dup, ptr %x, ptr %dx, i64 %n)
  ret double %d
}
