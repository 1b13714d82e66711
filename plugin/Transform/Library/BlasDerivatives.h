//===- BlasDerivatives.h - BLAS calls in the generated derivatives -*- C++ -*-//
//
// Gives the generators the BLAS rules (BlasRules.cpp): the reverse sweep of a
// BLAS call is its rule's adjoint, a tangent sweep's its tangent. In reverse
// mode the forward sweep keeps packed copies of the arrays the adjoint reads
// and the function overwrites (and nothing else), plus the numbers a Fortran
// call passes by pointer.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_LIBRARY_BLASDERIVATIVES_H
#define ADPASS_TRANSFORM_LIBRARY_BLASDERIVATIVES_H

#include "Rules/BlasRoutines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class CacheAnalysis;
class DiagnosticSink;
class TangentMap;

/// Gives every CBLAS call of \p F a constant layout: a call whose layout is
/// chosen at run time (SimplifyCFG merges `if (row) call(RowMajor, ...) else
/// call(ColMajor, ...)`) becomes a branch between two calls. Returns whether
/// it changed \p F.
bool splitBlasLayouts(llvm::Function &F);

/// Refuses BLAS calls whose derivatives would be lost or guessed.
void checkBlasCalls(llvm::Function &P, const llvm::Function &User,
                    const ActivityAnalysis &AA, DiagnosticSink &Diag);

class BlasDerivatives {
public:
  BlasDerivatives(const ActivityAnalysis &AA, CacheAnalysis &CA,
                  AdjointBuilder &Adj, llvm::ValueToValueMapTy &VMap)
      : AA(AA), CA(CA), Adj(Adj), VMap(VMap) {}

  /// Reverse mode: what the forward sweep keeps for the adjoints.
  void prepareForward(llvm::Function &P);
  /// The adjoint of \p I if it is a BLAS call; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);
  /// Forward mode: the tangent of \p CB if it is a BLAS call.
  bool emitTangent(const llvm::CallBase &CB, TangentMap &Tangents);

private:
  struct Kept {
    BlasCall Call{};
    /// Role -> a Fortran number loaded in the forward sweep.
    llvm::DenseMap<unsigned, llvm::Value *> Numbers;
    /// Normalized role -> packed copy made in the forward sweep.
    llvm::DenseMap<unsigned, llvm::Value *> Packs;
    /// LAPACK: role -> copy of a result, made after the call.
    llvm::DenseMap<unsigned, llvm::Value *> AfterPacks;
  };
  bool relevant(const llvm::CallBase &CB, const BlasCall &BC) const;

  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  llvm::DenseMap<const llvm::CallBase *, Kept> Sites;
};

} // namespace adpass

#endif
