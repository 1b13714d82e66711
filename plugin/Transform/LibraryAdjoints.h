//===- LibraryAdjoints.h - Library calls that move differentiated data
//-*-C++-*-//
//
// C library calls whose derivative is neither a rule nor a callee's
// gradient: qsort of differentiated data. Sorting moves elements, so its
// reverse moves their adjoints back; the forward sweep sorts through the
// runtime, which records the permutation for the reverse sweep. Also the
// runtime's adjoint move of an inner derivative (the reverse of a copy),
// when an outer derivative differentiates it: linear, its tangent is the
// same move and its reverse the transposed one.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBRARYADJOINTS_H
#define ADPASS_TRANSFORM_LIBRARYADJOINTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DiagnosticSink;

/// Whether \p CB is a call to qsort(base, n, size, compare).
bool isSortCall(const llvm::CallBase &CB);

/// Whether \p CB is an inner derivative's sort with its permutation
/// (`__ad_qsort`) or a move of tangents or adjoints by one
/// (`__ad_qsort_tangent`, `__ad_qsort_adjoint`, and their `_keep` forms):
/// linear in the elements they move, so forward mode moves the tangents of
/// those elements the same way (a Hessian-vector product through qsort).
bool isPermutationCall(const llvm::CallBase &CB);

class LibraryAdjoints {
public:
  LibraryAdjoints(llvm::Function &P, const llvm::Function &User,
                  const ActivityAnalysis &AA, AdjointBuilder &Adj,
                  llvm::ValueToValueMapTy &VMap, DiagnosticSink &Diag)
      : P(P), User(User), AA(AA), Adj(Adj), VMap(VMap), Diag(Diag) {}

  /// Sorts of differentiated data record their permutation.
  void prepareForward();
  /// Forward mode, after prepareForward(): each sort moves the tangents
  /// with their elements; an inner derivative's adjoint move (nested
  /// derivatives) moves their tangents the same way.
  void emitTangents();
  /// The reverse of such a call; false when \p I is not one.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

private:
  llvm::Function &P;
  const llvm::Function &User;
  const ActivityAnalysis &AA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  DiagnosticSink &Diag;
  /// Sort call -> its permutation (forward value).
  llvm::DenseMap<const llvm::CallBase *, llvm::Value *> Permutations;
};

} // namespace adpass

#endif
