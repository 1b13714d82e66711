//===- BlasRules.cpp - Derivatives of BLAS routines, as BLAS calls --------===//
//
// Operands are column major (BlasContext normalizes row-major calls). In a
// rule, `c.array(R)` and `c.stride(R)` read a primal array (perhaps a packed
// copy), `c.shadow(R)` and `c.dim(strideOf(R))` its shadow.
//
//===----------------------------------------------------------------------===//
#include "Transform/Library/BlasRules.h"
#include "Transform/Library/BlasContext.h"
#include "Transform/Library/BlasEmit.h"

using namespace llvm;

namespace adpass {
namespace {
using namespace blas;

// ---- level 1 ---------------------------------------------------------------

// r = x . y
bool dotNeeds(C c, R A) { return c.active(A == R::X ? R::Y : R::X); }
void dotReverse(C c, V S) {
  V N = c.dim(R::N);
  if (V DX = c.shadow(R::X))
    axpy(c, N, S, c.array(R::Y), c.stride(R::Y), DX, shadowStride(c, R::X));
  if (V DY = c.shadow(R::Y))
    axpy(c, N, S, c.array(R::X), c.stride(R::X), DY, shadowStride(c, R::Y));
}
V dotForward(C c) {
  V N = c.dim(R::N), T = zero(c);
  IRBuilder<> &B = c.builder();
  if (V DX = c.shadow(R::X))
    T = B.CreateFAdd(
        T, dot(c, N, DX, c.dim(R::IncX), c.array(R::Y), c.dim(R::IncY)));
  if (V DY = c.shadow(R::Y))
    T = B.CreateFAdd(
        T, dot(c, N, c.array(R::X), c.dim(R::IncX), DY, c.dim(R::IncY)));
  return T;
}

// r = ||x||: dx += (seed / r) x, nothing where r = 0 (which is also what
// libraries that ignore non-positive increments return).
bool xNeeded(C c, R A) { return A == R::X; }
V overNorm(C c, V S) {
  IRBuilder<> &B = c.builder();
  V Norm = c.result();
  return c.select(B.CreateFCmpOEQ(Norm, zero(c)), zero(c),
                  B.CreateFDiv(S, Norm));
}
void nrm2Reverse(C c, V S) {
  if (V DX = c.shadow(R::X))
    axpy(c, c.dim(R::N), overNorm(c, S), c.array(R::X), c.stride(R::X), DX,
         shadowStride(c, R::X));
}
V nrm2Forward(C c) {
  V DX = c.shadow(R::X);
  if (!DX)
    return zero(c);
  return overNorm(c, dot(c, c.dim(R::N), c.array(R::X), c.dim(R::IncX), DX,
                         c.dim(R::IncX)));
}

// r = sum |x_i|. A zero result has a zero derivative: all elements are zero,
// or the library ignored the vector (a non-positive increment).
V asumLength(C c) {
  IRBuilder<> &B = c.builder();
  return c.select(B.CreateFCmpOEQ(c.result(), zero(c)), c.i64(0), c.dim(R::N));
}
V absStride(C c, V Inc) {
  IRBuilder<> &B = c.builder();
  return c.select(B.CreateICmpSLT(Inc, c.i64(0)), B.CreateNeg(Inc), Inc);
}
void asumReverse(C c, V S) {
  if (V DX = c.shadow(R::X))
    c.helper("asum_adjoint",
             {asumLength(c), S, c.array(R::X), absStride(c, c.stride(R::X)), DX,
              absStride(c, shadowStride(c, R::X))});
}
V asumForward(C c) {
  V DX = c.shadow(R::X);
  if (!DX)
    return zero(c);
  V Inc = absStride(c, c.dim(R::IncX));
  return c.helper("asum_tangent", {asumLength(c), c.array(R::X), Inc, DX, Inc},
                  c.real());
}

// y += alpha x
bool axpyNeeds(C c, R A) { return A == R::X && c.active(R::Alpha); }
void axpyReverse(C c, V) {
  V DY = c.shadow(R::Y), N = c.dim(R::N), IY = shadowStride(c, R::Y);
  if (!DY)
    return;
  if (V DX = c.shadow(R::X))
    axpy(c, N, c.scalar(R::Alpha), DY, IY, DX, shadowStride(c, R::X));
  if (c.active(R::Alpha))
    c.addScalarAdjoint(R::Alpha,
                       dot(c, N, c.array(R::X), c.stride(R::X), DY, IY));
}
V axpyForward(C c) {
  V DY = c.shadow(R::Y), N = c.dim(R::N), IY = c.dim(R::IncY);
  if (!DY)
    return nullptr;
  if (V DX = c.shadow(R::X))
    axpy(c, N, c.scalar(R::Alpha), DX, c.dim(R::IncX), DY, IY);
  if (c.active(R::Alpha))
    axpy(c, N, c.scalarTangent(R::Alpha), c.array(R::X), c.dim(R::IncX), DY,
         IY);
  return nullptr;
}

// x = alpha x (BLAS does nothing for increments <= 0)
bool scalNeeds(C c, R A) { return A == R::X && c.active(R::Alpha); }
void scalReverse(C c, V) {
  V DX = c.shadow(R::X), N = positiveIncLength(c), IX = shadowStride(c, R::X);
  if (!DX)
    return;
  if (c.active(R::Alpha))
    c.addScalarAdjoint(R::Alpha,
                       dot(c, N, c.array(R::X), c.stride(R::X), DX, IX));
  scale(c, c.i64(1), N, c.scalar(R::Alpha), DX, IX);
}
V scalForward(C c) {
  V DX = c.shadow(R::X), N = positiveIncLength(c), IX = c.dim(R::IncX);
  if (!DX)
    return nullptr;
  scale(c, c.i64(1), N, c.scalar(R::Alpha), DX, IX);
  if (c.active(R::Alpha))
    axpy(c, N, c.scalarTangent(R::Alpha), c.array(R::X), IX, DX, IX);
  return nullptr;
}

// y = x
bool noneNeeded(C, R) { return false; }
void copyReverse(C c, V) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return;
  if (V DX = c.shadow(R::X))
    axpy(c, c.dim(R::N), one(c), DY, c.dim(R::IncY), DX, c.dim(R::IncX));
  scaleShadow(c, R::Y, zero(c));
}
V copyForward(C c) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return nullptr;
  if (V DX = c.shadow(R::X))
    c.blas("copy", {{R::N, c.dim(R::N)},
                    {R::X, DX},
                    {R::IncX, c.dim(R::IncX)},
                    {R::Y, DY},
                    {R::IncY, c.dim(R::IncY)}});
  else
    scaleShadow(c, R::Y, zero(c));
  return nullptr;
}

// x <-> y: the derivatives swap too (one without a shadow reads as zero).
void swapShadows(C c) {
  V DX = c.shadow(R::X), DY = c.shadow(R::Y);
  if (DX && DY)
    c.blas("swap", {{R::N, c.dim(R::N)},
                    {R::X, DX},
                    {R::IncX, c.dim(R::IncX)},
                    {R::Y, DY},
                    {R::IncY, c.dim(R::IncY)}});
  else if (DX || DY)
    scaleShadow(c, DX ? R::X : R::Y, zero(c));
}
void swapReverse(C c, V) { swapShadows(c); }
V swapForward(C c) {
  swapShadows(c);
  return nullptr;
}

// ---- level 2 ---------------------------------------------------------------

// y = alpha op(A) x + beta y
bool gemvNeeds(C c, R A) { return twoFactorNeeds(c, A, R::A, R::X); }
void gemvReverse(C c, V) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return;
  IRBuilder<> &B = c.builder();
  V T = c.trans(R::TransA), M = c.dim(R::M), N = c.dim(R::N);
  V Alpha = c.scalar(R::Alpha), IY = c.dim(R::IncY);
  if (V DX = c.shadow(R::X)) // dx += alpha op(A)^T dy
    gemv(c, B.CreateNot(T), M, N, Alpha, c.array(R::A), c.stride(R::A), DY, IY,
         one(c), DX, c.dim(R::IncX));
  if (V DA = c.shadow(R::A)) { // d op(A) += alpha dy x^T
    V X = c.array(R::X), IX = c.stride(R::X);
    ger(c, M, N, Alpha, c.select(T, X, DY), c.select(T, IX, IY),
        c.select(T, DY, X), c.select(T, IY, IX), DA, c.dim(R::LdA));
  }
  V Len = c.length(R::Y);
  if (c.active(R::Alpha)) { // dalpha += dy . op(A) x
    V Tmp = c.temporary(Len);
    gemv(c, T, M, N, one(c), c.array(R::A), c.stride(R::A), c.array(R::X),
         c.stride(R::X), zero(c), Tmp, c.i64(1));
    c.addScalarAdjoint(R::Alpha, dot(c, Len, DY, IY, Tmp, c.i64(1)));
    c.release(Tmp);
  }
  if (c.active(R::Beta)) // dbeta += dy . y_in
    c.addScalarAdjoint(R::Beta,
                       dot(c, Len, DY, IY, c.array(R::Y), c.stride(R::Y)));
  scaleShadow(c, R::Y, c.scalar(R::Beta));
}
V gemvForward(C c) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return nullptr;
  V T = c.trans(R::TransA), M = c.dim(R::M), N = c.dim(R::N);
  V Alpha = c.scalar(R::Alpha), IY = c.dim(R::IncY), IX = c.dim(R::IncX);
  V A = c.array(R::A), LdA = c.dim(R::LdA), X = c.array(R::X);
  scaleShadow(c, R::Y, c.scalar(R::Beta));
  if (c.active(R::Beta))
    axpy(c, c.length(R::Y), c.scalarTangent(R::Beta), c.array(R::Y), IY, DY,
         IY);
  if (V DX = c.shadow(R::X))
    gemv(c, T, M, N, Alpha, A, LdA, DX, IX, one(c), DY, IY);
  if (V DA = c.shadow(R::A))
    gemv(c, T, M, N, Alpha, DA, LdA, X, IX, one(c), DY, IY);
  if (c.active(R::Alpha))
    gemv(c, T, M, N, c.scalarTangent(R::Alpha), A, LdA, X, IX, one(c), DY, IY);
  return nullptr;
}

// A += alpha x y^T
bool gerNeeds(C c, R A) {
  if (A == R::X)
    return c.active(R::Y) || c.active(R::Alpha);
  return A == R::Y && (c.active(R::X) || c.active(R::Alpha));
}
void gerReverse(C c, V) {
  V DA = c.shadow(R::A);
  if (!DA)
    return;
  IRBuilder<> &B = c.builder();
  V M = c.dim(R::M), N = c.dim(R::N), LdA = c.dim(R::LdA);
  V Alpha = c.scalar(R::Alpha);
  if (V DX = c.shadow(R::X)) // dx += alpha dA y
    gemv(c, B.getFalse(), M, N, Alpha, DA, LdA, c.array(R::Y), c.stride(R::Y),
         one(c), DX, c.dim(R::IncX));
  if (V DY = c.shadow(R::Y)) // dy += alpha dA^T x
    gemv(c, B.getTrue(), M, N, Alpha, DA, LdA, c.array(R::X), c.stride(R::X),
         one(c), DY, c.dim(R::IncY));
  if (c.active(R::Alpha)) { // dalpha += x . dA y
    V Tmp = c.temporary(M);
    gemv(c, B.getFalse(), M, N, one(c), DA, LdA, c.array(R::Y), c.stride(R::Y),
         zero(c), Tmp, c.i64(1));
    c.addScalarAdjoint(R::Alpha,
                       dot(c, M, c.array(R::X), c.stride(R::X), Tmp, c.i64(1)));
    c.release(Tmp);
  }
}
V gerForward(C c) {
  V DA = c.shadow(R::A);
  if (!DA)
    return nullptr;
  V M = c.dim(R::M), N = c.dim(R::N), LdA = c.dim(R::LdA);
  V X = c.array(R::X), IX = c.dim(R::IncX), Y = c.array(R::Y),
    IY = c.dim(R::IncY);
  if (V DX = c.shadow(R::X))
    ger(c, M, N, c.scalar(R::Alpha), DX, IX, Y, IY, DA, LdA);
  if (V DY = c.shadow(R::Y))
    ger(c, M, N, c.scalar(R::Alpha), X, IX, DY, IY, DA, LdA);
  if (c.active(R::Alpha))
    ger(c, M, N, c.scalarTangent(R::Alpha), X, IX, Y, IY, DA, LdA);
  return nullptr;
}

// ---- level 3 ---------------------------------------------------------------

// C = alpha op(A) op(B) + beta C; op(A) is M x K, op(B) K x N.
bool gemmNeeds(C c, R A) { return twoFactorNeeds(c, A, R::A, R::B); }
void gemmReverse(C c, V) {
  V DC = c.shadow(R::C);
  if (!DC)
    return;
  IRBuilder<> &B = c.builder();
  V TA = c.trans(R::TransA), TB = c.trans(R::TransB);
  V M = c.dim(R::M), N = c.dim(R::N), K = c.dim(R::K), LdC = c.dim(R::LdC);
  V Alpha = c.scalar(R::Alpha), True = B.getTrue(), False = B.getFalse();
  if (V DA = c.shadow(R::A)) {
    // d op(A) += alpha dC op(B)^T; stored transposed: dA += alpha op(B) dC^T.
    V Bm = c.array(R::B), LdB = c.stride(R::B);
    gemm(c, c.select(TA, TB, False), c.select(TA, True, B.CreateNot(TB)),
         c.select(TA, K, M), c.select(TA, M, K), N, Alpha, c.select(TA, Bm, DC),
         c.select(TA, LdB, LdC), c.select(TA, DC, Bm), c.select(TA, LdC, LdB),
         one(c), DA, c.dim(R::LdA));
  }
  if (V DB = c.shadow(R::B)) {
    // d op(B) += alpha op(A)^T dC; stored transposed: dB += alpha dC^T op(A).
    V A = c.array(R::A), LdA = c.stride(R::A);
    gemm(c, c.select(TB, True, B.CreateNot(TA)), c.select(TB, TA, False),
         c.select(TB, N, K), c.select(TB, K, N), M, Alpha, c.select(TB, DC, A),
         c.select(TB, LdC, LdA), c.select(TB, A, DC), c.select(TB, LdA, LdC),
         one(c), DB, c.dim(R::LdB));
  }
  if (c.active(R::Alpha)) { // dalpha += <dC, op(A) op(B)>
    V LdT = c.select(B.CreateICmpSGT(M, c.i64(1)), M, c.i64(1));
    V Tmp = c.temporary(B.CreateMul(M, N));
    gemm(c, TA, TB, M, N, K, one(c), c.array(R::A), c.stride(R::A),
         c.array(R::B), c.stride(R::B), zero(c), Tmp, LdT);
    c.addScalarAdjoint(
        R::Alpha, c.helper("dot_matrix", {M, N, DC, LdC, Tmp, LdT}, c.real()));
    c.release(Tmp);
  }
  if (c.active(R::Beta)) // dbeta += <dC, C_in>
    c.addScalarAdjoint(R::Beta,
                       c.helper("dot_matrix",
                                {M, N, DC, LdC, c.array(R::C), c.stride(R::C)},
                                c.real()));
  scaleShadow(c, R::C, c.scalar(R::Beta));
}
V gemmForward(C c) {
  V DC = c.shadow(R::C);
  if (!DC)
    return nullptr;
  V TA = c.trans(R::TransA), TB = c.trans(R::TransB);
  V M = c.dim(R::M), N = c.dim(R::N), K = c.dim(R::K), LdC = c.dim(R::LdC);
  V A = c.array(R::A), LdA = c.dim(R::LdA), Bm = c.array(R::B),
    LdB = c.dim(R::LdB), Alpha = c.scalar(R::Alpha);
  scaleShadow(c, R::C, c.scalar(R::Beta));
  if (c.active(R::Beta))
    c.helper("axpy_matrix",
             {M, N, c.scalarTangent(R::Beta), c.array(R::C), LdC, DC, LdC});
  if (V DA = c.shadow(R::A))
    gemm(c, TA, TB, M, N, K, Alpha, DA, LdA, Bm, LdB, one(c), DC, LdC);
  if (V DB = c.shadow(R::B))
    gemm(c, TA, TB, M, N, K, Alpha, A, LdA, DB, LdB, one(c), DC, LdC);
  if (c.active(R::Alpha))
    gemm(c, TA, TB, M, N, K, c.scalarTangent(R::Alpha), A, LdA, Bm, LdB, one(c),
         DC, LdC);
  return nullptr;
}

// clang-format off
const BlasRule GeneralRules[] = {
    {"dot",  dotNeeds,   dotReverse,  dotForward},
    {"nrm2", xNeeded,    nrm2Reverse, nrm2Forward},
    {"asum", xNeeded,    asumReverse, asumForward},
    {"axpy", axpyNeeds,  axpyReverse, axpyForward},
    {"scal", scalNeeds,  scalReverse, scalForward},
    {"copy", noneNeeded, copyReverse, copyForward},
    {"swap", noneNeeded, swapReverse, swapForward},
    {"gemv", gemvNeeds,  gemvReverse, gemvForward},
    {"ger",  gerNeeds,   gerReverse,  gerForward},
    {"gemm", gemmNeeds,  gemmReverse, gemmForward},
};
// clang-format on

} // namespace

ArrayRef<BlasRule> generalBlasRules() { return GeneralRules; }

const BlasRule &blasRule(StringRef Stem) {
  for (ArrayRef<BlasRule> Table :
       {generalBlasRules(), structuredBlasRules(), lapackRules()})
    for (const BlasRule &Rule : Table)
      if (Rule.Stem == Stem)
        return Rule;
  llvm_unreachable("BLAS routine without a rule");
}

} // namespace adpass
