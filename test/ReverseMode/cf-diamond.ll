; A diamond: the forward sweep keeps the primal branches; the reverse sweep
; sends the adjoint of the phi back along the edge that was taken, so each
; path gets only its own derivative.
;   f = (x > 0 ? exp(x) : sin(x)) * x
;   f' = p + x * (x > 0 ? exp(x) : cos(x))    where p is the phi
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
declare double @exp(double)

; CHECK-LABEL: define internal double @__ad_grad.diamond(double %x)
; CHECK: %c = fcmp ogt double %x, 0.000000e+00
; CHECK: br i1 %c, label %then, label %else
; CHECK: then:
; CHECK: %a = call double @exp(double %x)
; CHECK: else:
; CHECK: %b = call double @sin(double %x)
; exp' reuses the primal exp(x), carried out of the then block.
; CHECK-DAG: %p = phi double [ %a, %then ], [ %b, %else ]
; CHECK-DAG: [[AFWD:%.*]] = phi double [ %a, %then ], [ undef, %else ]
; CHECK-DAG: [[COS:%.*]] = call double @llvm.cos.f64(double %x)
; CHECK-DAG: [[SEL:%.*]] = select i1 %c, double [[AFWD]], double [[COS]]{{$}}
; CHECK-DAG: [[M:%.*]] = fmul double [[SEL]], %x
; CHECK-DAG: [[DX:%.*]] = fadd {{(reassoc )?}}double %p, [[M]]{{$}}
; CHECK: ret double [[DX]]{{$}}
define double @diamond(double %x) {
entry:
  %c = fcmp ogt double %x, 0.000000e+00
  br i1 %c, label %then, label %else
then:
  %a = call double @exp(double %x)
  br label %join
else:
  %b = call double @sin(double %x)
  br label %join
join:
  %p = phi double [ %a, %then ], [ %b, %else ]
  %r = fmul double %p, %x
  ret double %r
}

define double @caller(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @diamond, double %x)
  ret double %d
}
