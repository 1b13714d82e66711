; Vector code: <2 x double> fadd/fmul take the same rules lane by lane, and the
; lane moves (extractelement, insertelement, shufflevector) send each adjoint
; lane back where its value came from. Vectors live behind ad_dup pointers
; (vector arguments cannot be active), so the seed is loaded from the shadow.
; The gradients may come out in any order: one FileCheck prefix per function.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=ARITH < %t
; RUN: %FileCheck %s --check-prefix=SHUFFLE < %t
; RUN: %FileCheck %s --check-prefix=EXTRACT < %t
; RUN: %FileCheck %s --check-prefix=INSERT < %t

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_autodiff_d(ptr, ...)

; out = a * b + a: da = d * b + d, db = d * a, accumulated (+=) into the
; shadows of p and q.
; ARITH-LABEL: define internal void @__ad_grad.vec_arith(ptr %p, ptr %d.p, ptr %q, ptr %d.q, ptr %out, ptr %d.out)
; ARITH: [[D:%.*]] = load <2 x double>, ptr %d.out
; ARITH: store <2 x double> zeroinitializer, ptr %d.out
; ARITH-DAG: [[DB:%.*]] = fmul <2 x double> [[D]], %b
; ARITH-DAG: [[DA:%.*]] = fadd {{(reassoc )?}}<2 x double> [[D]], [[DB]]{{$}}
; ARITH-DAG: [[DQ:%.*]] = fmul <2 x double> [[D]], %a
; ARITH-DAG: [[OLDQ:%.*]] = load <2 x double>, ptr %d.q
; ARITH-DAG: [[NEWQ:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLDQ]], [[DQ]]{{$}}
; ARITH-DAG: store <2 x double> [[NEWQ]], ptr %d.q
; ARITH-DAG: [[OLDP:%.*]] = load <2 x double>, ptr %d.p
; ARITH-DAG: [[NEWP:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLDP]], [[DA]]{{$}}
; ARITH-DAG: store <2 x double> [[NEWP]], ptr %d.p
; ARITH: ret void
define void @vec_arith(ptr %p, ptr %q, ptr %out) {
  %a = load <2 x double>, ptr %p
  %b = load <2 x double>, ptr %q
  %s = fmul <2 x double> %a, %b
  %t = fadd <2 x double> %s, %a
  store <2 x double> %t, ptr %out
  ret void
}

; m = v * swap(v) = [v0 v1, v1 v0]: dv = d * s + swap(d * v), that is
; dv0 = (d0 + d1) v1 and dv1 = (d0 + d1) v0. The adjoint of the swapped
; operand goes back across the lanes: lane 0 of d * v to lane 1 and back
; (lanes start from -0.0, so the optimizer sees a plain swap).
; SHUFFLE-LABEL: define internal void @__ad_grad.vec_shuffle(ptr %p, ptr %d.p, ptr %out, ptr %d.out)
; SHUFFLE: %s = shufflevector <2 x double> %v, <2 x double> poison, <2 x i32> <i32 1, i32 0>
; SHUFFLE: [[D:%.*]] = load <2 x double>, ptr %d.out
; SHUFFLE-DAG: [[DV:%.*]] = fmul <2 x double> [[D]], %s
; SHUFFLE-DAG: [[DS:%.*]] = fmul <2 x double> [[D]], %v
; SHUFFLE-DAG: [[W:%.*]] = shufflevector <2 x double> [[DS]], <2 x double> poison, <2 x i32> <i32 1, i32 0>
; SHUFFLE-DAG: [[SUM:%.*]] = fadd {{(reassoc )?}}<2 x double> [[DV]], [[W]]{{$}}
; SHUFFLE-DAG: [[OLD:%.*]] = load <2 x double>, ptr %d.p
; SHUFFLE-DAG: [[NEW:%.*]] = fadd {{(reassoc )?}}<2 x double> [[OLD]], [[SUM]]{{$}}
; SHUFFLE-DAG: store <2 x double> [[NEW]], ptr %d.p
; SHUFFLE: ret void
define void @vec_shuffle(ptr %p, ptr %out) {
  %v = load <2 x double>, ptr %p
  %s = shufflevector <2 x double> %v, <2 x double> poison, <2 x i32> <i32 1, i32 0>
  %m = fmul <2 x double> %v, %s
  store <2 x double> %m, ptr %out
  ret void
}

; out = v[i]: the seed goes to lane i of the shadow, the other lanes get -0.0
; (the neutral element of sums).
; EXTRACT-LABEL: define internal void @__ad_grad.vec_extract(ptr %p, ptr %d.p, i64 %i, ptr %out, ptr %d.out)
; EXTRACT: [[D:%.*]] = load double, ptr %d.out
; EXTRACT: store double 0.000000e+00, ptr %d.out
; EXTRACT: [[DV:%.*]] = insertelement <4 x double> <double -0.000000e+00, double -0.000000e+00, double -0.000000e+00, double -0.000000e+00>, double [[D]], i64 %i
; EXTRACT: [[OLD:%.*]] = load <4 x double>, ptr %d.p
; EXTRACT: [[NEW:%.*]] = fadd {{(reassoc )?}}<4 x double> [[OLD]], [[DV]]{{$}}
; EXTRACT: store <4 x double> [[NEW]], ptr %d.p
; EXTRACT: ret void
define void @vec_extract(ptr %p, i64 %i, ptr %out) {
  %v = load <4 x double>, ptr %p
  %e = extractelement <4 x double> %v, i64 %i
  store double %e, ptr %out
  ret void
}

; out = v with lane i replaced by x: x gets lane i of the seed, v gets the
; seed with lane i set to -0.0.
; INSERT-LABEL: define internal double @__ad_grad.vec_insert(ptr %p, ptr %d.p, double %x, i64 %i, ptr %out, ptr %d.out)
; INSERT: [[D:%.*]] = load <4 x double>, ptr %d.out
; INSERT: store <4 x double> zeroinitializer, ptr %d.out
; INSERT-DAG: [[DV:%.*]] = insertelement <4 x double> [[D]], double -0.000000e+00, i64 %i
; INSERT-DAG: [[OLD:%.*]] = load <4 x double>, ptr %d.p
; INSERT-DAG: [[NEW:%.*]] = fadd {{(reassoc )?}}<4 x double> [[OLD]], [[DV]]{{$}}
; INSERT-DAG: store <4 x double> [[NEW]], ptr %d.p
; INSERT-DAG: [[DX:%.*]] = extractelement <4 x double> [[D]], i64 %i
; INSERT: ret double [[DX]]{{$}}
define void @vec_insert(ptr %p, double %x, i64 %i, ptr %out) {
  %v = load <4 x double>, ptr %p
  %w = insertelement <4 x double> %v, double %x, i64 %i
  store <4 x double> %w, ptr %out
  ret void
}

define void @caller(ptr %p, ptr %dp, ptr %q, ptr %dq, ptr %o, ptr %do, i64 %i, double %x, ptr %res) {
  call void (ptr, ...) @__ad_autodiff(ptr @vec_arith, ptr %p, ptr %dp, ptr %q, ptr %dq, ptr %o, ptr %do)
  call void (ptr, ...) @__ad_autodiff(ptr @vec_shuffle, ptr %p, ptr %dp, ptr %o, ptr %do)
  call void (ptr, ...) @__ad_autodiff(ptr @vec_extract, ptr %p, ptr %dp, i64 %i, ptr %o, ptr %do)
  %d = call double (ptr, ...) @__ad_autodiff_d(ptr @vec_insert, ptr %p, ptr %dp, double %x, i64 %i, ptr %o, ptr %do)
  store double %d, ptr %res
  ret void
}
