; memset on differentiated memory (an ad_dup output) zeroes its shadow in
; the reverse sweep, over the same length: what the memory held before no
; longer influences anything. The memset itself stays in the forward sweep.
;   out[0..n) = 0; out[1] = x[0]^2
;   dx[0] += 2 x[0] dout[1]; dout[0..n) = 0
; RUN: %opt -passes=ad -S %s | %FileCheck %s

declare void @__ad_autodiff(ptr, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
@ad_const = external global i32

; CHECK-LABEL: define internal void @__ad_grad.zero_then(ptr %out, ptr %d.out, ptr %x, ptr %d.x, i64 %n)
; CHECK: %bytes = shl i64 %n, 3
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr {{.*}}%out, i8 0, i64 %bytes, i1 false)
; CHECK-NOT: %d.out, i8 0
; CHECK: store double %sq, ptr %o1
; CHECK: %o1.shadow = getelementptr inbounds i8, ptr %d.out, i64 8
; CHECK-NEXT: [[D:%.*]] = load double, ptr %o1.shadow
; CHECK: [[T:%.*]] = fmul double [[D]], %a{{$}}
; CHECK-NEXT: [[G:%.*]] = fadd {{(reassoc )?}}double [[T]], [[T]]{{$}}
; CHECK-NEXT: [[OLD:%.*]] = load double, ptr %d.x
; CHECK-NEXT: [[NEW:%.*]] = fadd {{(reassoc )?}}double [[OLD]], [[G]]{{$}}
; CHECK-NEXT: store double [[NEW]], ptr %d.x
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr {{.*}}%d.out, i8 0, i64 %bytes, i1 false)
; CHECK-NEXT: ret void
define void @zero_then(ptr %out, ptr %x, i64 %n) {
  %bytes = shl i64 %n, 3
  call void @llvm.memset.p0.i64(ptr %out, i8 0, i64 %bytes, i1 false)
  %a = load double, ptr %x
  %sq = fmul double %a, %a
  %o1 = getelementptr inbounds double, ptr %out, i64 1
  store double %sq, ptr %o1
  ret void
}

define void @caller(ptr %out, ptr %dout, ptr %x, ptr %dx, i64 %n) {
  %c = load i32, ptr @ad_const
  call void (ptr, ...) @__ad_autodiff(ptr @zero_then, ptr %out, ptr %dout, ptr %x, ptr %dx, i32 %c, i64 %n)
  ret void
}
