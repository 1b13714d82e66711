//===- AdjointBuilder.h - Adjoints, shadows and primal values ---*- C++ -*-===//
//
// The bookkeeping of a reverse sweep, independent of control flow: where the
// adjoint of each active value lives, the shadow of each differentiated
// pointer, and how the reverse sweep reads a primal value computed by the
// forward sweep. Everything lives in stack slots of the gradient function
// that are promoted to SSA by the cleanup.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_ADJOINTBUILDER_H
#define ADPASS_TRANSFORM_ADJOINTBUILDER_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/ValueMap.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <functional>

namespace llvm {
class Loop;
} // namespace llvm

namespace adpass {

class ActivityAnalysis;
class CacheAnalysis;
class LoopTapes;

/// The neutral element of adjoint sums of type \p T: -0.0 in each
/// floating-point lane or field (x + -0.0 folds to x).
llvm::Constant *adjointZero(llvm::Type *T);

/// \p Sum + \p Delta, one term of an adjoint sum. The order in which a
/// program's adjoint contributions are summed is not the program's: the
/// addition may be reassociated (only it: no other fast-math flag), so
/// that reverse reductions vectorize. `-mllvm -ad-strict-adjoint-order`
/// keeps the order of the reverse sweep (bitwise-reproducible gradients
/// across optimization levels and vector widths).
llvm::Value *accumulateAdjoint(llvm::IRBuilderBase &IRB, llvm::Value *Sum,
                               llvm::Value *Delta);

class AdjointBuilder {
public:
  /// \p VMap maps primal values to their forward-sweep copies in \p G;
  /// \p AllocaBB is the entry block that receives the stack slots.
  AdjointBuilder(llvm::Function &G, llvm::BasicBlock *AllocaBB,
                 const ActivityAnalysis &AA, CacheAnalysis &CA,
                 LoopTapes &Tapes, llvm::ValueToValueMapTy &VMap);

  void setArgumentShadow(const llvm::Argument *PrimalArg, llvm::Value *Shadow);
  /// Whether a primal block dominates the whole reverse sweep, so its values
  /// can be used there directly.
  void setDominanceQuery(std::function<bool(const llvm::BasicBlock *)> Q) {
    DominatesReverse = std::move(Q);
  }
  /// Makes the shadow of a heap allocation the function performs, in the
  /// forward sweep after the allocation's copy (see HeapAdjoints).
  void setAllocationShadower(
      std::function<llvm::Value *(const llvm::CallBase &)> S) {
    AllocationShadow = std::move(S);
  }

  /// The primal value \p PV, readable at the reverse-sweep point of \p IRB.
  llvm::Value *primalInReverse(const llvm::Value *PV, llvm::IRBuilder<> &IRB);
  /// A forward-sweep value \p FV defined in (the copy of) primal block
  /// \p PrimalBB, readable in the reverse sweep.
  /// \p Lanes > 1: FV differs per direction of vector mode (a shadow
  /// pointer): a loop's tape keeps one per direction.
  llvm::Value *forwardValueInReverse(llvm::Value *FV,
                                     const llvm::BasicBlock *PrimalBB,
                                     llvm::IRBuilder<> &IRB,
                                     unsigned Lanes = 1);
  /// The directions of vector mode (ad_width) the derivative is split into
  /// afterwards (Vector/LaneSplit.cpp).
  void setLanes(unsigned N) { Lanes = N; }
  llvm::BasicBlock *primalBlockOf(const llvm::BasicBlock *FwdBB) const {
    return FwdToPrimal.lookup(FwdBB);
  }

  /// idx_L of the first iteration of the execution of \p L being reversed.
  llvm::Value *startInReverse(const llvm::Loop *L, llvm::IRBuilder<> &IRB);
  /// idx_L of the iteration that left \p L through \p Exit.
  llvm::Value *exitIndexInReverse(const llvm::Loop *L,
                                  const llvm::BasicBlock *Exit,
                                  llvm::IRBuilder<> &IRB);
  /// Inner loops entered once per header run of their parent, with a trip
  /// count invariant in the whole nest: their start index is recomputed
  /// (the parent's iteration, or deeper its index, times trips) instead of
  /// taped.
  void setRectangular(const llvm::Loop *L) { Rectangular.insert(L); }

  /// The iteration of \p L (0, 1, ...) the reverse sweep is in.
  llvm::Value *iterationInReverse(const llvm::Loop *L, llvm::IRBuilder<> &IRB);

  /// The shadow of the pointer call \p CB returns, given by its callee's
  /// derivative at \p IRB (in the forward sweep, where the call was).
  void setCallShadow(const llvm::CallBase &CB, llvm::Value *S,
                     llvm::IRBuilder<> &IRB);
  /// The shadow of primal pointer \p PPtr in the forward sweep, right after
  /// the pointer's definition.
  llvm::Value *shadowInForward(const llvm::Value *PPtr) {
    return shadowForward(PPtr);
  }
  /// Gives \p NI, a copy of primal \p PI in the gradient, the location of
  /// PI's forward copy (debug info must name the gradient's subprogram).
  void adoptLocation(llvm::Instruction *NI, const llvm::Instruction *PI);

  /// The shadow of primal pointer \p PPtr, readable in the reverse sweep.
  llvm::Value *shadowInReverse(const llvm::Value *PPtr, llvm::IRBuilder<> &IRB);

  /// adj(PV) += Delta, when PV is active.
  void addAdjoint(const llvm::Value *PV, llvm::Value *Delta,
                  llvm::IRBuilder<> &IRB);
  /// Reads adj(PV) and resets it to zero (a value defined in a loop is
  /// defined again, with a fresh adjoint, in the previous iteration).
  llvm::Value *takeAdjoint(const llvm::Value *PV, llvm::IRBuilder<> &IRB);

  /// A + B for floating-point values, vectors and aggregates of them.
  llvm::Value *add(llvm::Value *A, llvm::Value *B, llvm::IRBuilder<> &IRB);
  /// Converts an adjoint to another floating-point width.
  llvm::Value *convert(llvm::Value *V, llvm::Type *To, llvm::IRBuilder<> &IRB);

  /// Adjoints of lane and field moves (extract/insert, shuffles).
  bool emitStructural(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

  /// A stack slot in the gradient's entry block (for out-parameters).
  llvm::AllocaInst *stackTemporary(llvm::Type *T, const llvm::Twine &Name) {
    return newSlot(T, Name);
  }

  unsigned numRecomputed() const { return Recomputed.size(); }

  /// Closes the slot block with a branch to the forward sweep.
  void finish(llvm::BasicBlock *FwdEntry);

private:
  llvm::Value *shadowForward(const llvm::Value *PPtr);
  llvm::Value *constantScratch();
  llvm::Value *guardedIndexShadow(
      const llvm::GetElementPtrInst &GEP, const llvm::SelectInst &Sel,
      llvm::Value *Cond,
      const std::function<llvm::Value *(const llvm::Value *)> &Shadow,
      const std::function<llvm::Value *(const llvm::Value *)> &Primal,
      llvm::IRBuilderBase &B);
  llvm::Value *constantTwin(const llvm::GlobalVariable &CG);
  llvm::GlobalVariable *shadowGlobal(const llvm::GlobalVariable &GV);
  llvm::Value *recompute(const llvm::Instruction *I, llvm::IRBuilder<> &IRB);
  llvm::Value *recomputeShadow(const llvm::Instruction *I,
                               llvm::IRBuilder<> &IRB);
  llvm::Value *forwardOf(const llvm::Value *PV) const;
  llvm::AllocaInst *adjointSlot(const llvm::Value *PV);
  bool adjointStaysInBlock(const llvm::Value *PV);
  llvm::AllocaInst *newSlot(llvm::Type *T, const llvm::Twine &Name);

  llvm::Function &G;
  llvm::BasicBlock *AllocaBB;
  llvm::IRBuilder<> SlotB;
  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  LoopTapes &Tapes;
  llvm::ValueToValueMapTy &VMap;
  std::function<bool(const llvm::BasicBlock *)> DominatesReverse;
  std::function<llvm::Value *(const llvm::CallBase &)> AllocationShadow;

  llvm::DenseMap<const llvm::BasicBlock *, llvm::BasicBlock *> FwdToPrimal;
  llvm::DenseMap<const llvm::Value *, llvm::AllocaInst *> AdjointSlots;
  /// Adjoints kept as SSA sums within one reverse block.
  llvm::DenseMap<const llvm::Value *, llvm::Value *> InBlock;
  llvm::DenseMap<const llvm::Value *, bool> StaysInBlock;
  llvm::DenseMap<llvm::Value *, llvm::AllocaInst *> ForwardSlots;
  llvm::DenseMap<const llvm::Value *, llvm::Value *> Shadows;
  /// Calls whose pointer result's shadow was asked for before their
  /// callee's derivative gave it: the slot it is stored into.
  llvm::DenseMap<const llvm::Value *, llvm::AllocaInst *> CallShadowSlots;
  llvm::AllocaInst *ConstantScratch = nullptr;
  llvm::SmallPtrSet<const llvm::Value *, 16> Recomputed;
  llvm::SmallPtrSet<const llvm::Loop *, 4> Rectangular;
  unsigned Lanes = 1;
};

} // namespace adpass

#endif
