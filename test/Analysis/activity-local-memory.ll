; Pointer classes through the function's own memory and through integers.
; A row pointer read back from a table the function allocated points to
; what was stored there (a shadowed row). A table whose address reaches an
; unknown call has unknown contents. An integer address traced to one
; pointer has that pointer's class; one that may come from two does not.
; RUN: %opt -passes='print<ad-activity>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: activity of 'f'
; CHECK: %t = call ptr @malloc(i64 16) ; pointer shadowed
; CHECK: %row = call ptr @malloc(i64 8) ; pointer shadowed
; CHECK: active: store double %x0, ptr %row
; CHECK: %back = load ptr, ptr %t, align 8 ; pointer shadowed
; CHECK-NEXT: active: %v = load double, ptr %back, align 8 ; varied from %v ; useful for ret
; CHECK: %e = call ptr @malloc(i64 8) ; pointer local
; CHECK: %lost = load ptr, ptr %e, align 8 ; pointer unknown
; CHECK: %px = inttoptr i64 %ai to ptr ; pointer shadowed
; CHECK: %pe = inttoptr i64 %either to ptr ; pointer unknown
; CHECK-NEXT: active: %w = load double, ptr %px, align 8 ; varied from %w ; useful for ret
declare noalias ptr @malloc(i64)
declare void @opaque(ptr)

define double @f(ptr %x, ptr %y, i64 %i, i1 %c) "ad-activity"="dup,dup,const,const" {
  %t = call ptr @malloc(i64 16)
  %row = call ptr @malloc(i64 8)
  %ti = getelementptr inbounds ptr, ptr %t, i64 %i
  store ptr %row, ptr %ti
  %x0 = load double, ptr %x
  store double %x0, ptr %row
  %back = load ptr, ptr %t
  %v = load double, ptr %back
  %e = call ptr @malloc(i64 8)
  %loc = alloca double
  store ptr %loc, ptr %e
  call void @opaque(ptr %e)
  %lost = load ptr, ptr %e
  %a = ptrtoint ptr %x to i64
  %b = ptrtoint ptr %y to i64
  %ai = add i64 %a, 8
  %px = inttoptr i64 %ai to ptr
  %either = select i1 %c, i64 %a, i64 %b
  %pe = inttoptr i64 %either to ptr
  %w = load double, ptr %px
  %r = fmul double %v, %w
  ret double %r
}
