; Forward mode of stress-scalable-active.ll: active floating-point data in
; scalable vectors is refused at the instruction instead of aborting.
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump" --implicit-check-not="LLVM ERROR"

@ad_dup = external global i32

declare double @__ad_fwddiff(ptr, ...)

; CHECK: error: {{.*}}ADPass: in 'g': floating-point values in scalable vectors (vscale) are not differentiated
define void @g(ptr %q) {
  %v = load <vscale x 4 x float>, ptr %q
  %w = fadd <vscale x 4 x float> %v, %v
  store <vscale x 4 x float> %w, ptr %q
  ret void
}

define double @fwd(ptr %q, ptr %dq) {
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @g, ptr @ad_dup, ptr %q, ptr %dq)
  ret double %t
}
