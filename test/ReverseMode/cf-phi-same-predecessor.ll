; A phi that lists the same predecessor twice (two switch cases to one block):
; the adjoint of the phi flows back along that edge once, not once per entry.
;   f = (n in {1, 5} ? x^2 : sin(y)) * y
;   df/dx = n in {1, 5} ? 2 x y : 0   (not 4 x y)
;   df/dy = p + (n in {1, 5} ? 0 : y cos(y))
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare {double, double} @__ad_autodiff_2(ptr, ...)
declare double @sin(double)

; CHECK-LABEL: define internal { double, double } @__ad_grad.samepred(double %x, double %y, i32 %n)
; CHECK: %sq = fmul double %x, %x
; CHECK: switch i32 %n, label %other [
; CHECK-DAG: [[FROMENTRY:%.*]] = phi i1 [ false, %other ], [ true, %ad.entry ], [ true, %ad.entry ]
; CHECK-DAG: %p = phi double [ %s, %other ], [ %sq, %ad.entry ], [ %sq, %ad.entry ]
; CHECK-DAG: [[COS:%.*]] = call double @llvm.cos.f64(double %y)
; CHECK-DAG: [[YC:%.*]] = fmul double [[COS]], %y
; CHECK-DAG: [[DYO:%.*]] = fadd {{(reassoc )?}}double %p, [[YC]]
; The seed of the phi (y) reaches %sq once:
; CHECK-DAG: [[DSQ:%.*]] = select i1 [[FROMENTRY]], double %y, double -0.000000e+00
; CHECK-DAG: [[DY:%.*]] = select i1 [[FROMENTRY]], double %p, double [[DYO]]
; and d(x*x) = 2 x dsq:
; CHECK-DAG: [[T:%.*]] = fmul double [[DSQ]], %x
; CHECK-DAG: [[DX:%.*]] = fadd {{(reassoc )?}}double [[T]], [[T]]
; CHECK-NOT: fadd {{(reassoc )?}}double [[DX]], [[DX]]
; CHECK: ret { double, double }
define double @samepred(double %x, double %y, i32 %n) {
entry:
  %sq = fmul double %x, %x
  switch i32 %n, label %other [ i32 1, label %join
                                i32 5, label %join ]
other:
  %s = call double @sin(double %y)
  br label %join
join:
  %p = phi double [ %sq, %entry ], [ %sq, %entry ], [ %s, %other ]
  %r = fmul double %p, %y
  ret double %r
}

define {double, double} @caller(double %x, double %y, i32 %n) {
  %d = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @samepred, double %x, double %y, i32 %n)
  ret {double, double} %d
}
