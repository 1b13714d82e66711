; Storing an inactive value (a constant) through an ad_dup pointer still
; overwrites what was there: the shadow of that location is reset to zero and
; its old adjoint goes nowhere.
;   y[1] = 2 x[0]; y[0] = 1.5:  dx[0] += 2 dy[1], then dy[1] = dy[0] = 0
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)

; CHECK-LABEL: define internal void @__ad_grad.store_inactive(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; CHECK: store double 1.500000e+00, ptr %y
; CHECK-DAG: store double 0.000000e+00, ptr %d.y,
; CHECK-DAG: [[DY1P:%.*]] = getelementptr inbounds i8, ptr %d.y, i64 8
; CHECK-DAG: [[D:%.*]] = load double, ptr [[DY1P]]
; CHECK-DAG: store double 0.000000e+00, ptr [[DY1P]]
; CHECK-DAG: [[G:%.*]] = fmul double [[D]], 2.000000e+00
; CHECK-DAG: [[OLD:%.*]] = load double, ptr %d.x
; CHECK-DAG: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[G]]{{$}}
; CHECK-DAG: store double [[NEW]], ptr %d.x
; CHECK: ret void
define void @store_inactive(ptr %x, ptr %y) {
  %a = load double, ptr %x
  %a2 = fmul double %a, 2.0
  %y1 = getelementptr inbounds double, ptr %y, i64 1
  store double %a2, ptr %y1
  store double 1.5, ptr %y
  ret void
}

define void @caller(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call void (ptr, ...) @__ad_autodiff(ptr @store_inactive, ptr %x, ptr %dx, ptr %y, ptr %dy)
  ret void
}
