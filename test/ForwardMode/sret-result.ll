; A function returning a struct through memory (sret): its hidden pointer
; becomes a duplicated argument of the derivative, with a result slot and a
; shadow slot in the caller. Forward mode zeroes the shadow and returns the
; tangent read from it; reverse mode copies the seed (ad_seed) into it.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

%T3 = type { double, double, double }
declare void @__ad_fwddiff_t3(ptr sret(%T3), ptr, ...)
declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_seed = external global i32

define void @three(ptr sret(%T3) %out, double %x) {
  %sq = fmul double %x, %x
  store double %sq, ptr %out
  %p1 = getelementptr inbounds %T3, ptr %out, i32 0, i32 1
  store double %x, ptr %p1
  %p2 = getelementptr inbounds %T3, ptr %out, i32 0, i32 2
  store double 1.0, ptr %p2
  ret void
}

; CHECK-LABEL: define void @tangent(ptr %res, double %x)
; CHECK-DAG: %[[SLOT:ad.sret[0-9]*]] = alloca %T3
; CHECK-DAG: %[[SH:ad.sret.shadow[0-9]*]] = alloca %T3
; CHECK: call void @llvm.memset.p0.i64(ptr align 8 %[[SH]], i8 0, i64 24, i1 false)
; CHECK: call void @__ad_fwd.three(ptr %[[SLOT]], ptr %[[SH]], double %x, double 1.000000e+00)
; CHECK: load %T3, ptr %[[SH]]
define void @tangent(ptr %res, double %x) {
  call void (ptr, ptr, ...) @__ad_fwddiff_t3(ptr sret(%T3) %res, ptr @three, ptr @ad_dup, double %x, double 1.0)
  ret void
}

; CHECK-LABEL: define double @gradient(ptr %seed, double %x)
; CHECK-DAG: %[[SLOT2:ad.sret[0-9]*]] = alloca %T3
; CHECK-DAG: %[[SH2:ad.sret.shadow[0-9]*]] = alloca %T3
; CHECK-NOT: memset
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %[[SH2]], ptr align 1 %seed, i64 24, i1 false)
; CHECK: call double @__ad_grad.three(ptr %[[SLOT2]], ptr %[[SH2]], double %x)
define double @gradient(ptr %seed, double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @three, double %x, ptr @ad_seed, ptr %seed)
  ret double %d
}
