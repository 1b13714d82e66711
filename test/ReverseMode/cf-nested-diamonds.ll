; Nested diamonds: the reverse sweep retraces the outer branch, then the inner
; one, and each of the three paths gets its own derivative.
;   f = x * (x > 0 ? (y > 0 ? sin(x) : cos(y)) * y : exp(y))
;   inner.then (sin):  df/dx = oj + x y cos(x)     df/dy = x sin(x)
;   inner.else (cos):  df/dx = oj                  df/dy = x cos(y) - x y sin(y)
;   outer.else (exp):  df/dx = oj                  df/dy = x exp(y)
; where oj is the outer phi (the value multiplied by x).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare {double, double} @__ad_autodiff_2(ptr, ...)
declare double @sin(double)
declare double @cos(double)
declare double @exp(double)

; CHECK-LABEL: define internal { double, double } @__ad_grad.nested(double %x, double %y)
; CHECK: br i1 %c1, label %outer.then, label %outer.else
; CHECK: br i1 %c2, label %inner.then, label %inner.else
; CHECK-DAG: %a = call double @sin(double %x)
; CHECK-DAG: %b = call double @cos(double %y)
; CHECK-DAG: %e = call double @exp(double %y)
; CHECK-DAG: %ij = phi double
; CHECK-DAG: %oj = phi double [ %m, %inner.join ], [ %e, %outer.else ]
; The inner branch taken is recorded (here as %c2 itself) for the reverse sweep.
; CHECK-DAG: [[IJ:%.*]] = phi double [ %ij, %inner.join ], [ undef, %outer.else ]
; CHECK-DAG: [[E:%.*]] = phi double [ undef, %inner.join ], [ %e, %outer.else ]
; inner.then:
; CHECK-DAG: [[XY:%.*]] = fmul double %x, %y
; CHECK-DAG: [[COSX:%.*]] = call double @llvm.cos.f64(double %x)
; CHECK-DAG: [[T1:%.*]] = fmul double [[XY]], [[COSX]]{{$}}
; CHECK-DAG: [[DX1:%.*]] = fadd {{(reassoc )?}}double %oj, [[T1]]{{$}}
; CHECK-DAG: [[DY1:%.*]] = fmul double [[IJ]], %x
; inner.else:
; CHECK-DAG: [[SINY:%.*]] = call double @llvm.sin.f64(double %y)
; CHECK-DAG: [[T2:%.*]] = fmul {{(reassoc )?}}double [[XY]], [[SINY]]{{$}}
; CHECK-DAG: [[DY2:%.*]] = fsub {{(reassoc )?}}double [[DY1]], [[T2]]{{$}}
; outer.else:
; CHECK-DAG: [[DY3:%.*]] = fmul double [[E]], %x
; The adjoints meet at the exit.
; CHECK-DAG: phi double [ %oj, %{{.*}} ], [ %oj, %{{.*}} ], [ [[DX1]], %{{.*}} ]
; CHECK-DAG: phi double [ [[DY3]], %{{.*}} ], [ [[DY2]], %{{.*}} ], [ [[DY1]], %{{.*}} ]
; CHECK-DAG: ret { double, double }
; CHECK: {{^}}}
define double @nested(double %x, double %y) {
entry:
  %c1 = fcmp ogt double %x, 0.000000e+00
  br i1 %c1, label %outer.then, label %outer.else
outer.then:
  %c2 = fcmp ogt double %y, 0.000000e+00
  br i1 %c2, label %inner.then, label %inner.else
inner.then:
  %a = call double @sin(double %x)
  br label %inner.join
inner.else:
  %b = call double @cos(double %y)
  br label %inner.join
inner.join:
  %ij = phi double [ %a, %inner.then ], [ %b, %inner.else ]
  %m = fmul double %ij, %y
  br label %outer.join
outer.else:
  %e = call double @exp(double %y)
  br label %outer.join
outer.join:
  %oj = phi double [ %m, %inner.join ], [ %e, %outer.else ]
  %r = fmul double %oj, %x
  ret double %r
}

define {double, double} @caller(double %x, double %y) {
  %d = call {double, double} (ptr, ...) @__ad_autodiff_2(ptr @nested, double %x, double %y)
  ret {double, double} %d
}
