; A recursive callee frees the nodes of a list that its caller allocated
; (the caller can tell: every block reachable from what it passes is its
; own). The callee's derivative cannot trace the nodes to an allocation,
; and the caller's reverse sweep still reads them and their shadows after
; the callee's reverse: the callee hands each node and its shadow to the
; runtime's outermost list (__ad_defer_free_outer), which the gradient
; frees at its end, after its reverse sweep, from the mark it took when it
; started.
;   f = x[0]^2 + x[1]^2, kept in two linked nodes, read back, then the list
;       freed by destroy()
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK: %[[MARK:[0-9a-z.]+]] = call i64 @__ad_outer_frees_mark()
; CHECK: call ptr @__ad_aug.destroy(ptr {{.*}}%a, ptr %a.shadow)
; CHECK: call void @__ad_outer_frees_release(i64 %[[MARK]])
; CHECK-NEXT: ret void

; The augmented forward of destroy: no free of its own.
; CHECK-LABEL: define internal {{.*}} @__ad_aug.destroy(ptr %n, ptr %d.n)
; CHECK-NOT: call void @free(
; CHECK: call void @__ad_defer_free_outer(ptr {{.*}}@free, ptr {{.*}}%n, ptr %d.n)
; CHECK-NOT: call void @free(
; CHECK: ret

declare ptr @malloc(i64)
declare void @free(ptr)
declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define internal void @destroy(ptr %n) {
entry:
  %null = icmp eq ptr %n, null
  br i1 %null, label %done, label %rec
rec:
  %nextp = getelementptr inbounds i8, ptr %n, i64 8
  %next = load ptr, ptr %nextp, align 8
  call void @destroy(ptr %next)
  call void @free(ptr %n)
  br label %done
done:
  ret void
}

define double @f(ptr %x) {
entry:
  %a = call ptr @malloc(i64 16)
  %b = call ptr @malloc(i64 16)
  %x0 = load double, ptr %x, align 8
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, align 8
  %s0 = fmul double %x0, %x0
  %s1 = fmul double %x1, %x1
  store double %s0, ptr %a, align 8
  store double %s1, ptr %b, align 8
  %an = getelementptr inbounds i8, ptr %a, i64 8
  store ptr %b, ptr %an, align 8
  %bn = getelementptr inbounds i8, ptr %b, i64 8
  store ptr null, ptr %bn, align 8
  %v0 = load double, ptr %a, align 8
  %bp = load ptr, ptr %an, align 8
  %v1 = load double, ptr %bp, align 8
  %r = fadd double %v0, %v1
  call void @destroy(ptr %a)
  ret double %r
}

define void @g(ptr %x, ptr %dx) {
  %dup = load i32, ptr @ad_dup
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx)
  ret void
}
