; An active double's bits changed as an integer (xor with a run-time
; value), stored, and read back as a double through a pointer that may
; alias the store: no derivative follows integer bits, and the gradient
; was silently that of the load alone. Refused at the float load.
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

; CHECK: error: {{.*}}ADPass: in 'f': this reads a floating-point value back from memory where an active one was copied as an integer, which no derivative follows
@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(ptr %x, ptr %buf, i64 %k, i64 %j) {
  %a = load double, ptr %x
  %m = fmul double %a, %a
  %b = bitcast double %m to i64
  %o = xor i64 %b, %k
  store i64 %o, ptr %buf
  %p = getelementptr double, ptr %buf, i64 %j
  %l = load double, ptr %p
  %r = fmul double %l, 3.0
  ret double %r
}

define double @g(ptr %x, ptr %dx, ptr %buf, ptr %db, i64 %k, i64 %j) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %buf, ptr %db, ptr @ad_const, i64 %k, ptr @ad_const, i64 %j)
  ret double %d
}
