//===- Tape.h - Per-iteration caches of loop values ------------*- C++ -*-===//
//
// Every loop L of the primal gets an iteration counter in the forward sweep:
// idx_L counts the executions of L's header since the outermost loop of its
// nest was entered, so (in a triangular nest too) each iteration has its own
// index, and the reverse sweep visits the indices exactly backwards.
//
// A value of L that the reverse sweep needs and cannot recompute is stored in
// L's tape: an array of records (all values of one iteration side by side)
// indexed by idx_L. When the header runs of L per nest execution are known
// at the outermost preheader (NestCount.h), L's tape is a region of one
// block allocated there for all such loops of the nest. Otherwise L's tape
// is its own: sized at L's preheader when its trip count is known there,
// grown geometrically in the header when not. Everything is freed when the
// reverse sweep leaves the nest.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_TAPE_H
#define ADPASS_TRANSFORM_TAPE_H

#include "Transform/LoopPlans.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class Loop;
class LoopInfo;
} // namespace llvm

namespace adpass {

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
  /// \p Lanes > 1: FV differs per direction of vector mode (a shadow
  /// pointer), and the record keeps a slot per direction.
  llvm::Value *load(llvm::Value *FV, const llvm::Loop *L,
                    llvm::IRBuilder<> &IRB, unsigned Lanes = 1);

  unsigned numTaped() const { return Taped.size(); }
  LoopPlan plan(const llvm::Loop *L) const { return Plans.lookup(L); }

  /// Sizes the records and emits allocation, growth and release. \p RevBB
  /// maps primal blocks to their reverse blocks; \p RevExit returns.
  void finish(
      const llvm::DenseMap<const llvm::BasicBlock *, llvm::BasicBlock *> &RevBB,
      llvm::BasicBlock *RevExit);

  /// Whether any tape memory is allocated (after finish).
  bool allocates() const { return !Records.empty(); }
  /// Where an exception leaves the forward sweep (after finish): frees the
  /// tapes allocated so far and returns what was carved from the workspace.
  void emitRelease(llvm::IRBuilder<> &IRB);

private:
  struct Record {
    uint64_t Size = 0;
    uint64_t Align = 1;
    /// Bytes between records (a multiple of Align).
    uint64_t stride() const { return llvm::alignTo(Size, Align); }
    llvm::Instruction *SizePlaceholder = nullptr;
    llvm::AllocaInst *Base = nullptr;
    llvm::AllocaInst *Cap = nullptr;
    llvm::SmallVector<llvm::Instruction *, 4> Accesses; ///< loads and stores
  };
  struct Counter {
    llvm::AllocaInst *Count = nullptr; ///< next index (forward)
    llvm::AllocaInst *RevIndex = nullptr;
    llvm::Value *Index = nullptr;          ///< idx_L in the header
    llvm::Instruction *IndexEnd = nullptr; ///< the store of idx_L + 1
    llvm::Value *Start = nullptr;
    llvm::DenseMap<const llvm::BasicBlock *, llvm::PHINode *> Exits;
  };

  using CarvedRecords =
      llvm::SmallVector<std::pair<const llvm::Loop *, Record *>, 4>;

  llvm::Value *address(const llvm::Loop *L, llvm::Value *Index, uint64_t Offset,
                       llvm::IRBuilder<> &IRB);
  bool inNestBlock(const llvm::Loop *L) const;
  void emitNestBlock(const llvm::Loop *Outer, CarvedRecords &Carved,
                     NestCountEmitter &Counts, llvm::BasicBlock *RevPreheader);
  void markDisjoint(CarvedRecords &Carved);
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
  /// Slots of the blocks holding a nest's records (null when not allocated).
  llvm::SmallVector<llvm::AllocaInst *, 2> NestBlocks;
  llvm::Value *WorkspaceMark = nullptr;
  llvm::DenseMap<llvm::Value *, std::pair<const llvm::Loop *, uint64_t>> Taped;
  llvm::SmallPtrSet<llvm::Value *, 2> PerLane; ///< taped a slot per lane
};

/// An inner derivative's tapes under an outer reverse sweep come from the
/// heap, not from the workspace its call was given: the workspace returns
/// and reuses its memory (a mark, a release) where the outer sweep needs
/// the inner tape until its own reverse, and the outer sweep keeps what it
/// needs in tapes of its own anyway. In \p F, a normalized clone the outer
/// derivative is made from.
void dropInnerWorkspaces(llvm::Function &F);

/// The function whose calls stand for the direction's index in a vector
/// mode derivative before its lanes are split (a constant in each lane).
inline constexpr const char *LaneIndexFunction = "__ad_lane_index";

} // namespace adpass

#endif
