; Inline assembly whose string names one floating-point operation (Eigen's
; pmadd under clang with FMA, its pmax/pmin with SSE and AVX) is that
; operation: fma, and x86's max/min as a compare and select (the second
; operand when either is NaN). Other inline assembly stays refused
; (Errors/unsupported-constructs).
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)

; SSE maxpd $1, $0 with $0 tied to b: b > a ? b : a, lane by lane.
; CHECK-LABEL: define internal void @__ad_grad.pmax(ptr %p, ptr %d.p)
; CHECK-NOT: asm
; CHECK: [[C:%.*]] = fcmp ogt <2 x double> [[B:%.*]], [[A:%.*]]
; CHECK: select <2 x i1> [[C]], <2 x double> {{.*}}, <2 x double> zeroinitializer
; CHECK: ret void
define void @pmax(ptr %p) {
  %a = load <2 x double>, ptr %p
  %b = fmul <2 x double> %a, %a
  %m = call <2 x double> asm "maxpd $1, $0", "=x,x,0,~{dirflag},~{fpsr},~{flags}"(<2 x double> %a, <2 x double> %b)
  store <2 x double> %m, ptr %p
  ret void
}

; $0 = $2 * $1 + $0: fma(a, b, c); all three adjoints.
; CHECK-LABEL: define internal void @__ad_grad.madd(ptr %p, ptr %d.p)
; CHECK-NOT: asm
; CHECK: call <4 x double> @llvm.fma.v4f64
; CHECK: ret void
define void @madd(ptr %p) {
  %a = load <4 x double>, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 32
  %b = load <4 x double>, ptr %q
  %r = getelementptr inbounds i8, ptr %p, i64 64
  %c = load <4 x double>, ptr %r
  %m = call <4 x double> asm "vfmadd231pd $1, $2, $0", "=x,x,x,0,~{dirflag},~{fpsr},~{flags}"(<4 x double> %a, <4 x double> %b, <4 x double> %c)
  store <4 x double> %m, ptr %p
  ret void
}

; x86 intrinsics that are lane arithmetic: hadd.pd.256 is
; [a0+a1, b0+b1, a2+a3, b2+b3] (Eigen's predux under AVX-512).
; CHECK-LABEL: define internal void @__ad_grad.hsum(ptr %p, ptr %d.p)
; CHECK-NOT: llvm.x86
; CHECK: shufflevector <4 x double> %a, <4 x double> %b, <4 x i32> <i32 0, i32 4, i32 2, i32 6>
; CHECK: shufflevector <4 x double> %a, <4 x double> %b, <4 x i32> <i32 1, i32 5, i32 3, i32 7>
; CHECK: ret void
define void @hsum(ptr %p) {
  %a = load <4 x double>, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 32
  %b = load <4 x double>, ptr %q
  %h = call <4 x double> @llvm.x86.avx.hadd.pd.256(<4 x double> %a, <4 x double> %b)
  %s = fmul <4 x double> %h, %h
  store <4 x double> %s, ptr %p
  ret void
}
declare <4 x double> @llvm.x86.avx.hadd.pd.256(<4 x double>, <4 x double>)

define void @caller(ptr %x, ptr %dx) {
  call void (ptr, ...) @__ad_autodiff(ptr @hsum, ptr %x, ptr %dx)
  call void (ptr, ...) @__ad_autodiff(ptr @madd, ptr %x, ptr %dx)
  call void (ptr, ...) @__ad_autodiff(ptr @pmax, ptr %x, ptr %dx)
  ret void
}
