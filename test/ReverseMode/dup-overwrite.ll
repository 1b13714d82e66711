; An in-place update through an ad_dup pointer, overwritten twice:
;   x[0] = x[0]^2; puts(...); x[0] = sin(x[0])
; The shadow holds the seed on entry. Each store's adjoint is taken from the
; shadow, which then restarts from zero, so on exit
;   dx[0] = seed * cos(x0^2) * 2 x0
; and the seed itself is NOT added back. (puts, which may read memory, keeps
; the optimizer from forwarding the first store to the second load.)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare double @sin(double)
declare i32 @puts(ptr)
@msg = private constant [3 x i8] c"hi\00"

; CHECK-LABEL: define internal void @__ad_grad.overwrite(ptr %x, ptr %d.x)
; CHECK: %a = load double, ptr %x
; CHECK: %s = fmul double %a, %a
; CHECK: store double %s, ptr %x
; CHECK: call i32 @puts(
; CHECK: %b = load double, ptr %x
; CHECK: %t = call double @sin(double %b)
; CHECK: store double %t, ptr %x
; CHECK: [[SEED:%.*]] = load double, ptr %d.x
; CHECK: [[COS:%.*]] = call double @llvm.cos.f64(double %b)
; CHECK: [[DB:%.*]] = fmul double [[SEED]], [[COS]]{{$}}
; CHECK-NOT: [[SEED]]
; CHECK: [[T:%.*]] = fmul double {{%.*}}, %a{{$}}
; CHECK-NEXT: [[DA:%.*]] = fadd {{(reassoc )?}}double [[T]], [[T]]{{$}}
; CHECK-NOT: [[SEED]]
; CHECK: store double {{%.*}}, ptr %d.x
; CHECK-NEXT: ret void
define void @overwrite(ptr %x) {
  %a = load double, ptr %x
  %s = fmul double %a, %a
  store double %s, ptr %x
  %u = call i32 @puts(ptr @msg)
  %b = load double, ptr %x
  %t = call double @sin(double %b)
  store double %t, ptr %x
  ret void
}

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @overwrite, ptr %x, ptr %dx)
  ret void
}
