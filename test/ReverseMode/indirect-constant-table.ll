; An indirect call whose target is read from constant memory: a slot of a
; constant table at a run-time index, or the vtable slot of a local object
; whose vtable pointer was stored as a constant. The targets are exactly the
; table's functions (or the vtables' slots), even when another function of
; the same type, declared only, has its address taken (@sin here, which
; made the call refused: "a possible target, 'sin', is defined in another
; translation unit").
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_const = external global i32
@keep = global ptr @sin

define internal double @sq(double %y) {
  %r = fmul double %y, %y
  ret double %r
}
define internal double @tw(double %y) {
  %r = fmul double %y, 2.0
  ret double %r
}
@table = private constant [2 x ptr] [ptr @sq, ptr @tw]

define double @pick(double %y, i64 %k) {
  %slot = getelementptr inbounds [2 x ptr], ptr @table, i64 0, i64 %k
  %f = load ptr, ptr %slot
  %v = call double %f(double %y)
  ret double %v
}

; A local object of one of two classes; the virtual call reads its vtable.
@vt.a = private constant [1 x ptr] [ptr @sq]
@vt.b = private constant [1 x ptr] [ptr @tw]
define double @virt(double %y, i1 %which) {
  %obj = alloca { ptr, double }
  %vt = select i1 %which, ptr @vt.a, ptr @vt.b
  store ptr %vt, ptr %obj
  %field = getelementptr inbounds i8, ptr %obj, i64 8
  store double %y, ptr %field
  %vptr = load ptr, ptr %obj
  %f = load ptr, ptr %vptr
  %x = load double, ptr %field
  %v = call double %f(double %x)
  ret double %v
}

define void @grad(double %y, i64 %k, i1 %w, ptr %out) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @pick, double %y, ptr @ad_const, i64 %k)
  store double %d, ptr %out
  %e = call double (ptr, ...) @__ad_autodiff(ptr @virt, double %y, ptr @ad_const, i1 %w)
  store double %e, ptr %out
  ret void
}

; Dispatched, inlined and folded: the vtables' slots are known, 2y or 2.
; CHECK-LABEL: define internal double @__ad_grad.virt(double %y, i1 %which)
; CHECK-NOT: call
; CHECK: select i1 %which, double 1.000000e+00, double 0.000000e+00
; CHECK: select i1 %which, double 0.000000e+00, double 2.000000e+00
; CHECK: ret double

; The table's two entries, by index: 2y for sq, 2 for tw.
; CHECK-LABEL: define internal double @__ad_grad.pick(double %y, i64 %k)
; CHECK-NOT: @sin
; CHECK: switch i64 %k
; CHECK: call void @__ad_unknown_target(
; CHECK: fadd reassoc double %y, %y
; CHECK: select i1 %{{.*}}, double 2.000000e+00, double
; CHECK: ret double
