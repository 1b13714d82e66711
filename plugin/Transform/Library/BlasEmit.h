//===- BlasEmit.h - Shorthands the BLAS rules emit calls with ---*- C++ -*-===//
//
// Each shorthand calls one routine of the user's BLAS (through BlasContext,
// in the caller's spelling and precision) with its operands in BLAS order,
// or one runtime helper (runtime/ADRuntime.c) for what BLAS has no routine
// for.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBRARY_BLASEMIT_H
#define ADPASS_TRANSFORM_LIBRARY_BLASEMIT_H

#include "Transform/Library/BlasContext.h"

#include "llvm/IR/Constants.h"

namespace adpass {
namespace blas {

using R = BlasRole;
using C = BlasContext &;
using V = llvm::Value *;
using llvm::IRBuilder;

// Emission shorthands, in BLAS argument order.
inline V dot(C c, V N, V X, V IX, V Y, V IY) {
  return c.blas(
      "dot", {{R::N, N}, {R::X, X}, {R::IncX, IX}, {R::Y, Y}, {R::IncY, IY}});
}
inline void axpy(C c, V N, V A, V X, V IX, V Y, V IY) {
  c.blas("axpy", {{R::N, N},
                  {R::Alpha, A},
                  {R::X, X},
                  {R::IncX, IX},
                  {R::Y, Y},
                  {R::IncY, IY}});
}
inline void gemv(C c, V T, V M, V N, V Alpha, V A, V LdA, V X, V IX, V Beta,
                 V Y, V IY) {
  c.blas("gemv", {{R::TransA, T},
                  {R::M, M},
                  {R::N, N},
                  {R::Alpha, Alpha},
                  {R::A, A},
                  {R::LdA, LdA},
                  {R::X, X},
                  {R::IncX, IX},
                  {R::Beta, Beta},
                  {R::Y, Y},
                  {R::IncY, IY}});
}
inline void ger(C c, V M, V N, V Alpha, V X, V IX, V Y, V IY, V A, V LdA) {
  c.blas("ger", {{R::M, M},
                 {R::N, N},
                 {R::Alpha, Alpha},
                 {R::X, X},
                 {R::IncX, IX},
                 {R::Y, Y},
                 {R::IncY, IY},
                 {R::A, A},
                 {R::LdA, LdA}});
}
inline void gemm(C c, V TA, V TB, V M, V N, V K, V Alpha, V A, V LdA, V B,
                 V LdB, V Beta, V Cm, V LdC) {
  c.blas("gemm", {{R::TransA, TA},
                  {R::TransB, TB},
                  {R::M, M},
                  {R::N, N},
                  {R::K, K},
                  {R::Alpha, Alpha},
                  {R::A, A},
                  {R::LdA, LdA},
                  {R::B, B},
                  {R::LdB, LdB},
                  {R::Beta, Beta},
                  {R::C, Cm},
                  {R::LdC, LdC}});
}
/// X = S X over the elements of a vector or matrix (exact zero for S = 0).
inline void scale(C c, V Rows, V Cols, V S, V X, V Ld) {
  if (auto *One = llvm::dyn_cast<llvm::ConstantFP>(S);
      One && One->isExactlyValue(1.0))
    return;
  c.helper("scale", {Rows, Cols, S, X, Ld});
}
inline void scaleShadow(C c, R Array, V S) {
  BlasShape Sh = c.shape(Array);
  scale(c, Sh.Rows, Sh.Cols, S, c.shadow(Array), Sh.Ld);
}
inline V shadowStride(C c, R Array) {
  return c.dim(BlasContext::strideOf(Array));
}
inline V one(C c) { return c.realConst(1); }
inline V zero(C c) { return c.realConst(0); }
/// The length BLAS uses for scal, which ignores non-positive increments.
inline V positiveIncLength(C c) {
  IRBuilder<> &B = c.builder();
  return c.select(B.CreateICmpSGT(c.dim(R::IncX), c.i64(0)), c.dim(R::N),
                  c.i64(0));
}

inline void symv(C c, V Lower, V N, V Alpha, V A, V LdA, V X, V IX, V Beta, V Y,
                 V IY) {
  c.blas("symv", {{R::Uplo, Lower},
                  {R::N, N},
                  {R::Alpha, Alpha},
                  {R::A, A},
                  {R::LdA, LdA},
                  {R::X, X},
                  {R::IncX, IX},
                  {R::Beta, Beta},
                  {R::Y, Y},
                  {R::IncY, IY}});
}
/// trmv or trsv (\p Stem): x = op(A) x, x = op(A)^-1 x.
inline void triangularVector(C c, llvm::StringRef Stem, V Lower, V T, V Unit,
                             V N, V A, V LdA, V X, V IX) {
  c.blas(Stem, {{R::Uplo, Lower},
                {R::TransA, T},
                {R::Diag, Unit},
                {R::N, N},
                {R::A, A},
                {R::LdA, LdA},
                {R::X, X},
                {R::IncX, IX}});
}
inline void symm(C c, V Left, V Lower, V M, V N, V Alpha, V A, V LdA, V B,
                 V LdB, V Beta, V Cm, V LdC) {
  c.blas("symm", {{R::Side, Left},
                  {R::Uplo, Lower},
                  {R::M, M},
                  {R::N, N},
                  {R::Alpha, Alpha},
                  {R::A, A},
                  {R::LdA, LdA},
                  {R::B, B},
                  {R::LdB, LdB},
                  {R::Beta, Beta},
                  {R::C, Cm},
                  {R::LdC, LdC}});
}
inline void syrk(C c, V Lower, V T, V N, V K, V Alpha, V A, V LdA, V Beta, V Cm,
                 V LdC) {
  c.blas("syrk", {{R::Uplo, Lower},
                  {R::TransA, T},
                  {R::N, N},
                  {R::K, K},
                  {R::Alpha, Alpha},
                  {R::A, A},
                  {R::LdA, LdA},
                  {R::Beta, Beta},
                  {R::C, Cm},
                  {R::LdC, LdC}});
}
inline void syr2k(C c, V Lower, V T, V N, V K, V Alpha, V A, V LdA, V B, V LdB,
                  V Beta, V Cm, V LdC) {
  c.blas("syr2k", {{R::Uplo, Lower},
                   {R::TransA, T},
                   {R::N, N},
                   {R::K, K},
                   {R::Alpha, Alpha},
                   {R::A, A},
                   {R::LdA, LdA},
                   {R::B, B},
                   {R::LdB, LdB},
                   {R::Beta, Beta},
                   {R::C, Cm},
                   {R::LdC, LdC}});
}
/// trmm or trsm (\p Stem): B = alpha op(A) B, B = alpha op(A)^-1 B (left),
/// B op(A), B op(A)^-1 (right).
inline void triangularMatrix(C c, llvm::StringRef Stem, V Left, V Lower, V T,
                             V Unit, V M, V N, V Alpha, V A, V LdA, V B,
                             V LdB) {
  c.blas(Stem, {{R::Side, Left},
                {R::Uplo, Lower},
                {R::TransA, T},
                {R::Diag, Unit},
                {R::M, M},
                {R::N, N},
                {R::Alpha, Alpha},
                {R::A, A},
                {R::LdA, LdA},
                {R::B, B},
                {R::LdB, LdB}});
}
/// Needs of out = alpha (F1 . F2) + beta out (gemv, gemm, symv, symm,
/// syr2k): a factor for the other factor's adjoint and for dalpha, the
/// output's input for dbeta.
inline bool twoFactorNeeds(C c, R Array, R F1, R F2) {
  if (Array == F1 || Array == F2)
    return c.active(Array == F1 ? F2 : F1) || c.active(R::Alpha);
  return c.active(R::Beta);
}
/// A runtime helper's i32 flag.
inline V flagArg(C c, V Flag) {
  return c.builder().CreateZExt(Flag, c.builder().getInt32Ty());
}

} // namespace blas
} // namespace adpass

#endif
