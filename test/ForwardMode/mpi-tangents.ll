; Forward mode: the tangent of an MPI call moves with it, as the same call
; on the shadows. A broadcast's tangent follows the broadcast; a reduction's
; precedes it (MAX and MIN read the values it reduces, in place too); an
; Isend's follows the post (the runtime files it by the request) and a
; wait's precedes the wait (which resets the request). A send of a buffer
; without a shadow still sends (zeros: null), so every message keeps its
; match on the other rank.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal { double, double } @__ad_fwd.f(
; CHECK: call i32 @MPI_Bcast(ptr %x, i32 2, i32 1275070475, i32 0, i32 1140850688)
; CHECK-NEXT: call void @__ad_mpi_bcast_tangent(ptr %x, ptr %d.x, i32 2, i32 1275070475, i32 0, i32 1140850688)
; CHECK: call void @__ad_mpi_allreduce_tangent(ptr {{.*}}inttoptr (i64 -1 to ptr), ptr {{.*}}inttoptr (i64 -1 to ptr), ptr %x, ptr %d.x, i32 2, i32 1275070475, i32 1476395009, i32 1140850688)
; CHECK-NEXT: call i32 @MPI_Allreduce(
; CHECK: call i32 @MPI_Isend(ptr %x, i32 1,
; CHECK-NEXT: call void @__ad_mpi_isend_tangent(ptr %x, ptr %d.x, i32 1, i32 1275070475, i32 1, i32 0, i32 1140850688, ptr {{.*}}%req)
; CHECK: call void @__ad_mpi_send_tangent(ptr {{.*}}%k, ptr null, i32 1,
; CHECK: call void @__ad_mpi_wait_tangent(ptr {{.*}}%req)
; CHECK-NEXT: call i32 @MPI_Wait(

@ad_dup = external global i32
@k = global double 2.0
declare double @__ad_fwddiff(ptr, ...)
declare i32 @MPI_Bcast(ptr, i32, i32, i32, i32)
declare i32 @MPI_Allreduce(ptr, ptr, i32, i32, i32, i32)
declare i32 @MPI_Isend(ptr, i32, i32, i32, i32, i32, ptr)
declare i32 @MPI_Send(ptr, i32, i32, i32, i32, i32)
declare i32 @MPI_Wait(ptr, ptr)

define double @f(ptr %x) {
  %req = alloca i32
  %k = alloca double
  store double 3.0, ptr %k
  %a = call i32 @MPI_Bcast(ptr %x, i32 2, i32 1275070475, i32 0, i32 1140850688)
  %b = call i32 @MPI_Allreduce(ptr inttoptr (i64 -1 to ptr), ptr %x, i32 2, i32 1275070475, i32 1476395009, i32 1140850688)
  %c = call i32 @MPI_Isend(ptr %x, i32 1, i32 1275070475, i32 1, i32 0, i32 1140850688, ptr %req)
  %d = call i32 @MPI_Send(ptr %k, i32 1, i32 1275070475, i32 1, i32 5, i32 1140850688)
  %w = call i32 @MPI_Wait(ptr %req, ptr inttoptr (i64 1 to ptr))
  %v = load double, ptr %x
  %y = fmul double %v, %v
  ret double %y
}

define double @caller(ptr %x, ptr %dx) {
  %1 = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx)
  ret double %1
}
