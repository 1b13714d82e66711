; The derivative of loop-free code keeps everything in registers: the stack
; slots used while generating it (adjoints, values carried from blocks that do
; not dominate the reverse sweep, which predecessor ran) are all promoted, and
; nothing is taped, so there is no alloca and no heap allocation, whatever
; the control flow (a diamond, an early return), memory (ad_dup loads and
; stores, a local buffer the optimizer removes) and calls in the primal.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal double @__ad_grad.mixed(ptr %x, ptr %d.x, ptr %y, ptr %d.y, double %s)
; CHECK-NOT: alloca
; CHECK-NOT: @malloc
; CHECK-NOT: @calloc
; CHECK-NOT: @realloc
; CHECK-NOT: @_Znwm
; CHECK-NOT: @_Znam
; CHECK-NOT: @free
; CHECK-NOT: @__ad_tape
; CHECK-NOT: @ad_workspace
; CHECK: call double @llvm.cos.f64(
; CHECK-NOT: alloca
; CHECK-NOT: @malloc
; CHECK-NOT: @calloc
; CHECK-NOT: @realloc
; CHECK-NOT: @_Znwm
; CHECK-NOT: @_Znam
; CHECK-NOT: @free
; CHECK-NOT: @__ad_tape
; CHECK-NOT: @ad_workspace
; CHECK: {{^}}}
; Nor does the module gain an allocator declaration or the runtime.
; CHECK-NOT: declare {{.*}}@malloc
; CHECK-NOT: declare {{.*}}@calloc
; CHECK-NOT: declare {{.*}}@realloc
; CHECK-NOT: @__ad_tape

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
declare double @exp(double)

define double @mixed(ptr %x, ptr %y, double %s) {
entry:
  %buf = alloca [2 x double], align 16
  %x0 = load double, ptr %x
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x1 = load double, ptr %x1p
  store double %x0, ptr %buf
  %b1 = getelementptr inbounds double, ptr %buf, i64 1
  %m = fmul double %x1, %s
  store double %m, ptr %b1
  %c = fcmp ogt double %x0, 0.0
  br i1 %c, label %pos, label %neg
pos:
  %e = call double @exp(double %x0)
  %v0 = load double, ptr %buf
  %t = fmul double %e, %v0
  store double %t, ptr %y
  br label %join
neg:
  %v1 = load double, ptr %b1
  %sn = call double @sin(double %v1)
  %yv = load double, ptr %y
  %u = fadd double %sn, %yv
  store double %u, ptr %y
  %early = fcmp olt double %u, 0.0
  br i1 %early, label %ret0, label %join
ret0:
  ret double %u
join:
  %p = phi double [ %t, %pos ], [ %u, %neg ]
  %r = fmul double %p, %s
  ret double %r
}

define double @caller(ptr %x, ptr %dx, ptr %y, ptr %dy, double %s) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @mixed, ptr %x, ptr %dx, ptr %y, ptr %dy, double %s)
  ret double %d
}
