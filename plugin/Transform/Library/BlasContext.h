//===- BlasContext.h - One BLAS call as a derivative rule sees it -*- C++ -*-//
//
// A rule (BlasRules.cpp) reads the operands of the call it differentiates by
// role, already in column-major form (a row-major CBLAS call is read as the
// column-major call it is equivalent to), and emits calls to the same BLAS,
// in the same spelling and precision, by role too. Numbers are i64 and
// transpositions i1 inside a rule; the context converts at the boundary.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBRARY_BLASCONTEXT_H
#define ADPASS_TRANSFORM_LIBRARY_BLASCONTEXT_H

#include "Rules/BlasRoutines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"

namespace adpass {

class AdjointBuilder;

/// How one sweep reads the operands of a BLAS call (raw roles, as written).
class BlasOperands {
public:
  virtual ~BlasOperands() = default;
  /// A number: the CBLAS value, or what the Fortran pointer points to.
  virtual llvm::Value *number(BlasRole R, llvm::IRBuilder<> &B) = 0;
  virtual llvm::Value *array(BlasRole R, llvm::IRBuilder<> &B) = 0;
  /// The shadow of an array, or null when it has none.
  virtual llvm::Value *shadow(BlasRole R, llvm::IRBuilder<> &B) = 0;
  virtual bool hasShadow(BlasRole R) = 0;
  virtual bool scalarActive(BlasRole R) = 0;
  /// The primal result (dot, nrm2, asum).
  virtual llvm::Value *result(llvm::IRBuilder<> &B) = 0;
  /// Forward mode: the tangent of an active scalar.
  virtual llvm::Value *scalarTangent(BlasRole R, llvm::IRBuilder<> &B) {
    return nullptr;
  }
  /// Reverse mode: adds to the adjoint of an active scalar.
  virtual void addScalarAdjoint(BlasRole R, llvm::Value *D,
                                llvm::IRBuilder<> &B) {}
};

/// The shape of an array operand, column major: rows x cols, leading
/// dimension Ld (for a vector: 1 x n, Ld = |inc|).
struct BlasShape {
  llvm::Value *Rows, *Cols, *Ld;
};

class BlasContext {
public:
  BlasContext(const BlasCall &Site, const llvm::CallBase &CB, BlasOperands &Ops,
              llvm::IRBuilder<> &B, AdjointBuilder &Adj);

  llvm::IRBuilder<> &builder() { return B; }
  llvm::Type *real() const { return Site.Real; }
  const llvm::CallBase &call() const { return CB; }

  // Operands, normalized to column major.
  llvm::Value *dim(BlasRole R); ///< i64: M, N, K, Ld*, Inc* as passed
  /// i64: the increment or leading dimension to read array \p Array's
  /// primal values with (its shadow's is dim(strideOf(Array))).
  llvm::Value *stride(BlasRole Array);
  /// i1: an option, true when transposed (TransA, TransB), lower (Uplo),
  /// unit (Diag), left (Side).
  llvm::Value *flag(BlasRole R);
  llvm::Value *trans(BlasRole R) { return flag(R); }
  llvm::Value *scalar(BlasRole R);
  llvm::Value *array(BlasRole R);
  llvm::Value *shadow(BlasRole R);
  /// An array with a shadow, or an active scalar.
  bool active(BlasRole R);
  llvm::Value *scalarTangent(BlasRole R);
  llvm::Value *result() { return Ops.result(B); }
  void addScalarAdjoint(BlasRole R, llvm::Value *D);
  /// The role of the increment or leading dimension of array \p R.
  static BlasRole strideOf(BlasRole R);
  /// Rows, columns and leading dimension of array \p R.
  BlasShape shape(BlasRole R);
  /// The number of elements of vector \p R.
  llvm::Value *length(BlasRole R);
  /// The call's argument for (normalized) role \p R.
  const llvm::Value *primalArg(BlasRole R) const {
    return Site.arg(CB, normalized(R));
  }
  /// Whether the call overwrites array \p R.
  bool overwrites(BlasRole R) const {
    return Site.Routine->writes(normalized(R));
  }
  /// Reads array \p R from \p Packed (a copy by pack()) from now on.
  void usePacked(BlasRole R, llvm::Value *Packed);
  /// LAPACK rules read the results of the call (array()); \p Copy (by
  /// pack(), before the call) holds what array \p R held before it.
  void useInput(BlasRole R, llvm::Value *Copy);
  /// The copy given to useInput (it is stored like array \p R, with
  /// leading dimension packedLd of its stored rows).
  llvm::Value *input(BlasRole R);
  /// Whether a LAPACKE call passes its matrices row major (BLAS rules never
  /// see that: their calls are renamed into column-major ones).
  bool rowMajor() const { return RowMajor; }
  /// The pivots of a LAPACK call, perhaps a copy by packPivots().
  llvm::Value *pivots();
  llvm::Value *packPivots();

  // Emission, in the call's spelling and precision.
  /// Calls routine \p Stem with operands by role (no layout: column major).
  llvm::Value *blas(llvm::StringRef Stem,
                    llvm::ArrayRef<std::pair<BlasRole, llvm::Value *>> Ops);
  /// Calls the runtime helper __ad_blas_<d|s><Name>.
  llvm::Value *helper(llvm::StringRef Name, llvm::ArrayRef<llvm::Value *> Args,
                      llvm::Type *Ret = nullptr);
  /// A packed copy of array \p R (runtime malloc), or null for 0 elements.
  llvm::Value *pack(BlasRole R);
  /// A packed copy of \p Array of shape \p S.
  llvm::Value *copy(llvm::Value *Array, const BlasShape &S);
  /// The leading dimension of a packed matrix of \p Rows rows.
  llvm::Value *packedLd(llvm::Value *Rows);
  /// Frees a packed copy or a temporary.
  void release(llvm::Value *Ptr);
  /// A temporary of \p Elems reals (malloc).
  llvm::Value *temporary(llvm::Value *Elems);

  llvm::Value *realConst(double V);
  llvm::Value *i64(int64_t V) { return B.getInt64(V); }
  llvm::Value *select(llvm::Value *C, llvm::Value *T, llvm::Value *F) {
    return B.CreateSelect(C, T, F);
  }

private:
  BlasRole normalized(BlasRole R) const;
  std::pair<llvm::Value *, llvm::Value *> extent(BlasRole R);
  llvm::Value *intArg(llvm::Value *V, llvm::Type *IntTy);
  llvm::Value *byPointer(llvm::Value *V);

  const BlasCall &Site;
  const llvm::CallBase &CB;
  BlasOperands &Ops;
  llvm::IRBuilder<> &B;
  AdjointBuilder &Adj;
  bool RowMajor = false;
  llvm::DenseMap<unsigned, llvm::Value *> Packed; ///< role -> copy
  llvm::DenseMap<unsigned, llvm::Value *> Inputs; ///< role -> copy
};

} // namespace adpass

#endif
