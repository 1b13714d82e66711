; _FORTIFY_SOURCE's __memcpy_chk is the memcpy it checks: the derivative
; copies and copies back the adjoints as for llvm.memcpy, behind the same
; check of the length against the destination's size (__chk_fail).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK: [[LEN:%.*]] = shl i64 %n, 3
; CHECK-NEXT: [[OVER:%.*]] = icmp ugt i64 [[LEN]], 128
; CHECK-NEXT: br i1 [[OVER]]
; CHECK: call void @__chk_fail()
; CHECK-NEXT: unreachable
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%buf, ptr {{.*}}%x, i64 [[LEN]], i1 false)
; CHECK-NOT: __memcpy_chk
; CHECK: call void @__ad_memmove_adjoint_f64(ptr %d.x, ptr {{.*}}%buf.shadow, i64 [[LEN]])
; CHECK: ret void

@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)
declare ptr @__memcpy_chk(ptr, ptr, i64, i64)

define double @f(ptr %x, i64 %n) {
  %buf = alloca [16 x double]
  %len = shl i64 %n, 3
  %c = call ptr @__memcpy_chk(ptr %buf, ptr %x, i64 %len, i64 128)
  %p = getelementptr double, ptr %buf, i64 1
  %a = load double, ptr %p
  %m = fmul double %a, %a
  ret double %m
}

define double @main(ptr %x, ptr %dx, i64 %n) {
  %r = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i64 %n)
  ret double %r
}
