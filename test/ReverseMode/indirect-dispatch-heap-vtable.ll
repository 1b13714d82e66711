; A virtual call on an object this function allocated on the heap (a
; std::shared_ptr's control block): its vtable pointer is stored into the
; new block, read back, and a slot of that vtable called. The call is
; dispatched on the slot's function (with a run-time stop if the pointer
; is anything else), the base class's pure virtual slot left out. The
; block's atomic reference count (`atomicrmw add i32`) is no float
; computation: no "atomic update of differentiated memory" refusal.
; RUN: %opt -passes=ad -S %s 2>&1 | %FileCheck %s --implicit-check-not=error

declare void @__ad_autodiff(ptr, ...)
declare ptr @_Znwm(i64)
declare void @_ZdlPv(ptr)
declare void @__cxa_pure_virtual()
declare double @llvm.sin.f64(double)

@vt.base = constant [3 x ptr] [ptr null, ptr null, ptr @__cxa_pure_virtual]
@vt.impl = constant [3 x ptr] [ptr null, ptr null, ptr @impl.get]

define double @impl.get(ptr %self) {
  %p = getelementptr i8, ptr %self, i64 16
  %v = load double, ptr %p
  %s = call double @llvm.sin.f64(double %v)
  ret double %s
}

define double @f(double %x) {
  %cb = call ptr @_Znwm(i64 24)
  store ptr @vt.base, ptr %cb
  store ptr @vt.impl, ptr %cb
  %count = getelementptr i8, ptr %cb, i64 8
  store i32 1, ptr %count
  %old = atomicrmw add ptr %count, i32 1 acq_rel
  %val = getelementptr i8, ptr %cb, i64 16
  %sq = fmul double %x, %x
  store double %sq, ptr %val
  %vtable = load ptr, ptr %cb
  %slot = getelementptr i8, ptr %vtable, i64 16
  %get = load ptr, ptr %slot
  %r = call double %get(ptr %cb)
  %left = atomicrmw sub ptr %count, i32 1 acq_rel
  call void @_ZdlPv(ptr %cb)
  ret double %r
}

define double @grad(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x)
  ret double %d
}

; CHECK-LABEL: define internal double @__ad_grad.f(
; CHECK: icmp eq ptr {{.*}}, @impl.get
; CHECK: call {{.*}}@__ad_unknown_target
; CHECK: call double @llvm.cos.f64(
; CHECK-LABEL: define
