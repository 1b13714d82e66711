; Two gradient requests on the two sides of an if: at the start of the
; pipeline the entry points become `nomerge`, so that SimplifyCFG does not sink
; them into one call on a phi of the two functions (refused as "not a
; function"). Each side gets its own derivative, inlined where it was asked
; for (d(v^2) = v + v, d(v^3) = s + s + s), and the two are selected.
; RUN: %opt -passes='default<O2>' -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define double @f1(ptr %x) {
  %v = load double, ptr %x
  %s = fmul double %v, %v
  ret double %s
}

define double @f2(ptr %x) {
  %v = load double, ptr %x
  %s = fmul double %v, %v
  %c = fmul double %s, %v
  ret double %c
}

; CHECK-LABEL: define void @grad(
; CHECK-NOT: __ad_autodiff
; CHECK-DAG: [[S:%.*]] = fmul double [[V:%.*]], [[V]]
; CHECK-DAG: [[S2:%.*]] = fadd reassoc double [[S]], [[S]]
; CHECK-DAG: fadd reassoc double [[S2]], [[S]]
; CHECK-DAG: fadd reassoc double [[V]], [[V]]
; CHECK-DAG: select i1 %which
; CHECK-NOT: __ad_autodiff
; CHECK: ret void
define void @grad(i1 %which, ptr %x, ptr %dx) {
entry:
  br i1 %which, label %one, label %two
one:
  %a = call double (ptr, ...) @__ad_autodiff(ptr @f1, ptr @ad_dup, ptr %x, ptr %dx)
  br label %done
two:
  %b = call double (ptr, ...) @__ad_autodiff(ptr @f2, ptr @ad_dup, ptr %x, ptr %dx)
  br label %done
done:
  ret void
}
