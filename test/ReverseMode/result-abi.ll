; The call site converts the gradient's result to what the caller's
; declaration and the x86-64 C ABI made of it:
;   double                    returned as is
;   struct {double, double}   { double, double } in registers
;   struct {float, float}     <2 x float> in one register (and the float
;                             arguments arrive promoted to double: narrowed back)
;   struct {double[3]}        returned through a hidden sret pointer: the
;                             derivatives are stored into it, at offsets 0, 8, 16
; The gradients may come out in any order: a FileCheck prefix for each.
; RUN: %opt -passes=ad -S %s -o %t
; RUN: %FileCheck %s < %t
; RUN: %FileCheck %s --check-prefix=G1 < %t
; RUN: %FileCheck %s --check-prefix=G2 < %t
; RUN: %FileCheck %s --check-prefix=H2 < %t
; RUN: %FileCheck %s --check-prefix=G3 < %t

%struct.ad_double3 = type { [3 x double] }

declare double @__ad_autodiff(ptr, ...)
declare { double, double } @__ad_autodiff_d2(ptr, ...)
declare <2 x float> @__ad_autodiff_f2(ptr, ...)
declare void @__ad_autodiff_d3(ptr sret(%struct.ad_double3) align 8, ptr, ...)

define double @g1(double %x) {
  %r = fmul double %x, %x
  ret double %r
}

define double @g2(double %x, double %y) {
  %r = fmul double %x, %y
  ret double %r
}

define float @h2(float %x, float %y) {
  %r = fmul float %x, %y
  ret float %r
}

define double @g3(double %x, double %y, double %z) {
  %xy = fmul double %x, %y
  %r = fmul double %xy, %z
  ret double %r
}

; CHECK-LABEL: define double @c1(double %x)
; CHECK-NEXT: [[G:%.*]] = call double @__ad_grad.g1(double %x)
; CHECK-NEXT: ret double [[G]]
define double @c1(double %x) {
  %d = call double (ptr, ...) @__ad_autodiff(ptr @g1, double %x)
  ret double %d
}

; CHECK-LABEL: define { double, double } @c2(double %x, double %y)
; CHECK-NEXT: [[G:%.*]] = call { double, double } @__ad_grad.g2(double %x, double %y)
; CHECK-NEXT: [[D0:%.*]] = extractvalue { double, double } [[G]], 0
; CHECK-NEXT: [[D1:%.*]] = extractvalue { double, double } [[G]], 1
; CHECK-NEXT: [[R0:%.*]] = insertvalue { double, double } poison, double [[D0]], 0
; CHECK-NEXT: [[R1:%.*]] = insertvalue { double, double } [[R0]], double [[D1]], 1
; CHECK-NEXT: ret { double, double } [[R1]]
define { double, double } @c2(double %x, double %y) {
  %d = call { double, double } (ptr, ...) @__ad_autodiff_d2(ptr @g2, double %x, double %y)
  ret { double, double } %d
}

; CHECK-LABEL: define <2 x float> @cf2(float %x, float %y)
; CHECK: [[XF:%.*]] = fptrunc double %xd to float
; CHECK-NEXT: [[YF:%.*]] = fptrunc double %yd to float
; CHECK-NEXT: [[G:%.*]] = call { float, float } @__ad_grad.h2(float [[XF]], float [[YF]])
; CHECK-NEXT: [[D0:%.*]] = extractvalue { float, float } [[G]], 0
; CHECK-NEXT: [[D1:%.*]] = extractvalue { float, float } [[G]], 1
; CHECK-NEXT: [[V0:%.*]] = insertelement <2 x float> poison, float [[D0]], i64 0
; CHECK-NEXT: [[V1:%.*]] = insertelement <2 x float> [[V0]], float [[D1]], i64 1
; CHECK-NEXT: ret <2 x float> [[V1]]
define <2 x float> @cf2(float %x, float %y) {
  %xd = fpext float %x to double
  %yd = fpext float %y to double
  %d = call <2 x float> (ptr, ...) @__ad_autodiff_f2(ptr @h2, double %xd, double %yd)
  ret <2 x float> %d
}

; CHECK-LABEL: define void @c3(ptr sret(%struct.ad_double3) align 8 %out, double %x, double %y, double %z)
; CHECK-NEXT: [[G:%.*]] = call { double, double, double } @__ad_grad.g3(double %x, double %y, double %z)
; CHECK-NOT: __ad_autodiff
; CHECK-DAG: [[D0:%.*]] = extractvalue { double, double, double } [[G]], 0
; CHECK-DAG: [[D1:%.*]] = extractvalue { double, double, double } [[G]], 1
; CHECK-DAG: [[D2:%.*]] = extractvalue { double, double, double } [[G]], 2
; CHECK-DAG: [[P0:%.*]] = getelementptr inbounds i8, ptr %out, i64 0
; CHECK-DAG: store double [[D0]], ptr [[P0]], align 8
; CHECK-DAG: [[P1:%.*]] = getelementptr inbounds i8, ptr %out, i64 8
; CHECK-DAG: store double [[D1]], ptr [[P1]], align 8
; CHECK-DAG: [[P2:%.*]] = getelementptr inbounds i8, ptr %out, i64 16
; CHECK-DAG: store double [[D2]], ptr [[P2]], align 8
; CHECK: ret void
define void @c3(ptr sret(%struct.ad_double3) align 8 %out, double %x, double %y, double %z) {
  call void (ptr, ptr, ...) @__ad_autodiff_d3(ptr sret(%struct.ad_double3) align 8 %out, ptr @g3, double %x, double %y, double %z)
  ret void
}

; The gradients themselves: one derivative per active argument, in order.
; G1-LABEL: define internal double @__ad_grad.g1(double %x)
; G1: [[T:%.*]] = fadd {{(reassoc )?}}double %x, %x{{$}}
; G1: ret double [[T]]{{$}}
; G2-LABEL: define internal { double, double } @__ad_grad.g2(double %x, double %y)
; G2: [[R0:%.*]] = insertvalue { double, double } poison, double %y, 0
; G2: insertvalue { double, double } [[R0]], double %x, 1
; H2-LABEL: define internal { float, float } @__ad_grad.h2(float %x, float %y)
; H2: [[R0:%.*]] = insertvalue { float, float } poison, float %y, 0
; H2: insertvalue { float, float } [[R0]], float %x, 1
; G3-LABEL: define internal { double, double, double } @__ad_grad.g3(double %x, double %y, double %z)
; G3-DAG: [[ZX:%.*]] = fmul double %z, %x{{$}}
; G3-DAG: [[ZY:%.*]] = fmul double %z, %y{{$}}
; G3-DAG: [[XY:%.*]] = fmul double %x, %y{{$}}
; G3: [[R0:%.*]] = insertvalue { double, double, double } poison, double [[ZY]], 0
; G3: [[R1:%.*]] = insertvalue { double, double, double } [[R0]], double [[ZX]], 1
; G3: insertvalue { double, double, double } [[R1]], double [[XY]], 2
