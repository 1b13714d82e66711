; A pointer loaded from differentiated memory (the `next` field of a list
; node) is shadowed: its shadow is the pointer stored at the same place in
; the shadow memory. Walking the list keeps every node pointer shadowed, and
; the values loaded through them are varied.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'list_sum'
; CHECK: %n = phi ptr [ %n0, %entry ], [ %next, %loop ] ; pointer shadowed
; CHECK-NEXT: active: %v = load double, ptr %n, align 8 ; varied from %v ; useful for ret
; CHECK-NEXT: active: %s1 = fadd double %s, %v ; varied from
; CHECK-NEXT: inactive: %np = getelementptr inbounds i8, ptr %n, i64 8 ; pointer shadowed
; CHECK-NEXT: inactive: %next = load ptr, ptr %np, align 8 ; pointer shadowed
define double @list_sum(ptr %n0) "ad-activity"="dup" {
entry:
  br label %loop
loop:
  %s = phi double [ 0.0, %entry ], [ %s1, %loop ]
  %n = phi ptr [ %n0, %entry ], [ %next, %loop ]
  %v = load double, ptr %n
  %s1 = fadd double %s, %v
  %np = getelementptr inbounds i8, ptr %n, i64 8
  %next = load ptr, ptr %np
  %c = icmp eq ptr %next, null
  br i1 %c, label %exit, label %loop
exit:
  ret double %s1
}
