; A recursive callee returning one of its pointer arguments (a binary
; search tree's insert returns the subtree's root): the caller classifies
; the result from the arguments (shadowed), the callee is split (its
; augmented forward returns {tape, result, result's shadow}) and the
; caller takes the shadow from the third field. A null argument the callee
; may return is passed with a null shadow.
;   f = the root's key squared after inserting two nodes holding x[0], x[1]
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK: %[[A1:[0-9]+]] = call { ptr, ptr, ptr } @__ad_aug.insert(ptr null, ptr null, ptr {{.*}}%a, ptr %a.shadow)
; CHECK: %[[R1:[0-9]+]] = extractvalue { ptr, ptr, ptr } %[[A1]], 1
; CHECK: %[[S1:[a-z.0-9]+]] = extractvalue { ptr, ptr, ptr } %[[A1]], 2
; CHECK: call { ptr, ptr, ptr } @__ad_aug.insert(ptr %[[R1]], ptr %[[S1]], ptr {{.*}}%b, ptr %b.shadow)

; CHECK-LABEL: define internal { ptr, ptr, ptr } @__ad_aug.insert(ptr %t, ptr %d.t, ptr %n, ptr %d.n)
; The child link's shadow is the recursive call's third field.
; CHECK: %[[CS:[a-z.0-9]+]] = extractvalue { ptr, ptr, ptr } %{{.*}}, 2
; CHECK: store ptr %[[CS]], ptr %slot.shadow
; CHECK: %r.shadow = phi ptr [ %d.n, %ad.entry ], [ %d.t, %walk ]
; CHECK: insertvalue { ptr, ptr, ptr } %{{.*}}, ptr %r.shadow, 2

declare ptr @malloc(i64)
declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define internal ptr @insert(ptr %t, ptr %n) {
entry:
  %empty = icmp eq ptr %t, null
  br i1 %empty, label %done, label %walk
walk:
  %nk = load double, ptr %n, align 8
  %tk = load double, ptr %t, align 8
  %less = fcmp olt double %nk, %tk
  %off = select i1 %less, i64 8, i64 16
  %slot = getelementptr inbounds i8, ptr %t, i64 %off
  %child = load ptr, ptr %slot, align 8
  %sub = call ptr @insert(ptr %child, ptr %n)
  store ptr %sub, ptr %slot, align 8
  br label %done
done:
  %r = phi ptr [ %n, %entry ], [ %t, %walk ]
  ret ptr %r
}

define double @f(ptr %x) {
entry:
  %a = call ptr @malloc(i64 24)
  %b = call ptr @malloc(i64 24)
  %x0 = load double, ptr %x, align 8
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p, align 8
  store double %x0, ptr %a, align 8
  store double %x1, ptr %b, align 8
  %al = getelementptr inbounds i8, ptr %a, i64 8
  call void @llvm.memset.p0.i64(ptr %al, i8 0, i64 16, i1 false)
  %bl = getelementptr inbounds i8, ptr %b, i64 8
  call void @llvm.memset.p0.i64(ptr %bl, i8 0, i64 16, i1 false)
  %r1 = call ptr @insert(ptr null, ptr %a)
  %r2 = call ptr @insert(ptr %r1, ptr %b)
  %k = load double, ptr %r2, align 8
  %sq = fmul double %k, %k
  ret double %sq
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @g(ptr %x, ptr %dx) {
  %dup = load i32, ptr @ad_dup
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx)
  ret void
}
