; MPI calls that move doubles are mirrored by runtime calls in the reverse
; sweep, in reverse order: the Allreduce of the result first, then the
; receive (which sends the ghost's adjoint back), then the send (which
; receives the adjoint of what it sent). The local ghost %g gets a shadow
; because it receives numbers. Isend/Wait: the forward sweep files records
; (after the post, before the wait) that the reverse sweep gets back; the
; wait's mirror comes before the post's. A sum files no record (MAX and MIN
; do). An integer message (MPI_INT) and
; MPI_Comm_rank have no mirror. Handles are MPICH's (ints).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.post(
; CHECK: call i32 @MPI_Isend(ptr %x, i32 2, i32 1275070475, i32 1, i32 3, i32 1140850688, ptr {{.*}}%req)
; CHECK-NEXT: %[[POST:.*]] = call ptr @__ad_mpi_isend_record(ptr %x, ptr %d.x, i32 2, i32 1275070475, i32 1, i32 3, i32 1140850688, ptr {{.*}}%req)
; CHECK: %[[WAIT:.*]] = call ptr @__ad_mpi_wait_record(ptr {{.*}}%req)
; CHECK-NEXT: call i32 @MPI_Wait(
; CHECK: call void @__ad_mpi_wait_reverse(ptr %[[WAIT]])
; CHECK: call void @__ad_mpi_isend_reverse(ptr {{.*}}%d.x, i32 2, i32 1275070475, i32 1, i32 3, i32 1140850688, ptr %[[POST]])

; CHECK-LABEL: define internal void @__ad_grad.halo(
; CHECK: call i32 @MPI_Comm_rank(
; CHECK: call i32 @MPI_Send(ptr %x, i32 1, i32 1275070475, i32 1, i32 7, i32 1140850688)
; CHECK: call i32 @MPI_Recv(ptr {{.*}}%g, i32 1, i32 1275070475, i32 0, i32 7, i32 1140850688, ptr {{.*}}inttoptr (i64 1 to ptr))
; CHECK: call i32 @MPI_Recv(ptr {{.*}}%cnt, i32 1, i32 1275068933,
; CHECK-NOT: allreduce_record
; CHECK: call i32 @MPI_Allreduce(
; CHECK: call void @__ad_mpi_allreduce_reverse(ptr {{.*}}%s.shadow, ptr {{.*}}%t.shadow, i32 1, i32 1275070475, i32 1476395011, i32 1140850688, ptr null)
; CHECK-NOT: __ad_mpi_recv_reverse({{.*}}1275068933
; CHECK: call void @__ad_mpi_recv_reverse(ptr {{.*}}, i32 1, i32 1275070475, i32 0, i32 7, i32 1140850688)
; CHECK: call void @__ad_mpi_send_reverse(ptr {{.*}}%d.x, i32 1, i32 1275070475, i32 1, i32 7, i32 1140850688)
; CHECK: ret void

@ad_dup = external global i32
declare double @__ad_autodiff(ptr, ...)
declare i32 @MPI_Comm_rank(i32, ptr)
declare i32 @MPI_Send(ptr, i32, i32, i32, i32, i32)
declare i32 @MPI_Recv(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Allreduce(ptr, ptr, i32, i32, i32, i32)
declare i32 @MPI_Isend(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Wait(ptr, ptr)
declare double @llvm.sin.f64(double)

define double @halo(ptr %x) {
  %rank = alloca i32
  %g = alloca double
  %cnt = alloca i32
  %s = alloca double
  %t = alloca double
  %r = call i32 @MPI_Comm_rank(i32 1140850688, ptr %rank)
  %a = call i32 @MPI_Send(ptr %x, i32 1, i32 1275070475, i32 1, i32 7, i32 1140850688)
  %b = call i32 @MPI_Recv(ptr %g, i32 1, i32 1275070475, i32 0, i32 7, i32 1140850688, ptr inttoptr (i64 1 to ptr))
  %c = call i32 @MPI_Recv(ptr %cnt, i32 1, i32 1275068933, i32 0, i32 8, i32 1140850688, ptr inttoptr (i64 1 to ptr))
  %gv = load double, ptr %g
  %xv = load double, ptr %x
  %m = fmul double %gv, %xv
  %sn = call double @llvm.sin.f64(double %m)
  store double %sn, ptr %s
  %d = call i32 @MPI_Allreduce(ptr %s, ptr %t, i32 1, i32 1275070475, i32 1476395011, i32 1140850688)
  %tv = load double, ptr %t
  ret double %tv
}

define double @post(ptr %x) {
  %req = alloca i32
  %a = call i32 @MPI_Isend(ptr %x, i32 2, i32 1275070475, i32 1, i32 3, i32 1140850688, ptr %req)
  %w = call i32 @MPI_Wait(ptr %req, ptr inttoptr (i64 1 to ptr))
  %v = load double, ptr %x
  %y = fmul double %v, %v
  ret double %y
}

define void @grads(ptr %x, ptr %dx) {
  %1 = call double (ptr, ...) @__ad_autodiff(ptr @halo, ptr @ad_dup, ptr %x, ptr %dx)
  %2 = call double (ptr, ...) @__ad_autodiff(ptr @post, ptr @ad_dup, ptr %x, ptr %dx)
  ret void
}
