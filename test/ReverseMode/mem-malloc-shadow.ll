; A heap buffer allocated and freed by the differentiated function, holding
; active values: the gradient gives it a shadow from ad_shadow_alloc (same
; size, zeroed) right after the malloc, and the free moves from the forward
; sweep to the end of the reverse sweep, after the last reads of the buffer
; and its shadow; the shadow is released there with ad_shadow_free.
;   m = {x, x^2, ...}; f = m[i] x
;   f' = m[i] + dm[0] + 2 x dm[1], with dm[i] = x
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare noalias ptr @malloc(i64)
declare void @free(ptr)
@ad_const = external global i32

; CHECK-LABEL: define internal double @__ad_grad.tmp(double %x, i64 %n, i64 %i)
; CHECK: %m = call noalias ptr @malloc(i64 %bytes)
; CHECK-NEXT: %m.shadow = call ptr @ad_shadow_alloc(i64 %bytes)
; CHECK-NOT: @free
; CHECK: store double %x, ptr %m
; CHECK-NOT: @free
; CHECK: store double %sq, ptr %p1
; CHECK-NOT: @free
; CHECK: %v = load double, ptr %pi
; CHECK-NOT: @free
; CHECK-DAG: %pi.shadow = getelementptr inbounds double, ptr %m.shadow, i64 %i
; CHECK-DAG: [[DI:%.*]] = load double, ptr %pi.shadow
; CHECK-DAG: [[DI2:%.*]] = fadd {{(reassoc )?}}double [[DI]], %x{{$}}
; CHECK-DAG: store double [[DI2]], ptr %pi.shadow
; CHECK-DAG: %p1.shadow = getelementptr inbounds i8, ptr %m.shadow, i64 8
; CHECK-DAG: [[D1:%.*]] = load double, ptr %p1.shadow
; CHECK-DAG: store double 0.000000e+00, ptr %p1.shadow
; CHECK-DAG: [[D0:%.*]] = load double, ptr %m.shadow
; CHECK-DAG: store double 0.000000e+00, ptr %m.shadow
; CHECK: call void @free(ptr {{.*}}%m)
; CHECK-NEXT: call void @ad_shadow_free(ptr {{.*}}%m.shadow)
; CHECK-NOT: @free
; CHECK-DAG: [[G1:%.*]] = fmul double [[D1]], %x{{$}}
; CHECK-DAG: [[S1:%.*]] = fadd {{(reassoc )?}}double %v, [[G1]]{{$}}
; CHECK-DAG: [[S2:%.*]] = fadd {{(reassoc )?}}double [[S1]], [[G1]]{{$}}
; CHECK-DAG: fadd {{(reassoc )?}}double [[S2]], [[D0]]{{$}}
; CHECK: ret double
; CHECK-NEXT: {{^}}}
define double @tmp(double %x, i64 %n, i64 %i) {
  %bytes = shl i64 %n, 3
  %m = call noalias ptr @malloc(i64 %bytes)
  store double %x, ptr %m
  %p1 = getelementptr inbounds double, ptr %m, i64 1
  %sq = fmul double %x, %x
  store double %sq, ptr %p1
  %pi = getelementptr inbounds double, ptr %m, i64 %i
  %v = load double, ptr %pi
  %r = fmul double %v, %x
  call void @free(ptr %m)
  ret double %r
}

define double @caller(double %x, i64 %n, i64 %i) {
  %c = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @tmp, double %x, i32 %c, i64 %n, i32 %c, i64 %i)
  ret double %d
}
