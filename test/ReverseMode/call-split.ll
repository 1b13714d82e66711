; A recursive callee that writes memory is split: the caller's forward sweep
; calls its augmented forward, which returns a tape; in a loop, the tape
; pointer is kept per iteration; the reverse sweep hands it to the callee's
; reverse, which checks it, reads it, frees it and recurses. The user API
; (__ad_augmentfwd / __ad_reverse) maps onto the same pair of functions.
;   sq(p, n): p[0] = p[0]^2, then sq(p + 1, n - 1)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare ptr @__ad_augmentfwd(ptr, ...)
declare double @__ad_reverse(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define void @sq(ptr %p, i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %v = load double, ptr %p
  %s = fmul double %v, %v
  store double %s, ptr %p
  %q = getelementptr inbounds double, ptr %p, i64 1
  %m = add i32 %n, -1
  call void @sq(ptr %q, i32 %m)
  br label %done
done:
  ret void
}

define double @loop(ptr %x, i32 %k) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %head ]
  call void @sq(ptr %x, i32 2)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %k
  br i1 %c, label %head, label %exit
exit:
  %r = load double, ptr %x
  ret double %r
}

define double @caller(ptr %x, ptr %dx, i32 %k) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @loop, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i32 %k)
  ret double %d
}

; CHECK-LABEL: define void @user(ptr %x, ptr %dx)
; CHECK-NEXT: [[T:%.*]] = call ptr @__ad_aug.sq.{{[0-9]+}}(ptr %x, ptr %dx, i32 3)
; CHECK-NEXT: call void @__ad_rev.sq.{{[0-9]+}}(ptr [[T]])
; CHECK-NEXT: ret void
define void @user(ptr %x, ptr %dx) {
  %t = call ptr (ptr, ...) @__ad_augmentfwd(ptr @sq, ptr %x, ptr %dx, i32 3)
  %d = call double (ptr, ...) @__ad_reverse(ptr @sq, ptr %x, ptr %dx, i32 3, ptr %t)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.loop(ptr %x, ptr %d.x, i32 %k)
; CHECK: [[LT:%ad[.a-z0-9]+]] = call ptr @__ad_tape_realloc(
; CHECK: head:
; CHECK: [[TAPE:%.*]] = call ptr @__ad_aug.sq(ptr %x, ptr %d.x, i32 2)
; CHECK: store ptr [[TAPE]], ptr
; CHECK: rev.head:
; CHECK: [[BACK:%.*]] = load ptr, ptr
; CHECK-NEXT: call void @__ad_rev.sq(ptr [[BACK]])
; CHECK: call void @__ad_tape_free(ptr null, ptr [[LT]])

; The tape is allocated on entry; each value is stored where it is defined
; and loaded where it is used.
; CHECK-LABEL: define internal ptr @__ad_aug.sq(ptr %p, ptr %d.p, i32 %n)
; CHECK-NEXT: ad.entry:
; CHECK-NEXT: %ad.tape = call ptr @__ad_split_alloc(i64 40, i64 8)
; CHECK: store ptr %d.p, ptr
; CHECK: store ptr @__ad_rev.sq, ptr %ad.tape
; CHECK: store double %s, ptr %p
; CHECK: [[INNER:%.*]] = call ptr @__ad_aug.sq(ptr nonnull %q, ptr nonnull %q.shadow, i32 %m)
; CHECK: ad.split:
; CHECK: store double
; CHECK: ret ptr %ad.tape

; CHECK-LABEL: define internal void @__ad_rev.sq(ptr noalias %ad.tape1)
; CHECK: [[ID:%.*]] = load ptr, ptr %ad.tape1
; CHECK-NEXT: icmp eq ptr [[ID]], @__ad_rev.sq
; CHECK: rev.exit:
; CHECK-NEXT: store ptr null, ptr %ad.tape1
; CHECK-NEXT: call void @free(ptr nonnull %ad.tape1)
; CHECK-NEXT: ret void
; CHECK: [[T:%.*]] = load ptr, ptr
; CHECK-NEXT: call void @__ad_rev.sq(ptr [[T]])
; CHECK: fmul double
; CHECK: call void @__ad_split_mismatch(
; CHECK-NEXT: unreachable
