; lgamma' = digamma and tgamma' = tgamma digamma, digamma from the runtime
; (libm has none; one call serves both here, and lgamma itself is not
; needed); its own derivative (a second derivative of lgamma) is
; the runtime's trigamma. Float calls use the float routines.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare float @__ad_autodiff_f(ptr, ...)
declare double @lgamma(double)
declare double @tgamma(double)
declare float @lgammaf(float)
declare double @__ad_digamma(double)

; CHECK-LABEL: define internal double @__ad_grad.h(double %x)
; CHECK: call double @__ad_trigamma(double %x)
define double @h(double %x) {
  %p = call double @__ad_digamma(double %x)
  ret double %p
}

; CHECK-LABEL: define internal double @__ad_grad.f(double %x)
; CHECK-NOT: @lgamma
; CHECK: %t = call double @tgamma(double %x)
; CHECK-NEXT: %ad.d = call double @__ad_digamma(double %x)
; CHECK-NEXT: [[D:%.*]] = fmul double %t, %ad.d
; CHECK-NEXT: [[S:%.*]] = fadd reassoc double [[D]], %ad.d
; CHECK-NEXT: ret double [[S]]
define double @f(double %x) {
  %l = call double @lgamma(double %x)
  %t = call double @tgamma(double %x)
  %s = fadd double %l, %t
  ret double %s
}

; CHECK-LABEL: define internal float @__ad_grad.g(float %x)
; CHECK: call float @__ad_digammaf(float %x)
define float @g(float %x) {
  %l = call float @lgammaf(float %x)
  ret float %l
}

define void @caller(double %x, float %y) {
  %a = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x)
  %b = call float (ptr, ...) @__ad_autodiff_f(ptr @g, float %y)
  %c = call double (ptr, ...) @__ad_autodiff(ptr @h, double %x)
  ret void
}
