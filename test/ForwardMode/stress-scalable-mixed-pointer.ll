; Found by tools/adstress (llvm-stress seed 56 with scalable vectors, forward
; mode, reduced by llvm-reduce): a store of an (inactive) scalable integer
; vector through a pointer that selects between a local buffer and a
; differentiated argument aborted the plugin in forward mode ("LLVM ERROR:
; Invalid size request on a scalable vector", in
; AdjointBuilder::shadowForward, from TangentGenerator::emitStore: the local
; buffer's shadow is sized as if the type were fixed). Reverse mode handles
; it. Expected as for <4 x i16>: a derivative whose stores copy the zero
; integers (tangent included), no crash, in both modes and at O2.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=FWD < %t
; RUN: %FileCheck %s --check-prefix=REV < %t
; RUN: %opt -passes='default<O2>' -disable-output %s

@ad_dup = external global i32
@ad_const = external global i32

declare void @__ad_autodiff(ptr, ...)
declare double @__ad_fwddiff(ptr, ...)

; FWD-LABEL: define internal void @__ad_fwd.f(ptr %p, ptr %d.p, i1 %c)
; FWD: store <vscale x 4 x i16> zeroinitializer
; FWD: ret void

; REV-LABEL: define internal void @__ad_grad.f(ptr %p, ptr %d.p, i1 %c)
; REV: ret void
define void @f(ptr %p, i1 %c) {
  %a = alloca <vscale x 4 x i16>
  %s = select i1 %c, ptr %a, ptr %p
  store <vscale x 4 x i16> zeroinitializer, ptr %s
  ret void
}

define double @fwd(ptr %p, ptr %dp, i1 %c) {
  %t = call double (ptr, ...) @__ad_fwddiff(ptr @f, ptr @ad_dup, ptr %p, ptr %dp, ptr @ad_const, i1 %c)
  ret double %t
}

define void @rev(ptr %p, ptr %dp, i1 %c) {
  call void (ptr, ...) @__ad_autodiff(ptr @f, ptr @ad_dup, ptr %p, ptr %dp, ptr @ad_const, i1 %c)
  ret void
}
