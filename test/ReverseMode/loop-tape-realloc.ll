; A loop-carried x = sin(x) c[i] needs each iteration's x in the reverse
; sweep (for cos(x)): it is taped. The tape is sized once from the trip count
; (n doubles) by a single __ad_tape_realloc in the preheader (the loop is a
; nest of its own), written in the forward loop, read backwards in the reverse
; loop, and released by __ad_tape_free after the reverse loop. c[i] is not
; taped (c is never written: it is reloaded).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_const = external global i32

; CHECK-LABEL: define internal double @__ad_grad.carried(double %x0, ptr %c, i64 %n)
; CHECK-NOT: @__ad_tape
; CHECK: loop.preheader:
; CHECK-NEXT: [[BYTES:%.*]] = shl i64 %{{.*}}, 3
; CHECK-NOT: @__ad_tape
; CHECK: call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 [[BYTES]])
; CHECK-NOT: @__ad_tape
; CHECK: loop:
; CHECK-NOT: @__ad_tape
; CHECK: store double %x, ptr
; CHECK-NOT: @__ad_tape
; CHECK: %s = call double @sin(double %x)
; CHECK-NOT: @__ad_tape
; CHECK: br i1 %done
; CHECK: rev.loop:
; CHECK-NOT: @__ad_tape
; CHECK: %x.tape = load double, ptr
; CHECK-NEXT: call double @llvm.cos.f64(double %x.tape)
; CHECK-NOT: @__ad_tape_realloc
; CHECK: call void @__ad_tape_free(ptr null, ptr
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}}
define double @carried(double %x0, ptr %c, i64 %n) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi double [ %x0, %entry ], [ %x.next, %loop ]
  %q = getelementptr inbounds double, ptr %c, i64 %i
  %ci = load double, ptr %q
  %s = call double @sin(double %x)
  %x.next = fmul double %s, %ci
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi double [ %x0, %entry ], [ %x.next, %loop ]
  ret double %r
}

define double @caller(double %x, ptr %c, i64 %n) {
  %k = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @carried, double %x, i32 %k, ptr %c, i64 %n)
  ret double %d
}
