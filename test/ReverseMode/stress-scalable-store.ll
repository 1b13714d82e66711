; Found by tools/adstress (llvm-stress seed 283 with scalable vectors,
; reduced by llvm-reduce): a store of an inactive scalable vector through a
; differentiated pointer crashed the plugin ("LLVM ERROR: Invalid size
; request on a scalable vector", in TypeAnalysis, which asks every memory
; access for a fixed size). Nothing active is stored, so both modes should
; give a derivative as for a fixed-length vector: reverse mode leaves the
; shadow alone, forward mode writes the (zero) tangent of the integers.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=REV < %t
; RUN: %FileCheck %s --check-prefix=FWD < %t
; RUN: %opt -passes='default<O2>' -disable-output %s

@ad_dup = external global i32

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)

; REV-LABEL: define internal void @__ad_grad.f(ptr %p, ptr %d.p)
; REV: store <vscale x 4 x i16> zeroinitializer, ptr %p
; REV: ret void

; FWD-LABEL: define internal void @__ad_fwd.f(ptr %p, ptr %d.p)
; FWD-DAG: store <vscale x 4 x i16> zeroinitializer, ptr %p
; FWD-DAG: store <vscale x 4 x i16> zeroinitializer, ptr %d.p
; FWD: ret void
define void @f(ptr %p) {
  store <vscale x 4 x i16> zeroinitializer, ptr %p, align 8
  ret void
}

define void @rev(ptr %p, ptr %dp) {
  call void (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %p, ptr %dp)
  ret void
}

define double @fwd(ptr %p, ptr %dp) {
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, ptr %p, ptr %dp)
  ret double %t
}
