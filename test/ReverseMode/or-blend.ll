; SSE2's blend of two float vectors by a comparison's mask (andnot, and,
; or: Eigen's pselect at -O0, in its rounding and in the special lanes of
; its exp and log), which InstCombine leaves as
; or(select(c, 0, bits A), bits(select(c, B, 0))): the same bits as
; select(c, B, A), whose adjoint goes to the lane chosen. The blend stored
; as integers is stored as the floats, and read back with its derivative.
;   r = (x > 1 ? 3x : x*x) per lane, stored and read back; f = r0 + r1
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(ptr %x, ptr %out, i64 %j) {
  %v = load <2 x double>, ptr %x, align 16
  %c = fcmp ogt <2 x double> %v, <double 1.0, double 1.0>
  %b = fmul <2 x double> %v, <double 3.0, double 3.0>
  %a = fmul <2 x double> %v, %v
  %ab = bitcast <2 x double> %a to <2 x i64>
  %keepa = select <2 x i1> %c, <2 x i64> zeroinitializer, <2 x i64> %ab
  %keepb = select <2 x i1> %c, <2 x double> %b, <2 x double> zeroinitializer
  %bb = bitcast <2 x double> %keepb to <2 x i64>
  %r = or <2 x i64> %keepa, %bb
  store <2 x i64> %r, ptr %out, align 16
  %p = getelementptr double, ptr %out, i64 %j
  %l = load <2 x double>, ptr %p, align 16
  %l0 = extractelement <2 x double> %l, i64 0
  %l1 = extractelement <2 x double> %l, i64 1
  %s = fadd double %l0, %l1
  ret double %s
}

define double @g(ptr %x, ptr %dx, ptr %o, ptr %do, i64 %j) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %o, ptr %do, ptr @ad_const, i64 %j)
  ret double %d
}
@ad_const = external global i32

; CHECK-LABEL: define internal void @__ad_grad.f(
; The blend is a select of the floats (its two products folded into one),
; stored as floats.
; CHECK: %r.blend.v = select <2 x i1> %c, <2 x double> <double 3.000000e+00, double 3.000000e+00>, <2 x double> %v
; CHECK: %r.blend = fmul <2 x double> %v, %r.blend.v
; CHECK: store <2 x double> %r.blend, ptr %out
; The stored lanes' adjoint, read from the shadow, goes to the lane chosen:
; 3 where x > 1, 2x elsewhere.
; CHECK: [[D:%.*]] = load <2 x double>, ptr %d.out
; CHECK-DAG: select <2 x i1> %c, <2 x double> zeroinitializer, <2 x double> [[D]]
; CHECK-DAG: select <2 x i1> %c, <2 x double> %{{.*}}, <2 x double> zeroinitializer
; CHECK: store <2 x double> %{{.*}}, ptr %d.x
; CHECK: ret void
