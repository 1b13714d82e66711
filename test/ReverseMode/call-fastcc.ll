; An internal callee with the fastcc convention (what the optimizer gives
; static functions from -O1) and a zeroext argument: its derivatives are
; called with the convention and the argument attributes they are defined
; with (a mismatch is undefined, and InstCombine turns it into unreachable).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK: call void @__ad_grad.rprod(ptr %a, ptr %d.a, i32 %n, i1 zeroext true, double 1.000000e+00)
; CHECK-LABEL: define internal void @__ad_grad.rprod(ptr %a, ptr %d.a, i32 %m, i1 zeroext %flip, double %ad.seed)
; CHECK: call void @__ad_grad.rprod(ptr %a, ptr %d.a, i32 {{%.*}}, i1 zeroext {{%.*}}, double {{%.*}})
; CHECK-LABEL: define internal { double, double } @__ad_fwd.f(
; CHECK: call { double, double } @__ad_fwd.rprod(ptr %a, ptr %d.a, i32 %n, i1 zeroext true)
; CHECK-LABEL: define internal { double, double } @__ad_fwd.rprod(ptr %a, ptr %d.a, i32 %m, i1 zeroext %flip)
; CHECK: call { double, double } @__ad_fwd.rprod(ptr %a, ptr %d.a, i32 %k, i1 zeroext %nf)
; CHECK-NOT: unreachable
; CHECK-NOT: fastcc {{.*}}@__ad_

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32
declare double @llvm.sin.f64(double)

define internal fastcc double @rprod(ptr %a, i32 %m, i1 zeroext %flip) {
entry:
  %one = icmp eq i32 %m, 1
  br i1 %one, label %base, label %rec
base:
  %a0 = load double, ptr %a
  %s0 = call double @llvm.sin.f64(double %a0)
  ret double %s0
rec:
  %k = add i32 %m, -1
  %kk = sext i32 %k to i64
  %p = getelementptr double, ptr %a, i64 %kk
  %v = load double, ptr %p
  %s = call double @llvm.sin.f64(double %v)
  %nf = xor i1 %flip, true
  %r = call fastcc double @rprod(ptr %a, i32 %k, i1 zeroext %nf)
  %q = fmul double %s, %r
  ret double %q
}

define double @f(ptr %a, i32 %n) {
  %r = call fastcc double @rprod(ptr %a, i32 %n, i1 zeroext true)
  ret double %r
}

define void @grad(ptr %a, ptr %da, i32 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %a, ptr %da, i32 %const, i32 %n)
  ret void
}

define double @tangent(ptr %a, ptr %ta, i32 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @f, i32 %dup, ptr %a, ptr %ta, i32 %const, i32 %n)
  ret double %t
}
