; Enzyme's registration of a custom gradient, {fn, augment, gradient} in
; Enzyme's convention, becomes ADPass's augmented pair through two adapters:
; the augmented forward's adapter passes each pointer with its shadow and
; an integer twice, stores the result of the {tape, result} pair and returns
; the tape; the reverse adapter passes the seed and the tape after the
; arguments and adds the returned adjoints of the float arguments through
; their pointers.
;   f(x) = upd(x, 2, x[1]) * 3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__enzyme_autodiff(ptr, ...)
@enzyme_dup = external global i32

declare double @upd(ptr, i32, double)
declare { ptr, double } @upd_aug(ptr, ptr, i32, i32, double)
declare { double } @upd_grad(ptr, ptr, i32, i32, double, double, ptr)
@__enzyme_register_gradient_upd = global [3 x ptr] [ptr @upd, ptr @upd_aug, ptr @upd_grad]

define double @f(ptr %x) {
  %p = getelementptr double, ptr %x, i64 1
  %a = load double, ptr %p
  %r = call double @upd(ptr %x, i32 2, double %a)
  %m = fmul double %r, 3.0
  ret double %m
}

define void @caller(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx)
  ret void
}

; CHECK: @__ad_custom_aug_upd = internal constant [3 x ptr] [ptr @upd, ptr @__ad_enzyme_aug.upd, ptr @__ad_enzyme_rev.upd]

; CHECK-LABEL: define internal ptr @__ad_enzyme_aug.upd(ptr %0, i32 %1, double %2, ptr %3, ptr %4)
; CHECK-NEXT: entry:
; CHECK-NEXT: %5 = call { ptr, double } @upd_aug(ptr %0, ptr %3, i32 %1, i32 %1, double %2)
; CHECK-NEXT: %6 = extractvalue { ptr, double } %5, 0
; CHECK-NEXT: %7 = extractvalue { ptr, double } %5, 1
; CHECK-NEXT: store double %7, ptr %4
; CHECK-NEXT: ret ptr %6

; CHECK-LABEL: define internal void @__ad_enzyme_rev.upd(ptr %0, i32 %1, double %2, double %3, ptr %4, ptr %5, ptr %6)
; CHECK-NEXT: entry:
; CHECK-NEXT: %7 = call { double } @upd_grad(ptr %0, ptr %4, i32 %1, i32 %1, double %2, double %3, ptr %6)
; CHECK-NEXT: %8 = extractvalue { double } %7, 0
; CHECK-NEXT: %9 = load double, ptr %5
; CHECK-NEXT: %10 = fadd double %9, %8
; CHECK-NEXT: store double %10, ptr %5
; CHECK-NEXT: ret void

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK: call ptr @__ad_enzyme_aug.upd(ptr %x, i32 2, double %{{.*}}, ptr %d.x, ptr {{.*}}%ad.custom.result)
; CHECK: call void @__ad_enzyme_rev.upd(ptr %x, i32 2, double %{{.*}}, double 3.000000e+00, ptr %d.x, ptr {{.*}}%ad.custom.d, ptr %ad.custom.tape)
