; A callee that stays a call (recursive) taking an active <2 x float> (how
; the x86-64 ABI passes a struct {float, float} by value): its gradient
; returns the argument's adjoint as a <2 x float>, added to the caller's;
; its tangent takes a <2 x float> tangent. The argument was treated as a
; constant: zero derivatives, silently.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare float @__ad_autodiff_f(ptr, ...)
declare float @__ad_fwddiff_f(ptr, ...)

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %p, ptr %d.p, i32 %d)
; CHECK: call <2 x float> @__ad_grad.rec(<2 x float> %a, i32 %d, float 1.000000e+00)
; CHECK: store <2 x float> {{.*}}, ptr %d.p
; CHECK-LABEL: define internal <2 x float> @__ad_grad.rec(<2 x float> %a, i32 %d, float %ad.seed)
; CHECK: call <2 x float> @__ad_grad.rec(<2 x float> %b.fwd.0, i32 %d1.fwd.0, float %ad.seed)

; CHECK-LABEL: define internal { float, float } @__ad_fwd.f(ptr %p, ptr %d.p, i32 %d)
; CHECK: %a.tangent = load <2 x float>, ptr %d.p
; CHECK: call { float, float } @__ad_fwd.rec(<2 x float> %a, <2 x float> %a.tangent, i32 %d)
; CHECK-LABEL: define internal { float, float } @__ad_fwd.rec(<2 x float> %a, <2 x float> %d.a, i32 %d)
; CHECK: call { float, float } @__ad_fwd.rec(<2 x float> %b, <2 x float> %b.tangent, i32 %d1)

define internal float @rec(<2 x float> %a, i32 %d) {
  %x = extractelement <2 x float> %a, i64 0
  %y = extractelement <2 x float> %a, i64 1
  %z = icmp eq i32 %d, 0
  br i1 %z, label %leaf, label %down
leaf:
  %xx = fmul float %x, %y
  ret float %xx
down:
  %h = fmul float %x, 5.000000e-01
  %b = insertelement <2 x float> %a, float %h, i64 0
  %d1 = sub i32 %d, 1
  %r = call float @rec(<2 x float> %b, i32 %d1)
  %s = fadd float %r, %x
  ret float %s
}

define float @f(ptr %p, i32 %d) {
  %a = load <2 x float>, ptr %p
  %r = call float @rec(<2 x float> %a, i32 %d)
  ret float %r
}

define void @caller(ptr %p, ptr %dp, i32 %d, ptr %t) {
  %g = call float (ptr, ...) @__ad_autodiff_f(ptr @f, ptr %p, ptr %dp, i32 %d)
  %tan = call float (ptr, ...) @__ad_fwddiff_f(ptr @f, ptr %p, ptr %dp, i32 %d)
  store float %tan, ptr %t
  ret void
}
