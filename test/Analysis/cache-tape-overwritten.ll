; Loads from memory the loop itself writes cannot be reloaded in the reverse
; sweep (the value is gone by then): x[i] = sin(x[i]) and y[i] = y[i] sin(x[i])
; tape the loads of x[i] and y[i], sin(x[i]) and the product. A load from an
; array no store can reach (c, when the stores go to a local buffer) is still
; recomputed, a load from the local buffer is taped, and addresses are
; always recomputed.
; RUN: %opt -passes='print<ad-cache>' -disable-output %s | %FileCheck %s

declare double @sin(double) memory(none)

; CHECK-LABEL: cache of 'writes'
; CHECK-NEXT: recompute: %i = phi i64
; CHECK-NEXT: recompute: %px = getelementptr inbounds double, ptr %x, i64 %i
; CHECK-NEXT: tape: %v = load double, ptr %px, align 8
; CHECK-NEXT: tape: %sv = call double @sin(double %v)
; CHECK-NEXT: recompute: %py = getelementptr inbounds double, ptr %y, i64 %i
; CHECK-NEXT: tape: %u = load double, ptr %py, align 8
; CHECK-NEXT: tape: %t = fmul double %u, %sv
; CHECK-NEXT: recompute: %i.next = add nuw nsw i64 %i, 1
; CHECK-NEXT: recompute: %done = icmp eq i64 %i.next, %n
; CHECK-NOT: {{.}}
define void @writes(ptr %x, ptr %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %px = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %px
  %sv = call double @sin(double %v)
  store double %sv, ptr %px
  %py = getelementptr inbounds double, ptr %y, i64 %i
  %u = load double, ptr %py
  %t = fmul double %u, %sv
  store double %t, ptr %py
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK-LABEL: cache of 'local_writes'
; CHECK-NEXT: available: %t = alloca [8 x double], align 16
; CHECK-NEXT: recompute: %i = phi i64
; CHECK-NEXT: tape: %s = phi double
; CHECK-NEXT: recompute: %pc = getelementptr inbounds double, ptr %c, i64 %i
; CHECK-NEXT: recompute: %w = load double, ptr %pc, align 8
; CHECK-NEXT: tape: %sw = call double @sin(double %w)
; CHECK-NEXT: recompute: %pt = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %i
; CHECK-NEXT: recompute: %i.next = add nuw nsw i64 %i, 1
; CHECK-NEXT: recompute: %j = and i64 %i.next, 7
; CHECK-NEXT: recompute: %pj = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %j
; CHECK-NEXT: tape: %b = load double, ptr %pj, align 8
; CHECK-NEXT: tape: %s.next = fadd double %s, %b
; CHECK-NEXT: recompute: %done = icmp eq i64 %i.next, %n
; CHECK-NOT: {{.}}
define double @local_writes(ptr %c, i64 %n) {
entry:
  %t = alloca [8 x double], align 16
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %w = load double, ptr %pc
  %sw = call double @sin(double %w)
  %pt = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %i
  store double %sw, ptr %pt
  %i.next = add nuw nsw i64 %i, 1
  %j = and i64 %i.next, 7
  %pj = getelementptr inbounds [8 x double], ptr %t, i64 0, i64 %j
  %b = load double, ptr %pj
  %s.next = fadd double %s, %b
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret double %s.next
}
