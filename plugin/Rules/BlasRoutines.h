//===- BlasRoutines.h - The BLAS routines ADPass knows, as data -*- C++ -*-===//
//
// Each routine is described once by the roles of its parameters in CBLAS
// order (the Fortran spelling is the same list without the layout, every
// argument passed by pointer) and by which of its arrays it writes. The
// analyses use the description to see which memory a call reads and writes;
// the generators use it to read a call's operands by role and to emit calls
// to the same library in the same spelling (Transform/Library/).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_BLASROUTINES_H
#define ADPASS_RULES_BLASROUTINES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <utility>

namespace llvm {
class CallBase;
class Type;
class Value;
} // namespace llvm

namespace adpass {

/// What a BLAS parameter is. Matrices and vectors are arrays; the others
/// are numbers (passed by value in CBLAS, by pointer in Fortran).
enum class BlasRole : unsigned char {
  Layout,
  Side,
  Uplo,
  TransA,
  TransB,
  Diag,
  M,
  N,
  K,
  Alpha,
  Beta,
  A,
  LdA,
  B,
  LdB,
  C,
  LdC,
  X,
  IncX,
  Y,
  IncY,
  // LAPACK
  Jobz,  ///< eigenvectors too ('V') or eigenvalues only ('N')
  Nrhs,  ///< right-hand sides
  Ipiv,  ///< pivot indices (integers, no derivative)
  W,     ///< eigenvalues
  Work,  ///< workspace (no derivative)
  LWork, ///< its length (-1: a workspace query)
  Info,  ///< Fortran's status output
};

/// CBLAS (`cblas_dgemm`: numbers by value, layout first), LAPACKE
/// (`LAPACKE_dpotrf`: the same, options as letters, an integer result) and
/// Fortran (`dgemm_`, `dpotrf_`: everything by pointer, column major).
enum class BlasSpelling { CBLAS, LAPACKE, Fortran };

struct BlasRoutine {
  llvm::StringRef Stem;            ///< "gemm": cblas_dgemm, dgemm_, sgemm_, ...
  llvm::ArrayRef<BlasRole> Params; ///< CBLAS order
  llvm::ArrayRef<BlasRole> Writes; ///< arrays the routine overwrites
  bool ReturnsScalar;              ///< dot, nrm2, asum
  /// Row-major CBLAS calls are read as column-major ones: these roles trade
  /// places, the transposition flips when FlipsTrans, and the triangle
  /// (Uplo) and side always flip.
  llvm::ArrayRef<std::pair<BlasRole, BlasRole>> RowMajorSwaps;
  bool FlipsTrans;
  /// A LAPACK routine: its rule reads the call's results, and row-major
  /// operands are handed to the runtime as they are stored (with the layout)
  /// instead of being renamed into a column-major call.
  bool Lapack = false;
  /// Written arrays whose new value depends on their own old value only
  /// (the factor gesv and gels leave in A): without a shadow of their own
  /// they carry no derivative, whatever else the call reads.
  llvm::ArrayRef<BlasRole> FromOwnInput = {};

  bool has(BlasRole R) const;
  bool writes(BlasRole R) const;
};

/// The Fortran integer type of the numbers ADPass passes (LP64: 32 bits).
constexpr unsigned BlasFortranIntBits = 32;
constexpr int CblasRowMajor = 101, CblasColMajor = 102, CblasNoTrans = 111,
              CblasTrans = 112, CblasUpper = 121, CblasLower = 122,
              CblasNonUnit = 131, CblasUnit = 132, CblasLeft = 141,
              CblasRight = 142;

/// Whether role \p R is an array (matrix or vector) parameter.
bool isBlasArray(BlasRole R);
/// Whether role \p R is memory a LAPACK routine writes that carries no
/// derivative (pivots, workspace, Fortran's info).
bool isBlasScratch(BlasRole R);
/// Whether role \p R is a floating-point scalar (alpha, beta).
bool isBlasScalar(BlasRole R);
/// Whether role \p R is an option (a CBLAS enum, a Fortran character):
/// transposition, triangle, unit diagonal, side.
bool isBlasOption(BlasRole R);

/// The routine named \p Stem ("gemm").
const BlasRoutine &blasRoutine(llvm::StringRef Stem);

/// A call to a BLAS or LAPACK routine ADPass differentiates, recognised by name
/// and checked against the routine's parameter list.
struct BlasCall {
  const BlasRoutine *Routine;
  BlasSpelling Spelling;
  llvm::Type *Real; ///< float or double

  /// Argument index of role \p R in the call (-1 if the routine has none).
  int argIndex(BlasRole R) const;
  /// Argument \p R of \p CB (the pointer, for Fortran numbers).
  llvm::Value *arg(const llvm::CallBase &CB, BlasRole R) const;
  /// Whether numbers and options are passed by value (CBLAS, LAPACKE).
  bool byValue() const { return Spelling != BlasSpelling::Fortran; }
  /// The arrays \p CB reads and those it writes (those with derivatives).
  llvm::SmallVector<llvm::Value *, 3>
  readArrays(const llvm::CallBase &CB) const;
  llvm::SmallVector<llvm::Value *, 2>
  writtenArrays(const llvm::CallBase &CB) const;
  /// The written arrays that get derivatives when the call reads
  /// differentiated data: all but those of FromOwnInput without a shadow
  /// (\p HasShadow tells).
  template <typename Pred>
  llvm::SmallVector<llvm::Value *, 2> derivedArrays(const llvm::CallBase &CB,
                                                    Pred HasShadow) const {
    llvm::SmallVector<llvm::Value *, 2> Out;
    for (BlasRole R : Routine->Writes) {
      llvm::Value *V = arg(CB, R);
      if (V && isBlasArray(R) &&
          (!llvm::is_contained(Routine->FromOwnInput, R) || HasShadow(V)))
        Out.push_back(V);
    }
    return Out;
  }
  /// Everything \p CB writes: the arrays, pivots, workspace and info.
  llvm::SmallVector<llvm::Value *, 4>
  writtenMemory(const llvm::CallBase &CB) const;
};

/// \p CB as a call of a differentiable BLAS routine, if it is one.
std::optional<BlasCall> matchBlasCall(const llvm::CallBase &CB);

/// BLAS routines that only read their arrays and return an integer (the
/// index of the largest element): inactive.
bool isInactiveBlasFunction(llvm::StringRef Name);

/// The runtime functions of the LAPACK rules (`__ad_blas_dpotrf_reverse`,
/// `__ad_blas_sgels_tangent`, ...): they read the primal arrays and copies
/// they are given and write only the shadows they are given.
bool isLapackRuleHelper(llvm::StringRef Name);

/// The runtime's elementwise helpers of the BLAS rules (`__ad_blas_dscale`,
/// `__ad_blas_spack`, ...): plain loops over the arrays they are given (and
/// a packed copy, for pack), so a derivative of code calling them can
/// differentiate their code and run them once per direction. Not the LAPACK
/// rules' helpers, which call LAPACK through pointers found at run time.
bool isBlasArrayHelper(llvm::StringRef Name);

} // namespace adpass

#endif
