; libstdc++ links and rebalances std::map's and std::list's nodes in
; functions compiled into its shared library (no body here). ADPass
; differentiates its own bodies of them (runtime/ADStdNodes.c): the
; derivative calls neither libstdc++ symbol, and the links the insertion
; writes into the node and the header are written into their shadows too
; (the node's shadow is reached through the header's shadow).
;   f = (x[0]^2) read back from the tree's leftmost node, found through the
;       header after the insertion
; RUN: %opt -passes=ad -S %s | %FileCheck %s

; CHECK-LABEL: define internal void @__ad_grad.f(ptr %x, ptr %d.x)
; CHECK-NOT: call {{.*}}@_ZSt29_Rb_tree_insert_and_rebalance
; CHECK-NOT: call {{.*}}@_ZSt18_Rb_tree_increment
; CHECK: %[[NODE:[a-z0-9.]+]] = call {{.*}}ptr @_Znwm(i64 40)
; CHECK: %[[DNODE:[a-z0-9.]+]] = call ptr @ad_shadow_alloc(i64 40)
; The node's parent link (the header), in the node and in its shadow.
; CHECK: %[[P:[a-z0-9.]+]] = getelementptr inbounds i8, ptr %[[NODE]], i64 8
; CHECK: %[[DP:[a-z0-9.]+]] = getelementptr inbounds i8, ptr %[[DNODE]], i64 8
; CHECK: store ptr %h, ptr %[[P]]
; CHECK: store ptr %h.shadow, ptr %[[DP]]
; The header's leftmost link (the node), in the header and its shadow.
; CHECK: store ptr %[[NODE]], ptr %left
; CHECK: store ptr %[[DNODE]], ptr %left.shadow
; The value's adjoint goes through the node's shadow; both are freed.
; CHECK: %nv.shadow = getelementptr inbounds i8, ptr %[[DNODE]], i64 32
; CHECK: call void @_ZdlPv(ptr %[[NODE]])
; CHECK: call void @ad_shadow_free(ptr %[[DNODE]])
; CHECK: ret void
; The stand-ins are linked only as far as differentiated code needs them.
; CHECK-NOT: define {{.*}}@__ad_std_list_hook

declare ptr @_Znwm(i64)
declare void @_ZdlPv(ptr)
declare void @_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_(i1 zeroext, ptr, ptr, ptr)
declare ptr @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base(ptr)
declare void @__ad_autodiff(ptr, ...)
@ad_dup = external global i32

define double @f(ptr %x) {
entry:
  ; The header: color (red), root (null), leftmost and rightmost (itself).
  %h = alloca [4 x ptr], align 8
  store i32 0, ptr %h, align 8
  %root = getelementptr inbounds i8, ptr %h, i64 8
  store ptr null, ptr %root, align 8
  %left = getelementptr inbounds i8, ptr %h, i64 16
  store ptr %h, ptr %left, align 8
  %right = getelementptr inbounds i8, ptr %h, i64 24
  store ptr %h, ptr %right, align 8
  ; One node: links, then its value.
  %n = call ptr @_Znwm(i64 40)
  %v = load double, ptr %x, align 8
  %sq = fmul double %v, %v
  %nv = getelementptr inbounds i8, ptr %n, i64 32
  store double %sq, ptr %nv, align 8
  call void @_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_(i1 zeroext true, ptr %n, ptr %h, ptr %h)
  %first = load ptr, ptr %left, align 8
  %fv = getelementptr inbounds i8, ptr %first, i64 32
  %r = load double, ptr %fv, align 8
  %next = call ptr @_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base(ptr %first)
  %end = icmp eq ptr %next, %h
  %res = select i1 %end, double %r, double 0.0
  call void @_ZdlPv(ptr %n)
  ret double %res
}

define void @g(ptr %x, ptr %dx) {
  %dup = load i32, ptr @ad_dup
  call void (ptr, ...) @__ad_autodiff(ptr @f, i32 %dup, ptr %x, ptr %dx)
  ret void
}
