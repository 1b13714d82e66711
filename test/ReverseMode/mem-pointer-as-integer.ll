; A pointer stored as an integer and read back as a pointer (Eigen's
; product evaluator keeps its operand's address so, at -O1, in a struct
; that also points to itself, which SROA leaves in memory): the stored
; bytes are the pointer, so it is stored as one, and the pointer read back
; has the shadow the address had. The derivative used to read that shadow
; from the integer's shadow slot (null: a segfault in the reverse sweep).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)

; (x' = 2 x: both factors' adjoints reach d.x; the old derivative was
; `unreachable`, the store through null folded.)
; CHECK-LABEL: define internal void @__ad_grad.viaint(ptr %x, ptr %d.x)
; CHECK-NOT: unreachable
; CHECK: load double, ptr %d.x
; CHECK: fadd reassoc double
; CHECK: fadd reassoc double
; CHECK: store double {{.*}}, ptr %d.x
; CHECK-NOT: unreachable
; CHECK: ret void
define double @viaint(ptr %x) {
  %ev = alloca { double, ptr, i64, [8 x i64] }, align 16
  %v0 = load double, ptr %x, align 8
  store double %v0, ptr %ev, align 16
  %self = getelementptr inbounds i8, ptr %ev, i64 8
  store ptr %ev, ptr %self, align 8
  %slot = getelementptr inbounds i8, ptr %ev, i64 16
  %i = ptrtoint ptr %x to i64
  store i64 %i, ptr %slot, align 8
  ; (more stores between than the loads' forwarding looks through)
  %f = getelementptr inbounds i8, ptr %ev, i64 24
  store i64 1, ptr %f, align 8
  %f1 = getelementptr inbounds i8, ptr %ev, i64 32
  store i64 1, ptr %f1, align 8
  %f2 = getelementptr inbounds i8, ptr %ev, i64 40
  store i64 1, ptr %f2, align 8
  %f3 = getelementptr inbounds i8, ptr %ev, i64 48
  store i64 1, ptr %f3, align 8
  %f4 = getelementptr inbounds i8, ptr %ev, i64 56
  store i64 1, ptr %f4, align 8
  %f5 = getelementptr inbounds i8, ptr %ev, i64 64
  store i64 1, ptr %f5, align 8
  %f6 = getelementptr inbounds i8, ptr %ev, i64 72
  store i64 1, ptr %f6, align 8
  %f7 = getelementptr inbounds i8, ptr %ev, i64 80
  store i64 1, ptr %f7, align 8
  %p = load ptr, ptr %slot, align 8
  %v = load double, ptr %p, align 8
  %s = fmul double %v, %v0
  ret double %s
}

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @viaint, ptr %x, ptr %dx)
  ret void
}
