; Under AVX, Eigen aligns its heap blocks to 32 bytes by hand inside a
; malloc'd one and then uses 32-byte aligned accesses, which the
; derivative repeats on the shadows and on its tapes. malloc only promises
; 16: the blocks and their shadows are 64-byte aligned (so that the hand
; alignment puts both at the same offset), and tapes are accessed with at
; most the 16 bytes their allocator promises.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)

; CHECK-LABEL: define internal void @__ad_grad.squares(
; CHECK: call ptr @aligned_alloc(i64 64,
; CHECK: call ptr @__ad_shadow_alloc_aligned(i64 64,
; CHECK-NOT: call ptr @malloc
; (a vector taped in the loop: stored and read back 16-byte aligned)
; CHECK: store <4 x double> {{.*}}, align 16
; CHECK: load <4 x double>, ptr {{.*}}, align 16
; CHECK: ret void
define double @squares(ptr %x, i64 %n) #0 {
entry:
  %bytes = shl i64 %n, 5
  %t = call ptr @malloc(i64 %bytes)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %px = getelementptr inbounds <4 x double>, ptr %x, i64 %i
  %v = load <4 x double>, ptr %px, align 32
  %sq = fmul <4 x double> %v, %v
  %pt = getelementptr inbounds <4 x double>, ptr %t, i64 %i
  store <4 x double> %sq, ptr %pt, align 32
  %w = load <4 x double>, ptr %pt, align 32
  %c = call double @llvm.sin.f64(double %s)
  %e = extractelement <4 x double> %w, i64 0
  %p = fmul double %c, %e
  %s.next = fadd double %s, %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @free(ptr %t)
  ret double %s.next
}
declare double @llvm.sin.f64(double)

define void @caller(ptr %x, ptr %dx, i64 %n) {
  call void (ptr, ...) @__ad_autodiff(ptr @squares, ptr %x, ptr %dx, i64 %n)
  ret void
}

attributes #0 = { "target-features"="+avx,+avx2" }
