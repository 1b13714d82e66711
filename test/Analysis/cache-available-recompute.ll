; Cache decisions in a loop that writes no memory (sin is declared pure, as
; the pass's normalization marks known libm functions):
;   - values defined outside loops are available (used directly);
;   - the induction variable, arithmetic on it and the GEPs built from it are
;     recomputed;
;   - loads from arrays nothing writes (x and c) are recomputed, and so is
;     cheap arithmetic on them (v * w);
;   - the libm result and the loop-carried accumulator are taped.
; RUN: %opt -passes='print<ad-cache>' -disable-output %s | %FileCheck %s

declare double @sin(double) memory(none)

; CHECK-LABEL: cache of 'reads'
; CHECK-NEXT: available: %a2 = fmul double %a, %a
; CHECK-NEXT: available: %c0 = load double, ptr %c, align 8
; CHECK-NEXT: recompute: %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: tape: %s = phi double
; CHECK-NEXT: recompute: %j = shl i64 %i, 1
; CHECK-NEXT: recompute: %px = getelementptr inbounds double, ptr %x, i64 %j
; CHECK-NEXT: recompute: %v = load double, ptr %px, align 8
; CHECK-NEXT: recompute: %pc = getelementptr inbounds double, ptr %c, i64 %i
; CHECK-NEXT: recompute: %w = load double, ptr %pc, align 8
; CHECK-NEXT: recompute: %vw = fmul double %v, %w
; CHECK-NEXT: tape: %sv = call double @sin(double %vw)
; CHECK-NEXT: tape: %s.next = fadd double %s, %sv
; CHECK-NEXT: recompute: %i.next = add nuw nsw i64 %i, 1
; CHECK-NEXT: recompute: %done = icmp eq i64 %i.next, %n
; CHECK-NEXT: available: %r = fmul double %s.next, %a2
; CHECK-NOT: {{.}}
define double @reads(ptr %x, ptr %c, double %a, i64 %n) {
entry:
  %a2 = fmul double %a, %a
  %c0 = load double, ptr %c
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi double [ 0.0, %entry ], [ %s.next, %loop ]
  %j = shl i64 %i, 1
  %px = getelementptr inbounds double, ptr %x, i64 %j
  %v = load double, ptr %px
  %pc = getelementptr inbounds double, ptr %c, i64 %i
  %w = load double, ptr %pc
  %vw = fmul double %v, %w
  %sv = call double @sin(double %vw)
  %s.next = fadd double %s, %sv
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = fmul double %s.next, %a2
  ret double %r
}
