; Several returns (early exits): each return enters the reverse sweep with the
; seed on its own returned value, and the reverse sweep retraces the path that
; led to it.
;   f = x < y ? sin(x) : y < 0 ? exp(y) x : x y
;   ret1: (cos(x), 0)    ret2: (exp(y), exp(y) x)    ret3: (y, x)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare {double, double} @__ad_autodiff_2(ptr, ...)
declare double @sin(double)
declare double @exp(double)

; CHECK-LABEL: define internal { double, double } @__ad_grad.early(double %x, double %y)
; CHECK: %c = fcmp olt double %x, %y
; CHECK: %c2 = fcmp olt double %y, 0.000000e+00
; CHECK: %b = call double @exp(double %y)
; The exp result is carried to the reverse sweep (undef on the other paths).
; CHECK-DAG: [[B:%.*]] = phi double [ %b, %ret2 ], [ undef, %ad.entry ], [ undef, %more ]
; CHECK-DAG: [[WHICH:%.*]] = phi i32 [ {{[0-9]+}}, %ret2 ], [ {{[0-9]+}}, %ad.entry ], [ {{[0-9]+}}, %more ]
; CHECK-DAG: switch i32 [[WHICH]]
; ret1:
; CHECK-DAG: [[COS:%.*]] = call double @llvm.cos.f64(double %x)
; ret2:
; CHECK-DAG: [[BX:%.*]] = fmul double [[B]], %x{{$}}
; ret2 and ret3 meet in the reverse block of %more:
; CHECK-DAG: [[DX23:%.*]] = phi double [ [[B]], %{{.*}} ], [ %y, %{{.*}} ]
; CHECK-DAG: [[DY23:%.*]] = phi double [ [[BX]], %{{.*}} ], [ %x, %{{.*}} ]
; and all paths at the exit:
; CHECK-DAG: phi double [ [[DX23]], %{{.*}} ], [ [[COS]], %{{.*}} ]
; CHECK-DAG: phi double [ {{%.*}}, %{{.*}} ], [ 0.000000e+00, %{{.*}} ]
; CHECK: {{^}}}
define double @early(double %x, double %y) {
entry:
  %c = fcmp olt double %x, %y
  br i1 %c, label %ret1, label %more
ret1:
  %a = call double @sin(double %x)
  ret double %a
more:
  %c2 = fcmp olt double %y, 0.0
  br i1 %c2, label %ret2, label %ret3
ret2:
  %b = call double @exp(double %y)
  %b2 = fmul double %b, %x
  ret double %b2
ret3:
  %d = fmul double %x, %y
  ret double %d
}

define {double, double} @caller(double %x, double %y) {
  %d = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @early, double %x, double %y)
  ret {double, double} %d
}
