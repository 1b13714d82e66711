; A split callee whose reverse sweep adds `c ? seed : 0` to an adjoint: the
; cleanup before the split must not hoist that select into the forward sweep
; (the seed is the reverse function's parameter). The reverse sweep reads the
; seed through an opaque call after the split point, replaced by the reverse
; function's parameter when the gradient is split.
;   h(u, d) = d <= 0 ? (u g5 > 0.75 ? g4 : 1.5) : 0.5 h(u, d - 1); f writes
;   g4 after calling h, so h is split.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@g = internal global [8 x double] zeroinitializer

define internal double @h(double %u, i32 %d) {
entry:
  %base = icmp slt i32 %d, 1
  br i1 %base, label %leaf, label %rec
leaf:
  %g5 = load double, ptr getelementptr inbounds (i8, ptr @g, i64 40)
  %m = fmul double %g5, %u
  %c = fcmp ogt double %m, 7.500000e-01
  %g4 = load double, ptr getelementptr inbounds (i8, ptr @g, i64 32)
  %r = select i1 %c, double %g4, double 1.500000e+00
  ret double %r
rec:
  %d1 = add nsw i32 %d, -1
  %h = call double @h(double %u, i32 %d1)
  %s = fmul double %h, 5.000000e-01
  ret double %s
}

define double @f(ptr %x) {
  %x0 = load double, ptr %x
  %sq = fmul double %x0, %x0
  store double %sq, ptr getelementptr inbounds (i8, ptr @g, i64 32)
  %p1 = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %p1
  store double %x1, ptr getelementptr inbounds (i8, ptr @g, i64 40)
  %p2 = getelementptr inbounds double, ptr %x, i64 2
  %x2 = load double, ptr %p2
  %r = call double @h(double %x2, i32 1)
  store double 0.000000e+00, ptr getelementptr inbounds (i8, ptr @g, i64 32)
  ret double %r
}

define void @caller(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

; No trace of the seed in the augmented forward, and no opaque call left.
; CHECK-LABEL: define internal {{.*}} @__ad_aug.h
; CHECK-NOT: select i1 {{.*}}, double %1
; CHECK: ret { ptr, double }
; CHECK-LABEL: define internal double @__ad_rev.h(ptr {{.*}}, double %ad.seed)
; CHECK-NOT: __ad_split_seed
; CHECK: select i1 {{.*}}, double %ad.seed, double 0.0
; CHECK-NOT: __ad_split_seed
; CHECK: ret double
