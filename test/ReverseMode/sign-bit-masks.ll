; Sign-bit masks on the integer bits of floating-point values (SSE's
; _mm_xor_pd / _mm_and_pd, a union's ^= 1ull << 63), lane by lane, are the
; floating-point operations they compute: xor with the sign bit is fneg,
; and with its complement fabs, the two masks that splice a sign onto a
; magnitude copysign (the integer ops had no derivative: zero gradients).
; A lane moved out of a vector's bits is that lane. Other masks are refused (Errors/float-bits-refused.c).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_autodiff_d(ptr, ...)

; Eigen's quaternion conjugate at -O0: SROA builds the bits of two doubles
; as a vector, flips the signs with a xor, and takes a lane out as an
; integer before reading it as a double: the lane of the negated doubles.
; CHECK-LABEL: define internal void @__ad_grad.conjlane(ptr %a, ptr %d.a)
; CHECK-NOT: xor
; CHECK: [[D:%.*]] = load double, ptr %p.shadow
; CHECK: fadd reassoc double [[D]], -1.000000e+00
; CHECK: ret void
define double @conjlane(ptr %a) {
  %p = getelementptr inbounds i8, ptr %a, i64 8
  %x = load double, ptr %a
  %y = load double, ptr %p
  %xb = bitcast double %x to i64
  %yb = bitcast double %y to i64
  %v0 = insertelement <2 x i64> undef, i64 %xb, i32 0
  %v1 = insertelement <2 x i64> %v0, i64 %yb, i32 1
  %n = xor <2 x i64> %v1, <i64 -9223372036854775808, i64 -9223372036854775808>
  %l = extractelement <2 x i64> %n, i32 1
  %r = bitcast i64 %l to double
  ret double %r
}

; Eigen's cwiseAbs().maxCoeff() at -O1: InstCombine selects between the
; two masked bit vectors and casts after the select; the select becomes one
; of floats, and each mask a fabs.
; CHECK-LABEL: define internal void @__ad_grad.absmax(ptr %a, ptr %d.a)
; CHECK-NOT: and <2 x i64>
; CHECK: call <2 x double> @llvm.fabs.v2f64
; CHECK: select <2 x i1> {{.*}}, <2 x double>
; CHECK: ret void
define double @absmax(ptr %a) {
  %x = load <2 x double>, ptr %a
  %p = getelementptr inbounds i8, ptr %a, i64 16
  %y = load <2 x double>, ptr %p
  %xb = bitcast <2 x double> %x to <2 x i64>
  %xm = and <2 x i64> %xb, <i64 9223372036854775807, i64 9223372036854775807>
  %xa = bitcast <2 x i64> %xm to <2 x double>
  %yb = bitcast <2 x double> %y to <2 x i64>
  %ym = and <2 x i64> %yb, <i64 9223372036854775807, i64 9223372036854775807>
  %ya = bitcast <2 x i64> %ym to <2 x double>
  %gt = fcmp ogt <2 x double> %ya, %xa
  %m = select <2 x i1> %gt, <2 x i64> %ym, <2 x i64> %xm
  %mf = bitcast <2 x i64> %m to <2 x double>
  %e0 = extractelement <2 x double> %mf, i64 0
  %e1 = extractelement <2 x double> %mf, i64 1
  %r = fadd double %e0, %e1
  ret double %r
}

; A pointer read out of a vector of doubles loaded over a struct that holds
; a double and a pointer (InstCombine's load, Eigen's evaluators under
; AVX): the pointer loaded from its offset, whose shadow is followed (it
; was "an unknown pointer").
; CHECK-LABEL: define internal void @__ad_grad.ptrlane(ptr %s, ptr %d.s)
; CHECK: [[F:%.*]] = getelementptr inbounds i8, ptr %d.s, i64 16
; CHECK: [[DP:%.*]] = load ptr, ptr [[F]]
; CHECK: store double {{.*}}, ptr [[DP]]
define double @ptrlane(ptr %s) {
  %l = load <4 x double>, ptr %s, align 32
  %b = bitcast <4 x double> %l to <4 x i64>
  %e = extractelement <4 x i64> %b, i64 2
  %p = inttoptr i64 %e to ptr
  %w = load double, ptr %p
  %v = extractelement <4 x double> %l, i64 0
  %r = fmul double %w, %v
  ret double %r
}

; Lane 0 negated, lane 1 kept; the result stored as integers.
; CHECK-LABEL: define internal void @__ad_grad.addsub(ptr %a, ptr %d.a, ptr %o, ptr %d.o)
; CHECK: [[V:%.*]] = load <2 x double>, ptr %a
; CHECK: fneg double
; CHECK: store <2 x double> {{.*}}, ptr %o
; CHECK: fneg double
; CHECK: ret void
define void @addsub(ptr %a, ptr %o) {
  %bits = load <2 x i64>, ptr %a
  %x = xor <2 x i64> %bits, <i64 -9223372036854775808, i64 0>
  store <2 x i64> %x, ptr %o
  ret void
}

; A vector's high lane taken from its bits, as SROA leaves it for two
; doubles merged as an i128 (Eigen's LLT at -O2): the lane itself, whose
; adjoint reaches p[1] (the i128 phi is made a <2 x double> phi first).
; CHECK-LABEL: define internal void @__ad_grad.highlane(ptr %p, ptr %d.p, i1 %c)
; CHECK-NOT: lshr
; CHECK: [[S:%.*]] = getelementptr inbounds i8, ptr %spec.select.shadow, i64 8
; CHECK: [[A:%.*]] = load double, ptr [[S]]
; CHECK: fadd reassoc double [[A]], %x
; CHECK: ret void
define double @highlane(ptr %p, i1 %c) {
entry:
  %a = load i128, ptr %p
  br i1 %c, label %then, label %join
then:
  %q = getelementptr inbounds i8, ptr %p, i64 16
  %b = load i128, ptr %q
  br label %join
join:
  %m = phi i128 [ %a, %entry ], [ %b, %then ]
  %h = lshr i128 %m, 64
  %t = trunc i128 %h to i64
  %d = bitcast i64 %t to double
  %x = load double, ptr %p
  %s = fmul double %d, %x
  ret double %s
}

; Scalar: the absolute value, read back as a double.
; CHECK-LABEL: define internal double @__ad_grad.absbits(double %v)
; (|v|^2: 2 |v| sign(v), folded)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: fadd reassoc double %v, %v
; CHECK-NEXT: ret double
define double @absbits(double %v) {
  %b = bitcast double %v to i64
  %m = and i64 %b, 9223372036854775807
  %r = bitcast i64 %m to double
  %s = fmul double %r, %r
  ret double %s
}

; copysign(v, w) from the two masks; w's adjoint is zero.
; CHECK-LABEL: define internal { double, double } @__ad_grad.copysignbits(double %v, double %w)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: call double @llvm.copysign.f64(double %v, double %w)
; CHECK-NOT: bitcast
; CHECK: insertvalue { double, double } {{.*}}, double 0.000000e+00, 1
define double @copysignbits(double %v, double %w) {
  %a = bitcast double %v to i64
  %b = bitcast double %w to i64
  %ma = and i64 %a, 9223372036854775807
  %sb = and i64 %b, -9223372036854775808
  %r = or disjoint i64 %ma, %sb
  %c = bitcast i64 %r to double
  %s = fmul double %c, %v
  ret double %s
}

declare { double, double } @__ad_autodiff_d2(ptr, ...)

define void @caller(ptr %a, ptr %da, ptr %o, ptr %do, double %v) {
  call void (ptr, ...) @__ad_autodiff(ptr @addsub, ptr %a, ptr %da, ptr %o, ptr %do)
  call void (ptr, ...) @__ad_autodiff(ptr @ptrlane, ptr %a, ptr %da)
  call void (ptr, ...) @__ad_autodiff(ptr @absmax, ptr %a, ptr %da)
  call void (ptr, ...) @__ad_autodiff(ptr @conjlane, ptr %a, ptr %da)
  %d = call double (ptr, ...) @__ad_autodiff_d(ptr @absbits, double %v)
  %e = call { double, double } (ptr, ...) @__ad_autodiff_d2(ptr @copysignbits, double %v, double %v)
  %f = call double (ptr, ...) @__ad_autodiff_d(ptr @highlane, ptr %a, ptr %da, i1 true)
  ret void
}
