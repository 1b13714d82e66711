; Sign-bit masks on the integer bits of floating-point values (SSE's
; _mm_xor_pd / _mm_and_pd, a union's ^= 1ull << 63), lane by lane, are the
; floating-point operations they compute: xor with the sign bit is fneg,
; and with its complement fabs (the integer ops had no derivative: zero
; gradients). Other masks are refused (Errors/float-bits-refused.c).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_autodiff_d(ptr, ...)

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

define void @caller(ptr %a, ptr %da, ptr %o, ptr %do, double %v) {
  call void (ptr, ...) @__ad_autodiff(ptr @addsub, ptr %a, ptr %da, ptr %o, ptr %do)
  %d = call double (ptr, ...) @__ad_autodiff_d(ptr @absbits, double %v)
  ret void
}
