; x86's approximate reciprocal square root (Eigen's float sqrt refines it
; with a Newton step) reads a copy of x the analysis takes for a constant,
; and gets the derivative of the exact function at its value added back
; with a zero: r + (x - x') (-r / (2 x')) on positive finite lanes. SSE4.1's
; blendv is a select on the sign bits of its mask.
;   f = sum(rsqrt(x) lanes) + blendv(x, 2x, m)[0]
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
@ad_const = external global i32
declare float @__ad_autodiff_f(ptr, ...)
declare <4 x float> @llvm.x86.sse.rsqrt.ps(<4 x float>)
declare <4 x float> @llvm.x86.sse41.blendvps(<4 x float>, <4 x float>, <4 x float>)

define float @f(ptr %x, <4 x float> %m) {
  %v = load <4 x float>, ptr %x, align 16
  %r = call <4 x float> @llvm.x86.sse.rsqrt.ps(<4 x float> %v)
  %r0 = extractelement <4 x float> %r, i64 0
  %r1 = extractelement <4 x float> %r, i64 1
  %s = fadd float %r0, %r1
  %w = fmul <4 x float> %v, <float 2.0, float 2.0, float 2.0, float 2.0>
  %b = call <4 x float> @llvm.x86.sse41.blendvps(<4 x float> %v, <4 x float> %w, <4 x float> %m)
  %b0 = extractelement <4 x float> %b, i64 0
  %t = fadd float %s, %b0
  ret float %t
}

define float @g(ptr %x, ptr %dx, <4 x float> %m) {
  %d = call float (ptr, ...) @__ad_autodiff_f(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, <4 x float> %m)
  ret float %d
}

; CHECK-LABEL: define internal void @__ad_grad.f(
; The blend: lanes whose mask has its sign bit set take 2x.
; CHECK-DAG: [[MI:%.*]] = bitcast <4 x float> %m to <4 x i32>
; CHECK-DAG: [[SET:%.*]] = icmp slt <4 x i32> [[MI]], zeroinitializer
; The approximation of the frozen copy (the same value), and the slope
; -r / (2x) of the exact function at it.
; CHECK: %ad.frozen = call <4 x float> @"__ad_stop_gradient.<4 x float>"(<4 x float> %v)
; CHECK: [[R:%.*]] = call <4 x float> @llvm.x86.sse.rsqrt.ps(<4 x float> %ad.frozen)
; CHECK: [[N:%.*]] = fneg <4 x float> [[R]]
; CHECK: fdiv <4 x float> [[N]], %ad.frozen
; CHECK: fmul <4 x float> %{{.*}}, <float 5.000000e-01
; CHECK: select <4 x i1> [[SET]]
; CHECK: store <4 x float> %{{.*}}, ptr %d.x
; CHECK: ret void
