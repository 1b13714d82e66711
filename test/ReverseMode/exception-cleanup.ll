; An exception leaving the differentiated code: the invoke keeps its unwind
; edge in the derivative, whose landing pad runs the primal's cleanup (the
; free of buf), frees buf's shadow and the tapes, and resumes unwinding. A
; call that may throw with nothing of the primal to clean up gets a landing
; pad of its own that releases the tapes. Forward mode: the cleanup frees
; the shadow with the block.
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32

declare void @may_throw(i64)
declare i32 @__gxx_personality_v0(...)
declare ptr @malloc(i64) nounwind
declare void @free(ptr) nounwind
declare double @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)

; CHECK-LABEL: define internal void @__ad_grad.g(
; CHECK-SAME: personality ptr @__gxx_personality_v0
; CHECK: call ptr @__ad_tape_realloc(
; CHECK: invoke void @may_throw(i64
; CHECK-NEXT: to label %{{.*}} unwind label %[[LPAD:.*]]
; CHECK: [[LPAD]]:
; CHECK-NEXT: [[EXN:%.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @__ad_tape_free(ptr null, ptr %{{.*}})
; CHECK-NEXT: resume { ptr, i32 } [[EXN]]
; CHECK-LABEL: define internal void @__ad_grad.f(
; CHECK-SAME: personality ptr @__gxx_personality_v0
; CHECK: %buf = call ptr @malloc(i64 8)
; CHECK: %buf.shadow = call ptr @ad_shadow_alloc(i64 8)
; CHECK: call ptr @__ad_tape_realloc(
; CHECK: invoke void @may_throw(i64
; CHECK-NEXT: to label %{{.*}}ok unwind label %[[LPAD:.*]]
; CHECK: [[LPAD]]:
; CHECK-NEXT: [[EXN:%.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @free(ptr nonnull %buf)
; CHECK-NEXT: call void @ad_shadow_free(ptr {{.*}}%buf.shadow)
; CHECK-NEXT: call void @__ad_tape_free(ptr null, ptr %{{.*}})
; CHECK: resume { ptr, i32 } [[EXN]]
; The reverse sweep frees buf and its shadow at the reverse of malloc.
; CHECK: call void @__ad_tape_free(ptr null, ptr %{{.*}})
; CHECK-NEXT: call void @free(ptr nonnull %buf)
; CHECK-NEXT: call void @ad_shadow_free(ptr nonnull %buf.shadow)
define double @f(ptr %x, i64 %n) personality ptr @__gxx_personality_v0 {
entry:
  %buf = call ptr @malloc(i64 8)
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s.next = fmul double %s, %v
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %done

done:
  store double %s.next, ptr %buf
  invoke void @may_throw(i64 %n)
          to label %ok unwind label %lpad

ok:
  %r = load double, ptr %buf
  call void @free(ptr %buf)
  ret double %r

lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  call void @free(ptr %buf)
  resume { ptr, i32 } %lp
}

define double @g(ptr %x, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 1.0, %entry ], [ %s.next, %loop ]
  %p = getelementptr double, ptr %x, i64 %i
  %v = load double, ptr %p
  %s.next = fmul double %s, %v
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %done

done:
  call void @may_throw(i64 %n)
  ret double %s.next
}

; CHECK-LABEL: define internal {{.*}} @__ad_fwd.f(
; CHECK-SAME: personality ptr @__gxx_personality_v0
; CHECK: invoke void @may_throw(i64
; CHECK-NEXT: to label %{{.*}} unwind label %[[LPAD:.*]]
; CHECK: [[LPAD]]:
; CHECK-NEXT: [[EXN:%.*]] = landingpad { ptr, i32 }
; CHECK-NEXT: cleanup
; CHECK-NEXT: call void @free(ptr nonnull %buf)
; CHECK-NEXT: call void @ad_shadow_free(ptr {{.*}}%buf.shadow)
; CHECK-NEXT: resume { ptr, i32 } [[EXN]]

define void @caller(ptr %x, ptr %dx, i64 %n, ptr %out) {
  call double (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, i64 %n)
  call double (ptr, ...) @__ad_autodiff(ptr @g, ptr @ad_dup, ptr %x, ptr %dx, i64 %n)
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, i64 %n)
  store double %t, ptr %out
  ret void
}
