; A select between an ad_dup and an ad_const pointer, then indexed: the
; constant side has no shadow of known size, so each indexed access's shadow
; is the indexed shadow of the differentiated side, or the zeroed scratch
; (not indexed) when the constant side is chosen, by the same condition.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define double @pick(ptr %x, ptr %c, i64 %k) {
  %big = icmp sgt i64 %k, 1
  %p = select i1 %big, ptr %x, ptr %c
  %q = getelementptr inbounds double, ptr %p, i64 %k
  %v = load double, ptr %q
  %r = fmul double %v, 2.0
  ret double %r
}

define void @grad(ptr %x, ptr %dx, ptr %c, i64 %k) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @pick, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, ptr %c, ptr @ad_const, i64 %k)
  ret void
}

define double @tangent(ptr %x, ptr %tx, ptr %c, i64 %k) {
  %d = call double (ptr, ...) @__ad_fwddiff(ptr @pick, ptr @ad_dup, ptr %x, ptr %tx, ptr @ad_const, ptr %c, ptr @ad_const, i64 %k)
  ret double %d
}

; CHECK-LABEL: define internal void @__ad_grad.pick(ptr %x, ptr %d.x, ptr %c, i64 %k)
; CHECK: %[[SCRATCH:ad.const.shadow.*]] = alloca
; CHECK: %[[BIG:.*]] = icmp sgt i64 %k, 1
; CHECK: %[[DQ:.*]] = getelementptr double, ptr %d.x, i64 %k
; CHECK: %[[S:.*]] = select i1 %[[BIG]], ptr %[[DQ]], ptr %[[SCRATCH]]
; CHECK: load double, ptr %[[S]]
; CHECK: store double %{{.*}}, ptr %[[S]]
; CHECK-LABEL: define internal { double, double } @__ad_fwd.pick(ptr %x, ptr %d.x, ptr %c, i64 %k)
; CHECK: select i1 %{{.*}}, ptr %{{.*}}, ptr %ad.const.shadow
