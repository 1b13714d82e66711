//===- LapackRules.cpp - Derivatives of LAPACK routines -------------------===//
//
// potrf, potrs, potri, getrf, getrs, getri, gesv, gels, syev. Their adjoints
// and tangents are the known matrix formulas of Cholesky, LU and symmetric
// eigenvalue decompositions, not the differentiated factorization code: each is
// one runtime function (runtime/ADLapack.inc) that computes its formula with
// the program's own BLAS and LAPACK. The rules read the call's results
// (the factor, the solution, the pivots, the eigenvectors and values),
// kept by the forward sweep only when the function overwrites them later;
// matrices are passed as stored, with the layout.
//
//===----------------------------------------------------------------------===//
#include "Transform/Library/BlasContext.h"
#include "Transform/Library/BlasEmit.h"
#include "Transform/Library/BlasRules.h"

#include "llvm/IR/Constants.h"

using namespace llvm;

namespace adpass {
namespace {
using namespace blas;

V rowMajor(C c) { return c.builder().getInt32(c.rowMajor()); }
V none(C c) { return ConstantPointerNull::get(c.builder().getPtrTy()); }

/// An array and its stride, or null and 1 when the rule does not read it.
std::pair<V, V> arrayIf(C c, bool Read, R Role) {
  return Read ? std::pair(c.array(Role), c.stride(Role))
              : std::pair(none(c), c.i64(1));
}
/// A shadow and its stride, or null and 1 when there is none.
std::pair<V, V> shadowOf(C c, R Role) {
  return c.active(Role) ? std::pair(c.shadow(Role), shadowStride(c, Role))
                        : std::pair(none(c), c.i64(1));
}

bool noInputs(C, R) { return false; }

/// The copy of array \p Role's input (BlasContext::input) and its leading
/// dimension: packed as stored.
std::pair<V, V> inputOf(C c, R Role) {
  return {c.input(Role), c.packedLd(c.shape(Role).Rows)};
}
/// Fortran's workspace length, 0 for LAPACKE (-1: a query, which has no
/// derivative).
V workLength(C c) { return c.primalArg(R::LWork) ? c.dim(R::LWork) : c.i64(0); }

// ---- potrf: A = L L^T (or U^T U), the factor in A's triangle ---------------

bool potrfNeedsAfter(C, R Role) { return Role == R::A; }
void potrf(C c, StringRef Helper) {
  c.helper(Helper, {rowMajor(c), flagArg(c, c.flag(R::Uplo)), c.dim(R::N),
                    c.array(R::A), c.stride(R::A), c.shadow(R::A),
                    shadowStride(c, R::A)});
}
void potrfReverse(C c, V) { potrf(c, "potrf_reverse"); }
V potrfForward(C c) {
  potrf(c, "potrf_tangent");
  return nullptr;
}

// ---- potrs: B = A^-1 B from A's Cholesky factor ---------------------------

/// The factor, always; the solution when the factor has a derivative.
bool potrsNeedsAfter(C c, R Role) {
  return Role == R::A || (Role == R::B && c.active(R::A));
}
void potrs(C c, StringRef Helper) {
  auto [X, LdX] = arrayIf(c, c.active(R::A), R::B);
  auto [DA, LdDA] = shadowOf(c, R::A);
  c.helper(Helper, {rowMajor(c), flagArg(c, c.flag(R::Uplo)), c.dim(R::N),
                    c.dim(R::Nrhs), c.array(R::A), c.stride(R::A), X, LdX, DA,
                    LdDA, c.shadow(R::B), shadowStride(c, R::B)});
}
void potrsReverse(C c, V) { potrs(c, "potrs_reverse"); }
V potrsForward(C c) {
  potrs(c, "potrs_tangent");
  return nullptr;
}

// ---- potri: A^-1 from its Cholesky factor, in the factor's triangle -------

bool inverseNeeds(C, R Role) { return Role == R::A; }
bool potriNeedsAfter(C, R Role) { return Role == R::A; }
void potri(C c, StringRef Helper) {
  auto [F, LdF] = inputOf(c, R::A);
  c.helper(Helper, {rowMajor(c), flagArg(c, c.flag(R::Uplo)), c.dim(R::N), F,
                    LdF, c.array(R::A), c.stride(R::A), c.shadow(R::A),
                    shadowStride(c, R::A)});
}
void potriReverse(C c, V) { potri(c, "potri_reverse"); }
V potriForward(C c) {
  potri(c, "potri_tangent");
  return nullptr;
}

// ---- getrf: A = P L U, the factors in A, the pivots in ipiv ---------------

bool getrfNeedsAfter(C, R Role) { return Role == R::A || Role == R::Ipiv; }
void getrf(C c, StringRef Helper) {
  c.helper(Helper,
           {rowMajor(c), c.dim(R::M), c.dim(R::N), c.array(R::A),
            c.stride(R::A), c.pivots(), c.shadow(R::A), shadowStride(c, R::A)});
}
void getrfReverse(C c, V) { getrf(c, "getrf_reverse"); }
V getrfForward(C c) {
  getrf(c, "getrf_tangent");
  return nullptr;
}

// ---- getrs: B = op(A)^-1 B from A's LU factors ----------------------------

bool getrsNeedsAfter(C c, R Role) {
  return Role == R::A || Role == R::Ipiv || (Role == R::B && c.active(R::A));
}
void getrs(C c, StringRef Helper) {
  auto [X, LdX] = arrayIf(c, c.active(R::A), R::B);
  auto [DA, LdDA] = shadowOf(c, R::A);
  c.helper(Helper, {rowMajor(c), flagArg(c, c.trans(R::TransA)), c.dim(R::N),
                    c.dim(R::Nrhs), c.array(R::A), c.stride(R::A), c.pivots(),
                    X, LdX, DA, LdDA, c.shadow(R::B), shadowStride(c, R::B)});
}
void getrsReverse(C c, V) { getrs(c, "getrs_reverse"); }
V getrsForward(C c) {
  getrs(c, "getrs_tangent");
  return nullptr;
}

// ---- getri: A^-1 from its LU factors, in place ----------------------------

bool getriNeedsAfter(C, R Role) { return Role == R::A || Role == R::Ipiv; }
void getri(C c, StringRef Helper) {
  auto [F, LdF] = inputOf(c, R::A);
  c.helper(Helper, {rowMajor(c), c.dim(R::N), F, LdF, c.pivots(), c.array(R::A),
                    c.stride(R::A), c.shadow(R::A), shadowStride(c, R::A)});
}
void getriReverse(C c, V) { getri(c, "getri_reverse"); }
V getriForward(C c) {
  getri(c, "getri_tangent");
  return nullptr;
}

// ---- gesv: A = P L U, then B = A^-1 B --------------------------------------

bool gesvNeedsAfter(C c, R Role) {
  return Role == R::A || Role == R::Ipiv ||
         (Role == R::B && c.active(R::A) && c.active(R::B));
}
void gesv(C c, StringRef Helper) {
  auto [X, LdX] = arrayIf(c, c.active(R::A) && c.active(R::B), R::B);
  auto [DA, LdDA] = shadowOf(c, R::A);
  auto [DB, LdDB] = shadowOf(c, R::B);
  c.helper(Helper, {rowMajor(c), c.dim(R::N), c.dim(R::Nrhs), c.array(R::A),
                    c.stride(R::A), c.pivots(), X, LdX, DA, LdDA, DB, LdDB});
}
void gesvReverse(C c, V) { gesv(c, "gesv_reverse"); }
V gesvForward(C c) {
  gesv(c, "gesv_tangent");
  return nullptr;
}

// ---- gels: least squares (or least norm) through QR or LQ ------------------

/// The input of A always (the formulas use op(A)), of B when A has a
/// derivative (the residual); after the call the factor (its triangle is
/// the Gram matrix's Cholesky factor) and, when A has a derivative, the
/// solution.
bool gelsNeeds(C c, R Role) {
  return Role == R::A || (Role == R::B && c.active(R::A));
}
bool gelsNeedsAfter(C c, R Role) { return gelsNeeds(c, Role); }
void gels(C c, StringRef Helper) {
  bool ActiveA = c.active(R::A);
  auto [Ain, LdAin] = inputOf(c, R::A);
  auto [Bin, LdBin] = ActiveA ? inputOf(c, R::B) : std::pair(none(c), c.i64(1));
  auto [X, LdX] = arrayIf(c, ActiveA, R::B);
  auto [DA, LdDA] = shadowOf(c, R::A);
  auto [DB, LdDB] = shadowOf(c, R::B);
  c.helper(Helper, {rowMajor(c), flagArg(c, c.trans(R::TransA)), c.dim(R::M),
                    c.dim(R::N), c.dim(R::Nrhs), Ain, LdAin, c.array(R::A),
                    c.stride(R::A), Bin, LdBin, X, LdX, DA, LdDA, DB, LdDB,
                    workLength(c)});
}
void gelsReverse(C c, V) { gels(c, "gels_reverse"); }
V gelsForward(C c) {
  gels(c, "gels_tangent");
  return nullptr;
}

// ---- syev: eigenvalues in w, eigenvectors in A (jobz = 'V') ----------------

/// Without vectors the call destroys A: its input is kept to recompute
/// them (an n x n copy, whichever jobz is, since jobz is a run-time value).
bool syevNeeds(C, R Role) { return Role == R::A; }
bool syevNeedsAfter(C, R Role) { return Role == R::A || Role == R::W; }
void syev(C c, StringRef Helper) {
  V N = c.dim(R::N);
  auto [DA, LdDA] = shadowOf(c, R::A);
  c.helper(Helper, {rowMajor(c), flagArg(c, c.flag(R::Jobz)),
                    flagArg(c, c.flag(R::Uplo)), N, c.array(R::A),
                    c.stride(R::A), c.array(R::W), c.input(R::A), c.packedLd(N),
                    DA, LdDA, c.shadow(R::W), workLength(c)});
}
void syevReverse(C c, V) { syev(c, "syev_reverse"); }
V syevForward(C c) {
  syev(c, "syev_tangent");
  return nullptr;
}

// clang-format off
const BlasRule Rules[] = {
    // Stem   Needs     Reverse       Forward       NeedsAfter
    {"potrf", noInputs,  potrfReverse, potrfForward, potrfNeedsAfter},
    {"potrs", noInputs,  potrsReverse, potrsForward, potrsNeedsAfter},
    {"potri", inverseNeeds, potriReverse, potriForward, potriNeedsAfter},
    {"getrf", noInputs,  getrfReverse, getrfForward, getrfNeedsAfter},
    {"getrs", noInputs,  getrsReverse, getrsForward, getrsNeedsAfter},
    {"getri", inverseNeeds, getriReverse, getriForward, getriNeedsAfter},
    {"gesv",  noInputs,  gesvReverse,  gesvForward,  gesvNeedsAfter},
    {"gels",  gelsNeeds, gelsReverse,  gelsForward,  gelsNeedsAfter},
    {"syev",  syevNeeds, syevReverse,  syevForward,  syevNeedsAfter},
};
// clang-format on

} // namespace

ArrayRef<BlasRule> lapackRules() { return Rules; }

} // namespace adpass
