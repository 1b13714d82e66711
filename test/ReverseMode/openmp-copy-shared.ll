; A copy inside a parallel region from memory the team shares into the
; thread's own buffer (a firstprivate array, or a memcpy of a shared input):
; its reverse adds the buffer's adjoints to the shared source's atomically
; (__ad_omp_memmove_adjoint_f64), where every thread adds to the same
; elements. It was refused as a race. (The fixed-size copy is split by SROA
; into loads of the source, whose adjoints are atomic additions too.)
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_rev.use.omp_outlined(
; CHECK-NOT: @__ad_memmove_adjoint_f64
; CHECK: call void @__ad_omp_add_unaligned_f64(ptr nonnull %w.sroa.1.0.x.sroa_idx.shadow1, double
; CHECK-NOT: @__ad_memmove_adjoint_f64
; CHECK: call void @__ad_omp_memmove_adjoint_f64(ptr %d.x.tape, ptr nonnull %buf.shadow.tape, i64 %bytes.tape)
; CHECK-NOT: @__ad_memmove_adjoint_f64
; CHECK: ret void

%struct.ident_t = type { i32, i32, i32, i32, ptr }
@str = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00"
@loc = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }

declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare double @__ad_autodiff(ptr, ...)

; Each thread copies n shared doubles into its own buffer, and three into
; another (a firstprivate array), then adds buf[1] w[2] to s atomically.
define internal void @use.omp_outlined(ptr noalias %gtid, ptr noalias %btid, ptr %x, ptr %n.addr, ptr %s) {
  %buf = alloca [8 x double]
  %w = alloca [3 x double]
  %n = load i64, ptr %n.addr
  %bytes = shl i64 %n, 3
  call void @llvm.memcpy.p0.p0.i64(ptr %buf, ptr %x, i64 %bytes, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %w, ptr %x, i64 24, i1 false)
  %p1 = getelementptr inbounds double, ptr %buf, i64 1
  %b1 = load double, ptr %p1
  %p2 = getelementptr inbounds double, ptr %w, i64 2
  %w2 = load double, ptr %p2
  %m = fmul double %b1, %w2
  %old = atomicrmw fadd ptr %s, double %m monotonic
  ret void
}

define double @use(ptr %x, i64 %n) {
  %s = alloca double
  %n.addr = alloca i64
  store i64 %n, ptr %n.addr
  store double 0.0, ptr %s
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 3, ptr @use.omp_outlined, ptr %x, ptr %n.addr, ptr %s)
  %r = load double, ptr %s
  ret double %r
}

define void @caller(ptr %x, ptr %dx, i64 %n) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @use, ptr %x, ptr %dx, i64 %n)
  ret void
}
