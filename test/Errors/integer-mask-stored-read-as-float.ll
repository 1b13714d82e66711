; Doubles of differentiated memory loaded as integers, masked (absolute
; values, as Eigen's pabs does to bits), merged and stored as integers,
; then read back as a double through a pointer that may alias the store:
; nothing reads the masked bits as floats where they are made, so they are
; not turned back into floats, and no derivative follows integers. The
; gradient was silently zero; refused at the float load.
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"

; CHECK: error: {{.*}}ADPass: in 'f': this reads a floating-point value back from memory where an active one was copied as an integer, which no derivative follows
@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)

define double @f(ptr %x, ptr %out, i64 %j, i1 %c) {
  %a = load <2 x i64>, ptr %x, align 16
  %xb = getelementptr inbounds i8, ptr %x, i64 16
  %b = load <2 x i64>, ptr %xb, align 16
  %aa = and <2 x i64> %a, <i64 9223372036854775807, i64 9223372036854775807>
  %ba = and <2 x i64> %b, <i64 9223372036854775807, i64 9223372036854775807>
  %m = select i1 %c, <2 x i64> %ba, <2 x i64> %aa
  store <2 x i64> %m, ptr %out, align 16
  %p = getelementptr double, ptr %out, i64 %j
  %l = load double, ptr %p, align 8
  ret double %l
}

define double @g(ptr %x, ptr %dx, ptr %o, ptr %do, i64 %j, i1 %c) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %o, ptr %do, ptr @ad_const, i64 %j, ptr @ad_const, i1 %c)
  ret double %d
}
