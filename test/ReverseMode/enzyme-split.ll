; Enzyme's split mode maps onto ADPass's split pair. __enzyme_augmentfwd
; returns {tape, result} laid out in the caller's declared type (here the
; struct { void *tape; double r; }), or stores the tape through
; `enzyme_tape, p`; __enzyme_reverse passes the seed of the result (the
; argument after f's own) to the reverse half, whose tape comes from p.
; __enzyme_augmentsize is the size of the tape's address.
;   f(x, n) = sum x[i]^2
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare { ptr, double } @__enzyme_augmentfwd(ptr, ...)
declare void @__enzyme_augmentfwd_slot(ptr, ...)
declare double @__enzyme_reverse(ptr, ...)
declare i32 @__enzyme_augmentsize(ptr, ...)
@enzyme_dup = external global i32
@enzyme_const = external global i32
@enzyme_tape = external global i32
@enzyme_allocated = external global i32

define double @f(ptr %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds double, ptr %x, i64 %idx
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  %s1 = fadd double %s, %sq
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret double %s1
}

; CHECK-LABEL: define { ptr, double } @returned(ptr %x, ptr %dx, i32 %n)
; CHECK: %[[AUG:.*]] = call { ptr, double } @__ad_aug.f(ptr %x, ptr %dx, i32 %n)
; CHECK-DAG: %[[T:.*]] = extractvalue { ptr, double } %[[AUG]], 0
; CHECK-DAG: %[[R:.*]] = extractvalue { ptr, double } %[[AUG]], 1
; CHECK: store ptr %[[T]], ptr %[[SLOT:.*]], align
; CHECK: %[[OFF:.*]] = getelementptr inbounds i8, ptr %[[SLOT]], i64 8
; CHECK: store double %[[R]], ptr %[[OFF]]
; CHECK: %[[BACK:.*]] = load { ptr, double }, ptr %[[SLOT]]
; CHECK: ret { ptr, double } %[[BACK]]
define { ptr, double } @returned(ptr %x, ptr %dx, i32 %n) {
  %r = call { ptr, double } (ptr, ...) @__enzyme_augmentfwd(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_const, i32 %n)
  ret { ptr, double } %r
}

; CHECK-LABEL: define double @reversed(ptr %x, ptr %dx, i32 %n, ptr %tape)
; CHECK: call void @__ad_rev.f(ptr %tape, double 2.500000e+00)
define double @reversed(ptr %x, ptr %dx, i32 %n, ptr %tape) {
  %d = call double (ptr, ...) @__enzyme_reverse(ptr @f, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_const, i32 %n, double 2.5, ptr %tape)
  ret double %d
}

; CHECK-LABEL: define i32 @in_memory(ptr %x, ptr %dx, i32 %n, ptr %mem)
; CHECK: %[[AUG2:.*]] = call { ptr, double } @__ad_aug.f(ptr %x, ptr %dx, i32 %n)
; CHECK: %[[T2:.*]] = extractvalue { ptr, double } %[[AUG2]], 0
; CHECK: store ptr %[[T2]], ptr %mem
; CHECK: %[[LT:.*]] = load ptr, ptr %mem
; CHECK: call void @__ad_rev.f(ptr %[[LT]], double 1.000000e+00)
; CHECK: ret i32 8
define i32 @in_memory(ptr %x, ptr %dx, i32 %n, ptr %mem) {
  %size = call i32 (ptr, ...) @__enzyme_augmentsize(ptr @f, ptr @enzyme_dup, ptr @enzyme_const)
  call void (ptr, ...) @__enzyme_augmentfwd_slot(ptr @f, ptr @enzyme_allocated, i32 8, ptr @enzyme_tape, ptr %mem, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_const, i32 %n)
  %d = call double (ptr, ...) @__enzyme_reverse(ptr @f, ptr @enzyme_allocated, i32 8, ptr @enzyme_tape, ptr %mem, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_const, i32 %n, double 1.0)
  ret i32 %size
}
