; AD_REGISTER_REVERSE(fn, rev) leaves `__ad_custom_rev_fn = {fn, rev}`: the
; gradient calls rev in the reverse sweep instead of differentiating fn,
; even when fn has a body here (cube's body, x^3, would give 3 y^2: no such
; multiplication appears). rev receives the primal arguments, the adjoint
; of the result as the seed, a pointer to a zeroed temporary for each
; floating-point argument (read back and added to its adjoint), and for each
; pointer argument its shadow, or null when it is ad_const.
;   f(x) = cube(sin(x))        f'(x) = dcube * cos(x)
;   g(x, w, n) = wsq(x, w, n)^2  seed = 2 wsq(...)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_const = external global i32

@__ad_custom_rev_cube = internal constant [2 x ptr] [ptr @cube, ptr @cube_rev]
@__ad_custom_rev_wsq = internal constant [2 x ptr] [ptr @wsq, ptr @wsq_rev]
@llvm.used = appending global [2 x ptr] [ptr @__ad_custom_rev_cube, ptr @__ad_custom_rev_wsq], section "llvm.metadata"

; CHECK-LABEL: define internal void @__ad_grad.g(ptr %x, ptr %d.x, ptr %w, i32 %n)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: %s = call double @wsq(ptr %x, ptr %w, i32 %n)
; CHECK-NEXT: [[SEED:%.*]] = fadd {{(reassoc )?}}double %s, %s
; CHECK-NEXT: call void @wsq_rev(ptr %x, ptr %w, i32 %n, double [[SEED]], ptr %d.x, ptr null)
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal double @__ad_grad.f(double %x)
; CHECK: %y = call double @sin(double %x)
; CHECK-NOT: fmul
; CHECK: store double 0.000000e+00, ptr [[TMP:%.*]], align 8
; CHECK-NEXT: call void @cube_rev(double %y, double 1.000000e+00, ptr {{.*}}[[TMP]])
; CHECK-NEXT: [[D:%.*]] = load double, ptr [[TMP]]
; CHECK-NEXT: [[COS:%.*]] = call double @llvm.cos.f64(double %x)
; CHECK-NEXT: [[R:%.*]] = fmul double [[D]], [[COS]]
; CHECK-NOT: fmul
; CHECK-NOT: @__ad_grad.cube
; CHECK: ret double
; CHECK-NEXT: {{^}}}
define double @cube(double %x) {
  %s = fmul double %x, %x
  %c = fmul double %s, %x
  ret double %c
}
declare void @cube_rev(double, double, ptr)

; A black box that only reads its pointer arguments.
declare double @wsq(ptr, ptr, i32) memory(argmem: read)
declare void @wsq_rev(ptr, ptr, i32, double, ptr, ptr)

define double @f(double %x) {
  %y = call double @sin(double %x)
  %c = call double @cube(double %y)
  ret double %c
}

define double @g(ptr %x, ptr %w, i32 %n) {
  %s = call double @wsq(ptr %x, ptr %w, i32 %n)
  %r = fmul double %s, %s
  ret double %r
}

define double @caller(double %x, ptr %p, ptr %dp, ptr %w, i32 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x)
  %c = load i32, ptr @ad_const
  %e = call double (ptr, ...) @__ad_autodiff(ptr @g, ptr %p, ptr %dp, i32 %c, ptr %w, i32 %n)
  %t = fadd double %d, %e
  ret double %t
}
