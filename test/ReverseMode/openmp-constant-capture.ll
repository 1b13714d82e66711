; A constant pointer read in an OpenMP region: clang captures it by
; reference, in a stack slot (%w.addr) the outlined region only reads. The
; slot holds no differentiable data, so it gets no shadow and the region's
; derivative takes it as a constant (it used to be refused: "a pointer
; without shadow (constant) is stored into differentiated memory"); the
; active pointer's slot (%a.addr) gets a shadow holding its shadow.
; Source (clang -O1 -fopenmp):
;   double f(const double *a, const double *w, int n) {
;     double s = 0;
;   #pragma omp parallel for reduction(+ : s)
;     for (int i = 0; i < n; i++) s += w[i] * a[0] * a[0];
;     return s;
;   }
;   ... __ad_autodiff((void *)f, ad_dup, a, da, ad_const, w, ad_const, n);
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr noundef %a, ptr %d.a, ptr noundef %w, i32 noundef %n)
; CHECK-NOT: %w.addr.shadow
; CHECK: store ptr %d.a, ptr %a.addr.shadow
; CHECK: store ptr %w, ptr %w.addr
; CHECK: call ptr @__ad_aug.__ad_omp_region.f.omp_outlined(ptr nonnull %n.addr, ptr nonnull %s, ptr nonnull %s.shadow, ptr nonnull %w.addr, ptr nonnull %a.addr, ptr nonnull %a.addr.shadow)
; CHECK: call void @__ad_rev.__ad_omp_region.f.omp_outlined(
; CHECK: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@0 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@1 = private unnamed_addr constant %struct.ident_t { i32 0, i32 514, i32 0, i32 22, ptr @0 }, align 8
@.gomp_critical_user_.reduction.var = common global [8 x i32] zeroinitializer, align 8
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 18, i32 0, i32 22, ptr @0 }, align 8
@3 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @0 }, align 8
@ad_dup = external local_unnamed_addr global i32, align 4
@ad_const = external local_unnamed_addr global i32, align 4

; Function Attrs: nounwind uwtable
define dso_local double @f(ptr noundef %a, ptr noundef %w, i32 noundef %n) #0 {
entry:
  %a.addr = alloca ptr, align 8
  %w.addr = alloca ptr, align 8
  %n.addr = alloca i32, align 4
  %s = alloca double, align 8
  store ptr %a, ptr %a.addr, align 8, !tbaa !6
  store ptr %w, ptr %w.addr, align 8, !tbaa !6
  store i32 %n, ptr %n.addr, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %s) #3
  store double 0.000000e+00, ptr %s, align 8, !tbaa !12
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr nonnull @3, i32 4, ptr nonnull @f.omp_outlined, ptr nonnull %n.addr, ptr nonnull %s, ptr nonnull %w.addr, ptr nonnull %a.addr)
  %0 = load double, ptr %s, align 8, !tbaa !12
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %s) #3
  ret double %0
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: alwaysinline norecurse nounwind uwtable
define internal void @f.omp_outlined(ptr noalias nocapture noundef readonly %.global_tid., ptr noalias nocapture readnone %.bound_tid., ptr nocapture noundef nonnull readonly align 4 dereferenceable(4) %n, ptr nocapture noundef nonnull align 8 dereferenceable(8) %s, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %w, ptr nocapture noundef nonnull readonly align 8 dereferenceable(8) %a) #2 {
entry:
  %.omp.lb = alloca i32, align 4
  %.omp.ub = alloca i32, align 4
  %.omp.stride = alloca i32, align 4
  %.omp.is_last = alloca i32, align 4
  %s3 = alloca double, align 8
  %.omp.reduction.red_list = alloca [1 x ptr], align 8
  %0 = load i32, ptr %n, align 4, !tbaa !10
  %cmp = icmp sgt i32 %0, 0
  br i1 %cmp, label %omp.precond.then, label %omp.precond.end

omp.precond.then:                                 ; preds = %entry
  %sub2 = add nsw i32 %0, -1
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.lb) #3
  store i32 0, ptr %.omp.lb, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.ub) #3
  store i32 %sub2, ptr %.omp.ub, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.stride) #3
  store i32 1, ptr %.omp.stride, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 4, ptr nonnull %.omp.is_last) #3
  store i32 0, ptr %.omp.is_last, align 4, !tbaa !10
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %s3) #3
  store double 0.000000e+00, ptr %s3, align 8, !tbaa !12
  %1 = load i32, ptr %.global_tid., align 4, !tbaa !10
  call void @__kmpc_for_static_init_4(ptr nonnull @1, i32 %1, i32 34, ptr nonnull %.omp.is_last, ptr nonnull %.omp.lb, ptr nonnull %.omp.ub, ptr nonnull %.omp.stride, i32 1, i32 1)
  %2 = load i32, ptr %.omp.ub, align 4
  %cond = call i32 @llvm.smin.i32(i32 %2, i32 %sub2)
  store i32 %cond, ptr %.omp.ub, align 4, !tbaa !10
  %3 = load i32, ptr %.omp.lb, align 4, !tbaa !10
  %cmp6.not20 = icmp sgt i32 %3, %cond
  br i1 %cmp6.not20, label %omp.loop.exit, label %omp.inner.for.body.lr.ph

omp.inner.for.body.lr.ph:                         ; preds = %omp.precond.then
  %s3.promoted = load double, ptr %s3, align 8, !tbaa !12
  %4 = load ptr, ptr %w, align 8, !tbaa !6
  %5 = load ptr, ptr %a, align 8, !tbaa !6
  %6 = sext i32 %3 to i64
  %7 = add nsw i32 %cond, 1
  br label %omp.inner.for.body

omp.inner.for.body:                               ; preds = %omp.inner.for.body.lr.ph, %omp.inner.for.body
  %indvars.iv = phi i64 [ %6, %omp.inner.for.body.lr.ph ], [ %indvars.iv.next, %omp.inner.for.body ]
  %8 = phi double [ %s3.promoted, %omp.inner.for.body.lr.ph ], [ %11, %omp.inner.for.body ]
  %arrayidx = getelementptr inbounds double, ptr %4, i64 %indvars.iv
  %9 = load double, ptr %arrayidx, align 8, !tbaa !12
  %10 = load double, ptr %5, align 8, !tbaa !12
  %mul8 = fmul double %9, %10
  %11 = call double @llvm.fmuladd.f64(double %mul8, double %10, double %8)
  store double %11, ptr %s3, align 8, !tbaa !12
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %lftr.wideiv = trunc i64 %indvars.iv.next to i32
  %exitcond.not = icmp eq i32 %7, %lftr.wideiv
  br i1 %exitcond.not, label %omp.loop.exit, label %omp.inner.for.body

omp.loop.exit:                                    ; preds = %omp.inner.for.body, %omp.precond.then
  call void @__kmpc_for_static_fini(ptr nonnull @1, i32 %1)
  store ptr %s3, ptr %.omp.reduction.red_list, align 8
  %12 = call i32 @__kmpc_reduce_nowait(ptr nonnull @2, i32 %1, i32 1, i64 8, ptr nonnull %.omp.reduction.red_list, ptr nonnull @f.omp_outlined.omp.reduction.reduction_func, ptr nonnull @.gomp_critical_user_.reduction.var)
  switch i32 %12, label %.omp.reduction.default [
    i32 1, label %.omp.reduction.case1
    i32 2, label %.omp.reduction.case2
  ]

.omp.reduction.case1:                             ; preds = %omp.loop.exit
  %13 = load double, ptr %s, align 8, !tbaa !12
  %14 = load double, ptr %s3, align 8, !tbaa !12
  %add12 = fadd double %13, %14
  store double %add12, ptr %s, align 8, !tbaa !12
  call void @__kmpc_end_reduce_nowait(ptr nonnull @2, i32 %1, ptr nonnull @.gomp_critical_user_.reduction.var)
  br label %.omp.reduction.default

.omp.reduction.case2:                             ; preds = %omp.loop.exit
  %15 = load double, ptr %s3, align 8, !tbaa !12
  %16 = atomicrmw fadd ptr %s, double %15 monotonic, align 8
  br label %.omp.reduction.default

.omp.reduction.default:                           ; preds = %.omp.reduction.case2, %.omp.reduction.case1, %omp.loop.exit
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %s3) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.is_last) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.stride) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.ub) #3
  call void @llvm.lifetime.end.p0(i64 4, ptr nonnull %.omp.lb) #3
  br label %omp.precond.end

omp.precond.end:                                  ; preds = %.omp.reduction.default, %entry
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #1

; Function Attrs: nounwind
declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32) local_unnamed_addr #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #4

; Function Attrs: nounwind
declare void @__kmpc_for_static_fini(ptr, i32) local_unnamed_addr #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none) uwtable
define internal void @f.omp_outlined.omp.reduction.reduction_func(ptr nocapture noundef readonly %0, ptr nocapture noundef readonly %1) #5 {
entry:
  %2 = load ptr, ptr %1, align 8
  %3 = load ptr, ptr %0, align 8
  %4 = load double, ptr %3, align 8, !tbaa !12
  %5 = load double, ptr %2, align 8, !tbaa !12
  %add = fadd double %4, %5
  store double %add, ptr %3, align 8, !tbaa !12
  ret void
}

; Function Attrs: convergent nounwind
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr) local_unnamed_addr #6

; Function Attrs: convergent nounwind
declare void @__kmpc_end_reduce_nowait(ptr, i32, ptr) local_unnamed_addr #6

; Function Attrs: nounwind
declare !callback !14 void @__kmpc_fork_call(ptr, i32, ptr, ...) local_unnamed_addr #3

; Function Attrs: nounwind uwtable
define dso_local void @g(ptr noundef %a, ptr noundef %da, ptr noundef %w, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr @ad_dup, align 4, !tbaa !10
  %1 = load i32, ptr @ad_const, align 4, !tbaa !10
  %call = tail call double (ptr, ...) @__ad_autodiff(ptr noundef nonnull @f, i32 noundef %0, ptr noundef %a, ptr noundef %da, i32 noundef %1, ptr noundef %w, i32 noundef %1, i32 noundef %n) #3
  ret void
}

declare double @__ad_autodiff(ptr noundef, ...) local_unnamed_addr #7

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smin.i32(i32, i32) #8

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { alwaysinline norecurse nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { convergent nounwind }
attributes #7 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #8 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"openmp", i32 51}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{i32 7, !"uwtable", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"any pointer", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !8, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"double", !8, i64 0}
!14 = !{!15}
!15 = !{i64 2, i64 -1, i64 -1, i1 true}
