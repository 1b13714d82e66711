; The reverse sweep runs after the forward sweep, so it finds in memory what
; the forward sweep left there: a load in a loop is recomputed when nothing
; may write its memory after it, even if something wrote it before.
; 'written_before': %t is filled by one loop and read by the next, never
; written again: the read is recomputed. 'written_after': the same, then a
; third loop rewrites %t: the read is taped. 'call_writes_after': a runtime
; call writing through its arguments (OpenMP's loop bounds) after the loop
; reads that memory: taped; 'call_writes_before': before it: recomputed.
; 'contracted': cheap intrinsics recomputed, fma taped.
; RUN: %opt -passes='print<ad-cache>' -disable-output %s | %FileCheck %s

declare double @sin(double) memory(none)
declare void @fill_bounds(ptr)

; CHECK-LABEL: cache of 'written_before'
; CHECK: recompute: %b = load double, ptr %pb, align 8
define double @written_before(ptr %c, i64 %n) {
entry:
  %t = alloca [8 x double], align 16
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %w = load double, ptr %pc
  %pt = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %i
  store double %w, ptr %pt
  %i.next = add nuw nsw i64 %i, 1
  %d1 = icmp eq i64 %i.next, 8
  br i1 %d1, label %read.ph, label %fill
read.ph:
  br label %read
read:
  %k = phi i64 [ 0, %read.ph ], [ %k.next, %read ]
  %s = phi double [ 0.0, %read.ph ], [ %s.next, %read ]
  %pb = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %k
  %b = load double, ptr %pb
  %sb = call double @sin(double %b)
  %s.next = fadd double %s, %sb
  %k.next = add nuw nsw i64 %k, 1
  %d2 = icmp eq i64 %k.next, 8
  br i1 %d2, label %exit, label %read
exit:
  ret double %s.next
}

; CHECK-LABEL: cache of 'written_after'
; CHECK: tape: %b = load double, ptr %pb, align 8
define double @written_after(ptr %c, i64 %n) {
entry:
  %t = alloca [8 x double], align 16
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %w = load double, ptr %pc
  %pt = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %i
  store double %w, ptr %pt
  %i.next = add nuw nsw i64 %i, 1
  %d1 = icmp eq i64 %i.next, 8
  br i1 %d1, label %read.ph, label %fill
read.ph:
  br label %read
read:
  %k = phi i64 [ 0, %read.ph ], [ %k.next, %read ]
  %s = phi double [ 0.0, %read.ph ], [ %s.next, %read ]
  %pb = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %k
  %b = load double, ptr %pb
  %sb = call double @sin(double %b)
  %s.next = fadd double %s, %sb
  %k.next = add nuw nsw i64 %k, 1
  %d2 = icmp eq i64 %k.next, 8
  br i1 %d2, label %clear.ph, label %read
clear.ph:
  br label %clear
clear:
  %m = phi i64 [ 0, %clear.ph ], [ %m.next, %clear ]
  %pm = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %m
  store double 0.0, ptr %pm
  %m.next = add nuw nsw i64 %m, 1
  %d3 = icmp eq i64 %m.next, 8
  br i1 %d3, label %exit, label %clear
exit:
  %r = load double, ptr %t
  %sum = fadd double %s.next, %r
  ret double %sum
}

declare void @__kmpc_for_static_init_4(ptr, i32, i32, ptr, ptr, ptr, ptr, i32, i32)

; CHECK-LABEL: cache of 'call_writes_after'
; CHECK: tape: %b = load double, ptr %pb, align 8
define double @call_writes_after(ptr %c) {
entry:
  %t = alloca [8 x double], align 16
  %u = alloca [4 x i32], align 16
  store double 1.0, ptr %t
  br label %read
read:
  %k = phi i64 [ 0, %entry ], [ %k.next, %read ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %read ]
  %pb = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %k
  %b = load double, ptr %pb
  %sb = call double @sin(double %b)
  %s.next = fadd double %s, %sb
  %k.next = add nuw nsw i64 %k, 1
  %d2 = icmp eq i64 %k.next, 8
  br i1 %d2, label %exit, label %read
exit:
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %u, ptr %t, ptr %u, ptr %u, i32 1, i32 1)
  ret double %s.next
}

; CHECK-LABEL: cache of 'call_writes_before'
; CHECK: recompute: %b = load double, ptr %pb, align 8
define double @call_writes_before(ptr %c) {
entry:
  %t = alloca [8 x double], align 16
  %u = alloca [4 x i32], align 16
  call void @__kmpc_for_static_init_4(ptr null, i32 0, i32 34, ptr %u, ptr %t, ptr %u, ptr %u, i32 1, i32 1)
  br label %read
read:
  %k = phi i64 [ 0, %entry ], [ %k.next, %read ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %read ]
  %pb = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %k
  %b = load double, ptr %pb
  %sb = call double @sin(double %b)
  %s.next = fadd double %s, %sb
  %k.next = add nuw nsw i64 %k, 1
  %d2 = icmp eq i64 %k.next, 8
  br i1 %d2, label %exit, label %read
exit:
  ret double %s.next
}

; Cheap intrinsics are recomputed like the arithmetic they stand for (clang
; contracts a*b+c into fmuladd); fma, which may be a library call, is taped.
declare double @llvm.fmuladd.f64(double, double, double)
declare double @llvm.fma.f64(double, double, double)

; CHECK-LABEL: cache of 'contracted'
; CHECK: recompute: %a = call double @llvm.fmuladd.f64(double %v, double %v, double %w)
; CHECK: recompute: %m = call double @llvm.fabs.f64(double %a)
; CHECK: tape: %f = call double @llvm.fma.f64(double %v, double %w, double %a)
declare double @llvm.fabs.f64(double)
define double @contracted(ptr %x, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %i.next = add nuw nsw i64 %i, 1
  %pw = getelementptr inbounds double, ptr %x, i64 %i.next
  %w = load double, ptr %pw
  %a = call double @llvm.fmuladd.f64(double %v, double %v, double %w)
  %m = call double @llvm.fabs.f64(double %a)
  %f = call double @llvm.fma.f64(double %v, double %w, double %a)
  %t = fmul double %m, %f
  %s.next = fadd double %s, %t
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}
