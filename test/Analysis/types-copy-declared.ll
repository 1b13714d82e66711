; The fields of a struct copy where neither !tbaa.struct nor the accesses
; tell: from the declared IR types. clang tags an array member "omnipotent
; char" in !tbaa.struct; at -O0 there is no tag at all. The local's struct
; type, a global's type, or a struct GEP on an argument declares what the
; bytes hold (an array of doubles as one field). A union declares nothing:
; its members share bytes.
;   %struct.Model = { [3 x double], double }
;   %struct.Mixed = { double, i32, double, ptr }
; RUN: %opt -passes='print<ad-types>' -disable-output %s | %FileCheck %s

%struct.Model = type { [3 x double], double }
%struct.Mixed = type { double, i32, double, ptr }
%union.U = type { double }

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

@g = global %struct.Mixed zeroinitializer

; CHECK-LABEL: types of 'tagged_array_member'
; CHECK: copy fields: [0,24)=double [24,32)=double
define void @tagged_array_member(ptr %m) {
  %c = alloca %struct.Model
  call void @llvm.memcpy.p0.p0.i64(ptr %c, ptr %m, i64 32, i1 false), !tbaa.struct !0
  ret void
}

; CHECK-LABEL: types of 'untagged_local'
; CHECK: copy fields: [0,24)=double [24,32)=double
define void @untagged_local(ptr %m) {
  %c = alloca %struct.Model
  call void @llvm.memcpy.p0.p0.i64(ptr %c, ptr %m, i64 32, i1 false)
  ret void
}

; From a struct GEP on the source argument, to an untyped buffer; the int
; the function never reads is a field too.
; CHECK-LABEL: types of 'untagged_gep'
; CHECK: copy fields: [0,8)=double [8,12)=integer [16,24)=double [24,32)=pointer
define double @untagged_gep(ptr %a) {
  %c = alloca [32 x i8]
  call void @llvm.memcpy.p0.p0.i64(ptr %c, ptr %a, i64 32, i1 false)
  %v = getelementptr inbounds %struct.Mixed, ptr %a, i32 0, i32 2
  %x = load double, ptr %v
  ret double %x
}

; Part of a global: the second to fourth fields.
; CHECK-LABEL: types of 'global_part'
; CHECK: copy fields: [0,4)=integer [8,16)=double [16,24)=pointer
define void @global_part(ptr %d) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr getelementptr inbounds (i8, ptr @g, i64 8), i64 24, i1 false)
  ret void
}

; CHECK-LABEL: types of 'union_copy'
; CHECK-NOT: copy fields:
define void @union_copy(ptr %u) {
  %c = alloca %union.U
  call void @llvm.memcpy.p0.p0.i64(ptr %c, ptr %u, i64 8, i1 false)
  ret void
}

; CHECK-LABEL: types of 'end'
define void @end() {
  ret void
}

!0 = !{i64 0, i64 24, !1, i64 24, i64 8, !4}
!1 = !{!2, !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"double", !2, i64 0}
