; A buffer that is the caller's memory (an argument), a stack block or a
; heap block, chosen at run time, and freed on the heap path only: the free
; is deferred to the end of the reverse sweep with the shadow of the merged
; pointer, and a run-time check refuses it if it ever frees the argument.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
@ad_dup = external global i32
@ad_const = external global i32

define double @f(ptr %x, i32 %where) {
entry:
  %stack = alloca [4 x double]
  %c0 = icmp eq i32 %where, 0
  br i1 %c0, label %merge, label %pick
pick:
  %c1 = icmp eq i32 %where, 1
  br i1 %c1, label %merge, label %heap
heap:
  %h = call ptr @malloc(i64 32)
  br label %merge
merge:
  %buf = phi ptr [ %x, %entry ], [ %stack, %pick ], [ %h, %heap ]
  %v = load double, ptr %x
  %sq = fmul double %v, %v
  store double %sq, ptr %buf
  %r = load double, ptr %buf
  %m = fmul double %r, %v
  %big = icmp sgt i32 %where, 1
  br i1 %big, label %release, label %done
release:
  call void @free(ptr %buf)
  br label %done
done:
  ret double %m
}

define void @grad(ptr %x, ptr %dx, i32 %w) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_const, i32 %w)
  ret void
}

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x, i32 %where)
; CHECK: %h.shadow = call ptr @ad_shadow_alloc(i64 32)
; CHECK-DAG: [[DBUF:%.*]] = phi ptr [ %stack.shadow, %{{.*}} ], [ %h.shadow, %heap ], [ %d.x, %ad.entry ]
; CHECK-DAG: [[BUF:%.*]] = phi ptr [ %stack, %{{.*}} ], [ %h, %heap ], [ %x, %ad.entry ]
; CHECK: release:
; CHECK-NEXT: call void @__ad_free_argument_check(ptr nonnull [[BUF]], ptr nonnull %x, ptr nonnull @ad.free.site)
; CHECK-NEXT: call void @__ad_defer_free(ptr {{.*}}, ptr nonnull @free, ptr nonnull [[BUF]], ptr [[DBUF]])
; CHECK: call void @__ad_free_deferred(
; CHECK: ret void
