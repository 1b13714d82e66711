; The adjoints of LAPACK calls are runtime calls that compute the known
; matrix formulas with the program's BLAS, reading the calls' results: the
; factor and the solution. @solve (noalias arrays): the factor is read in
; place by potrf's adjoint; potrs's gets a copy (the analysis does not order
; potrf's write of A before potrs). With A constant, potrf has no adjoint
; and potrs's reads no solution. @steps: in a loop every result the
; adjoints read is copied after its call; row major and 'U' reach the
; runtime as layout 1, lower 0.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.steps(
; CHECK: call i32 @LAPACKE_dpotrf(i32 101, i8 85, i32 3, ptr {{.*}}%A, i32 3)
; CHECK-NEXT: call ptr @__ad_blas_dpack(i64 3, i64 3, ptr {{.*}}%A, i64 3)
; CHECK: call i32 @LAPACKE_dpotrs(
; CHECK: call ptr @__ad_blas_dpack(i64 1, i64 3, ptr {{.*}}%B, i64 1)
; CHECK: call void @__ad_blas_dpotrs_reverse(i32 1, i32 0, i64 3, i64 1, ptr %{{.*}}, i64 3, ptr %{{.*}}, i64 1, ptr %d.A, i64 3, ptr {{.*}}%d.B, i64 1)
; CHECK: call void @__ad_blas_dpotrf_reverse(i32 1, i32 0, i64 3, ptr %{{.*}}, i64 3, ptr %d.A, i64 3)

; CHECK-LABEL: define internal void @__ad_grad.solve(
; CHECK-NOT: potrf_reverse
; CHECK: call void @__ad_blas_dpotrs_reverse(i32 0, i32 1, i64 3, i64 1, ptr %{{.*}}, i64 3, ptr null, i64 1, ptr null, i64 1, ptr nonnull %d.B, i64 3)
; CHECK-NOT: potrf_reverse
; CHECK: ret void

; CHECK-LABEL: define internal void @__ad_grad.solve.{{[0-9]+}}(
; CHECK: call i32 @LAPACKE_dpotrf(i32 102, i8 76, i32 3, ptr %A, i32 3)
; CHECK-NOT: __ad_blas_dpack
; CHECK: call i32 @LAPACKE_dpotrs(
; CHECK: call void @__ad_blas_dpotrs_reverse(i32 0, i32 1, i64 3, i64 1, ptr %{{.*}}, i64 3, ptr %B, i64 3, ptr nonnull %d.A, i64 3, ptr nonnull %d.B, i64 3)
; CHECK: call void @__ad_blas_dpotrf_reverse(i32 0, i32 1, i64 3, ptr %A, i64 3, ptr nonnull %d.A, i64 3)
; CHECK: ret void

@ad_dup = external global i32
@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)
declare i32 @LAPACKE_dpotrf(i32, i8, i32, ptr, i32)
declare i32 @LAPACKE_dpotrs(i32, i8, i32, i32, ptr, i32, ptr, i32)

define double @solve(ptr noalias %A, ptr noalias %B) {
  %i1 = call i32 @LAPACKE_dpotrf(i32 102, i8 76, i32 3, ptr %A, i32 3)
  %i2 = call i32 @LAPACKE_dpotrs(i32 102, i8 76, i32 3, i32 1, ptr %A, i32 3, ptr %B, i32 3)
  %b0 = load double, ptr %B
  %a0 = load double, ptr %A
  %s = fadd double %b0, %a0
  ret double %s
}

define double @steps(ptr %A, ptr %B, i32 %n) {
entry:
  br label %loop
loop:
  %t = phi i32 [ 0, %entry ], [ %t1, %loop ]
  %b = load double, ptr %B
  store double %b, ptr %A
  %i1 = call i32 @LAPACKE_dpotrf(i32 101, i8 85, i32 3, ptr %A, i32 3)
  %i2 = call i32 @LAPACKE_dpotrs(i32 101, i8 85, i32 3, i32 1, ptr %A, i32 3, ptr %B, i32 1)
  %t1 = add i32 %t, 1
  %c = icmp slt i32 %t1, %n
  br i1 %c, label %loop, label %exit
exit:
  %b0 = load double, ptr %B
  ret double %b0
}

define void @grad(ptr %A, ptr %dA, ptr %B, ptr %dB, i32 %n) {
  %dup = load i32, ptr @ad_dup
  %const = load i32, ptr @ad_const
  call double (ptr, ...) @__ad_autodiff(ptr @solve, i32 %dup, ptr %A, ptr %dA, i32 %dup, ptr %B, ptr %dB)
  call double (ptr, ...) @__ad_autodiff(ptr @solve, i32 %const, ptr %A, i32 %dup, ptr %B, ptr %dB)
  call double (ptr, ...) @__ad_autodiff(ptr @steps, i32 %dup, ptr %A, ptr %dA, i32 %dup, ptr %B, ptr %dB, i32 %n)
  ret void
}
