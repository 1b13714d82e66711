; Addresses computed as integers (inttoptr(ptrtoint x + k), and an integer
; phi stepping through the array, as the optimizer sometimes emits): the
; address points into x's object, so its shadow is x's shadow at the same
; byte offset, d.x + (address - ptrtoint x). In a loop the shadow address is
; recomputed from the iteration like the address itself.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.walk(ptr %x, ptr %d.x, i64 %n)
; CHECK: rev.loop:
; CHECK: [[OFF:%.*]] = shl i64 %ad.revidx.loop.0, 3
; CHECK: %p.shadow.re = getelementptr i8, ptr %d.x, i64 [[OFF]]
; CHECK-NEXT: load double, ptr %p.shadow.re
; CHECK: store double {{.*}}, ptr %p.shadow.re

; CHECK-LABEL: define internal void @__ad_grad.byint(ptr %x, ptr %d.x, i64 %k)
; CHECK: %off = shl i64 %k, 3
; CHECK: %p.shadow = getelementptr i8, ptr %d.x, i64 %off
; CHECK: [[D:%.*]] = load double, ptr %p.shadow
; CHECK: store double {{.*}}, ptr %p.shadow
declare void @__ad_autodiff(ptr, ...)
@ad_const = external global i32

define double @byint(ptr %x, i64 %k) {
  %a = ptrtoint ptr %x to i64
  %off = shl i64 %k, 3
  %ai = add i64 %a, %off
  %p = inttoptr i64 %ai to ptr
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define double @walk(ptr %x, i64 %n) {
entry:
  %a0 = ptrtoint ptr %x to i64
  br label %loop
loop:
  %a = phi i64 [ %a0, %entry ], [ %a.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %p = inttoptr i64 %a to ptr
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %s.next = fadd double %s, %sq
  %a.next = add i64 %a, 8
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret double %s.next
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @byint, ptr %x, ptr %dx, i32 %c, i64 %n)
  call void (ptr, ...) @__ad_autodiff(ptr @walk, ptr %x, ptr %dx, i32 %c, i64 %n)
  ret void
}
