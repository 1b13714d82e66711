; AVX-512's masked rounding (Eigen's pfloor): the rounding's derivative is
; zero, and the lanes the mask leaves out take the pass-through operand's
; derivative. The derivative keeps the 512-bit vector width of the helper
; inlined into it ("min-legal-vector-width"), or the backend splits the
; 512-bit intrinsics it cannot split.
;   s = sum(v - floor(v)) + sum(mask ? ceil(v) : v), mask = 0b01010101:
;   ds/dv = 1 in even lanes, 2 in odd lanes
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32

declare <8 x double> @llvm.x86.avx512.mask.rndscale.pd.512(<8 x double>, i32 immarg, <8 x double>, i8, i32 immarg)
declare double @__ad_autodiff(ptr, ...)

define internal <8 x double> @rounded(<8 x double> %v) #1 {
  %fl = call <8 x double> @llvm.x86.avx512.mask.rndscale.pd.512(<8 x double> %v, i32 1, <8 x double> zeroinitializer, i8 -1, i32 4)
  %d = fsub <8 x double> %v, %fl
  %m = call <8 x double> @llvm.x86.avx512.mask.rndscale.pd.512(<8 x double> %v, i32 2, <8 x double> %v, i8 85, i32 4)
  %s = fadd <8 x double> %d, %m
  ret <8 x double> %s
}

define double @f(ptr %x) #0 {
  %v = load <8 x double>, ptr %x
  %r = call <8 x double> @rounded(<8 x double> %v)
  %e0 = extractelement <8 x double> %r, i64 0
  %e1 = extractelement <8 x double> %r, i64 1
  %e2 = extractelement <8 x double> %r, i64 2
  %e3 = extractelement <8 x double> %r, i64 3
  %e4 = extractelement <8 x double> %r, i64 4
  %e5 = extractelement <8 x double> %r, i64 5
  %e6 = extractelement <8 x double> %r, i64 6
  %e7 = extractelement <8 x double> %r, i64 7
  %s1 = fadd double %e0, %e1
  %s2 = fadd double %s1, %e2
  %s3 = fadd double %s2, %e3
  %s4 = fadd double %s3, %e4
  %s5 = fadd double %s4, %e5
  %s6 = fadd double %s5, %e6
  %s = fadd double %s6, %e7
  ret double %s
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK-SAME: #[[ATTR:[0-9]+]]
; CHECK-NOT: rndscale
; CHECK: fadd {{.*}}<8 x double> %{{.*}}, <double 1.000000e+00, double 2.000000e+00, double 1.000000e+00, double 2.000000e+00
; CHECK: ret void
; CHECK: attributes #[[ATTR]] = {{{.*}}"min-legal-vector-width"="512"

define void @caller(ptr %x, ptr %dx) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

attributes #0 = { "min-legal-vector-width"="0" "target-features"="+avx512f" }
attributes #1 = { "min-legal-vector-width"="512" "target-features"="+avx512f" }
