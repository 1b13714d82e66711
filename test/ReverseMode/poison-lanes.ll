; Vector lanes nobody reads are left poison by InstCombine (a shuffle mask
; with poison lanes, Eigen's 4x4 Gram matrix at -O2). The reverse sweep
; multiplies such a lane by its zero adjoint, and 0 x poison is poison,
; which reached the adjoint of a lane that is read (p[2] here: a silent
; wrong gradient). The normalization makes those lanes zero.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)

; f = p2^2 + p0 p3 + p3^2
; CHECK-LABEL: define internal void @__ad_grad.lanes(ptr %p, ptr %d.p)
; (lane 0 of %s is lane 0 of a zero vector, whatever the cleanup left of
; the rest)
; CHECK: %s = shufflevector <2 x double> %a, <2 x double> <double 0.000000e+00, {{.*}}>, <2 x i32> <i32 2, i32 0>
; CHECK: [[M:%.*]] = fmul <2 x double> %s,
; CHECK: [[G:%.*]] = fadd reassoc <2 x double> {{.*}}[[M]]
; CHECK: fadd reassoc <2 x double> {{.*}}[[G]]
; CHECK: store <2 x double> {{.*}}, ptr %q.shadow
; CHECK: ret void
define double @lanes(ptr %p) {
  %a = load <2 x double>, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 16
  %b = load <2 x double>, ptr %q
  %s = shufflevector <2 x double> %a, <2 x double> poison, <2 x i32> <i32 poison, i32 0>
  %m = fmul <2 x double> %s, %b
  %sq = fmul <2 x double> %b, %b
  %t = fadd <2 x double> %m, %sq
  %r0 = extractelement <2 x double> %sq, i64 0
  %r1 = extractelement <2 x double> %t, i64 1
  %r = fadd double %r0, %r1
  ret double %r
}

; 1 / d in lane 0 only (Eigen's 4x4 inverse): lane 1 divides poison by
; d[1], which may be 0, and the reverse sweep's 0 x inf there was NaN in
; the gradient. Dead lanes compute 1 / 1.
; CHECK-LABEL: define internal void @__ad_grad.recip(ptr %p, ptr %d.p, ptr %o, ptr %d.o)
; (the adjoint of p[1] is -0, not -dq q / d with q poison)
; CHECK: [[L:%.*]] = insertelement <2 x double> %d, double 1.000000e+00, i64 1
; CHECK: fdiv <2 x double> <double 1.000000e+00, double 1.000000e+00>, [[L]]
; CHECK-NOT: fdiv <2 x double>
; CHECK: insertelement <2 x double> <double poison, double -0.000000e+00>
; CHECK: ret void
define void @recip(ptr %p, ptr %o) {
  %d = load <2 x double>, ptr %p
  %q = fdiv <2 x double> <double 1.0, double poison>, %d
  store <2 x double> %q, ptr %o
  ret void
}

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @recip, ptr %x, ptr %dx, ptr %x, ptr %dx)
  call void (ptr, ...) @__ad_autodiff(ptr @lanes, ptr %x, ptr %dx)
  ret void
}
