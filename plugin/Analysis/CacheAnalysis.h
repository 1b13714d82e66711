//===- CacheAnalysis.h - How the reverse sweep gets primal values -*- C++ -*-//
//
// For each primal value the reverse sweep may read, one of:
//   available  defined outside any loop: the forward sweep's SSA value is
//              used directly (through a stack slot promoted to a phi where
//              its block does not dominate the reverse sweep); no cache
//   recompute  cheap, and computable in the reverse sweep from available or
//              recomputable values: induction variables, address arithmetic,
//              loads from memory that nothing in the function overwrites
//              after them (the reverse sweep runs after the forward sweep,
//              so it reads the memory the forward sweep left)
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
  /// Nothing in the function may write the memory \p Ptr points into once
  /// \p At (an instruction reading it) has run, so the reverse sweep reads
  /// there what \p At read. Without \p At, nothing may write it at all. A
  /// BLAS call \p At outside loops does not count as writing what it reads:
  /// BLAS forbids its outputs to overlap its inputs.
  bool neverOverwritten(const llvm::Value *Ptr,
                        const llvm::Instruction *At = nullptr);

  void print(llvm::raw_ostream &OS);
  /// For `print<ad-cache>`.
  static void printFunction(llvm::Function &F,
                            llvm::FunctionAnalysisManager &FAM,
                            llvm::raw_ostream &OS);

private:
  bool recomputable(const llvm::Instruction *I, unsigned Depth);
  /// Whether \p To may run after \p From (cached per pair of blocks).
  bool mayRunAfter(const llvm::Instruction *From, const llvm::Instruction *To);
  /// Whether \p Obj's address may be kept where a call can find it (an
  /// object that is not a local or an argument: always).
  bool mayEscape(const llvm::Value *Obj);
  bool operandReady(const llvm::Value *V, unsigned Depth);

  llvm::Function &F;
  llvm::LoopInfo &LI;
  llvm::DenseMap<const llvm::Value *, CacheKind> Kinds;
  llvm::DenseMap<const llvm::PHINode *, llvm::InductionDescriptor> Inductions;
  /// Underlying objects of stores and memory intrinsics, and of the arrays
  /// BLAS and MPI calls write, each with the writing instruction.
  llvm::SmallVector<std::pair<const llvm::Value *, const llvm::Instruction *>,
                    8>
      Writes;
  /// Calls that write only memory they are given (pointer arguments,
  /// and what escaped into memory they may reach).
  llvm::SmallVector<const llvm::CallBase *, 4> ArgumentWriters;
  llvm::DenseMap<std::pair<const llvm::BasicBlock *, const llvm::BasicBlock *>,
                 bool>
      Reaches;
  llvm::DenseMap<const llvm::Value *, bool> Escapes;
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
