; The math intrinsics derivative rules emit (call attribute "ad-libm") become
; libm calls before code generation; others (the user's, vectors, types
; without a libm function, a name declared with another type or defined
; by the module) stay.
; RUN: %opt -passes=ad-libm-calls -S %s | FileCheck %s

declare double @llvm.exp.f64(double)
declare float @llvm.sin.f32(float)
declare x86_fp80 @llvm.cos.f80(x86_fp80)
declare double @llvm.log.f64(double)
declare double @llvm.pow.f64(double, double)
declare double @llvm.powi.f64.i32(double, i32)
declare float @llvm.powi.f32.i32(float, i32)
declare float @llvm.cos.f32(float)
declare <2 x double> @llvm.exp.v2f64(<2 x double>)
declare double @llvm.sqrt.f64(double)
declare fp128 @llvm.exp.f128(fp128)
declare i32 @log(i32)

; A module's own definition under a libm name is not the library's.
define internal float @cosf(float %x) {
  ret float %x
}

; CHECK-LABEL: define double @marked(
; CHECK: %e = call double @exp(double %x) #[[LIBM:[0-9]+]]
; CHECK: %s = call float @sinf(float %f) #[[LIBM]]
; CHECK: %c = call x86_fp80 @cosl(x86_fp80 %l) #[[LIBM]]
; CHECK: %p = call double @pow(double %x, double %e) #[[LIBM]]
; CHECK: %i = call double @__powidf2(double %p, i32 %n) #[[LIBM]]
; CHECK: %j = call float @__powisf2(float %s, i32 %n) #[[LIBM]]
define double @marked(double %x, float %f, x86_fp80 %l, i32 %n) {
  %e = call double @llvm.exp.f64(double %x) #0
  %s = call float @llvm.sin.f32(float %f) #0
  %c = call x86_fp80 @llvm.cos.f80(x86_fp80 %l) #0
  %p = call double @llvm.pow.f64(double %x, double %e) #0
  %i = call double @llvm.powi.f64.i32(double %p, i32 %n) #0
  %j = call float @llvm.powi.f32.i32(float %s, i32 %n) #0
  %sd = fpext float %j to double
  %r = fadd double %i, %sd
  ret double %r
}

; CHECK-LABEL: define double @kept(
; CHECK: call double @llvm.exp.f64(double %x)
; CHECK: call <2 x double> @llvm.exp.v2f64(
; CHECK: call double @llvm.sqrt.f64(
; CHECK: call fp128 @llvm.exp.f128(
; CHECK: call double @llvm.log.f64(
; CHECK: call float @llvm.cos.f32(
define double @kept(double %x, <2 x double> %v, fp128 %q, float %f) {
  %a = call double @llvm.exp.f64(double %x)
  %b = call <2 x double> @llvm.exp.v2f64(<2 x double> %v) #0
  %c = call double @llvm.sqrt.f64(double %x) #0
  %d = call fp128 @llvm.exp.f128(fp128 %q) #0
  %e = call double @llvm.log.f64(double %a) #0
  %cf = call float @llvm.cos.f32(float %f) #0
  ret double %e
}

; CHECK: attributes #[[LIBM]] = { nobuiltin nounwind willreturn memory(none) }
attributes #0 = { "ad-libm" }
