; Aggregates: extractvalue sends the adjoint of a field back into the field of
; the aggregate's adjoint, insertvalue splits the adjoint of the result between
; the inserted value (its field) and the rest (the field reset to -0.0, the
; neutral element of sums, so no + 0.0 is left). The struct {float, double}
; has padding, so the optimizer keeps it whole.
;   out = {fptrunc(x), fpext(s.0) * s.1}
;   dx = fpext(d.0), ds.0 = fptrunc(d.1 * s.1), ds.1 = d.1 * fpext(s.0)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)

; CHECK-LABEL: define internal double @__ad_grad.agg(ptr %p, ptr %d.p, double %x, ptr %out, ptr %d.out)
; CHECK: store { float, double } %u, ptr %out
; CHECK: [[D:%.*]] = load { float, double }, ptr %d.out
; CHECK: store { float, double } zeroinitializer, ptr %d.out
; CHECK-DAG: [[D1:%.*]] = extractvalue { float, double } [[D]], 1
; CHECK-DAG: [[DB:%.*]] = fmul double [[D1]], %ae
; CHECK-DAG: [[DAE:%.*]] = fmul double [[D1]], %b
; CHECK-DAG: [[DA:%.*]] = fptrunc double [[DAE]] to float
; CHECK-DAG: [[OLD:%.*]] = load { float, double }, ptr %d.p
; CHECK-DAG: [[OLD0:%.*]] = extractvalue { float, double } [[OLD]], 0
; CHECK-DAG: [[NEW0:%.*]] = fadd {{(reassoc )?}}float [[OLD0]], [[DA]]{{$}}
; CHECK-DAG: [[ACC0:%.*]] = insertvalue { float, double } [[OLD]], float [[NEW0]], 0
; CHECK-DAG: [[OLD1:%.*]] = extractvalue { float, double } [[OLD]], 1
; CHECK-DAG: [[NEW1:%.*]] = fadd {{(reassoc )?}}double [[OLD1]], [[DB]]{{$}}
; CHECK-DAG: [[ACC1:%.*]] = insertvalue { float, double } [[ACC0]], double [[NEW1]], 1
; CHECK-DAG: store { float, double } [[ACC1]], ptr %d.p
; CHECK-DAG: [[D0:%.*]] = extractvalue { float, double } [[D]], 0
; CHECK-DAG: [[DXE:%.*]] = fpext float [[D0]] to double
; CHECK: ret double [[DXE]]{{$}}
define void @agg(ptr %p, double %x, ptr %out) {
  %s = load {float, double}, ptr %p
  %a = extractvalue {float, double} %s, 0
  %b = extractvalue {float, double} %s, 1
  %ae = fpext float %a to double
  %m = fmul double %ae, %b
  %t = insertvalue {float, double} %s, double %m, 1
  %xf = fptrunc double %x to float
  %u = insertvalue {float, double} %t, float %xf, 0
  store {float, double} %u, ptr %out
  ret void
}

define void @caller(ptr %p, ptr %dp, double %x, ptr %o, ptr %do, ptr %res) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @agg, ptr %p, ptr %dp, double %x, ptr %o, ptr %do)
  store double %d, ptr %res
  ret void
}
