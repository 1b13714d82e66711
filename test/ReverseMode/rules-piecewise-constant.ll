; Piecewise-constant intrinsics (floor, ceil, trunc, round, roundeven, rint,
; nearbyint) have a zero derivative: d/dx (x * floor(x)) = floor(x), the
; primal value times the seed, with no contribution through the call.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=FLOOR < %t
; RUN: %FileCheck %s --check-prefix=CEIL < %t
; RUN: %FileCheck %s --check-prefix=TRUNC < %t
; RUN: %FileCheck %s --check-prefix=ROUND < %t
; RUN: %FileCheck %s --check-prefix=ROUNDEVEN < %t
; RUN: %FileCheck %s --check-prefix=RINT < %t
; RUN: %FileCheck %s --check-prefix=NEARBYINT < %t

declare double @__ad_autodiff(ptr, ...)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.roundeven.f64(double)
declare double @llvm.rint.f64(double)
declare double @llvm.nearbyint.f64(double)

; FLOOR-LABEL: define internal double @__ad_grad.f_floor(double %x, ptr %out, ptr %d.out)
; FLOOR: %p = call double @llvm.floor.f64(double %x)
; FLOOR: [[D:%.*]] = load double, ptr %d.out
; FLOOR-NOT: call
; FLOOR: [[G:%.*]] = fmul double [[D]], %p
; FLOOR-NOT: call
; FLOOR: ret double [[G]]{{$}}
define void @f_floor(double %x, ptr %out) {
  %p = call double @llvm.floor.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; CEIL-LABEL: define internal double @__ad_grad.f_ceil(double %x, ptr %out, ptr %d.out)
; CEIL: %p = call double @llvm.ceil.f64(double %x)
; CEIL: [[D:%.*]] = load double, ptr %d.out
; CEIL-NOT: call
; CEIL: [[G:%.*]] = fmul double [[D]], %p
; CEIL-NOT: call
; CEIL: ret double [[G]]{{$}}
define void @f_ceil(double %x, ptr %out) {
  %p = call double @llvm.ceil.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; TRUNC-LABEL: define internal double @__ad_grad.f_trunc(double %x, ptr %out, ptr %d.out)
; TRUNC: %p = call double @llvm.trunc.f64(double %x)
; TRUNC: [[D:%.*]] = load double, ptr %d.out
; TRUNC-NOT: call
; TRUNC: [[G:%.*]] = fmul double [[D]], %p
; TRUNC-NOT: call
; TRUNC: ret double [[G]]{{$}}
define void @f_trunc(double %x, ptr %out) {
  %p = call double @llvm.trunc.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; ROUND-LABEL: define internal double @__ad_grad.f_round(double %x, ptr %out, ptr %d.out)
; ROUND: %p = call double @llvm.round.f64(double %x)
; ROUND: [[D:%.*]] = load double, ptr %d.out
; ROUND-NOT: call
; ROUND: [[G:%.*]] = fmul double [[D]], %p
; ROUND-NOT: call
; ROUND: ret double [[G]]{{$}}
define void @f_round(double %x, ptr %out) {
  %p = call double @llvm.round.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; ROUNDEVEN-LABEL: define internal double @__ad_grad.f_roundeven(double %x, ptr %out, ptr %d.out)
; ROUNDEVEN: %p = call double @llvm.roundeven.f64(double %x)
; ROUNDEVEN: [[D:%.*]] = load double, ptr %d.out
; ROUNDEVEN-NOT: call
; ROUNDEVEN: [[G:%.*]] = fmul double [[D]], %p
; ROUNDEVEN-NOT: call
; ROUNDEVEN: ret double [[G]]{{$}}
define void @f_roundeven(double %x, ptr %out) {
  %p = call double @llvm.roundeven.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; RINT-LABEL: define internal double @__ad_grad.f_rint(double %x, ptr %out, ptr %d.out)
; RINT: %p = call double @llvm.rint.f64(double %x)
; RINT: [[D:%.*]] = load double, ptr %d.out
; RINT-NOT: call
; RINT: [[G:%.*]] = fmul double [[D]], %p
; RINT-NOT: call
; RINT: ret double [[G]]{{$}}
define void @f_rint(double %x, ptr %out) {
  %p = call double @llvm.rint.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

; NEARBYINT-LABEL: define internal double @__ad_grad.f_nearbyint(double %x, ptr %out, ptr %d.out)
; NEARBYINT: %p = call double @llvm.nearbyint.f64(double %x)
; NEARBYINT: [[D:%.*]] = load double, ptr %d.out
; NEARBYINT-NOT: call
; NEARBYINT: [[G:%.*]] = fmul double [[D]], %p
; NEARBYINT-NOT: call
; NEARBYINT: ret double [[G]]{{$}}
define void @f_nearbyint(double %x, ptr %out) {
  %p = call double @llvm.nearbyint.f64(double %x)
  %r = fmul double %x, %p
  store double %r, ptr %out
  ret void
}

define void @caller(double %x, ptr %o, ptr %do, ptr %res) {
  %d0 = call double (ptr, ...) @__ad_autodiff(ptr @f_floor, double %x, ptr %o, ptr %do)
  store volatile double %d0, ptr %res
  %d1 = call double (ptr, ...) @__ad_autodiff(ptr @f_ceil, double %x, ptr %o, ptr %do)
  store volatile double %d1, ptr %res
  %d2 = call double (ptr, ...) @__ad_autodiff(ptr @f_trunc, double %x, ptr %o, ptr %do)
  store volatile double %d2, ptr %res
  %d3 = call double (ptr, ...) @__ad_autodiff(ptr @f_round, double %x, ptr %o, ptr %do)
  store volatile double %d3, ptr %res
  %d4 = call double (ptr, ...) @__ad_autodiff(ptr @f_roundeven, double %x, ptr %o, ptr %do)
  store volatile double %d4, ptr %res
  %d5 = call double (ptr, ...) @__ad_autodiff(ptr @f_rint, double %x, ptr %o, ptr %do)
  store volatile double %d5, ptr %res
  %d6 = call double (ptr, ...) @__ad_autodiff(ptr @f_nearbyint, double %x, ptr %o, ptr %do)
  store volatile double %d6, ptr %res
  ret void
}
