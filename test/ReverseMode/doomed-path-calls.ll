; A call ADPass has no derivative for, given an active value, on a path
; that cannot return (it builds the message of an exception, then throws
; or aborts): it cannot influence a result the derivative returns, so it is
; not refused; it stays in the derivative's forward sweep. The same call on
; a path that returns is refused (Errors/opaque-call.c).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare void @format_message(ptr, double)
declare void @abort() noreturn
@ad_dup = external global i32

define double @f(ptr %x) {
entry:
  %buf = alloca [64 x i8]
  %v = load double, ptr %x
  %bad = fcmp olt double %v, -1.0e2
  br i1 %bad, label %fail, label %ok
fail:
  call void @format_message(ptr %buf, double %v)
  call void @abort()
  unreachable
ok:
  %s = call double @llvm.sin.f64(double %v)
  %r = fmul double %s, %v
  ret double %r
}

define void @g(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

declare double @llvm.sin.f64(double)

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK: fail:
; CHECK-NEXT: call void @format_message(ptr {{.*}}, double %v)
; CHECK-NEXT: call void @abort()
; CHECK: call double @llvm.cos.f64(double %v)
; CHECK: store double {{.*}}, ptr %d.x
