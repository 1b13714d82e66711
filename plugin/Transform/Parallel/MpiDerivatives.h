//===- MpiDerivatives.h - MPI calls in the generated derivatives -*- C++
//-*-===//
//
// Every MPI call that moves MPI_DOUBLE or MPI_FLOAT data is mirrored by the
// runtime (runtime/ADMpi.c), whichever buffers have shadows: the ranks of a
// program must agree on every message, and their activity may differ (a
// rank sends constants another receives into a differentiated buffer). The
// reverse sweep calls `__ad_mpi_<stem>_reverse` where the call was; a
// tangent function calls `__ad_mpi_<stem>_tangent` beside it. Non-blocking
// calls and MAX/MIN reductions ask the runtime for a record in the forward
// sweep (`__ad_mpi_<stem>_record`), which the reverse sweep gets back like
// any forward value.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_PARALLEL_MPIDERIVATIVES_H
#define ADPASS_TRANSFORM_PARALLEL_MPIDERIVATIVES_H

#include "Rules/MpiRoutines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DiagnosticSink;

/// Refuses MPI calls whose derivatives would be lost or guessed.
void checkMpiCalls(llvm::Function &P, const llvm::Function &User,
                   const ActivityAnalysis &AA, DiagnosticSink &Diag);

class MpiDerivatives {
public:
  MpiDerivatives(const ActivityAnalysis &AA, AdjointBuilder &Adj,
                 llvm::ValueToValueMapTy &VMap)
      : AA(AA), Adj(Adj), VMap(VMap) {}

  /// Reverse mode: the records the forward sweep files.
  void prepareForward(llvm::Function &P);
  /// The adjoint of \p I if it is an MPI call; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);
  /// Forward mode: the tangent of \p CB if it is an MPI call.
  bool emitTangent(const llvm::CallBase &CB);

private:
  /// The runtime function `__ad_mpi_<stem>_<Kind>` for the arguments
  /// \p Args.
  llvm::FunctionCallee runtime(const llvm::CallBase &CB, const MpiCall &MC,
                               llvm::StringRef Kind,
                               llvm::ArrayRef<llvm::Value *> Args,
                               llvm::Type *Result);
  /// The forward-sweep arguments: each buffer and its shadow, the requests,
  /// the numbers and handles; no status.
  llvm::SmallVector<llvm::Value *, 12> forwardArgs(const llvm::CallBase &CB,
                                                   const MpiCall &MC,
                                                   llvm::IRBuilder<> &B);
  llvm::Value *forwardShadow(const llvm::Value *Buf, llvm::IRBuilder<> &B);

  const ActivityAnalysis &AA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  /// Call -> the record the forward sweep filed (null if it files none).
  llvm::DenseMap<const llvm::CallBase *, llvm::Value *> Records;
};

} // namespace adpass

#endif
