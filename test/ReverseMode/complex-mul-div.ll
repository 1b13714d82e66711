; Complex multiplication and division (Rules/ComplexRules.cpp): calls to
; __muldc3/__divdc3 (x86-64: {double, double}), __mulsc3/__divsc3
; (<2 x float>), __mulxc3 (x86_fp80) and cabsf. With the seed s = sr + i si
; of w = z1 * z2, z1 = a + ib, z2 = c + id:
;   adj(a) = sr c + si d    adj(b) = si c - sr d
;   adj(c) = sr a + si b    adj(d) = si a - sr b
; and of w = z1 / z2, with t = s / conj(z2) computed by a second call to the
; library's division (scaled, no overflow for huge |z2|):
;   adj(z1) = t             adj(z2) = -t * conj(w)
; The gradients may come out in any order: one FileCheck prefix for each.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s --check-prefix=MUL < %t
; RUN: %FileCheck %s --check-prefix=DIV < %t
; RUN: %FileCheck %s --check-prefix=FLOAT < %t
; RUN: %FileCheck %s --check-prefix=LONG < %t
; RUN: %FileCheck %s --check-prefix=LOOP < %t

@ad_const = external global i32
declare double @__ad_autodiff(ptr, ...)
declare x86_fp80 @__ad_autodiff_l(ptr, ...)
declare { double, double, double, double } @__ad_autodiff_4(ptr, ...)
declare { double, double } @__muldc3(double, double, double, double)
declare { double, double } @__divdc3(double, double, double, double)
declare <2 x float> @__mulsc3(float, float, float, float)
declare <2 x float> @__divsc3(float, float, float, float)
declare { x86_fp80, x86_fp80 } @__mulxc3(x86_fp80, x86_fp80, x86_fp80, x86_fp80)
declare float @cabsf(<2 x float>)

; The rule reads the operands only: no second __muldc3.
; MUL-LABEL: define internal { double, double, double, double } @__ad_grad.f_mul(double %a, double %b, double %c, double %d, ptr %out, ptr %d.out)
; MUL: %w = call { double, double } @__muldc3(double %a, double %b, double %c, double %d)
; MUL-DAG: [[SI:%.*]] = load double, ptr %p1.shadow
; MUL-DAG: [[SR:%.*]] = load double, ptr %d.out
; MUL-DAG: [[A1:%.*]] = fmul double [[SR]], %c
; MUL-DAG: [[A2:%.*]] = fmul double [[SI]], %d
; MUL-DAG: [[DA:%.*]] = fadd {{(reassoc )?}}double [[A1]], [[A2]]
; MUL-DAG: [[B1:%.*]] = fmul double [[SI]], %c
; MUL-DAG: [[B2:%.*]] = fmul double [[SR]], %d
; MUL-DAG: [[DB:%.*]] = fsub double [[B1]], [[B2]]
; MUL-DAG: [[C1:%.*]] = fmul double [[SR]], %a
; MUL-DAG: [[C2:%.*]] = fmul double [[SI]], %b
; MUL-DAG: [[DC:%.*]] = fadd {{(reassoc )?}}double [[C1]], [[C2]]
; MUL-DAG: [[D1:%.*]] = fmul double [[SI]], %a
; MUL-DAG: [[D2:%.*]] = fmul double [[SR]], %b
; MUL-DAG: [[DD:%.*]] = fsub double [[D1]], [[D2]]
; MUL-NOT: __muldc3
; MUL: [[R0:%.*]] = insertvalue { double, double, double, double } poison, double [[DA]], 0
; MUL: [[R1:%.*]] = insertvalue { double, double, double, double } [[R0]], double [[DB]], 1
; MUL: [[R2:%.*]] = insertvalue { double, double, double, double } [[R1]], double [[DC]], 2
; MUL: insertvalue { double, double, double, double } [[R2]], double [[DD]], 3
; MUL: ret { double, double, double, double }
define void @f_mul(double %a, double %b, double %c, double %d, ptr %out) {
  %w = call { double, double } @__muldc3(double %a, double %b, double %c, double %d)
  %re = extractvalue { double, double } %w, 0
  %im = extractvalue { double, double } %w, 1
  store double %re, ptr %out
  %p1 = getelementptr inbounds double, ptr %out, i64 1
  store double %im, ptr %p1
  ret void
}

; DIV-LABEL: define internal { double, double, double, double } @__ad_grad.f_div(double %a, double %b, double %c, double %d, ptr %out, ptr %d.out)
; DIV: %w = call { double, double } @__divdc3(double %a, double %b, double %c, double %d)
; DIV-DAG: %re = extractvalue { double, double } %w, 0
; DIV-DAG: %im = extractvalue { double, double } %w, 1
; DIV-DAG: [[SI:%.*]] = load double, ptr %p1.shadow
; DIV-DAG: [[SR:%.*]] = load double, ptr %d.out
; DIV-DAG: [[ND:%.*]] = fneg double %d
; DIV: [[T:%.*]] = call { double, double } @__divdc3(double [[SR]], double [[SI]], double %c, double [[ND]])
; DIV-DAG: [[TR:%.*]] = extractvalue { double, double } [[T]], 0
; DIV-DAG: [[TI:%.*]] = extractvalue { double, double } [[T]], 1
; DIV-DAG: [[C1:%.*]] = fmul double [[TR]], %re
; DIV-DAG: [[C2:%.*]] = fmul double %im, [[TI]]
; DIV-DAG: [[C:%.*]] = fadd {{(reassoc )?}}double [[C1]], [[C2]]
; DIV-DAG: [[D1:%.*]] = fmul double %im, [[TR]]
; DIV-DAG: [[D2:%.*]] = fmul double [[TI]], %re
; DIV-DAG: [[MDD:%.*]] = fsub double [[D2]], [[D1]]
; DIV-DAG: [[DD:%.*]] = fneg double [[MDD]]
; DIV-DAG: [[DC:%.*]] = fneg double [[C]]
; DIV: [[R0:%.*]] = insertvalue { double, double, double, double } poison, double [[TR]], 0
; DIV: [[R1:%.*]] = insertvalue { double, double, double, double } [[R0]], double [[TI]], 1
; DIV: [[R2:%.*]] = insertvalue { double, double, double, double } [[R1]], double [[DC]], 2
; DIV: insertvalue { double, double, double, double } [[R2]], double [[DD]], 3
; DIV-NOT: __divdc3
; DIV: ret { double, double, double, double }
define void @f_div(double %a, double %b, double %c, double %d, ptr %out) {
  %w = call { double, double } @__divdc3(double %a, double %b, double %c, double %d)
  %re = extractvalue { double, double } %w, 0
  %im = extractvalue { double, double } %w, 1
  store double %re, ptr %out
  %p1 = getelementptr inbounds double, ptr %out, i64 1
  store double %im, ptr %p1
  ret void
}

; <2 x float> results: |z1 * z2 / z2|. cabsf seeds the division with
; q / |q| (0 where |q| = 0); the seed of z1 * z2 comes back in lanes.
; FLOAT-LABEL: define internal void @__ad_grad.f_float(ptr %v, ptr %d.v)
; FLOAT: %m = call <2 x float> @__mulsc3(float %a, float %b, float %c, float %d)
; FLOAT: %q = call <2 x float> @__divsc3(float %e, float %f, float %c, float %d)
; FLOAT: %r = call float @cabsf(<2 x float> %q)
; FLOAT-DAG: [[QR:%.*]] = extractelement <2 x float> %q, i64 0
; FLOAT-DAG: [[QI:%.*]] = extractelement <2 x float> %q, i64 1
; FLOAT-DAG: [[UR:%.*]] = fdiv float [[QR]], %r
; FLOAT-DAG: [[UI:%.*]] = fdiv float [[QI]], %r
; FLOAT-DAG: [[NZ:%.*]] = fcmp une float %r, 0.000000e+00
; FLOAT-DAG: [[SR:%.*]] = select i1 [[NZ]], float [[UR]], float 0.000000e+00
; FLOAT-DAG: [[SI:%.*]] = select i1 [[NZ]], float [[UI]], float 0.000000e+00
; FLOAT-DAG: [[ND:%.*]] = fneg float %d
; FLOAT: [[T:%.*]] = call <2 x float> @__divsc3(float [[SR]], float [[SI]], float %c, float [[ND]])
; FLOAT: extractelement <2 x float> [[T]], i64 0
; FLOAT: extractelement <2 x float> [[T]], i64 1
; FLOAT-NOT: call
; FLOAT: store float {{.*}}, ptr %pd.shadow
; FLOAT: store float {{.*}}, ptr %pc.shadow
; FLOAT: store float {{.*}}, ptr %pb.shadow
; FLOAT: store float {{.*}}, ptr %d.v
; FLOAT: ret void
define float @f_float(ptr %v) {
  %a = load float, ptr %v
  %pb = getelementptr inbounds float, ptr %v, i64 1
  %b = load float, ptr %pb
  %pc = getelementptr inbounds float, ptr %v, i64 2
  %c = load float, ptr %pc
  %pd = getelementptr inbounds float, ptr %v, i64 3
  %d = load float, ptr %pd
  %m = call <2 x float> @__mulsc3(float %a, float %b, float %c, float %d)
  %e = extractelement <2 x float> %m, i64 0
  %f = extractelement <2 x float> %m, i64 1
  %q = call <2 x float> @__divsc3(float %e, float %f, float %c, float %d)
  %r = call float @cabsf(<2 x float> %q)
  ret float %r
}

; Im (a + ib)^2 = 2ab, b constant: 2b. The primal call, unused and pure
; for AD, is deleted.
; LONG-LABEL: define internal x86_fp80 @__ad_grad.f_long(x86_fp80 %a, x86_fp80 %b)
; LONG-NOT: __mulxc3
; LONG: [[S:%.*]] = fadd {{(reassoc )?}}x86_fp80 {{%.*}}, %b
; LONG: fadd {{(reassoc )?}}x86_fp80 [[S]], [[S]]
; LONG: ret x86_fp80
define x86_fp80 @f_long(x86_fp80 %a, x86_fp80 %b) {
  %w = call { x86_fp80, x86_fp80 } @__mulxc3(x86_fp80 %a, x86_fp80 %b, x86_fp80 %a, x86_fp80 %b)
  %im = extractvalue { x86_fp80, x86_fp80 } %w, 1
  ret x86_fp80 %im
}

; t <- (x + i) / t in a loop: the reverse sweep reads t and w of each
; iteration from the tape, and divides by conj(t) once per iteration.
; LOOP-LABEL: define internal double @__ad_grad.f_loop(double %x, i32 %n)
; LOOP: loop:
; LOOP-DAG: store double %tr, ptr
; LOOP-DAG: store double %ti, ptr
; LOOP: %w = call { double, double } @__divdc3(double %x, double 1.000000e+00, double %tr, double %ti)
; LOOP: rev.loop:
; LOOP: [[TR:%.*]] = load double, ptr
; LOOP: [[TI:%.*]] = load double, ptr
; LOOP: [[NTI:%.*]] = fneg double [[TI]]
; LOOP: call { double, double } @__divdc3(double {{%.*}}, double {{%.*}}, double [[TR]], double [[NTI]])
; LOOP: ret double
define double @f_loop(double %x, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %tr = phi double [ 1.0, %entry ], [ %re, %loop ]
  %ti = phi double [ 0.0, %entry ], [ %im, %loop ]
  %w = call { double, double } @__divdc3(double %x, double 1.0, double %tr, double %ti)
  %re = extractvalue { double, double } %w, 0
  %im = extractvalue { double, double } %w, 1
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret double %im
}

define void @caller(double %a, double %b, double %c, double %d, ptr %o, ptr %do, ptr %v, ptr %dv, x86_fp80 %la, x86_fp80 %lb, double %x, i32 %n) {
  %g1 = call { double, double, double, double } (ptr, ...) @__ad_autodiff_4(ptr @f_mul, double %a, double %b, double %c, double %d, ptr %o, ptr %do)
  %g2 = call { double, double, double, double } (ptr, ...) @__ad_autodiff_4(ptr @f_div, double %a, double %b, double %c, double %d, ptr %o, ptr %do)
  %g3 = call double (ptr, ...) @__ad_autodiff(ptr @f_float, ptr %v, ptr %dv)
  %g4 = call x86_fp80 (ptr, ...) @__ad_autodiff_l(ptr @f_long, x86_fp80 %la, ptr @ad_const, x86_fp80 %lb)
  %g5 = call double (ptr, ...) @__ad_autodiff(ptr @f_loop, double %x, i32 %n)
  ret void
}
