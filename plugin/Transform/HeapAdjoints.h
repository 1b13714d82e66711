//===- HeapAdjoints.h - Lifetimes of heap blocks and their shadows -*- C++ -*-//
//
// Heap memory the differentiated function allocates gets a zeroed shadow of
// the same size (and alignment). The reverse sweep still reads the shadow of
// a block the function frees, so frees are deferred: to the reverse of the
// allocation when the free certainly frees each block that allocation made,
// otherwise (a pointer read back from memory, a phi of blocks, a conditional
// free) to the end of the reverse sweep through a runtime list.
//
// realloc keeps its primal call: the old block is freed at once, which the
// reverse sweep never notices since it reads no primal memory of a function
// that calls realloc. Its shadow is a new zeroed block holding the old
// shadow's kept bytes (pointer shadows); the old shadow lives until the end.
// In reverse, the adjoints of the kept bytes move back to the old shadow.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_HEAPADJOINTS_H
#define ADPASS_TRANSFORM_HEAPADJOINTS_H

#include "Analysis/TypeAnalysis.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class LoopInfo;
} // namespace llvm

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DiagnosticSink;
class TypeAnalysis;

class HeapAdjoints {
public:
  HeapAdjoints(llvm::Function &P, const llvm::Function &User,
               const ActivityAnalysis &AA, TypeAnalysis &TA,
               AdjointBuilder &Adj, llvm::ValueToValueMapTy &VMap,
               llvm::LoopInfo &LI, llvm::BasicBlock *AllocaBB,
               DiagnosticSink &Diag);

  /// Forward sweep: shadows of the allocations, deferred frees.
  void prepareForward();
  /// Forward mode has no reverse sweep to wait for: a free frees the
  /// block's shadow with it. Call before prepareForward().
  void setFreeAtOnce() { FreeAtOnce = true; }
  /// An exception leaving the forward sweep releases what the derivative
  /// allocated (emitRelease): frees moved to the reverse sweep are then
  /// remembered. Call before prepareForward().
  void setReleaseOnUnwind() { ReleaseOnUnwind = true; }
  /// This derivative is a callee's whose pointer arguments reach only
  /// blocks the differentiated code allocated (DerivativeRequest::
  /// OwnedHeap): it may free those it reads from memory, at once in
  /// forward mode, else at the end of the outermost reverse sweep. Call
  /// before prepareForward().
  void setOwnedArguments() { OwnedArguments = true; }
  /// This derivative is the outermost reverse sweep and its callees defer
  /// frees to its end (CallAdjoints::defersFreesOutward): remembers where
  /// their list starts, and frees what they add in finish() and
  /// emitRelease().
  void drainOuterFrees();
  /// The shadow of allocation \p CB, emitted after its forward copy.
  llvm::Value *allocationShadow(const llvm::CallBase &CB);
  /// The reverse of an allocation or free; false when \p I is neither.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);
  /// At the end of the reverse sweep: frees what was deferred there.
  void finish(llvm::IRBuilder<> &IRB);
  /// Whether blocks freed by the primal may still be allocated when an
  /// exception leaves the forward sweep.
  bool holdsFreedBlocks() const { return List || !Freed.empty() || OuterMark; }
  /// Where an exception leaves the forward sweep: frees the blocks (and
  /// shadows) the primal has freed so far.
  void emitRelease(llvm::IRBuilder<> &IRB);

private:
  void deferFree(llvm::CallBase &Free);
  void deferInnerFree(llvm::CallBase &Defer);
  bool freeOwnedBlock(llvm::CallBase &Free);
  bool freesEveryBlock(const llvm::CallBase &Free,
                       const llvm::CallBase &Alloc) const;
  bool onEveryReturningPath(const llvm::BasicBlock *FB,
                            const llvm::BasicBlock *AB) const;
  bool allocatedHere(const llvm::Value *Ptr) const;
  bool moveFree(llvm::CallBase &Free, const llvm::CallBase &Alloc);
  /// Whether a free of \p Ptr frees what this function allocated: every
  /// block it may point to is an allocation here, a local (which the
  /// primal cannot free) or an argument (in \p Arguments: checked at run
  /// time), and one is an allocation. Eigen's temporary buffers are
  /// `direct ? dst : small ? alloca(n) : malloc(n)`, freed on one path.
  bool freedHere(const llvm::Value *Ptr,
                 llvm::SmallVectorImpl<llvm::Value *> &Arguments) const;
  void deferToEnd(llvm::IRBuilder<> &B, llvm::Value *Fn, llvm::Value *Primal,
                  llvm::Value *Shadow);
  void shadowPosixMemalign(llvm::CallBase &CB);
  llvm::Value *reallocShadow(const llvm::CallBase &CB, llvm::CallBase &FCB);
  void reverseRealloc(llvm::CallBase &CB, llvm::IRBuilder<> &IRB);
  bool reallocatesRecords(const llvm::CallBase &CB, const llvm::Value *Old);
  static bool isInnerTape(const llvm::CallBase &CB);
  bool sizeKnown(const llvm::Value *PPtr,
                 llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) const;
  llvm::Value *blockBytes(const llvm::Value *PPtr);
  llvm::Value *forward(const llvm::Value *PV) const;
  llvm::FunctionCallee runtime(llvm::StringRef Name, llvm::Type *Ret,
                               llvm::ArrayRef<llvm::Type *> Params);
  void error(const llvm::Instruction *I, const llvm::Twine &Msg);

  llvm::Function &P;
  const llvm::Function &User;
  const ActivityAnalysis &AA;
  TypeAnalysis &TA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  llvm::LoopInfo &LI;
  llvm::BasicBlock *AllocaBB;
  DiagnosticSink &Diag;
  llvm::DominatorTree DT;
  llvm::PostDominatorTree PDT;
  /// Allocation -> the primal call that frees every block it makes.
  llvm::DenseMap<const llvm::Value *, llvm::CallBase *> Frees;
  /// realloc -> bytes kept from the old block (forward value).
  llvm::DenseMap<const llvm::Value *, llvm::Value *> Kept;
  llvm::DenseMap<const llvm::Value *, llvm::Value *> ReallocShadows;
  /// realloc of blocks of records (an inner derivative's growing tape) ->
  /// the record size and fields whose adjoints the reverse sweep moves.
  struct RecordLayout {
    uint64_t Period = 0;
    llvm::SmallVector<MemoryField, 4> Fields;
  };
  llvm::DenseMap<const llvm::Value *, RecordLayout> ReallocRecords;
  /// Primal block pointer -> its size in bytes (forward value).
  llvm::DenseMap<const llvm::Value *, llvm::Value *> Bytes;
  /// Slot holding the runtime's list of blocks freed at the end.
  llvm::AllocaInst *List = nullptr;
  bool FreeAtOnce = false;
  bool ReleaseOnUnwind = false;
  bool OwnedArguments = false;
  /// Slot holding the length of the outermost list of deferred frees when
  /// this derivative started (drainOuterFrees).
  llvm::AllocaInst *OuterMark = nullptr;
  bool Unwinds = false; ///< some call may throw (with ReleaseOnUnwind)
  /// Blocks that may reach a return (not only a path that unwinds or
  /// aborts).
  llvm::SmallPtrSet<const llvm::BasicBlock *, 32> Returning;
  /// Frees moved to the reverse sweep that the primal has done: the
  /// function freeing alone, and slots of the block and its shadow.
  struct FreedBlock {
    llvm::Value *Fn;
    llvm::AllocaInst *Primal, *Shadow;
  };
  llvm::SmallVector<FreedBlock, 2> Freed;
};

} // namespace adpass

#endif
