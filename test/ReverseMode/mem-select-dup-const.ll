; A select between an ad_dup element and an ad_const element, only loaded
; from: the constant side's shadow is a zeroed scratch in the entry block, so
; the adjoint goes to d.x[i] when the duplicated side was chosen and nowhere
; else (SROA shrinks the scratch to the 8 bytes used).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, ptr %c, i64 %i, i64 %j, i1 %b)
; CHECK: [[SCRATCH:%.*]] = alloca [8 x i8]
; CHECK: store i64 0, ptr [[SCRATCH]]
; CHECK: %px.shadow = getelementptr double, ptr %d.x, i64 %i
; CHECK: %p.shadow = select i1 %b, ptr %px.shadow, ptr [[SCRATCH]]
; CHECK: [[D:%.*]] = fadd {{(reassoc )?}}double %v, %v
; CHECK: [[OLD:%.*]] = load double, ptr %p.shadow
; CHECK: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[D]]
; CHECK: store double [[NEW]], ptr %p.shadow

declare double @__ad_autodiff(ptr, ...)
@ad_dup = external global i32
@ad_const = external global i32

; f(x, c, i, j, b) = v * v with v = b ? x[i] : c[j] (c is ad_const)
define double @f(ptr %x, ptr %c, i64 %i, i64 %j, i1 %b) {
  %px = getelementptr double, ptr %x, i64 %i
  %pc = getelementptr double, ptr %c, i64 %j
  %p = select i1 %b, ptr %px, ptr %pc
  %v = load double, ptr %p
  %sq = fmul double %v, %v
  ret double %sq
}

define void @grad(ptr %x, ptr %dx, ptr %c, i64 %i, i64 %j, i1 %b) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx, i32 %const, ptr %c, i32 %const, i64 %i, i32 %const, i64 %j, i32 %const, i1 %b)
  ret void
}
