; A local buffer (alloca) that receives active values gets a zeroed shadow
; buffer of the same size in the gradient; loads and stores through it use the
; shadow like an ad_dup argument. No heap allocation is involved.
;   t = {x, x^2, ?, ?}; f = t[i] x
;   f' = t[i] + dt[0] + 2 x dt[1], with dt[i] = x: 2x for i = 0, 3x^2 for i = 1
; RUN: %opt -passes=ad -S %s | %FileCheck %s --implicit-check-not=malloc --implicit-check-not=calloc

declare double @__ad_autodiff(ptr, ...)
@ad_const = external global i32

; CHECK-LABEL: define internal double @__ad_grad.local(double %x, i64 %i)
; CHECK: %t = alloca [4 x double], align 16
; CHECK-NEXT: %t.shadow = alloca [4 x double], align 16
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr {{.*}}%t.shadow, i8 0, i64 32, i1 false)
; CHECK: %v = load double, ptr %pi
; CHECK-DAG: %pi.shadow = getelementptr inbounds [4 x double], ptr %t.shadow, i64 0, i64 %i
; CHECK-DAG: [[DT1P:%.*]] = getelementptr inbounds i8, ptr %t.shadow, i64 8
; CHECK-DAG: [[OLDI:%.*]] = load double, ptr %pi.shadow
; CHECK-DAG: [[NEWI:%.*]] = fadd {{(reassoc )?}}double [[OLDI]], %x{{$}}
; CHECK-DAG: store double [[NEWI]], ptr %pi.shadow
; CHECK-DAG: [[DT1:%.*]] = load double, ptr [[DT1P]]
; CHECK-DAG: [[DT0:%.*]] = load double, ptr %t.shadow
; CHECK-DAG: [[G1:%.*]] = fmul double [[DT1]], %x{{$}}
; CHECK-DAG: [[S1:%.*]] = fadd {{(reassoc )?}}double %v, [[G1]]{{$}}
; CHECK-DAG: [[S2:%.*]] = fadd {{(reassoc )?}}double [[S1]], [[G1]]{{$}}
; CHECK-DAG: [[S3:%.*]] = fadd {{(reassoc )?}}double [[S2]], [[DT0]]{{$}}
; CHECK: ret double
; CHECK-NOT: alloca
; CHECK: {{^}}}
define double @local(double %x, i64 %i) {
  %t = alloca [4 x double], align 16
  %p0 = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 0
  %p1 = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 1
  store double %x, ptr %p0
  %sq = fmul double %x, %x
  store double %sq, ptr %p1
  %pi = getelementptr inbounds [4 x double], ptr %t, i64 0, i64 %i
  %v = load double, ptr %pi
  %r = fmul double %v, %x
  ret double %r
}

define double @caller(double %x, i64 %i) {
  %m = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @local, double %x, i32 %m, i64 %i)
  ret double %d
}
