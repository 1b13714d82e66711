; Two addresses into one object chosen as integers (std::minmax_element's
; pair of iterators, which clang selects as ptrtoint values at -O1): the
; chosen address is an address into x's object, so its shadow is x's
; shadow at the same byte offset. (Two different bases used to make it
; unknown, and the load was refused.)
;   f = min(x)^2, the minimum's address kept as an integer in a loop
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i64 %n)
; CHECK: %p = inttoptr i64 %nb to ptr
; CHECK: [[OFF:%.*]] = sub i64 %nb, %a0
; CHECK: %p.shadow = getelementptr i8, ptr %d.x, i64 [[OFF]]
; CHECK: load double, ptr %p.shadow
; CHECK: store double {{.*}}, ptr %p.shadow
; CHECK: ret void
declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

define double @f(ptr %x, i64 %n) {
entry:
  %a0 = ptrtoint ptr %x to i64
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i1, %loop ]
  %best = phi i64 [ %a0, %entry ], [ %nb, %loop ]
  %pb = inttoptr i64 %best to ptr
  %vb = load double, ptr %pb
  %xi = getelementptr inbounds double, ptr %x, i64 %i
  %vi = load double, ptr %xi
  %c = fcmp olt double %vi, %vb
  %ai = ptrtoint ptr %xi to i64
  %nb = select i1 %c, i64 %ai, i64 %best
  %i1 = add i64 %i, 1
  %more = icmp slt i64 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %p = inttoptr i64 %nb to ptr
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define void @g(ptr %x, ptr %dx, i64 %n) {
  call void (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i64 %n)
  ret void
}
