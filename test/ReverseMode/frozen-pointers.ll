; Loop unswitching freezes the pointers it branches on (std::sort's
; iterators at -O3): the pointer analyses follow the pointer under the
; freeze (it was "an unknown pointer", and the store through it refused).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define double @f(ptr %x) {
  %fx = freeze ptr %x
  %p = getelementptr inbounds double, ptr %fx, i64 1
  %a = load double, ptr %fx
  %b = load double, ptr %p
  %s = fmul double %a, %b
  store double %s, ptr %p
  %r = load double, ptr %p
  ret double %r
}

define void @g(ptr %x, ptr %dx) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK-NOT: freeze
; CHECK: %p.shadow = getelementptr inbounds i8, ptr %d.x, i64 8
; CHECK: store double {{.*}}, ptr %d.x
; CHECK: ret void
