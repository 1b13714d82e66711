//===- AccessRegions.h - The memory a loop may touch ------------*- C++ -*-===//
//
// A checkpoint of a loop's state holds the memory its iterations write: for
// each access, the bytes it may touch over all iterations, as a base pointer
// and a byte range in values known before the loop (scalar evolution, with
// each recurrence bounded by its loop's trip count).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CHECKPOINT_ACCESSREGIONS_H
#define ADPASS_TRANSFORM_CHECKPOINT_ACCESSREGIONS_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Instruction;
class Loop;
class SCEV;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace adpass {

/// Bytes [Lo, Hi) from Base, Lo and Hi invariant in the loop.
struct AccessRegion {
  const llvm::SCEV *Base;
  const llvm::SCEV *Lo;
  const llvm::SCEV *Hi;
};

/// The regions of the accesses of one loop, merged per base.
class AccessRegions {
public:
  AccessRegions(llvm::ScalarEvolution &SE, const llvm::Loop &L)
      : SE(SE), L(L) {}

  /// Adds the access \p At of \p Bytes bytes (a value, possibly varying in
  /// the loop) at \p Ptr; false if its range cannot be bounded before the
  /// loop.
  bool add(const llvm::Instruction &At, const llvm::Value *Ptr,
           const llvm::Value *Bytes);
  bool add(const llvm::Instruction &At, const llvm::Value *Ptr, uint64_t Bytes);

  const llvm::SmallVector<AccessRegion, 4> &regions() const { return All; }

private:
  bool addRange(const llvm::Instruction &At, const llvm::Value *Ptr,
                const llvm::SCEV *Size);
  const llvm::SCEV *iterationsOf(const llvm::Loop *AL);
  bool bound(const llvm::SCEV *S, const llvm::SCEV *&Lo, const llvm::SCEV *&Hi,
             unsigned Depth = 0);
  bool boundUnknown(llvm::Value *V, const llvm::SCEV *&Lo,
                    const llvm::SCEV *&Hi, unsigned Depth);
  void merge(const llvm::SCEV *Base, const llvm::SCEV *Lo,
             const llvm::SCEV *Hi);

  llvm::ScalarEvolution &SE;
  const llvm::Loop &L;
  llvm::SmallVector<AccessRegion, 4> All;
  /// The access being bounded.
  const llvm::Instruction *Where = nullptr;
};

} // namespace adpass

#endif
