; The fallback: the inner loop of this nest runs until x[j] <= 0, a trip
; count nothing knows before it runs. Only the outer loop's tape (s, the
; inner loop's start and exit indices: 24 bytes per outer iteration) is
; allocated in the outermost preheader; the inner loop keeps its own tape,
; grown geometrically from its header, and both are freed when the reverse
; sweep leaves the nest.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare double @__ad_autodiff(ptr, ...)
declare double @sin(double)
@ad_const = external global i32

; CHECK-LABEL: define internal double @__ad_grad.nest(
; CHECK-NOT: @__ad_tape
; CHECK: outer.preheader:
; CHECK-NEXT: [[BYTES:%.*]] = mul i64 [[M:%.*]], 24
; CHECK-NOT: {{^[a-z.]+:}}
; CHECK: call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 [[BYTES]])
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}outer:
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}inner:
; CHECK-NOT: {{^[a-z.]+:}}
; CHECK: call i64 @llvm.umax.i64(
; CHECK: call ptr @__ad_tape_realloc(ptr null, ptr %ad.tapebase{{.*}}, i64 %{{.*}}, i64 %{{.*}})
; CHECK-NOT: @__ad_tape
; CHECK: store double %a, ptr
; CHECK-NOT: @__ad_tape
; CHECK: call void @__ad_tape_free(ptr null, ptr %ad.nesttape
; CHECK-NEXT: call void @__ad_tape_free(ptr null, ptr %ad.tapebase
; CHECK-NOT: @__ad_tape
; CHECK: {{^}}}
define double @nest(double %s0, ptr %x, i64 %m) {
entry:
  %outer.pos = icmp sgt i64 %m, 0
  br i1 %outer.pos, label %outer.ph, label %exit
outer.ph:
  br label %outer
outer:
  %i = phi i64 [ 0, %outer.ph ], [ %i.next, %outer.latch ]
  %s = phi double [ %s0, %outer.ph ], [ %s.out, %outer.latch ]
  %so = call double @sin(double %s)
  br label %inner
inner:
  %j = phi i64 [ %i, %outer ], [ %j.next, %inner ]
  %t = phi double [ %so, %outer ], [ %t.next, %inner ]
  %q = getelementptr inbounds double, ptr %x, i64 %j
  %xj = load double, ptr %q
  %a = fmul double %t, %xj
  %t.next = call double @sin(double %a)
  %j.next = add nuw nsw i64 %j, 1
  %more = fcmp ogt double %xj, 0.0
  br i1 %more, label %inner, label %outer.latch
outer.latch:
  %s.out = phi double [ %t.next, %inner ]
  %i.next = add nuw nsw i64 %i, 1
  %outer.done = icmp eq i64 %i.next, %m
  br i1 %outer.done, label %outer.exit, label %outer
outer.exit:
  %s.lcssa = phi double [ %s.out, %outer.latch ]
  br label %exit
exit:
  %r = phi double [ %s0, %entry ], [ %s.lcssa, %outer.exit ]
  ret double %r
}

define double @caller(double %s, ptr %x, i64 %m) {
  %k = load i32, ptr @ad_const
  %d = call double (ptr, ...) @__ad_autodiff(ptr @nest, double %s, i32 %k, ptr %x, i64 %m)
  ret double %d
}
