; Invokes in differentiated code become calls. One whose landing pad
; catches (a try/catch around it) becomes an invoke again in the derivative,
; both modes, whose landing pad reports the caught exception and aborts; one
; whose landing pad only cleans up (destructors) stays a call: the exception
; propagates out of the derivative.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)
declare i32 @__gxx_personality_v0(...)
declare void @validate(i32)
declare void @log_step(i32)
@ad_dup = external global i32
@typeinfo = external constant ptr

define double @f(double %x, i32 %n) personality ptr @__gxx_personality_v0 {
entry:
  invoke void @validate(i32 %n) to label %ok unwind label %caught
ok:
  invoke void @log_step(i32 %n) to label %done unwind label %cleanup
done:
  %s = fmul double %x, %x
  ret double %s
caught:
  %lp = landingpad { ptr, i32 } catch ptr @typeinfo
  ret double 0.0
cleanup:
  %lp2 = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp2
}

define double @grad(double %x, i32 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %x, i32 %n)
  ret double %d
}

define double @tangent(double %x, i32 %n) {
  %d = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, double %x, double 1.0, i32 %n)
  ret double %d
}

; CHECK-LABEL: define internal double @__ad_grad.f(double %x, i32 %n) personality ptr @__gxx_personality_v0
; CHECK: invoke void @validate(i32 %n)
; CHECK-NEXT: to label %{{.*}} unwind label %[[PAD:.*]]
; CHECK: call void @log_step(i32 %n)
; CHECK: [[PAD]]:
; CHECK-NEXT: landingpad { ptr, i32 }
; CHECK-NEXT: catch ptr null
; CHECK-NEXT: call void @__ad_exception_caught(ptr nonnull @ad.catch.site)
; CHECK-NEXT: unreachable
; CHECK-LABEL: define internal { double, double } @__ad_fwd.f(double %x, double %d.x, i32 %n) personality ptr @__gxx_personality_v0
; CHECK: invoke void @validate(i32 %n)
; CHECK: call void @log_step(i32 %n)
; CHECK: call void @__ad_exception_caught(
