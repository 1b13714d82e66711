; SROA moves an Eigen matrix's doubles through integer phis when some of
; them are also masked as integers (fabs as an `and`, for a norm): a
; <2 x i64> and an i128 (two doubles) loaded, merged by phis and stored into
; another matrix that is read as doubles. The normalization loads, merges
; and stores doubles instead (bit for bit the same; the integer users get a
; cast back), so the adjoints flow from the copy to the source (they used
; to be lost: a silent wrong gradient in Eigen's LLT at -O2).
;   a = m[0..1], b = m[2..3] copied into k; f = k[0] + 2 k[1] + 3 k[2] + 4 k[3]
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-DAG: %a.fp = load <2 x double>, ptr %m
; CHECK-DAG: %b.fp = load <2 x double>, ptr %m2
; CHECK-DAG: %pa.fp = phi <2 x double> [ %a.fp, %full ], [ zeroinitializer, %{{.*}}entry ]
; CHECK-DAG: %pb.fp = phi <2 x double> [ %b.fp, %full ], [ zeroinitializer, %{{.*}}entry ]
; CHECK-NOT: store <2 x i64>
; CHECK-NOT: store i128
; CHECK: rev.edge.full:
; CHECK: [[DM2:%.*]] = load <2 x double>, ptr %m2.shadow
; CHECK: fadd {{(reassoc )?}}<2 x double> [[DM2]],
; CHECK: [[DM:%.*]] = load <2 x double>, ptr %d.m
; CHECK: fadd {{(reassoc )?}}<2 x double> [[DM]],
define double @f(ptr %m, ptr %k, i1 %c) {
entry:
  %m2 = getelementptr i8, ptr %m, i64 16
  br i1 %c, label %full, label %join
full:
  %a = load <2 x i64>, ptr %m
  %b = load i128, ptr %m2
  br label %join
join:
  %pa = phi <2 x i64> [ %a, %full ], [ zeroinitializer, %entry ]
  %pb = phi i128 [ %b, %full ], [ 0, %entry ]
  ; a norm of the first two, through their bits
  %abs = and <2 x i64> %pa, <i64 9223372036854775807, i64 9223372036854775807>
  %absf = bitcast <2 x i64> %abs to <2 x double>
  store <2 x i64> %pa, ptr %k
  %k2 = getelementptr i8, ptr %k, i64 16
  store i128 %pb, ptr %k2
  %k0 = load double, ptr %k
  %k1p = getelementptr i8, ptr %k, i64 8
  %k1 = load double, ptr %k1p
  %k3p = getelementptr i8, ptr %k, i64 24
  %k2v = load double, ptr %k2
  %k3 = load double, ptr %k3p
  %s1 = fmul double %k1, 2.0
  %s2 = fmul double %k2v, 3.0
  %s3 = fmul double %k3, 4.0
  %t1 = fadd double %k0, %s1
  %t2 = fadd double %t1, %s2
  %t3 = fadd double %t2, %s3
  ret double %t3
}

define void @caller(ptr %m, ptr %dm, ptr %k, ptr %dk) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %m, ptr %dm, ptr @ad_dup, ptr %k, ptr %dk, i1 true)
  ret void
}
