; An inner derivative's tapes under an outer reverse sweep come from the
; heap, not from the workspace its call was given (the workspace would
; reuse memory the outer reverse sweep still reads): in the outer gradient,
; the tape runtime is called with a null workspace and the workspace's mark
; and release are gone. (Such a program used to be refused.)
;   f = sum of the squares kept in a block grown in the workspace ws
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i64 %n, ptr %ws)
; CHECK-NOT: @__ad_ws_mark(
; CHECK-NOT: @__ad_ws_release(
; CHECK-NOT: call ptr @__ad_tape_realloc(ptr %ws
; CHECK: %t = call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 %bytes)
; CHECK-NOT: @__ad_ws_release(
; CHECK: call void @__ad_tape_free(ptr null, ptr %t)
; CHECK: ret void

declare void @__ad_autodiff(ptr, ...)
declare ptr @__ad_tape_realloc(ptr, ptr, i64, i64)
declare void @__ad_tape_free(ptr, ptr)
declare i64 @__ad_ws_mark(ptr)
declare void @__ad_ws_release(ptr, i64)
@ad_dup = external global i32
@ad_const = external global i32

define double @f(ptr %x, i64 %n, ptr %ws) {
entry:
  %mark = call i64 @__ad_ws_mark(ptr %ws)
  %bytes = shl i64 %n, 3
  %t = call ptr @__ad_tape_realloc(ptr %ws, ptr null, i64 0, i64 %bytes)
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %xi = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %xi
  %sq = fmul double %v, %v
  %ti = getelementptr inbounds double, ptr %t, i64 %i
  store double %sq, ptr %ti
  %i1 = add i64 %i, 1
  %more = icmp ult i64 %i1, %n
  br i1 %more, label %fill, label %sum
sum:
  %j = phi i64 [ 0, %fill ], [ %j1, %sum ]
  %s = phi double [ 0.0, %fill ], [ %s1, %sum ]
  %tj = getelementptr inbounds double, ptr %t, i64 %j
  %vj = load double, ptr %tj
  %s1 = fadd double %s, %vj
  %j1 = add i64 %j, 1
  %again = icmp ult i64 %j1, %n
  br i1 %again, label %sum, label %done
done:
  call void @__ad_tape_free(ptr %ws, ptr %t)
  call void @__ad_ws_release(ptr %ws, i64 %mark)
  ret double %s1
}

define void @g(ptr %x, ptr %dx, i64 %n, ptr %ws) {
  %dup = load i32, ptr @ad_dup
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx, i32 %c, i64 %n, i32 %c, ptr %ws)
  ret void
}
