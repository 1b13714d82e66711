//===- BlasRules.h - Derivatives of BLAS routines, as BLAS calls -*- C++ -*-//
//
// One entry per routine: which primal arrays its reverse sweep reads (so
// that only those are kept, and only when the function overwrites them),
// its adjoint and its tangent, each written as calls of the same BLAS
// (BlasContext). Adding a routine is adding an entry.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBRARY_BLASRULES_H
#define ADPASS_TRANSFORM_LIBRARY_BLASRULES_H

#include "Rules/BlasRoutines.h"

namespace llvm {
class Value;
} // namespace llvm

namespace adpass {

class BlasContext;

struct BlasRule {
  llvm::StringRef Stem;
  /// Whether the adjoint reads the primal values of array \p R (given which
  /// operands are active).
  bool (*Needs)(BlasContext &C, BlasRole R);
  /// Adds the adjoints of the inputs and resets those of overwritten
  /// outputs; \p Seed is the adjoint of the result (routines returning one).
  void (*Reverse)(BlasContext &C, llvm::Value *Seed);
  /// Updates the shadows of the outputs, before the primal call; for
  /// routines returning a number, returns its tangent (after the call).
  /// LAPACK: after the call, reading its results (and, through
  /// BlasContext::input, the copies Needs asked for).
  llvm::Value *(*Forward)(BlasContext &C);
  /// LAPACK: whether the adjoint reads the value array \p R holds after the
  /// call (a factor, a solution, eigenvectors, pivots).
  bool (*NeedsAfter)(BlasContext &C, BlasRole R) = nullptr;
};

/// The rule for the routine named \p Stem.
const BlasRule &blasRule(llvm::StringRef Stem);

/// The rules of general matrices and vectors (BlasRules.cpp), of
/// symmetric and triangular ones (BlasStructuredRules.cpp) and of LAPACK's
/// factorizations, solves and eigenproblems (LapackRules.cpp).
llvm::ArrayRef<BlasRule> generalBlasRules();
llvm::ArrayRef<BlasRule> structuredBlasRules();
llvm::ArrayRef<BlasRule> lapackRules();

} // namespace adpass

#endif
