; InstCombine makes `memcpy(y, x, sizeof(double))` an i64 load and store,
; and a read of y after it a bitcast of the integer. The normalization
; loads and stores the double instead, so the adjoint of y[0] flows back to
; x[0] (it used to be lost: a silent zero gradient).
;   f(x, y) = 3 * (y[0] = x[0])      df/dx[0] = 3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; CHECK: %v.fp = load double, ptr %x
; CHECK: store double %v.fp, ptr %y
; CHECK: [[D:%.*]] = load double, ptr %d.y
; CHECK: store double 0.000000e+00, ptr %d.y
; CHECK: [[S:%.*]] = fadd {{(reassoc )?}}double [[D]], 3.000000e+00
; CHECK: [[OLD:%.*]] = load double, ptr %d.x
; CHECK: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[S]]
; CHECK: store double [[NEW]], ptr %d.x
define double @f(ptr %x, ptr %y) {
  %v = load i64, ptr %x
  store i64 %v, ptr %y
  %d = bitcast i64 %v to double
  %r = fmul double %d, 3.0
  ret double %r
}

define void @caller(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %y, ptr %dy)
  ret void
}
