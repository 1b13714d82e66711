; ad_dup pointers with constant offsets: each load or store at p + k has its
; shadow at d.p + k. The output y[2] is overwritten, so its shadow is read
; (the seed) and then reset to zero; the inputs' shadows are incremented.
;   y[2] = x[0] * x[1]:  dx[0] += d * x[1], dx[1] += d * x[0], dy[2] = 0
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)

; CHECK-LABEL: define internal void @__ad_grad.offsets(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; CHECK-DAG: [[X1P:%.*]] = getelementptr inbounds i8, ptr %x, i64 8
; CHECK-DAG: [[X0:%.*]] = load double, ptr %x,
; CHECK-DAG: [[X1:%.*]] = load double, ptr [[X1P]],
; CHECK-DAG: [[Y2P:%.*]] = getelementptr inbounds i8, ptr %y, i64 16
; CHECK: store double %m, ptr [[Y2P]]
; CHECK-DAG: [[DY2P:%.*]] = getelementptr inbounds i8, ptr %d.y, i64 16
; CHECK-DAG: [[DX1P:%.*]] = getelementptr inbounds i8, ptr %d.x, i64 8
; CHECK: [[D:%.*]] = load double, ptr [[DY2P]]
; CHECK-NEXT: store double 0.000000e+00, ptr [[DY2P]]
; CHECK-DAG: [[G0:%.*]] = fmul double [[D]], [[X1]]{{$}}
; CHECK-DAG: [[G1:%.*]] = fmul double [[D]], [[X0]]{{$}}
; CHECK-DAG: [[OLD1:%.*]] = load double, ptr [[DX1P]]
; CHECK-DAG: [[NEW1:%.*]] = fadd {{(reassoc )?}}double [[OLD1]], [[G1]]{{$}}
; CHECK-DAG: store double [[NEW1]], ptr [[DX1P]]
; CHECK-DAG: [[OLD0:%.*]] = load double, ptr %d.x,
; CHECK-DAG: [[NEW0:%.*]] = fadd {{(reassoc )?}}double [[OLD0]], [[G0]]{{$}}
; CHECK-DAG: store double [[NEW0]], ptr %d.x,
; CHECK: ret void
define void @offsets(ptr %x, ptr %y) {
  %x1p = getelementptr inbounds double, ptr %x, i64 1
  %x0 = load double, ptr %x
  %x1 = load double, ptr %x1p
  %m = fmul double %x0, %x1
  %y2p = getelementptr inbounds double, ptr %y, i64 2
  store double %m, ptr %y2p
  ret void
}

define void @caller(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call void (ptr, ...) @__ad_autodiff(ptr @offsets, ptr %x, ptr %dx, ptr %y, ptr %dy)
  ret void
}
