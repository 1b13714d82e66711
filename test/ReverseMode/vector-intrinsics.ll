; Math intrinsics on vectors use the scalar rules lane-wise: an intrinsic in a
; rule stays a vector intrinsic, a libm function in a rule (sinh for cosh) is
; called lane by lane, and pow's guards become vector selects.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=SIN < %t
; RUN: %FileCheck %s --check-prefix=COSH < %t
; RUN: %FileCheck %s --check-prefix=POW < %t

declare void @__ad_autodiff(ptr, ...)
declare <2 x double> @llvm.sin.v2f64(<2 x double>)
declare <2 x double> @llvm.cosh.v2f64(<2 x double>)
declare <2 x double> @llvm.pow.v2f64(<2 x double>, <2 x double>)

; SIN-LABEL: define internal void @__ad_grad.vsin(ptr %p, ptr %d.p, ptr %out, ptr %d.out)
; SIN: [[D:%.*]] = load <2 x double>, ptr %d.out
; SIN: [[C:%.*]] = call <2 x double> @llvm.cos.v2f64(<2 x double> %v)
; SIN: [[G:%.*]] = fmul <2 x double> [[D]], [[C]]{{$}}
; SIN: [[OLD:%.*]] = load <2 x double>, ptr %d.p
; SIN: [[NEW:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLD]], [[G]]{{$}}
; SIN: store <2 x double> [[NEW]], ptr %d.p
define void @vsin(ptr %p, ptr %out) {
  %v = load <2 x double>, ptr %p
  %s = call <2 x double> @llvm.sin.v2f64(<2 x double> %v)
  store <2 x double> %s, ptr %out
  ret void
}

; COSH-LABEL: define internal void @__ad_grad.vcosh(ptr %p, ptr %d.p, ptr %out, ptr %d.out)
; COSH: [[D:%.*]] = load <2 x double>, ptr %d.out
; COSH: [[V0:%.*]] = extractelement <2 x double> %v, i64 0
; COSH: [[S0:%.*]] = call double @sinh(double [[V0]])
; COSH: [[W0:%.*]] = insertelement <2 x double> poison, double [[S0]], i64 0
; COSH: [[V1:%.*]] = extractelement <2 x double> %v, i64 1
; COSH: [[S1:%.*]] = call double @sinh(double [[V1]])
; COSH: [[W1:%.*]] = insertelement <2 x double> [[W0]], double [[S1]], i64 1
; COSH: [[G:%.*]] = fmul <2 x double> [[D]], [[W1]]{{$}}
; COSH: [[OLD:%.*]] = load <2 x double>, ptr %d.p
; COSH: [[NEW:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLD]], [[G]]{{$}}
; COSH: store <2 x double> [[NEW]], ptr %d.p
define void @vcosh(ptr %p, ptr %out) {
  %v = load <2 x double>, ptr %p
  %s = call <2 x double> @llvm.cosh.v2f64(<2 x double> %v)
  store <2 x double> %s, ptr %out
  ret void
}

; d/dv v^w = w v^(w-1) where w != 0, d/dw v^w = v^w log(v) where v != 0.
; POW-LABEL: define internal void @__ad_grad.vpow(ptr %p, ptr %d.p, ptr %q, ptr %d.q, ptr %out, ptr %d.out)
; POW: [[D:%.*]] = load <2 x double>, ptr %d.out
; POW-DAG: [[WM1:%.*]] = fadd {{(reassoc )?}}<2 x double> %w, <double -1.000000e+00, double -1.000000e+00>
; POW-DAG: [[PW:%.*]] = call <2 x double> @llvm.pow.v2f64(<2 x double> %v, <2 x double> [[WM1]])
; POW-DAG: [[DW:%.*]] = fmul <2 x double> [[D]], %w{{$}}
; POW-DAG: [[DV:%.*]] = fmul <2 x double> [[DW]], [[PW]]{{$}}
; POW-DAG: [[WNZ:%.*]] = fcmp une <2 x double> %w, zeroinitializer
; POW-DAG: [[GV:%.*]] = select <2 x i1> [[WNZ]], <2 x double> [[DV]], <2 x double> zeroinitializer
; POW-DAG: [[LN:%.*]] = call <2 x double> @llvm.log.v2f64(<2 x double> %v)
; POW-DAG: [[DS:%.*]] = fmul <2 x double> [[D]], %s{{$}}
; POW-DAG: [[DQ:%.*]] = fmul <2 x double> [[DS]], [[LN]]{{$}}
; POW-DAG: [[VNZ:%.*]] = fcmp une <2 x double> %v, zeroinitializer
; POW-DAG: [[GW:%.*]] = select <2 x i1> [[VNZ]], <2 x double> [[DQ]], <2 x double> zeroinitializer
; POW-DAG: [[OLDQ:%.*]] = load <2 x double>, ptr %d.q
; POW-DAG: [[NEWQ:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLDQ]], [[GW]]{{$}}
; POW-DAG: store <2 x double> [[NEWQ]], ptr %d.q
; POW-DAG: [[OLDP:%.*]] = load <2 x double>, ptr %d.p
; POW-DAG: [[NEWP:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLDP]], [[GV]]{{$}}
; POW-DAG: store <2 x double> [[NEWP]], ptr %d.p
define void @vpow(ptr %p, ptr %q, ptr %out) {
  %v = load <2 x double>, ptr %p
  %w = load <2 x double>, ptr %q
  %s = call <2 x double> @llvm.pow.v2f64(<2 x double> %v, <2 x double> %w)
  store <2 x double> %s, ptr %out
  ret void
}

define void @caller(ptr %p, ptr %dp, ptr %q, ptr %dq, ptr %o, ptr %do) {
  call void (ptr, ...) @__ad_autodiff(ptr @vsin, ptr %p, ptr %dp, ptr %o, ptr %do)
  call void (ptr, ...) @__ad_autodiff(ptr @vcosh, ptr %p, ptr %dp, ptr %o, ptr %do)
  call void (ptr, ...) @__ad_autodiff(ptr @vpow, ptr %p, ptr %dp, ptr %q, ptr %dq, ptr %o, ptr %do)
  ret void
}
