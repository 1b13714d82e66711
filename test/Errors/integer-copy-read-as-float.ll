; An active double copied as an i64 (no TBAA tag says it is a double, and
; its destination also holds pointers, so TypedCopies cannot tell it is one)
; and read back as a double: no derivative follows an integer copy, and the
; gradient used to be silently zero. Refused at the float load.
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

; CHECK: error: {{.*}}ADPass: in 'f': this reads a floating-point value back from memory where an active one was copied as an integer, which no derivative follows (nothing tells ADPass that the integer holds a float); copy it as a floating-point value (an assignment of the double, or a memcpy of the whole object)
declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@g = global i32 0
define double @f(ptr %x) {
entry:
  %a = alloca [4 x {i64, ptr}], align 8
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i1, %fill ]
  %xi = getelementptr inbounds double, ptr %x, i64 %i
  %v = load i64, ptr %xi, align 8
  %ai = getelementptr inbounds {i64, ptr}, ptr %a, i64 %i
  store i64 %v, ptr %ai, align 8
  %p = getelementptr inbounds i8, ptr %ai, i64 8
  store ptr @g, ptr %p, align 8
  %i1 = add i64 %i, 1
  %c = icmp eq i64 %i1, 4
  br i1 %c, label %sum, label %fill
sum:
  %j = phi i64 [ 0, %fill ], [ %j1, %sum ]
  %s = phi double [ 0.0, %fill ], [ %s1, %sum ]
  %aj = getelementptr inbounds {i64, ptr}, ptr %a, i64 %j
  %d = load double, ptr %aj, align 8
  %m = fmul double %d, %d
  %s1 = fadd double %s, %m
  %j1 = add i64 %j, 1
  %c2 = icmp eq i64 %j1, 4
  br i1 %c2, label %done, label %sum
done:
  ret double %s1
}
define double @main_(ptr %x, ptr %dx) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret double %r
}
