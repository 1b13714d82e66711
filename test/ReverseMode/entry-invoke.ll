; An entry point called as an invoke (C++: a local with a destructor is alive
; in the caller). The derivative call becomes the invoke, to a block that
; reads its result and goes on to the normal destination; the unwind edge
; and the landing pad's phi are kept.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare i32 @__gxx_personality_v0(...)
declare void @destroy(ptr)
@ad_dup = external global i32

define double @sq(ptr %x) {
  %v = load double, ptr %x
  %s = fmul double %v, %v
  ret double %s
}

; CHECK-LABEL: define double @caller(ptr %x, ptr %dx, ptr %obj)
; CHECK: entry:
; CHECK-NEXT: invoke void @__ad_grad.sq(ptr %x, ptr %dx)
; CHECK-NEXT: to label %[[CONT:.*]] unwind label %lpad
; CHECK: [[CONT]]:
; CHECK-NEXT: br label %ok
; CHECK: ok:
; CHECK-NEXT: %r = phi double [ 0.000000e+00, %[[CONT]] ]
; CHECK: lpad:
; CHECK-NEXT: %which = phi i32 [ 8, %ok ], [ 7, %entry ]
; CHECK-NEXT: landingpad
define double @caller(ptr %x, ptr %dx, ptr %obj) personality ptr @__gxx_personality_v0 {
entry:
  %d = invoke double (ptr, ...) @__ad_autodiff(ptr @sq, ptr @ad_dup, ptr %x, ptr %dx)
          to label %ok unwind label %lpad
ok:
  %r = phi double [ %d, %entry ]
  invoke void @destroy(ptr %obj) to label %done unwind label %lpad
done:
  ret double %r
lpad:
  %which = phi i32 [ 7, %entry ], [ 8, %ok ]
  %lp = landingpad { ptr, i32 } cleanup
  call void @destroy(ptr %obj)
  resume { ptr, i32 } %lp
}
