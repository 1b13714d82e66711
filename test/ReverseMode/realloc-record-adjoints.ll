; A block of records {double, i64} grown by reallocation (what an inner
; reverse sweep's tape looks like to an outer reverse sweep): the reverse of
; each reallocation moves the adjoints of the records' double slot back to
; the old block, as a strided array (16-byte records), and leaves the
; integer slot alone. (A block of several types used to be refused.)
;   f = sum_i x_i^2, each x_i^2 kept in a record with i, read back at the end
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i64 %n)
; CHECK: call ptr @__ad_tape_realloc(
; CHECK: call ptr @__ad_shadow_realloc_keep(
; CHECK: [[COUNT:%.*]] = lshr i64 %{{.*}}, 4
; CHECK: call void @__ad_memmove_adjoint_strided_f64(ptr %{{.*}}, ptr %{{.*}}, i64 [[COUNT]], i64 16)
; CHECK-NOT: call void @__ad_memmove_adjoint
; CHECK: ret void

declare void @__ad_autodiff(ptr, ...)
declare ptr @__ad_tape_realloc(ptr, ptr, i64, i64)
declare void @__ad_tape_free(ptr, ptr)
@ad_dup = external global i32
@ad_const = external global i32

define double @f(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %grown ]
  %base = phi ptr [ null, %entry ], [ %b1, %grown ]
  %cap = phi i64 [ 0, %entry ], [ %c1, %grown ]
  %full = icmp uge i64 %i, %cap
  br i1 %full, label %grow, label %grown
grow:
  %c2 = add i64 %cap, 4
  %oldbytes = shl i64 %cap, 4
  %newbytes = shl i64 %c2, 4
  %g = call ptr @__ad_tape_realloc(ptr null, ptr %base, i64 %oldbytes, i64 %newbytes)
  br label %grown
grown:
  %b1 = phi ptr [ %g, %grow ], [ %base, %loop ]
  %c1 = phi i64 [ %c2, %grow ], [ %cap, %loop ]
  %off = shl i64 %i, 4
  %p = getelementptr inbounds i8, ptr %b1, i64 %off
  %xi = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %xi
  %sq = fmul double %v, %v
  store double %sq, ptr %p
  %off8 = or disjoint i64 %off, 8
  %q = getelementptr inbounds i8, ptr %b1, i64 %off8
  store i64 %i, ptr %q
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %loop, label %read
read:
  %j = phi i64 [ 0, %grown ], [ %j1, %read ]
  %s = phi double [ 0.0, %grown ], [ %s1, %read ]
  %offj = shl i64 %j, 4
  %pj = getelementptr inbounds i8, ptr %b1, i64 %offj
  %vj = load double, ptr %pj
  %s1 = fadd double %s, %vj
  %j1 = add i64 %j, 1
  %again = icmp ult i64 %j1, %n
  br i1 %again, label %read, label %done
done:
  call void @__ad_tape_free(ptr null, ptr %b1)
  ret double %s1
}

define void @g(ptr %x, ptr %dx, i64 %n) {
  %dup = load i32, ptr @ad_dup
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx, i32 %c, i64 %n)
  ret void
}
