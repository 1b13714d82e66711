; What each object holds, from the typed loads and stores to it (pointer
; arguments and pointer-valued instructions are printed): a struct read as an
; int at offset 0 and a double at offset 8 is mixed; a double array, an array
; of row pointers (and the rows read through them), an int array written, a
; float array; an object never accessed is unknown.
; RUN: %opt -passes='print<ad-types>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: types of 'objects'
; CHECK-NEXT: %s: mixed
; CHECK-NEXT: %xs: double
; CHECK-NEXT: %ps: pointer
; CHECK-NEXT: %is: integer
; CHECK-NEXT: %fs: float
; CHECK-NEXT: %none: unknown
; CHECK-NEXT: %sv: mixed
; CHECK-NEXT: %px: double
; CHECK-NEXT: %pp: pointer
; CHECK-NEXT: %row: double
; CHECK-NEXT: %pi: integer
; CHECK-NOT: {{.}}
define double @objects(ptr %s, ptr %xs, ptr %ps, ptr %is, ptr %fs, ptr %none, i64 %i) {
  %n = load i32, ptr %s
  %sv = getelementptr inbounds i8, ptr %s, i64 8
  %v = load double, ptr %sv
  %px = getelementptr inbounds double, ptr %xs, i64 %i
  %x = load double, ptr %px
  %pp = getelementptr inbounds ptr, ptr %ps, i64 %i
  %row = load ptr, ptr %pp
  %r0 = load double, ptr %row
  %pi = getelementptr inbounds i32, ptr %is, i64 %i
  store i32 %n, ptr %pi
  %f = load float, ptr %fs
  %fd = fpext float %f to double
  %a = fadd double %v, %x
  %b = fadd double %a, %r0
  %c = fadd double %b, %fd
  ret double %c
}
