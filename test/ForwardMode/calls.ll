; Calls in forward mode. A recursive callee gets its own tangent function,
; which returns {value, tangent} and calls itself; a callee with a forward
; derivative registered by AD_REGISTER_FORWARD (`__ad_custom_fwd_fn = {fn,
; fwd}`) is replaced by a call to it, given the primal arguments, the
; tangent of each float argument, the shadow of each pointer argument (null
; when it has none) and a slot for the result, and its body is not
; differentiated (no cos appears for cube).
;   rpow(x, n) = n == 0 ? 1 : x * rpow(x, n - 1)
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s < %t
; RUN: %FileCheck %s --check-prefix=CUSTOM < %t

declare double @__ad_fwddiff(ptr, ...)
declare double @sin(double)
@ad_dup = external global i32
@ad_const = external global i32

@__ad_custom_fwd_cube = internal constant [2 x ptr] [ptr @cube, ptr @cube_fwd]
@llvm.used = appending global [1 x ptr] [ptr @__ad_custom_fwd_cube], section "llvm.metadata"

; CHECK-LABEL: define double @caller(
; CHECK: call { double, double } @__ad_fwd.rpow(double %x, double 1.000000e+00, i32 %n)
; CHECK: call { double, double } @__ad_fwd.f(double %x, double 1.000000e+00, ptr %p, ptr null)

; The caller's copy and the callee's differ only in the final + 0.0 that
; turns a -0.0 tangent into 0.0 for the user.
; CHECK-LABEL: define internal { double, double } @__ad_fwd.rpow(double %x, double %d.x, i32 %n)
; CHECK: [[C:%.*]] = call { double, double } @__ad_fwd.rpow.[[N:[0-9]+]](double %x, double %d.x, i32 %m)
; CHECK-DAG: [[V:%.*]] = extractvalue { double, double } [[C]], 0
; CHECK-DAG: [[T:%.*]] = extractvalue { double, double } [[C]], 1
; CHECK-DAG: fmul double [[V]], %d.x
; CHECK-DAG: fmul double [[T]], %x
; CHECK: define internal { double, double } @__ad_fwd.rpow.[[N]](double %x, double %d.x, i32 %n)
; CHECK: call { double, double } @__ad_fwd.rpow.[[N]](double %x, double %d.x, i32 %m)
define double @rpow(double %x, i32 %n) {
entry:
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %rec
rec:
  %m = sub i32 %n, 1
  %r = call double @rpow(double %x, i32 %m)
  %p = fmul double %x, %r
  br label %done
done:
  %v = phi double [ 1.0, %entry ], [ %p, %rec ]
  ret double %v
}

; CUSTOM-LABEL: define internal { double, double } @__ad_fwd.f(double %x, double %d.x, ptr %p, ptr %d.p)
; CUSTOM: [[R:%.*]] = alloca double
; CUSTOM: [[S:%.*]] = call double @sin(double %x)
; CUSTOM: [[DS:%.*]] = fmul double {{.*}}%d.x
; CUSTOM: [[DC:%.*]] = call double @cube_fwd(double [[S]], double [[DS]], ptr nonnull [[R]])
; CUSTOM-NOT: cos
; CUSTOM: ret { double, double }
define double @f(double %x, ptr %p) {
  %s = call double @sin(double %x)
  %c = call double @cube(double %s)
  ret double %c
}

define double @cube(double %x) noinline {
  %x2 = fmul double %x, %x
  %x3 = fmul double %x2, %x
  %c = call double @llvm.cos.f64(double %x3)
  ret double %c
}
declare double @llvm.cos.f64(double)

define double @cube_fwd(double %x, double %dx, ptr %r) {
  %x2 = fmul double %x, %x
  %x3 = fmul double %x2, %x
  store double %x3, ptr %r
  %d = fmul double %x2, %dx
  %d3 = fmul double %d, 3.0
  ret double %d3
}

define double @caller(double %x, i32 %n, ptr %p) {
  %a = call double (ptr, ...) @__ad_fwddiff(ptr @rpow, ptr @ad_dup, double %x, double 1.0, i32 %n)
  %b = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, double %x, double 1.0, ptr @ad_dup, ptr %p, ptr null)
  %s = fadd double %a, %b
  ret double %s
}
