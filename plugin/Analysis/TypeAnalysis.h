//===- TypeAnalysis.h - What memory holds ----------------------*- C++ -*-===//
//
// Loads and stores say what they move; memcpy and memset only move bytes.
// For the memory intrinsics on differentiated memory the generator must know
// which bytes hold floating-point values (adjoints to move), pointers
// (shadow pointers to copy) or integers (nothing). This analysis answers from
// the typed accesses to the same underlying object in the function, and from
// clang's !tbaa.struct field layout on struct copies.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_TYPEANALYSIS_H
#define ADPASS_ANALYSIS_TYPEANALYSIS_H

#include "Analysis/OffsetCongruence.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <map>
#include <memory>

namespace llvm {
class MemTransferInst;
class Type;
class Value;
} // namespace llvm

namespace adpass {

class LocalPointsTo;

/// What a range of memory holds.
struct MemoryType {
  enum KindTy { Unknown, Float, Integer, Pointer, Mixed } Kind = Unknown;
  llvm::Type *FP = nullptr; ///< for Float: which type

  void join(const MemoryType &O);
  friend bool operator==(const MemoryType &A, const MemoryType &B);
  std::string str() const;
};

/// One field of a struct copy.
struct MemoryField {
  uint64_t Offset, Size;
  MemoryType Type;
};

class TypeAnalysis {
public:
  /// \p PT: pointers read back from the function's own memory (a
  /// std::vector's fields) point to the blocks stored there (the activity
  /// analysis's, shared).
  TypeAnalysis(llvm::Function &F, const LocalPointsTo &PT);

  /// Whether the object \p Ptr points into is accessed at constant offsets
  /// (as a struct, or fixed elements): then a copy of part of it cannot be
  /// assumed to be an array of one type.
  bool hasFixedOffsetAccesses(const llvm::Value *Ptr) const;
  /// What the object \p Ptr points into holds, from every typed access.
  MemoryType objectType(const llvm::Value *Ptr) const;
  /// The fields a memcpy/memmove moves, from its !tbaa.struct layout; false
  /// when there is none.
  bool copiedFields(const llvm::MemTransferInst &MT,
                    llvm::SmallVectorImpl<MemoryField> &Fields) const;

  /// A copy of whole records of an array of structs (std::sort's memmove
  /// of {double, int} elements): the record size \p Period, where in a
  /// record the copy starts (\p Phase), and the record's fields at their
  /// offsets in it, from every typed access to either end at offsets known
  /// modulo the record size. False unless the length is a multiple of it
  /// and the accesses agree and cover the record.
  bool recordFields(const llvm::MemTransferInst &MT, uint64_t &Period,
                    uint64_t &Phase,
                    llvm::SmallVectorImpl<MemoryField> &Fields) const;

  /// Blocks holding an array of records (an inner derivative's loop tape,
  /// reallocated as it grows): the record size \p Period and its fields,
  /// from every typed access to the objects \p Blocks point into, at
  /// offsets known modulo the record size. False unless they agree and
  /// each field has one type.
  bool blockRecords(llvm::ArrayRef<const llvm::Value *> Blocks,
                    uint64_t &Period,
                    llvm::SmallVectorImpl<MemoryField> &Fields) const;

  /// Whether everything \p Ptr may point into was allocated by this
  /// function (its stack, or a heap allocation it made): memory whose
  /// shadow only this function wrote.
  bool allocatedHere(const llvm::Value *Ptr) const;

  void print(llvm::raw_ostream &OS) const;
  static void printStandalone(llvm::Function &F, llvm::raw_ostream &OS);
  /// For `print<ad-types>`.
  static void printFunction(llvm::Function &F, llvm::FunctionAnalysisManager &,
                            llvm::raw_ostream &OS) {
    printStandalone(F, OS);
  }

private:
  bool fieldsFromAccesses(const llvm::MemTransferInst &MT,
                          llvm::SmallVectorImpl<MemoryField> &Fields) const;
  /// The typed accesses to \p Objs with their offsets as congruences;
  /// returns the gcd of their strides (0: none varies).
  struct StridedAccess;
  using PlacedAccess = std::pair<const StridedAccess *, Congruence>;
  uint64_t placedAccesses(llvm::ArrayRef<const llvm::Value *> Objs,
                          llvm::SmallVectorImpl<PlacedAccess> &Out) const;
  void objectsOf(const llvm::Value *Ptr,
                 llvm::SmallVectorImpl<const llvm::Value *> &Out) const;

  /// A typed access at Add bytes from Ptr, into an object.
  struct StridedAccess {
    const llvm::Value *Ptr;
    uint64_t Add;
    uint64_t Size;
    MemoryType Type;
  };

  llvm::Function &F;
  const LocalPointsTo &PT;
  std::unique_ptr<OffsetCongruence> Offsets;
  /// Object -> its typed accesses, as congruences (recordFields).
  llvm::DenseMap<const llvm::Value *, llvm::SmallVector<StridedAccess, 4>>
      Strided;
  llvm::DenseMap<const llvm::Value *, MemoryType> Objects;
  /// Object -> (byte offset -> field) from accesses at constant offsets.
  llvm::DenseMap<const llvm::Value *, std::map<uint64_t, MemoryField>> Layouts;
};

/// Zero bits stored as an integer (a memset InstCombine made a store): the
/// zero of any type, so they say nothing about what memory holds where
/// other accesses do, and overwrite floats like a floating-point zero.
bool isIntegerZero(const llvm::Value *V);

} // namespace adpass

#endif
