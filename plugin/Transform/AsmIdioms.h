//===- AsmIdioms.h - Inline assembly with a known meaning -------*- C++ -*-===//
//
// Libraries force an instruction with inline assembly where the compiler
// would pick another: Eigen's pmadd under clang with FMA is
// `vfmadd231pd %[a], %[b], %[c]`, its pmax `maxpd %[a], %[res]`. Inline
// assembly has no derivative, but these strings name one floating-point
// operation; the normalization replaces them by the operation they
// compute (a table entry each). Likewise the x86 intrinsics that are lane
// arithmetic (Eigen's predux with hadd under AVX).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_ASMIDIOMS_H
#define ADPASS_TRANSFORM_ASMIDIOMS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Replaces the calls of known inline assembly in \p F by intrinsics.
/// Returns whether anything changed.
bool replaceKnownInlineAsm(llvm::Function &F);

/// Replaces x86 vector intrinsics that are lane arithmetic (hadd, hsub,
/// addsub, max, min) in \p F by that arithmetic. Returns whether anything
/// changed.
bool expandX86VectorIntrinsics(llvm::Function &F);

} // namespace adpass

#endif
