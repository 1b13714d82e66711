; A call to a function with a registered augmented pair: the forward sweep
; calls the augmented forward instead of the function (with the shadow of the
; pointer argument and a slot for the result) and keeps its tape; the reverse
; sweep calls the registered reverse with the seed, the shadow and the tape.
; The function's body, if any, is not differentiated.
;   f(x) = upd(x, 2) * 3
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

declare double @upd(ptr, i32)
declare ptr @upd_aug(ptr, i32, ptr, ptr)
declare void @upd_rev(ptr, i32, double, ptr, ptr)
@__ad_custom_aug_upd = internal constant [3 x ptr] [ptr @upd, ptr @upd_aug, ptr @upd_rev]
@llvm.used = appending global [1 x ptr] [ptr @__ad_custom_aug_upd]

define double @f(ptr %x) {
  %r = call double @upd(ptr %x, i32 2)
  %m = fmul double %r, 3.0
  ret double %m
}

define void @caller(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK: %ad.custom.result = alloca double
; CHECK: [[T:%.*]] = call ptr @upd_aug(ptr %x, i32 2, ptr %d.x, ptr {{.*}}%ad.custom.result)
; CHECK-NOT: call double @upd(
; CHECK: call void @upd_rev(ptr %x, i32 2, double 3.000000e+00, ptr %d.x, ptr [[T]])
; CHECK-NEXT: ret void
