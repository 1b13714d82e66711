//===- Tape.h - Per-iteration caches of loop values ------------*- C++ -*-===//
//
// Every loop L of the primal gets an iteration counter in the forward sweep:
// idx_L counts the executions of L's header since the outermost loop of its
// nest was entered, so (in a triangular nest too) each iteration has its own
// index, and the reverse sweep visits the indices exactly backwards.
//
// A value of L that the reverse sweep needs and cannot recompute is stored in
// L's tape: an array of records (all values of one iteration side by side)
// indexed by idx_L. The tape is sized at L's preheader when the trip count
// is known there (rectangular nests: once, for the whole nest), grown
// geometrically in the header otherwise, and freed when the reverse sweep
// leaves the nest.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_TAPE_H
#define ADPASS_TRANSFORM_TAPE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class Loop;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace adpass {

/// What is known of a loop's trip count at its preheader (primal values).
struct LoopPlan {
  llvm::Value *Trips = nullptr; ///< header executions per loop execution
  llvm::Value *Hint = nullptr;  ///< header executions per nest execution
};
using LoopPlans = llvm::DenseMap<const llvm::Loop *, LoopPlan>;

/// Expands the trip counts SCEV can compute into the primal's preheaders.
LoopPlans planLoops(llvm::Function &Primal, llvm::LoopInfo &LI,
                    llvm::ScalarEvolution &SE);

class LoopTapes {
public:
  LoopTapes(llvm::Function &G, llvm::BasicBlock *AllocaBB, llvm::LoopInfo &LI,
            llvm::ValueToValueMapTy &VMap, LoopPlans Plans,
            llvm::Value *Workspace);

  /// Forward sweep: iteration indices in headers, their values at the
  /// preheaders and at the exits.
  void createCounters();

  /// idx_L at L's preheader (forward value): the index of its first
  /// iteration in this execution.
  llvm::Value *startIndex(const llvm::Loop *L) const;
  /// idx_L as the loop left through exit block \p Exit (forward value).
  llvm::Value *exitIndex(const llvm::Loop *L,
                         const llvm::BasicBlock *Exit) const;

  /// The index of the iteration of L the reverse sweep is in.
  llvm::Value *reverseIndex(const llvm::Loop *L, llvm::IRBuilder<> &IRB);
  void setReverseIndex(const llvm::Loop *L, llvm::Value *V,
                       llvm::IRBuilder<> &IRB);

  /// Reads forward value \p FV of loop \p L in the reverse sweep; the first
  /// request adds FV to L's record and stores it in the forward sweep.
  llvm::Value *load(llvm::Value *FV, const llvm::Loop *L,
                    llvm::IRBuilder<> &IRB);

  unsigned numTaped() const { return Taped.size(); }
  LoopPlan plan(const llvm::Loop *L) const { return Plans.lookup(L); }

  /// Sizes the records and emits allocation, growth and release. \p RevBB
  /// maps primal blocks to their reverse blocks; \p RevExit returns.
  void finish(
      const llvm::DenseMap<const llvm::BasicBlock *, llvm::BasicBlock *> &RevBB,
      llvm::BasicBlock *RevExit);

private:
  struct Record {
    llvm::SmallVector<std::pair<llvm::Value *, uint64_t>, 4> Fields;
    uint64_t Size = 0;
    uint64_t Align = 1;
    llvm::Instruction *SizePlaceholder = nullptr;
    llvm::AllocaInst *Base = nullptr;
    llvm::AllocaInst *Cap = nullptr;
  };
  struct Counter {
    llvm::AllocaInst *Count = nullptr; ///< next index (forward)
    llvm::AllocaInst *RevIndex = nullptr;
    llvm::Value *Index = nullptr; ///< idx_L in the header
    llvm::Instruction *IndexEnd = nullptr;
    llvm::Instruction *HeaderBody = nullptr;
    llvm::Value *Start = nullptr;
    llvm::DenseMap<const llvm::BasicBlock *, llvm::PHINode *> Exits;
  };

  llvm::Value *address(const llvm::Loop *L, llvm::Value *Index, uint64_t Offset,
                       llvm::IRBuilder<> &IRB);
  void emitReserve(const llvm::Loop *L, Record &R);
  void emitGrowth(const llvm::Loop *L, Record &R);
  llvm::Value *grow(Record &R, llvm::Value *Needed, llvm::Value *Hint,
                    llvm::IRBuilder<> &IRB);
  llvm::BasicBlock *fwd(const llvm::BasicBlock *PrimalBB) const;
  llvm::Value *mapped(llvm::Value *PV) const;

  llvm::Function &G;
  llvm::BasicBlock *AllocaBB;
  llvm::LoopInfo &LI;
  llvm::ValueToValueMapTy &VMap;
  LoopPlans Plans;
  llvm::Value *Workspace; ///< caller's workspace, or null
  llvm::DenseMap<const llvm::Loop *, Counter> Counters;
  llvm::MapVector<const llvm::Loop *, Record> Records;
  llvm::DenseMap<llvm::Value *, std::pair<const llvm::Loop *, uint64_t>> Taped;
};

} // namespace adpass

#endif
