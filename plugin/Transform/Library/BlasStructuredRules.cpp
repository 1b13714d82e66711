//===- BlasStructuredRules.cpp - Symmetric and triangular BLAS routines ---===//
//
// symv, trmv, trsv, symm, syrk, syr2k, trmm, trsm. Conventions as in
// BlasRules.cpp (column major; `c.array`/`c.stride` the primal, perhaps a
// packed copy; `c.shadow`/`shadowStride` its shadow).
//
// A symmetric matrix is read from one triangle, so the adjoint of a stored
// element off the diagonal collects both of its mirror positions
// (sym_accumulate, sym_rank2); a triangular matrix gets adjoints on its
// triangle only, without the diagonal when it is a unit one
// (tri_accumulate, tri_rank1). Shadow elements the routine neither reads nor
// writes are left as they are.
//
//===----------------------------------------------------------------------===//
#include "Transform/Library/BlasContext.h"
#include "Transform/Library/BlasEmit.h"
#include "Transform/Library/BlasRules.h"

using namespace llvm;

namespace adpass {
namespace {
using namespace blas;

/// A packed copy and the stride to read it with.
struct Copy {
  V Ptr, Stride;
};

/// A packed copy of what the rule reads as array \p Role (vectors keep
/// their direction).
Copy copyOf(C c, R Role) {
  IRBuilder<> &B = c.builder();
  BlasShape S = c.shape(Role);
  V Stride = c.stride(Role);
  if (Role == R::X || Role == R::Y) {
    V Neg = B.CreateICmpSLT(Stride, c.i64(0));
    V Ptr = c.copy(c.array(Role), {S.Rows, S.Cols,
                                   c.select(Neg, B.CreateNeg(Stride), Stride)});
    return {Ptr, c.select(Neg, c.i64(-1), c.i64(1))};
  }
  return {c.copy(c.array(Role), {S.Rows, S.Cols, Stride}), c.packedLd(S.Rows)};
}

/// A second packed copy of a packed copy.
Copy copyOf(C c, const Copy &Of, V Rows, V Cols) {
  IRBuilder<> &B = c.builder();
  V Ld = c.select(B.CreateICmpSLT(Of.Stride, c.i64(0)), c.i64(1), Of.Stride);
  return {c.copy(Of.Ptr, {Rows, Cols, Ld}), Of.Stride};
}

V minusOne(C c) { return c.realConst(-1); }
/// \p X when the diagonal is a unit one, else 0.
V ifUnit(C c, V Unit, V X) { return c.select(Unit, X, zero(c)); }

// ---- symv: y = alpha A x + beta y, A symmetric ----------------------------

bool symvNeeds(C c, R A) { return twoFactorNeeds(c, A, R::A, R::X); }
void symvReverse(C c, V) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return;
  V L = c.flag(R::Uplo), N = c.dim(R::N), Alpha = c.scalar(R::Alpha);
  V IY = c.dim(R::IncY), A = c.array(R::A), LdA = c.stride(R::A);
  if (V DX = c.shadow(R::X)) // dx += alpha A dy
    symv(c, L, N, Alpha, A, LdA, DY, IY, one(c), DX, c.dim(R::IncX));
  if (V DA = c.shadow(R::A)) // dA += alpha dy x^T, folded onto the triangle
    c.helper("sym_rank2", {flagArg(c, L), N, Alpha, DY, IY, c.array(R::X),
                           c.stride(R::X), DA, c.dim(R::LdA)});
  if (c.active(R::Alpha)) { // dalpha += dy . A x
    V Tmp = c.temporary(N);
    symv(c, L, N, one(c), A, LdA, c.array(R::X), c.stride(R::X), zero(c), Tmp,
         c.i64(1));
    c.addScalarAdjoint(R::Alpha, dot(c, N, DY, IY, Tmp, c.i64(1)));
    c.release(Tmp);
  }
  if (c.active(R::Beta))
    c.addScalarAdjoint(R::Beta,
                       dot(c, N, DY, IY, c.array(R::Y), c.stride(R::Y)));
  scaleShadow(c, R::Y, c.scalar(R::Beta));
}
V symvForward(C c) {
  V DY = c.shadow(R::Y);
  if (!DY)
    return nullptr;
  V L = c.flag(R::Uplo), N = c.dim(R::N), Alpha = c.scalar(R::Alpha);
  V IY = c.dim(R::IncY), IX = c.dim(R::IncX), A = c.array(R::A),
    LdA = c.dim(R::LdA), X = c.array(R::X);
  scaleShadow(c, R::Y, c.scalar(R::Beta));
  if (c.active(R::Beta))
    axpy(c, N, c.scalarTangent(R::Beta), c.array(R::Y), IY, DY, IY);
  if (V DX = c.shadow(R::X))
    symv(c, L, N, Alpha, A, LdA, DX, IX, one(c), DY, IY);
  if (V DA = c.shadow(R::A))
    symv(c, L, N, Alpha, DA, LdA, X, IX, one(c), DY, IY);
  if (c.active(R::Alpha))
    symv(c, L, N, c.scalarTangent(R::Alpha), A, LdA, X, IX, one(c), DY, IY);
  return nullptr;
}

// ---- trmv: x = op(A) x; trsv: x = op(A)^-1 x, A triangular ----------------

bool triangularVectorNeeds(C c, R A) {
  return A == R::A || (A == R::X && c.active(R::A));
}
/// d op(A) += S u v^T on the triangle.
void triangularRank1(C c, V S, V U, V IU, V W, V IW) {
  V T = c.flag(R::TransA);
  c.helper("tri_rank1",
           {flagArg(c, c.flag(R::Uplo)), flagArg(c, c.flag(R::Diag)),
            c.dim(R::N), S, c.select(T, W, U), c.select(T, IW, IU),
            c.select(T, U, W), c.select(T, IU, IW), c.shadow(R::A),
            c.dim(R::LdA)});
}
void trmvReverse(C c, V) {
  V DX = c.shadow(R::X);
  if (!DX)
    return;
  IRBuilder<> &B = c.builder();
  V IX = c.dim(R::IncX);
  if (c.shadow(R::A)) // d op(A) += dx x^T
    triangularRank1(c, one(c), DX, IX, c.array(R::X), c.stride(R::X));
  // dx = op(A)^T dx
  triangularVector(c, "trmv", c.flag(R::Uplo), B.CreateNot(c.flag(R::TransA)),
                   c.flag(R::Diag), c.dim(R::N), c.array(R::A), c.stride(R::A),
                   DX, IX);
}
V trmvForward(C c) {
  V DX = c.shadow(R::X);
  if (!DX)
    return nullptr;
  V L = c.flag(R::Uplo), T = c.flag(R::TransA), U = c.flag(R::Diag),
    N = c.dim(R::N), IX = c.dim(R::IncX);
  V DA = c.shadow(R::A);
  Copy DAx{};
  if (DA) { // op(dA) x, plus x for a unit diagonal
    DAx = copyOf(c, R::X);
    triangularVector(c, "trmv", L, T, U, N, DA, c.dim(R::LdA), DAx.Ptr,
                     DAx.Stride);
  }
  triangularVector(c, "trmv", L, T, U, N, c.array(R::A), c.dim(R::LdA), DX, IX);
  if (DA) {
    axpy(c, N, one(c), DAx.Ptr, DAx.Stride, DX, IX);
    axpy(c, N, ifUnit(c, U, minusOne(c)), c.array(R::X), IX, DX, IX);
    c.release(DAx.Ptr);
  }
  return nullptr;
}
void trsvReverse(C c, V) {
  V DX = c.shadow(R::X);
  if (!DX)
    return;
  IRBuilder<> &B = c.builder();
  V L = c.flag(R::Uplo), T = c.flag(R::TransA), U = c.flag(R::Diag),
    N = c.dim(R::N), IX = c.dim(R::IncX), A = c.array(R::A),
    LdA = c.stride(R::A);
  // dx = op(A)^-T dx, the adjoint of the right-hand side
  triangularVector(c, "trsv", L, B.CreateNot(T), U, N, A, LdA, DX, IX);
  if (c.shadow(R::A)) { // d op(A) -= dx x_out^T
    Copy Out = copyOf(c, R::X);
    triangularVector(c, "trsv", L, T, U, N, A, LdA, Out.Ptr, Out.Stride);
    triangularRank1(c, minusOne(c), DX, IX, Out.Ptr, Out.Stride);
    c.release(Out.Ptr);
  }
}
V trsvForward(C c) {
  V DX = c.shadow(R::X);
  if (!DX)
    return nullptr;
  V L = c.flag(R::Uplo), T = c.flag(R::TransA), U = c.flag(R::Diag),
    N = c.dim(R::N), IX = c.dim(R::IncX), A = c.array(R::A),
    LdA = c.dim(R::LdA);
  if (V DA = c.shadow(R::A)) { // dx -= op(dA) x_out
    Copy Out = copyOf(c, R::X);
    triangularVector(c, "trsv", L, T, U, N, A, LdA, Out.Ptr, Out.Stride);
    Copy DAx = copyOf(c, Out, c.i64(1), N);
    triangularVector(c, "trmv", L, T, U, N, DA, LdA, DAx.Ptr, DAx.Stride);
    axpy(c, N, minusOne(c), DAx.Ptr, DAx.Stride, DX, IX);
    axpy(c, N, ifUnit(c, U, one(c)), Out.Ptr, Out.Stride, DX, IX);
    c.release(DAx.Ptr);
    c.release(Out.Ptr);
  }
  triangularVector(c, "trsv", L, T, U, N, A, LdA, DX, IX);
  return nullptr;
}

// ---- symm: C = alpha A B + beta C (left), alpha B A + beta C (right) ------

bool symmNeeds(C c, R A) { return twoFactorNeeds(c, A, R::A, R::B); }
void symmReverse(C c, V) {
  V DC = c.shadow(R::C);
  if (!DC)
    return;
  IRBuilder<> &B = c.builder();
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), M = c.dim(R::M),
    N = c.dim(R::N), Alpha = c.scalar(R::Alpha), LdC = c.dim(R::LdC);
  V A = c.array(R::A), LdA = c.stride(R::A), Bm = c.array(R::B),
    LdB = c.stride(R::B);
  if (V DB = c.shadow(R::B)) // dB += alpha A dC (left), alpha dC A (right)
    symm(c, Left, L, M, N, Alpha, A, LdA, DC, LdC, one(c), DB, c.dim(R::LdB));
  if (V DA = c.shadow(R::A)) {
    // G = alpha dC B^T (left), alpha B^T dC (right), folded onto the triangle
    V Order = c.select(Left, M, N), Inner = c.select(Left, N, M);
    V G = c.temporary(B.CreateMul(Order, Order)), LdG = c.packedLd(Order);
    gemm(c, B.CreateNot(Left), Left, Order, Order, Inner, Alpha,
         c.select(Left, DC, Bm), c.select(Left, LdC, LdB),
         c.select(Left, Bm, DC), c.select(Left, LdB, LdC), zero(c), G, LdG);
    c.helper("sym_accumulate",
             {flagArg(c, L), Order, one(c), G, LdG, DA, c.dim(R::LdA)});
    c.release(G);
  }
  if (c.active(R::Alpha)) { // dalpha += <dC, A B>
    V Tmp = c.temporary(B.CreateMul(M, N)), LdT = c.packedLd(M);
    symm(c, Left, L, M, N, one(c), A, LdA, Bm, LdB, zero(c), Tmp, LdT);
    c.addScalarAdjoint(
        R::Alpha, c.helper("dot_matrix", {M, N, DC, LdC, Tmp, LdT}, c.real()));
    c.release(Tmp);
  }
  if (c.active(R::Beta))
    c.addScalarAdjoint(R::Beta,
                       c.helper("dot_matrix",
                                {M, N, DC, LdC, c.array(R::C), c.stride(R::C)},
                                c.real()));
  scaleShadow(c, R::C, c.scalar(R::Beta));
}
V symmForward(C c) {
  V DC = c.shadow(R::C);
  if (!DC)
    return nullptr;
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), M = c.dim(R::M),
    N = c.dim(R::N), Alpha = c.scalar(R::Alpha), LdC = c.dim(R::LdC);
  V A = c.array(R::A), LdA = c.dim(R::LdA), Bm = c.array(R::B),
    LdB = c.dim(R::LdB);
  scaleShadow(c, R::C, c.scalar(R::Beta));
  if (c.active(R::Beta))
    c.helper("axpy_matrix",
             {M, N, c.scalarTangent(R::Beta), c.array(R::C), LdC, DC, LdC});
  if (V DB = c.shadow(R::B))
    symm(c, Left, L, M, N, Alpha, A, LdA, DB, LdB, one(c), DC, LdC);
  if (V DA = c.shadow(R::A))
    symm(c, Left, L, M, N, Alpha, DA, LdA, Bm, LdB, one(c), DC, LdC);
  if (c.active(R::Alpha))
    symm(c, Left, L, M, N, c.scalarTangent(R::Alpha), A, LdA, Bm, LdB, one(c),
         DC, LdC);
  return nullptr;
}

// ---- syrk: C = alpha op(A) op(A)^T + beta C; syr2k: C = alpha (op(A)
// op(B)^T + op(B) op(A)^T) + beta C; one triangle of C -----------------------

bool syrkNeeds(C c, R A) {
  if (A == R::A)
    return c.active(R::A) || c.active(R::Alpha);
  return c.active(R::Beta);
}
bool syr2kNeeds(C c, R A) { return twoFactorNeeds(c, A, R::A, R::B); }
/// dD += alpha S W (op = N) or alpha W S (op = T), with S = dC + dC^T from
/// the triangle: the adjoint of W's partner in the rank-k update.
void rankKAdjoint(C c, V S, V W, V LdW, V DW, V LdDW) {
  IRBuilder<> &B = c.builder();
  V T = c.flag(R::TransA), N = c.dim(R::N), K = c.dim(R::K),
    LdS = c.packedLd(N);
  gemm(c, B.getFalse(), B.getFalse(), c.select(T, K, N), c.select(T, N, K), N,
       c.scalar(R::Alpha), c.select(T, W, S), c.select(T, LdW, LdS),
       c.select(T, S, W), c.select(T, LdS, LdW), one(c), DW, LdDW);
}
/// The reverse of syrk (\p Rank2 false) and syr2k.
void rankKReverse(C c, bool Rank2) {
  V DC = c.shadow(R::C);
  if (!DC)
    return;
  IRBuilder<> &B = c.builder();
  V L = c.flag(R::Uplo), T = c.flag(R::TransA), N = c.dim(R::N),
    K = c.dim(R::K), LdC = c.dim(R::LdC);
  V A = c.array(R::A), LdA = c.stride(R::A);
  V Bm = Rank2 ? c.array(R::B) : A, LdB = Rank2 ? c.stride(R::B) : LdA;
  V DA = c.shadow(R::A), DB = Rank2 ? c.shadow(R::B) : nullptr;
  if (DA || DB) {
    V S = c.temporary(B.CreateMul(N, N));
    c.helper("sym_double", {flagArg(c, L), N, DC, LdC, S});
    if (DA)
      rankKAdjoint(c, S, Bm, LdB, DA, c.dim(R::LdA));
    if (DB)
      rankKAdjoint(c, S, A, LdA, DB, c.dim(R::LdB));
    c.release(S);
  }
  if (c.active(R::Alpha)) { // dalpha += <dC, the update>, on the triangle
    V Tmp = c.temporary(B.CreateMul(N, N)), LdT = c.packedLd(N);
    if (Rank2)
      syr2k(c, L, T, N, K, one(c), A, LdA, Bm, LdB, zero(c), Tmp, LdT);
    else
      syrk(c, L, T, N, K, one(c), A, LdA, zero(c), Tmp, LdT);
    c.addScalarAdjoint(
        R::Alpha,
        c.helper("tri_dot", {flagArg(c, L), N, DC, LdC, Tmp, LdT}, c.real()));
    c.release(Tmp);
  }
  if (c.active(R::Beta))
    c.addScalarAdjoint(R::Beta, c.helper("tri_dot",
                                         {flagArg(c, L), N, DC, LdC,
                                          c.array(R::C), c.stride(R::C)},
                                         c.real()));
  c.helper("tri_scale", {flagArg(c, L), N, c.scalar(R::Beta), DC, LdC});
}
/// The tangent of syrk (\p Rank2 false) and syr2k.
void rankKForward(C c, bool Rank2) {
  V DC = c.shadow(R::C);
  if (!DC)
    return;
  IRBuilder<> &B = c.builder();
  V L = c.flag(R::Uplo), T = c.flag(R::TransA), N = c.dim(R::N),
    K = c.dim(R::K), LdC = c.dim(R::LdC), Alpha = c.scalar(R::Alpha);
  V A = c.array(R::A), LdA = c.dim(R::LdA);
  V Bm = Rank2 ? c.array(R::B) : A, LdB = Rank2 ? c.dim(R::LdB) : LdA;
  c.helper("tri_scale", {flagArg(c, L), N, c.scalar(R::Beta), DC, LdC});
  if (c.active(R::Beta))
    c.helper("tri_accumulate",
             {flagArg(c, L), B.getInt32(0), N, c.scalarTangent(R::Beta),
              c.array(R::C), LdC, DC, LdC});
  if (V DA = c.shadow(R::A))
    syr2k(c, L, T, N, K, Alpha, DA, LdA, Bm, LdB, one(c), DC, LdC);
  if (V DB = Rank2 ? c.shadow(R::B) : nullptr)
    syr2k(c, L, T, N, K, Alpha, A, LdA, DB, LdB, one(c), DC, LdC);
  if (c.active(R::Alpha)) {
    if (Rank2)
      syr2k(c, L, T, N, K, c.scalarTangent(R::Alpha), A, LdA, Bm, LdB, one(c),
            DC, LdC);
    else
      syrk(c, L, T, N, K, c.scalarTangent(R::Alpha), A, LdA, one(c), DC, LdC);
  }
}
void syrkReverse(C c, V) { rankKReverse(c, false); }
V syrkForward(C c) {
  rankKForward(c, false);
  return nullptr;
}
void syr2kReverse(C c, V) { rankKReverse(c, true); }
V syr2kForward(C c) {
  rankKForward(c, true);
  return nullptr;
}

// ---- trmm: B = alpha op(A) B (left), alpha B op(A) (right); trsm: the same
// with op(A)^-1; A triangular ---------------------------------------------

bool triangularMatrixNeeds(C c, R A) {
  return A == R::A || (A == R::B && (c.active(R::A) || c.active(R::Alpha)));
}
/// dA += d op(A) on the triangle, where d op(A) = S G W^T (left) or
/// S W^T G (right).
void triangularAdjoint(C c, V S, V G, V LdG, V W, V LdW) {
  IRBuilder<> &B = c.builder();
  V Left = c.flag(R::Side), T = c.flag(R::TransA), M = c.dim(R::M),
    N = c.dim(R::N);
  V Order = c.select(Left, M, N), Inner = c.select(Left, N, M);
  V Prod = c.temporary(B.CreateMul(Order, Order)), LdP = c.packedLd(Order);
  // Transposed, the product is W G^T (left) or G^T W (right): in both
  // cases W comes first when Left == T.
  V WFirst = c.select(Left, T, B.CreateNot(T));
  gemm(c, B.CreateNot(Left), Left, Order, Order, Inner, S,
       c.select(WFirst, W, G), c.select(WFirst, LdW, LdG),
       c.select(WFirst, G, W), c.select(WFirst, LdG, LdW), zero(c), Prod, LdP);
  c.helper("tri_accumulate",
           {flagArg(c, c.flag(R::Uplo)), flagArg(c, c.flag(R::Diag)), Order,
            one(c), Prod, LdP, c.shadow(R::A), c.dim(R::LdA)});
  c.release(Prod);
}
void trmmReverse(C c, V) {
  V DB = c.shadow(R::B);
  if (!DB)
    return;
  IRBuilder<> &B = c.builder();
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), T = c.flag(R::TransA),
    U = c.flag(R::Diag), M = c.dim(R::M), N = c.dim(R::N),
    Alpha = c.scalar(R::Alpha), LdDB = c.dim(R::LdB);
  V A = c.array(R::A), LdA = c.stride(R::A);
  if (c.shadow(R::A)) // d op(A) += alpha dB B^T (left), alpha B^T dB (right)
    triangularAdjoint(c, Alpha, DB, LdDB, c.array(R::B), c.stride(R::B));
  if (c.active(R::Alpha)) { // dalpha += <dB, op(A) B>
    Copy P = copyOf(c, R::B);
    triangularMatrix(c, "trmm", Left, L, T, U, M, N, one(c), A, LdA, P.Ptr,
                     P.Stride);
    c.addScalarAdjoint(
        R::Alpha,
        c.helper("dot_matrix", {M, N, DB, LdDB, P.Ptr, P.Stride}, c.real()));
    c.release(P.Ptr);
  }
  // dB = alpha op(A)^T dB (left), alpha dB op(A)^T (right)
  triangularMatrix(c, "trmm", Left, L, B.CreateNot(T), U, M, N, Alpha, A, LdA,
                   DB, LdDB);
}
V trmmForward(C c) {
  V DB = c.shadow(R::B);
  if (!DB)
    return nullptr;
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), T = c.flag(R::TransA),
    U = c.flag(R::Diag), M = c.dim(R::M), N = c.dim(R::N),
    Alpha = c.scalar(R::Alpha), LdB = c.dim(R::LdB);
  V A = c.array(R::A), LdA = c.dim(R::LdA), Bm = c.array(R::B);
  V DA = c.shadow(R::A);
  bool AlphaActive = c.active(R::Alpha);
  Copy FromA{}, FromAlpha{};
  if (DA) { // alpha op(dA) B, plus alpha B for a unit diagonal
    FromA = copyOf(c, R::B);
    triangularMatrix(c, "trmm", Left, L, T, U, M, N, Alpha, DA, LdA, FromA.Ptr,
                     FromA.Stride);
  }
  if (AlphaActive) {
    FromAlpha = copyOf(c, R::B);
    triangularMatrix(c, "trmm", Left, L, T, U, M, N, c.scalarTangent(R::Alpha),
                     A, LdA, FromAlpha.Ptr, FromAlpha.Stride);
  }
  triangularMatrix(c, "trmm", Left, L, T, U, M, N, Alpha, A, LdA, DB, LdB);
  IRBuilder<> &B = c.builder();
  if (DA) {
    c.helper("axpy_matrix", {M, N, one(c), FromA.Ptr, FromA.Stride, DB, LdB});
    c.helper("axpy_matrix",
             {M, N, ifUnit(c, U, B.CreateFNeg(Alpha)), Bm, LdB, DB, LdB});
    c.release(FromA.Ptr);
  }
  if (AlphaActive) {
    c.helper("axpy_matrix",
             {M, N, one(c), FromAlpha.Ptr, FromAlpha.Stride, DB, LdB});
    c.release(FromAlpha.Ptr);
  }
  return nullptr;
}
void trsmReverse(C c, V) {
  V DB = c.shadow(R::B);
  if (!DB)
    return;
  IRBuilder<> &B = c.builder();
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), T = c.flag(R::TransA),
    U = c.flag(R::Diag), M = c.dim(R::M), N = c.dim(R::N),
    Alpha = c.scalar(R::Alpha), LdDB = c.dim(R::LdB);
  V A = c.array(R::A), LdA = c.stride(R::A);
  // H = op(A)^-T dB (left), dB op(A)^-T (right), in place
  triangularMatrix(c, "trsm", Left, L, B.CreateNot(T), U, M, N, one(c), A, LdA,
                   DB, LdDB);
  if (c.active(R::Alpha)) // dalpha += <H, B>
    c.addScalarAdjoint(R::Alpha,
                       c.helper("dot_matrix",
                                {M, N, DB, LdDB, c.array(R::B), c.stride(R::B)},
                                c.real()));
  if (c.shadow(R::A)) {
    // Y = op(A)^-1 B (the result over alpha); d op(A) -= alpha H Y^T (left),
    // alpha Y^T H (right)
    Copy Y = copyOf(c, R::B);
    triangularMatrix(c, "trsm", Left, L, T, U, M, N, one(c), A, LdA, Y.Ptr,
                     Y.Stride);
    triangularAdjoint(c, B.CreateFNeg(Alpha), DB, LdDB, Y.Ptr, Y.Stride);
    c.release(Y.Ptr);
  }
  scale(c, M, N, Alpha, DB, LdDB); // dB = alpha H
}
V trsmForward(C c) {
  V DB = c.shadow(R::B);
  if (!DB)
    return nullptr;
  V Left = c.flag(R::Side), L = c.flag(R::Uplo), T = c.flag(R::TransA),
    U = c.flag(R::Diag), M = c.dim(R::M), N = c.dim(R::N),
    Alpha = c.scalar(R::Alpha), LdB = c.dim(R::LdB);
  V A = c.array(R::A), LdA = c.dim(R::LdA);
  V DA = c.shadow(R::A);
  Copy Out{}, FromA{};
  if (DA) { // op(dA) X (left), X op(dA) (right), plus X for a unit diagonal
    Out = copyOf(c, R::B);
    triangularMatrix(c, "trsm", Left, L, T, U, M, N, Alpha, A, LdA, Out.Ptr,
                     Out.Stride);
    FromA = copyOf(c, Out, M, N);
    triangularMatrix(c, "trmm", Left, L, T, U, M, N, one(c), DA, LdA, FromA.Ptr,
                     FromA.Stride);
  }
  // dX = op(A)^-1 (alpha dB + dalpha B - op(dA) X) (left; right alike)
  scale(c, M, N, Alpha, DB, LdB);
  if (c.active(R::Alpha))
    c.helper("axpy_matrix",
             {M, N, c.scalarTangent(R::Alpha), c.array(R::B), LdB, DB, LdB});
  if (DA) {
    c.helper("axpy_matrix",
             {M, N, minusOne(c), FromA.Ptr, FromA.Stride, DB, LdB});
    c.helper("axpy_matrix",
             {M, N, ifUnit(c, U, one(c)), Out.Ptr, Out.Stride, DB, LdB});
    c.release(FromA.Ptr);
    c.release(Out.Ptr);
  }
  triangularMatrix(c, "trsm", Left, L, T, U, M, N, one(c), A, LdA, DB, LdB);
  return nullptr;
}

// clang-format off
const BlasRule StructuredRules[] = {
    {"symv",  symvNeeds,             symvReverse,  symvForward},
    {"trmv",  triangularVectorNeeds, trmvReverse,  trmvForward},
    {"trsv",  triangularVectorNeeds, trsvReverse,  trsvForward},
    {"symm",  symmNeeds,             symmReverse,  symmForward},
    {"syrk",  syrkNeeds,             syrkReverse,  syrkForward},
    {"syr2k", syr2kNeeds,            syr2kReverse, syr2kForward},
    {"trmm",  triangularMatrixNeeds, trmmReverse,  trmmForward},
    {"trsm",  triangularMatrixNeeds, trsmReverse,  trsmForward},
};
// clang-format on

} // namespace

ArrayRef<BlasRule> structuredBlasRules() { return StructuredRules; }

} // namespace adpass
