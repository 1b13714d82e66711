; Forward over reverse (a Hessian-vector product): @hvp differentiates @grad,
; which calls __ad_autodiff of @f, and comes first in the module. The inner
; gradient is generated first and @grad calls it; the outer tangent then
; differentiates that gradient: its loop tape (__ad_tape_realloc) is an
; allocation whose tangent block is a tape block too
; (__ad_tape_shadow_realloc: kept between calls, or from the same
; workspace), freed with the tape; the reverse loop's adjoint updates get
; tangents.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; The outer call is the tangent of @grad.
; CHECK-LABEL: define void @hvp(
; CHECK: call void @__ad_fwd.grad(ptr %x, ptr %v, ptr %g, ptr %hv, i64 %n)

; The inner call is lowered: @grad calls the generated gradient.
; CHECK-LABEL: define void @grad(
; CHECK-NEXT: call void @__ad_grad.f(ptr %x, ptr %g, i64 %n)
; CHECK-NEXT: ret void

; The tangent of the inner gradient: one tape, one tangent block for it.
; CHECK-LABEL: define internal void @__ad_fwd.grad(
; CHECK: %[[TAPE:.*]] = call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 %{{.*}})
; CHECK-NEXT: %[[DTAPE:.*]] = call ptr @__ad_tape_shadow_realloc(ptr null, ptr null, i64 0, i64 %{{.*}})
; CHECK-NOT: __ad_tape_realloc
; CHECK-NOT: __ad_defer_free
; The forward sweep tapes s and its tangent side by side.
; CHECK: %[[SLOT:.*]] = getelementptr inbounds i8, ptr %[[T0:.*]], i64 %[[OFF:.*]]
; CHECK-NEXT: %[[DSLOT:.*]] = getelementptr inbounds i8, ptr %[[T0]].shadow, i64 %[[OFF]]
; CHECK-NEXT: store double %[[S:.*]], ptr %[[SLOT]]
; CHECK-NEXT: store double %[[S]].tangent, ptr %[[DSLOT]]
; The reverse sweep reads both back.
; CHECK: %[[RSLOT:.*]] = getelementptr inbounds i8, ptr %[[T1:.*]], i64 %[[ROFF:.*]]
; CHECK-NEXT: %[[DRSLOT:.*]] = getelementptr inbounds i8, ptr %[[T1]].shadow, i64 %[[ROFF]]
; CHECK-NEXT: load double, ptr %[[RSLOT]]
; CHECK-NEXT: load double, ptr %[[DRSLOT]]
; CHECK: call void @__ad_tape_free(ptr null, ptr %[[T1]])
; CHECK-NEXT: call void @__ad_tape_shadow_free(ptr null, ptr %[[T1]].shadow)
; CHECK: ret void

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define void @hvp(ptr %x, ptr %v, ptr %g, ptr %hv, i64 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  %r = call double (ptr, ...) @__ad_fwddiff(ptr @grad, i32 %dup, ptr %x, ptr %v, i32 %dup, ptr %g, ptr %hv, i32 %const, i64 %n)
  ret void
}

define void @grad(ptr %x, ptr %g, i64 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  %r = call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %g, i32 %const, i64 %n)
  ret void
}

; s = s * x[i] + x[i]^2: the reverse sweep needs each step's s (a tape).
define double @f(ptr %x, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %xi = load double, ptr %p
  %m = fmul double %s, %xi
  %sq = fmul double %xi, %xi
  %s.next = fadd double %m, %sq
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi double [ 1.0, %entry ], [ %s.next, %loop ]
  ret double %r
}
