; Found by tools/adstress (llvm-stress with scalable vectors): active
; floating-point data in scalable vectors crashed the plugin ("LLVM ERROR:
; Invalid size request on a scalable vector", in TypeAnalysis). Until they
; are differentiated, both modes refuse them at the instruction, naming
; scalable vectors, instead of aborting (opt stops at the first error, hence
; one mode per file: stress-scalable-active-fwd.ll has forward mode).
; RUN: %not %opt -passes=ad -disable-output %s 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump" --implicit-check-not="LLVM ERROR"

@ad_dup = external global i32

declare void @__ad_autodiff(ptr, ...)

; CHECK: error: {{.*}}ADPass: in 'f': floating-point values in scalable vectors (vscale) are not differentiated
define void @f(ptr %q) {
  %v = load <vscale x 2 x double>, ptr %q
  %w = fmul <vscale x 2 x double> %v, %v
  store <vscale x 2 x double> %w, ptr %q
  ret void
}

define void @rev(ptr %q, ptr %dq) {
  call void (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %q, ptr %dq)
  ret void
}
