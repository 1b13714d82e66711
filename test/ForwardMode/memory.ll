; Shadow memory holds tangents: a load through an ad_dup pointer reads its
; tangent from the shadow, a store writes the stored value's tangent there
; (zero for a constant), memcpy between shadowed buffers copies the
; tangents, memset zeroes them, and an integer copy of a double's bits
; copies the shadow's bits.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=SQ < %t
; RUN: %FileCheck %s --check-prefix=CONST < %t
; RUN: %FileCheck %s --check-prefix=COPY < %t
; RUN: %FileCheck %s --check-prefix=BITS < %t

declare void @__ad_fwddiff(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
@ad_dup = external global i32

; y[0] = x[0] * x[0]
; SQ-LABEL: define internal void @__ad_fwd.sq(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; SQ: %v = load double, ptr %x
; SQ: [[T:%.*]] = load double, ptr %d.x
; SQ: %r = fmul double %v, %v
; SQ: [[M:%.*]] = fmul double [[T]], %v
; SQ: [[S:%.*]] = fadd double [[M]], [[M]]
; SQ: store double %r, ptr %y
; SQ: store double [[S]], ptr %d.y
define void @sq(ptr %x, ptr %y) {
  %v = load double, ptr %x
  %r = fmul double %v, %v
  store double %r, ptr %y
  ret void
}

; A constant stored over differentiated memory has a zero tangent.
; CONST-LABEL: define internal void @__ad_fwd.reset(ptr %x, ptr %d.x)
; CONST: store double 1.000000e+00, ptr %x
; CONST-NEXT: store double 0.000000e+00, ptr %d.x
define void @reset(ptr %x) {
  store double 1.0, ptr %x
  ret void
}

; COPY-LABEL: define internal void @__ad_fwd.copy(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; COPY: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%y, ptr {{.*}}%x, i64 64, i1 false)
; COPY-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%d.y, ptr {{.*}}%d.x, i64 64, i1 false)
; COPY: call void @llvm.memset.p0.i64(ptr {{.*}}%d.x, i8 0, i64 16, i1 false)
define void @copy(ptr %x, ptr %y) {
  call void @llvm.memcpy.p0.p0.i64(ptr %y, ptr %x, i64 64, i1 false)
  call void @llvm.memset.p0.i64(ptr %x, i8 0, i64 16, i1 false)
  ret void
}

; BITS-LABEL: define internal void @__ad_fwd.bits(ptr %x, ptr %d.x, ptr %y, ptr %d.y)
; BITS: %b = load i64, ptr %x
; BITS-NEXT: [[T:%.*]] = load i64, ptr %d.x
; BITS: store i64 %b, ptr %y
; BITS-NEXT: store i64 [[T]], ptr %d.y
define void @bits(ptr %x, ptr %y) {
  %b = load i64, ptr %x
  store i64 %b, ptr %y
  ret void
}

define void @caller(ptr %x, ptr %dx, ptr %y, ptr %dy) {
  call void (ptr, ...) @__ad_fwddiff(ptr @sq, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %y, ptr %dy)
  call void (ptr, ...) @__ad_fwddiff(ptr @reset, ptr @ad_dup, ptr %x, ptr %dx)
  call void (ptr, ...) @__ad_fwddiff(ptr @copy, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %y, ptr %dy)
  call void (ptr, ...) @__ad_fwddiff(ptr @bits, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %y, ptr %dy)
  ret void
}
