; An indirect call whose arguments are all pointers (an ODE right-hand
; side rhs(const double *y, double *dy)): the derivatives go through the
; memory its targets read and write, so it is dispatched like a call with
; floating-point arguments when some target computes with floats. A
; pointer-only call whose targets do not is dispatched too when it takes
; two or more arguments (a std::function's manager copying a functor that
; may hold pointers to differentiated data), while a void(T *) one, the
; type of every destructor, stays (a logging callback).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32

define internal void @sq(ptr %y, ptr %dy) {
  %v = load double, ptr %y
  %r = fmul double %v, %v
  store double %r, ptr %dy
  ret void
}

define internal void @neg(ptr %y, ptr %dy) {
  %v = load double, ptr %y
  %r = fneg double %v
  store double %r, ptr %dy
  ret void
}

@table = global [2 x ptr] [ptr @sq, ptr @neg]

; A callback of another type that touches no floating-point value.
define internal void @count(ptr %n) {
  %v = load i32, ptr %n
  %w = add i32 %v, 1
  store i32 %w, ptr %n
  ret void
}
@log = global ptr @count

; One that moves pointers.
define internal i32 @link(ptr %a, ptr %b) {
  store ptr %a, ptr %b
  ret i32 0
}
@hooks = global ptr @link

define double @run(ptr %y, ptr %f, ptr %g, ptr %h, ptr %n) {
  %dy = alloca double
  call void %f(ptr %y, ptr %dy)
  call void %g(ptr %n)
  %slot = alloca ptr
  %k = call i32 %h(ptr %n, ptr %slot)
  %v = load double, ptr %dy
  ret double %v
}

define void @grad(ptr %y, ptr %dy, ptr %f, ptr %g, ptr %h, ptr %n) {
  call double (ptr, ...) @__ad_autodiff(ptr @run, ptr %y, ptr %dy, ptr @ad_const, ptr %f, ptr @ad_const, ptr %g, ptr @ad_const, ptr %h, ptr @ad_const, ptr %n)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.run(ptr %y, ptr %d.y, ptr %f, ptr %g, ptr %h, ptr %n)
; CHECK-DAG: icmp eq ptr %f, @sq
; CHECK-DAG: icmp eq ptr %f, @neg
; CHECK-DAG: call void @__ad_unknown_target(
; CHECK-DAG: call void %g(ptr %n)
; CHECK-DAG: icmp eq ptr %h, @link
; CHECK-NOT: icmp eq ptr %g
; CHECK: ret void
