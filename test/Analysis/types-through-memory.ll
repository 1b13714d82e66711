; What an object holds, seen through the ways C++ containers reach it: a
; pointer read back from the function's own memory (a std::vector's begin
; field) points to the block stored there; a phi of blocks (a buffer replaced
; by a bigger one in a loop) reaches each; a copy gives both ends the same
; kind of data (a block filled by memcpy from an argument, read later).
; RUN: %opt -passes='print<ad-types>' -disable-output %s | %FileCheck %s

declare ptr @_Znwm(i64)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: types of 'vector_like'
; CHECK: %x: double
; CHECK: %blk: double
; CHECK: %other: double
define double @vector_like(ptr %x, i64 %n, i1 %c) {
entry:
  %fields = alloca ptr
  %blk = call ptr @_Znwm(i64 %n)
  call void @llvm.memcpy.p0.p0.i64(ptr %blk, ptr %x, i64 %n, i1 false)
  store ptr %blk, ptr %fields
  %other = call ptr @_Znwm(i64 %n)
  br i1 %c, label %grow, label %join
grow:
  br label %join
join:
  %p = phi ptr [ %other, %grow ], [ %blk, %entry ]
  %q = getelementptr inbounds double, ptr %p, i64 1
  %begin = load ptr, ptr %fields
  %v = load double, ptr %begin
  %w = load double, ptr %q
  %s = fadd double %v, %w
  ret double %s
}
