; Eigen's vectorized sinf/cosf give the result the sign of its quadrant
; with an integer xor: xor(bits(y), and(q << 30, sign)). The mask can set
; only sign bits, so this is select(mask != 0, -y, y), whose adjoint is the
; adjoint negated where the sign flips (as an integer, y's derivative was
; lost and the gradient silently zero).
;   r = (q lane odd ? -1 : 1) * x * x, stored and read back; f = r0
; RUN: %opt -passes=ad -S %s | %FileCheck %s
@ad_dup = external global i32
@ad_const = external global i32
declare float @__ad_autodiff_f(ptr, ...)

define float @f(ptr %x, ptr %out, <4 x i32> %q, i64 %j) {
  %v = load <4 x float>, ptr %x, align 16
  %y = fmul <4 x float> %v, %v
  %sh = shl <4 x i32> %q, <i32 31, i32 31, i32 31, i32 31>
  %s = and <4 x i32> %sh, <i32 -2147483648, i32 -2147483648, i32 -2147483648, i32 -2147483648>
  %yb = bitcast <4 x float> %y to <4 x i32>
  %r = xor <4 x i32> %s, %yb
  store <4 x i32> %r, ptr %out, align 16
  %p = getelementptr float, ptr %out, i64 %j
  %l = load float, ptr %p, align 4
  ret float %l
}

define float @g(ptr %x, ptr %dx, ptr %o, ptr %do, <4 x i32> %q, i64 %j) {
  %d = call float (ptr, ...) @__ad_autodiff_f(ptr @f, ptr @ad_dup, ptr %x, ptr %dx, ptr @ad_dup, ptr %o, ptr %do, ptr @ad_const, <4 x i32> %q, ptr @ad_const, i64 %j)
  ret float %d
}

; CHECK-LABEL: define internal void @__ad_grad.f(
; The flip: a select of y and -y on the mask's lanes, stored as floats.
; CHECK: [[KEEP:%.*]] = icmp eq <4 x i32> %{{.*}}, zeroinitializer
; CHECK: [[NEG:%.*]] = fneg <4 x float> %y
; CHECK: [[R:%.*]] = select <4 x i1> [[KEEP]], <4 x float> %y, <4 x float> [[NEG]]
; CHECK: store <4 x float> [[R]], ptr %out
; The reverse: the stored lanes' adjoint, negated where the sign flipped,
; then times 2 x.
; CHECK: [[D:%.*]] = load <4 x float>, ptr %d.out
; CHECK: [[ND:%.*]] = fsub reassoc <4 x float> zeroinitializer, [[D]]
; CHECK: [[S:%.*]] = select {{.*}}<4 x i1> [[KEEP]], <4 x float> [[D]], <4 x float> [[ND]]
; CHECK: fmul <4 x float> [[S]], %v
; CHECK: store <4 x float> %{{.*}}, ptr %d.x
; CHECK: ret void
