; memcpy and memmove of memory holding doubles (known from the typed load of
; the destination) between ad_dup arrays: the reverse sweep calls
; __ad_memmove_adjoint_f64(shadow of src, shadow of dst, bytes), which moves
; the destination's adjoints to the source and resets them (and handles
; overlap), after the adjoints of the later reads have been added.
;   copy_f64: dst[0..n) = src[0..n); f = dst[2]^2
;   move_f64: x[1..n) = x[0..n-1) (memmove); f = x[3]^2
; (The gradients come out in reverse order of the calls.)
; The runtime function is linked in.
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
@ad_const = external global i32

; CHECK-LABEL: define internal void @__ad_grad.move_f64(ptr %x, ptr %d.x, i64 %n)
; CHECK: call void @llvm.memmove.p0.p0.i64(ptr {{.*}}%x1, ptr {{.*}}%x, i64 %bytes, i1 false)
; CHECK: %x1.shadow = getelementptr inbounds i8, ptr %d.x, i64 8
; CHECK: store double {{%.*}}, ptr %p.shadow
; CHECK-NEXT: call void @__ad_memmove_adjoint_f64(ptr %d.x, ptr {{.*}}%x1.shadow, i64 %bytes)
; CHECK-NEXT: ret void
; CHECK-NEXT: {{^}}}

; CHECK-LABEL: define internal void @__ad_grad.copy_f64(ptr %dst, ptr %d.dst, ptr %src, ptr %d.src, i64 %n)
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%dst, ptr {{.*}}%src, i64 %bytes, i1 false)
; CHECK-NOT: @__ad_memmove_adjoint
; CHECK: %v = load double, ptr %p
; CHECK: %p.shadow = getelementptr inbounds i8, ptr %d.dst, i64 16
; CHECK: store double {{%.*}}, ptr %p.shadow
; CHECK-NEXT: call void @__ad_memmove_adjoint_f64(ptr %d.src, ptr %d.dst, i64 %bytes)
; CHECK-NEXT: ret void
; CHECK-NEXT: {{^}}}

; CHECK: define internal void @__ad_memmove_adjoint_f64(
define double @copy_f64(ptr %dst, ptr %src, i64 %n) {
  %bytes = shl i64 %n, 3
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 %bytes, i1 false)
  %p = getelementptr inbounds double, ptr %dst, i64 2
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define double @move_f64(ptr %x, i64 %n) {
  %m = add i64 %n, -1
  %bytes = shl i64 %m, 3
  %x1 = getelementptr inbounds double, ptr %x, i64 1
  call void @llvm.memmove.p0.p0.i64(ptr %x1, ptr %x, i64 %bytes, i1 false)
  %p = getelementptr inbounds double, ptr %x, i64 3
  %v = load double, ptr %p
  %r = fmul double %v, %v
  ret double %r
}

define void @caller(ptr %d, ptr %dd, ptr %s, ptr %ds, i64 %n) {
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @copy_f64, ptr %d, ptr %dd, ptr %s, ptr %ds, i32 %c, i64 %n)
  call void (ptr, ...) @__ad_autodiff(ptr @move_f64, ptr %d, ptr %dd, i32 %c, i64 %n)
  ret void
}
