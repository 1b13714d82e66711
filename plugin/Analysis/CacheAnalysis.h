//===- CacheAnalysis.h - How the reverse sweep gets primal values -*- C++ -*-//
//
// For each primal value the reverse sweep may read, one of:
//   available  defined outside any loop: the forward sweep's SSA value is
//              used directly (through a stack slot promoted to a phi where
//              its block does not dominate the reverse sweep); no cache
//   recompute  cheap, and computable in the reverse sweep from available or
//              recomputable values: induction variables, address arithmetic,
//              loads from memory that nothing in the function overwrites
//   tape       anything else defined in a loop: stored per iteration
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_CACHEANALYSIS_H
#define ADPASS_ANALYSIS_CACHEANALYSIS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/IR/PassManager.h"

namespace llvm {
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace adpass {

enum class CacheKind { Available, Recompute, Tape };
llvm::StringRef cacheKindName(CacheKind K);

class CacheAnalysis {
public:
  CacheAnalysis(llvm::Function &F, llvm::LoopInfo &LI,
                llvm::ScalarEvolution &SE);

  CacheKind kind(const llvm::Value *V);
  /// The innermost loop defining \p V, or null.
  llvm::Loop *loopOf(const llvm::Value *V) const;
  /// The induction descriptor of a recomputable header phi.
  const llvm::InductionDescriptor *induction(const llvm::PHINode *Phi) const;

  llvm::LoopInfo &loopInfo() const { return LI; }
  /// Split mode: the reverse sweep runs after the function returned, when
  /// the caller may have changed any memory but the function's own stack.
  void setReverseRunsLater(bool Later) { ReverseRunsLater = Later; }
  /// Nothing in the function may write the memory \p Ptr points into
  /// (but \p Ignore, a BLAS call outside loops that reads \p Ptr: BLAS
  /// forbids its outputs to overlap its inputs).
  bool neverOverwritten(const llvm::Value *Ptr,
                        const llvm::CallBase *Ignore = nullptr) const;

  void print(llvm::raw_ostream &OS);
  /// For `print<ad-cache>`.
  static void printFunction(llvm::Function &F,
                            llvm::FunctionAnalysisManager &FAM,
                            llvm::raw_ostream &OS);

private:
  bool recomputable(const llvm::Instruction *I, unsigned Depth);
  bool operandReady(const llvm::Value *V, unsigned Depth);

  llvm::Function &F;
  llvm::LoopInfo &LI;
  llvm::DenseMap<const llvm::Value *, CacheKind> Kinds;
  llvm::DenseMap<const llvm::PHINode *, llvm::InductionDescriptor> Inductions;
  /// Underlying objects of stores; null stands for "anything" (an unknown
  /// pointer or a call that may write memory).
  llvm::SmallPtrSet<const llvm::Value *, 8> Written;
  /// Underlying objects of the arrays BLAS calls write, with the call.
  llvm::SmallVector<std::pair<const llvm::Value *, const llvm::CallBase *>, 2>
      BlasWritten;
  bool WritesAnything = false;
  bool ReverseRunsLater = false;
};

/// Whether two underlying objects (getUnderlyingObject) may share memory.
bool mayShareMemory(const llvm::Value *A, const llvm::Value *B);

/// Whether \p F (or what it calls) may write memory other than its own
/// stack.
bool writesMemory(const llvm::Function &F);

} // namespace adpass

#endif
