; An ad_const pointer has no shadow: the gradient takes no shadow for it, and
; loads through it are constants of the derivative.
;   f = c[0] x[0] + c[1]:  dx[0] += c[0]
; The call site passes the markers as clang does (loads of the marker globals),
; and since f has no ad_out argument the call's double result is 0.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32
@ad_dup = external global i32

; CHECK-LABEL: define void @caller(
; CHECK-NOT: @ad_const
; CHECK-NOT: @ad_dup
; CHECK: call void @__ad_grad.constptr(ptr %c, ptr %x, ptr %dx)
; CHECK-NEXT: store double 0.000000e+00, ptr %res
define void @caller(ptr %c, ptr %x, ptr %dx, ptr %res) {
  %mc = load i32, ptr @ad_const
  %md = load i32, ptr @ad_dup
  %d = call double (ptr, ...) @__ad_autodiff(ptr @constptr, i32 %mc, ptr %c, i32 %md, ptr %x, ptr %dx)
  store double %d, ptr %res
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.constptr(ptr %c, ptr %x, ptr %d.x)
; CHECK: %c0 = load double, ptr %c
; CHECK-NOT: %c.shadow
; CHECK: [[OLD:%.*]] = load double, ptr %d.x
; CHECK: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], %c0{{$}}
; CHECK: store double [[NEW]], ptr %d.x
; CHECK: ret void
define double @constptr(ptr %c, ptr %x) {
  %c0 = load double, ptr %c
  %c1p = getelementptr inbounds double, ptr %c, i64 1
  %c1 = load double, ptr %c1p
  %x0 = load double, ptr %x
  %m = fmul double %c0, %x0
  %r = fadd double %m, %c1
  ret double %r
}
