; Eigen's cwiseAbs().maxCoeff() at -O0: absolute values taken as masks of
; the bits (and 0x7fff...), compared as floats, selected and stored as
; integers, and read back as doubles (InstCombine loads the doubles as
; integers, since only their bits are used). The masks are fabs of the
; doubles loaded, the select one of the floats, the store one of the
; floats: the derivative reaches the lane chosen (it was silently zero).
;   m = |b| > |a| ? |b| : |a| per lane, stored; f = m[j]
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(ptr %x, ptr %out, i64 %j) {
  %a = load <2 x double>, ptr %x, align 16
  %xb = getelementptr inbounds i8, ptr %x, i64 16
  %b = load <2 x double>, ptr %xb, align 16
  %ai = bitcast <2 x double> %a to <2 x i64>
  %aa = and <2 x i64> %ai, <i64 9223372036854775807, i64 9223372036854775807>
  %af = bitcast <2 x i64> %aa to <2 x double>
  %bi = bitcast <2 x double> %b to <2 x i64>
  %ba = and <2 x i64> %bi, <i64 9223372036854775807, i64 9223372036854775807>
  %bf = bitcast <2 x i64> %ba to <2 x double>
  %c = fcmp ogt <2 x double> %bf, %af
  %m = select <2 x i1> %c, <2 x i64> %ba, <2 x i64> %aa
  store <2 x i64> %m, ptr %out, align 16
  %p = getelementptr double, ptr %out, i64 %j
  %l = load double, ptr %p, align 8
  ret double %l
}

define double @g(ptr %x, ptr %dx, ptr %o, ptr %do, i64 %j) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %o, ptr %do, ptr @ad_const, i64 %j)
  ret double %d
}

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-DAG: [[XA:%.*]] = load <2 x double>, ptr %x
; CHECK-DAG: [[XB:%.*]] = load <2 x double>, ptr %xb
; CHECK-DAG: [[A:%.*]] = call <2 x double> @llvm.fabs.v2f64(<2 x double> [[XA]])
; CHECK-DAG: [[B:%.*]] = call <2 x double> @llvm.fabs.v2f64(<2 x double> [[XB]])
; CHECK: [[M:%.*]] = select <2 x i1> %c, <2 x double> [[B]], <2 x double> [[A]]
; CHECK: store <2 x double> [[M]], ptr %out
; The lane's adjoint, read from the shadow, goes to the chosen absolute
; value, then through fabs (its sign) to x.
; CHECK: [[D:%.*]] = load <2 x double>, ptr %d.out
; CHECK: select <2 x i1> %c, <2 x double> [[D]], <2 x double> zeroinitializer
; CHECK: store <2 x double> %{{.*}}, ptr %d.x
; CHECK: ret void
