//===- LocalPointsTo.h - Pointers kept in the function's own memory -*- C++
//-*-//
//
// A pointer read back from memory the function allocated itself (a table of
// rows it mallocs, a stack slot at -O0, the out-parameter of posix_memalign)
// points to whatever was stored there. This is a flow-insensitive points-to
// over the function's named objects (allocas, heap allocations, mutable
// globals): for each object, the pointers stored into it; for each pointer,
// the objects it may point into. An object whose address reaches code this
// analysis does not see (an unknown call, memory it does not track) has
// unknown contents.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_LOCALPOINTSTO_H
#define ADPASS_ANALYSIS_LOCALPOINTSTO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class Type;
class Value;
} // namespace llvm

namespace adpass {

class IntegerProvenance;

/// Whether values of \p T hold a pointer (also in a struct or array).
bool containsPointer(const llvm::Type *T);

class LocalPointsTo {
public:
  LocalPointsTo(const llvm::Function &F, const IntegerProvenance &IP);

  /// An object this analysis names: alloca, allocation call (for
  /// posix_memalign, the block it stores), mutable global.
  static bool isObject(const llvm::Value *V);

  /// Adds the objects \p Ptr may point into to \p Out; false when it may
  /// also point somewhere else (an argument's memory, an unknown pointer).
  bool objects(const llvm::Value *Ptr,
               llvm::SmallPtrSetImpl<const llvm::Value *> &Out) const;

  /// Whether every pointer ever stored into \p Obj is known.
  bool contentsKnown(const llvm::Value *Obj) const;
  /// The pointers stored into \p Obj (the stored values; a posix_memalign
  /// call for the block it stores).
  llvm::ArrayRef<const llvm::Value *>
  storedPointers(const llvm::Value *Obj) const;
  /// Those of them a load through \p Ptr may read: the ones stored at its
  /// offset, when both are known.
  llvm::SmallVector<const llvm::Value *, 4>
  storedPointersReadBy(const llvm::Value *Obj, const llvm::Value *Ptr) const;
  /// Pointers through which memory outside the named objects was copied
  /// into \p Obj: what it holds is what a load through them reads.
  llvm::ArrayRef<const llvm::Value *> copiedFrom(const llvm::Value *Obj) const;

private:
  struct PtsSet {
    llvm::SmallSetVector<const llvm::Value *, 4> Objs;
    bool Other = false;
    /// It may point past the start of an object (else it points to the
    /// start of each of Objs: a new map node, read back from its parent).
    bool Inner = false;
  };
  struct Contents {
    llvm::SmallSetVector<const llvm::Value *, 4> Stored;
    llvm::SmallSetVector<const llvm::Value *, 2> From;
    bool Escaped = false; ///< its address reaches code not seen here
    bool Unknown = false; ///< memory of unknown contents was copied in
    /// The byte at which each stored pointer was stored, when every store
    /// of it wrote through the object's own address at a constant offset
    /// (else AnyOffset): a load at a known offset reads only those stored
    /// there (a std::shared_ptr's control block holds its vtable pointer
    /// and the vector it made).
    llvm::DenseMap<const llvm::Value *, int64_t> Offset;
  };
  static constexpr int64_t AnyOffset = INT64_MIN;
  /// The constant byte offset of \p Ptr in object \p Obj, when \p Ptr is
  /// computed from \p Obj's own address; else AnyOffset.
  int64_t offsetIn(const llvm::Value *Ptr, const llvm::Value *Obj) const;
  bool addStored(Contents &C, const llvm::Value *V, int64_t Off);
  static bool readsSlot(const Contents &C, const llvm::Value *V, int64_t At);

  PtsSet pts(const llvm::Value *V) const;
  bool storeInto(const PtsSet &Dest, const llvm::Value *V,
                 const llvm::Value *Addr = nullptr);
  bool copyInto(const PtsSet &Dest, const PtsSet &Src, const llvm::Value *S);
  bool merge(const llvm::Value *V, const PtsSet &P);
  bool escape(const PtsSet &P);
  bool escapeObject(const llvm::Value *Obj);
  bool visit(const llvm::Instruction &I);
  /// Whether call \p CB keeps no pointer (memoized: the fixpoint visits
  /// every call many times, and the check walks the callees).
  bool keepsNoPointer(const llvm::CallBase &CB) const;
  mutable llvm::DenseMap<const llvm::CallBase *, bool> KeepsNoPointer;

  const IntegerProvenance &IP;
  llvm::DenseMap<const llvm::Value *, PtsSet> Pts;
  llvm::DenseMap<const llvm::Value *, Contents> Mem;
};

} // namespace adpass

#endif
