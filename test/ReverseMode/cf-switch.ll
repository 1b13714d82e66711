; A switch with three successors joining in one phi: the forward sweep records
; which case ran, the reverse sweep dispatches on it, and each case gets the
; derivative of its own function.
;   f = n == 0 ? sin(x) : n == 3 ? exp(x) : log(x)
;   f' = cos(x) | exp(x) (the primal result) | 1 / x
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32
declare double @sin(double)
declare double @exp(double)
declare double @log(double)

; CHECK-LABEL: define internal double @__ad_grad.sw(double %x, i32 %n)
; CHECK: switch i32 %n, label %def [
; CHECK: %b = call double @exp(double %x)
; CHECK-DAG: [[B:%.*]] = phi double {{.*}}[ %b, %c3 ]
; CHECK-DAG: [[WHICH:%.*]] = phi i32 [ {{[0-9]+}}, %def ], [ {{[0-9]+}}, %c3 ], [ {{[0-9]+}}, %ad.entry ]
; CHECK-DAG: switch i32 [[WHICH]]
; CHECK-DAG: [[DDEF:%.*]] = fdiv double 1.000000e+00, %x
; CHECK-DAG: [[DC0:%.*]] = call double @llvm.cos.f64(double %x)
; CHECK-DAG: phi double [ [[DDEF]], %{{.*}} ], [ [[DC0]], %{{.*}} ], [ [[B]], %{{.*}} ]
; CHECK: {{^}}}
define double @sw(double %x, i32 %n) {
entry:
  switch i32 %n, label %def [ i32 0, label %c0
                              i32 3, label %c3 ]
c0:
  %a = call double @sin(double %x)
  br label %join
c3:
  %b = call double @exp(double %x)
  br label %join
def:
  %c = call double @log(double %x)
  br label %join
join:
  %p = phi double [ %a, %c0 ], [ %b, %c3 ], [ %c, %def ]
  ret double %p
}

define double @caller(double %x, i32 %n) {
  %m = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @sw, double %x, i32 %m, i32 %n)
  ret double %d
}
