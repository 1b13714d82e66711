; Stack memory the reverse sweep reads stays alive until it has: a
; variable-length array made in a loop becomes a heap block per iteration
; (its shadow too), freed in the reverse sweep, and no stackrestore or
; lifetime.end releases memory before the reverse sweep is done.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal double @__ad_grad.g(double %a)
; CHECK-NOT: lifetime
; CHECK: ret double

; CHECK-LABEL: define internal double @__ad_grad.f(double %a, i64 %n, i64 %j)
; CHECK-NOT: stackrestore
; CHECK: loop:
; CHECK: %v = call ptr @malloc(i64 [[BYTES:%.*]])
; CHECK: %v.shadow = call ptr @ad_shadow_alloc(i64 [[BYTES]])
; CHECK: rev.loop:
; CHECK: %v.tape = load ptr
; CHECK: call void @free(ptr %v.tape)
; CHECK: call void @ad_shadow_free(ptr
; CHECK-NOT: stackrestore
; CHECK: ret double

declare double @__ad_autodiff(ptr, ...)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare double @llvm.sin.f64(double)

; f(a, n, j) = sum_k v[j]^2 with v[0] = sin(a + k), v a VLA of n doubles per
; iteration (j = 0 at run time)
define double @f(double %a, i64 %n, i64 %j) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc1, %loop ]
  %sp = call ptr @llvm.stacksave.p0()
  %v = alloca double, i64 %n, align 16
  %kf = sitofp i64 %k to double
  %u = fadd double %a, %kf
  %s = call double @llvm.sin.f64(double %u)
  store double %s, ptr %v
  %pj = getelementptr double, ptr %v, i64 %j
  %l = load double, ptr %pj
  %sq = fmul double %l, %l
  %acc1 = fadd double %acc, %sq
  call void @llvm.stackrestore.p0(ptr %sp)
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, 3
  br i1 %c, label %loop, label %exit
exit:
  ret double %acc1
}

; g(a) = t[0]^2 with t a local array whose lifetime ends before the return
define double @g(double %a) {
  %t = alloca [4 x double]
  call void @llvm.lifetime.start.p0(i64 32, ptr %t)
  %s = call double @llvm.sin.f64(double %a)
  store volatile double %s, ptr %t
  %l = load volatile double, ptr %t
  call void @llvm.lifetime.end.p0(i64 32, ptr %t)
  %sq = fmul double %l, %l
  ret double %sq
}

define double @df(double %a, i64 %n, i64 %j) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, double %a, i64 %n, i64 %j)
  ret double %d
}

define double @dg(double %a) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @g, double %a)
  ret double %d
}
