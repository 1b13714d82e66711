; The fields a struct copy moves (`copy fields:` after the memcpy), for
; struct {int n; double v; double *p;} (24 bytes):
;   - from clang's !tbaa.struct layout, whatever the function accesses;
;   - without it (-O0), from the accesses to the destination or source at
;     constant offsets, when they cover every copied byte (padding aside);
;   - not at all when they do not (only the double of %e is accessed): no
;     `copy fields:` line.
; A copy's two ends hold the same kind of data: %d is typed as %c, %f as %e.
; RUN: %opt -passes='print<ad-types>' -disable-output %s | %FileCheck %s

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; CHECK-LABEL: types of 'copies'
; CHECK-NEXT: %a: unknown
; CHECK-NEXT: %b: unknown
; CHECK-NEXT: %c: mixed
; CHECK-NEXT: %d: mixed
; CHECK-NEXT: %e: double
; CHECK-NEXT: %f: double
; CHECK-NEXT: copy fields: [0,4)=integer [8,16)=double [16,24)=pointer
; CHECK-NEXT: %cv: mixed
; CHECK-NEXT: %cp: mixed
; CHECK-NEXT: %cpp: unknown
; CHECK-NEXT: copy fields: [0,4)=integer [8,16)=double [16,24)=pointer
; CHECK-NEXT: %ev: double
; CHECK-NOT: {{.}}
define void @copies(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, ptr %f) {
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 24, i1 false), !tbaa.struct !0
  %cn = load i32, ptr %c
  %cv = getelementptr inbounds i8, ptr %c, i64 8
  %cvv = load double, ptr %cv
  %cp = getelementptr inbounds i8, ptr %c, i64 16
  %cpp = load ptr, ptr %cp
  call void @llvm.memcpy.p0.p0.i64(ptr %c, ptr %d, i64 24, i1 false)
  %ev = getelementptr inbounds i8, ptr %e, i64 8
  %evv = load double, ptr %ev
  call void @llvm.memcpy.p0.p0.i64(ptr %e, ptr %f, i64 24, i1 false)
  ret void
}

!0 = !{i64 0, i64 4, !1, i64 8, i64 8, !5, i64 16, i64 8, !7}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !3, i64 0}
!7 = !{!8, !8, i64 0}
!8 = !{!"any pointer", !3, i64 0}
