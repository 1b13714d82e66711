//===- MemoryAdjoints.h - Heap, memset, memcpy and pointer shadows -*- C++ -*-//
//
// What the memory operations of a differentiated function need beyond
// loads and stores: shadow pointers written next to pointers (so that a
// pointer read back from memory finds its shadow), and the adjoints of
// memset, memcpy and memmove, typed by the type analysis. Heap allocations
// and frees are HeapAdjoints'.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_MEMORYADJOINTS_H
#define ADPASS_TRANSFORM_MEMORYADJOINTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DiagnosticSink;
class TypeAnalysis;

struct MemoryField;

/// The reverse of moving \p Count records of \p Period bytes from DSrc's
/// memory to DDst's, starting \p Phase bytes into a record: each double or
/// float slot of \p Fields moves its adjoints back as a strided array
/// (added to DSrc's, reset in DDst's; DSrc null: only reset). Other fields
/// carry no adjoints.
void emitRecordAdjointMoves(llvm::IRBuilder<> &IRB, llvm::Value *DSrc,
                            llvm::Value *DDst, llvm::Value *Count,
                            uint64_t Period, uint64_t Phase,
                            llvm::ArrayRef<MemoryField> Fields);

class MemoryAdjoints {
public:
  MemoryAdjoints(llvm::Function &P, const llvm::Function &User,
                 const ActivityAnalysis &AA, TypeAnalysis &TA,
                 AdjointBuilder &Adj, llvm::ValueToValueMapTy &VMap,
                 DiagnosticSink &Diag)
      : P(P), User(User), AA(AA), TA(TA), Adj(Adj), VMap(VMap), Diag(Diag) {}

  /// Forward-sweep work: shadow pointers stored beside pointers, shadow
  /// copies of pointer memory.
  void prepareForward();
  /// The reverse of a memory operation; false when \p I is not one.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);
  /// After the copy of \p S, a store of a pointer into differentiated
  /// memory: the store of its shadow into the shadow memory.
  void storeShadowPointer(llvm::StoreInst &S);
  /// The derivative runs on every thread of an OpenMP team: adjoints a
  /// copy adds to memory other threads may share are added atomically (a
  /// firstprivate array is a copy from the shared one into the thread's).
  void setParallel(bool On) { Parallel = On; }

private:
  void copyShadowPointers(llvm::MemTransferInst &MT);
  void reverseCopy(llvm::MemTransferInst &MT, llvm::IRBuilder<> &IRB);
  /// A copy of whole records of an array of structs: each floating-point
  /// slot moved as a strided array. False when the records are not known.
  bool reverseRecordCopy(llvm::MemTransferInst &MT, llvm::Value *DSrc,
                         llvm::Value *DDst, llvm::Value *Len,
                         llvm::IRBuilder<> &IRB);
  void error(const llvm::Instruction *I, const llvm::Twine &Msg);

  llvm::Function &P;
  const llvm::Function &User;
  const ActivityAnalysis &AA;
  TypeAnalysis &TA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  DiagnosticSink &Diag;
  bool Parallel = false;
};

} // namespace adpass

#endif
