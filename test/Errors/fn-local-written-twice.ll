; A function pointer kept in a local written twice is not a constant: the
; request is refused, not guessed (at -O0 the C++ API's wrappers write each
; local once).
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s
; CHECK: error: {{.*}}ADPass: __ad_autodiff: the first argument must be a function (possibly cast to void *), not a computed pointer

declare double @__ad_autodiff(ptr, ...)
@ad_out = external global i32

define double @mul(double %x, double %y) {
  %s = fmul double %x, %y
  ret double %s
}

define double @other(double %x, double %y) {
  ret double %x
}

define double @twice(double %x, i1 %c) {
  %fn.a = alloca ptr
  store ptr @mul, ptr %fn.a
  br i1 %c, label %second, label %go
second:
  store ptr @other, ptr %fn.a
  br label %go
go:
  %1 = load ptr, ptr %fn.a
  %d = call double (ptr, ...) @__ad_autodiff(ptr %1, ptr @ad_out, double %x, double %x)
  ret double %d
}
