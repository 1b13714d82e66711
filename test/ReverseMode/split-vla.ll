; Variable-length arrays in a callee that is split (it recurses and writes
; memory) and whose blocks the reverse sweep still reads: one made at most
; once per call moves to the heap, its tape slot null where it is not made;
; those made in a loop are heap blocks on a list that the reverse frees.
; (Eigen's partial-pivoting LU: stack-or-heap temporaries in its blocked
; kernel. Both used to be refused.)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define void @work(ptr %p, i32 %n, i32 %m) {
entry:
  %z = icmp eq i32 %m, 0
  br i1 %z, label %done, label %body
body:
  %buf = alloca double, i32 %n
  %v = load double, ptr %p
  store double %v, ptr %buf
  %m1 = add i32 %m, -1
  br label %loop
loop:
  %i = phi i32 [ 0, %body ], [ %i1, %loop ]
  %t = alloca double, i32 %n
  %b = load double, ptr %buf
  %s = fmul double %b, %b
  store double %s, ptr %t
  call void @work(ptr %t, i32 %n, i32 %m1)
  %w = load double, ptr %t
  %w2 = fmul double %w, %b
  store double %w2, ptr %buf
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 2
  br i1 %c, label %loop, label %out
out:
  %r = load double, ptr %buf
  store double %r, ptr %p
  br label %done
done:
  ret void
}

define double @f(ptr %x) {
  call void @work(ptr %x, i32 1, i32 2)
  %r = load double, ptr %x
  ret double %r
}

define double @caller(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret double %d
}

; CHECK-LABEL: define internal ptr @__ad_aug.work(ptr %p, ptr %d.p, i32 %n, i32 %m)
; CHECK: %ad.tape = call ptr @__ad_split_alloc(
; CHECK: store ptr @__ad_rev.work, ptr %ad.tape
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds i8, ptr %ad.tape, i64 {{[0-9]+}}
; CHECK-NEXT: store ptr null, ptr [[SLOT]]
; CHECK: %ad.blocks = call ptr @__ad_split_alloc(i64 8, i64 8)
; CHECK: store ptr null, ptr %ad.blocks
; CHECK: body:
; CHECK: [[BYTES:%.*]] = shl nuw nsw i64 {{.*}}, 3
; CHECK: %buf.shadow = call ptr @__ad_split_alloc(i64 [[BYTES]], i64 8)
; CHECK-NEXT: store ptr %buf.shadow, ptr [[SLOT]]
; CHECK: loop:
; CHECK: %t = call ptr @__ad_split_alloc_listed(ptr nonnull %ad.blocks, i64 [[BYTES]], i64 8)
; CHECK: %t.shadow = call ptr @__ad_split_alloc_listed(ptr nonnull %ad.blocks, i64 [[BYTES]], i64 8)
; CHECK-NOT: alloca double, i32
; CHECK-LABEL: define internal void @__ad_rev.work(
; CHECK: rev.exit:
; CHECK: [[LIST:%.*]] = load ptr, ptr
; CHECK-NEXT: call void @__ad_free_listed(ptr [[LIST]])
; CHECK: call void @free(ptr [[LIST]])
