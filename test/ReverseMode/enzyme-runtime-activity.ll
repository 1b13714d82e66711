; enzyme_runtime_activity: a pointer passed as its own shadow is inactive.
; The call becomes a switch on which pointers equal their shadows, each case
; a call of the derivative where those pointers are constant (here: x and
; y both active, x alone, y alone, neither), joined by a phi of the
; results. Called as an invoke, each case is an invoke to the join, with
; the landing pad's phi extended for every case.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__enzyme_autodiff(ptr, ...)
declare i32 @__gxx_personality_v0(...)
@enzyme_dup = external global i32
@enzyme_runtime_activity = external global i32

define double @dot(ptr %x, ptr %y) {
  %a = load double, ptr %x
  %b = load double, ptr %y
  %s = fmul double %a, %b
  ret double %s
}

; CHECK-LABEL: define double @caller(ptr %x, ptr %dx, ptr %y, ptr %dy)
; CHECK: %[[SX:.*]] = icmp eq ptr %x, %dx
; CHECK: %[[SY:.*]] = icmp eq ptr %y, %dy
; CHECK: switch i32 %{{.*}}, label %[[BOTH:.*]] [
; CHECK-NEXT: i32 1, label %[[YONLY:.*]]
; CHECK-NEXT: i32 2, label %[[XONLY:.*]]
; CHECK-NEXT: i32 3, label %[[NONE:.*]]
; CHECK: [[BOTH]]:
; CHECK-NEXT: call void @__ad_grad.dot(ptr %x, ptr %dx, ptr %y, ptr %dy)
; CHECK: [[YONLY]]:
; CHECK-NEXT: call void @__ad_grad.dot.{{[0-9]+}}(ptr %x, ptr %y, ptr %dy)
; CHECK: [[XONLY]]:
; CHECK-NEXT: call void @__ad_grad.dot.{{[0-9]+}}(ptr %x, ptr %dx, ptr %y)
; CHECK: [[NONE]]:
; CHECK-NEXT: call void @__ad_grad.dot.{{[0-9]+}}(ptr %x, ptr %y)
; CHECK: ad.runtime.join:
; CHECK-NEXT: phi double
; CHECK-NOT: @enzyme_runtime_activity
define double @caller(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  %d = call double (ptr, ...) @__enzyme_autodiff(ptr @dot, ptr @enzyme_runtime_activity, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %y, ptr %dy)
  ret double %d
}

; CHECK-LABEL: define double @invoker(
; CHECK-NOT: load i32, ptr @enzyme_
; CHECK: switch i32
; CHECK: invoke void @__ad_grad.dot(
; CHECK: invoke void @__ad_grad.dot.{{[0-9]+}}(
; CHECK: lpad:
; CHECK-NEXT: phi i32 [ 8, %ok ], [ 7, %ad.runtime.case ], [ 7, %ad.runtime.case1 ], [ 7, %ad.runtime.case2 ], [ 7, %ad.runtime.case3 ]
define double @invoker(ptr %x, ptr %dx, ptr %y) personality ptr @__gxx_personality_v0 {
entry:
  %d = invoke double (ptr, ...) @__enzyme_autodiff(ptr @dot, ptr @enzyme_runtime_activity, ptr @enzyme_dup, ptr %x, ptr %dx, ptr @enzyme_dup, ptr %y, ptr %y)
          to label %ok unwind label %lpad
ok:
  %r = phi double [ %d, %entry ]
  invoke void @__gxx_personality_v0() to label %done unwind label %lpad
done:
  ret double %r
lpad:
  %which = phi i32 [ 7, %entry ], [ 8, %ok ]
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}
