; AVX-512 code (Eigen's pabs of 16 floats) masks floats as <8 x i64>: each
; 64-bit mask 0x7fffffff7fffffff clears the sign of two floats. Read per
; float it is fabs of the 16 floats (it was left as integers: no derivative,
; and the gradient was silently zero).
;   f = |x0| * x0 + |x15|
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
declare float @__ad_autodiff_f(ptr, ...)

define float @f(ptr %x) {
  %v = load <16 x float>, ptr %x, align 64
  %b = bitcast <16 x float> %v to <8 x i64>
  %m = and <8 x i64> %b, <i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159, i64 9223372034707292159>
  %a = bitcast <8 x i64> %m to <16 x float>
  %a0 = extractelement <16 x float> %a, i64 0
  %x0 = extractelement <16 x float> %v, i64 0
  %a15 = extractelement <16 x float> %a, i64 15
  %p = fmul float %a0, %x0
  %r = fadd float %p, %a15
  ret float %r
}

define float @g(ptr %x, ptr %dx) {
  %d = call float (ptr, ...) @__ad_autodiff_f(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret float %d
}

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-NOT: and <8 x i64>
; The absolute values are fabs (of the lanes read: InstCombine scalarizes),
; and |x15|'s adjoint is its sign.
; CHECK: [[X15:%.*]] = extractelement <16 x float> %v, i64 15
; CHECK: call float @llvm.fabs.f32(
; CHECK: @llvm.copysign.f32(float 1.000000e+00, float [[X15]])
; CHECK: store <16 x float> %{{.*}}, ptr %d.x
; CHECK: ret void
