//===- OpenMpDerivatives.h - OpenMP inside a derivative ---------*- C++ -*-===//
//
// What the derivative of code that runs on an OpenMP team does beyond the
// serial rules: the reverse sweep meets the team's synchronization in the
// opposite order (a barrier stays a barrier, entering a critical section or
// a lock becomes leaving it), adds adjoints into memory other threads may
// touch atomically, and differentiates `omp atomic` updates. Regions
// themselves are OpenMpRegions'.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_PARALLEL_OPENMPDERIVATIVES_H
#define ADPASS_TRANSFORM_PARALLEL_OPENMPDERIVATIVES_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace adpass {

class ActivityAnalysis;
class AdjointBuilder;
class DiagnosticSink;

/// Refuses the OpenMP constructs whose derivative would be lost or racy.
void checkOpenMpCalls(llvm::Function &P, const llvm::Function &User,
                      const DerivativeRequest &Req, const ActivityAnalysis &AA,
                      DiagnosticSink &Diag);

/// Whether the memory \p Ptr points into may be another thread's too:
/// anything but the function's own stack.
bool mayBeShared(const llvm::Value *Ptr);

/// `*Ptr += Delta` as atomic additions (per element for vectors and
/// aggregates).
void atomicAccumulate(llvm::IRBuilder<> &B, llvm::Value *Ptr,
                      llvm::Value *Delta, llvm::Align A);

/// Reverse mode: synchronization in the reverse sweep, and atomic updates.
///
/// Critical sections and locks are reversed in exactly the opposite order
/// to the one the threads entered them in: the adjoint of a sequence of
/// updates that do not commute (a maximum, a `best so far`) depends on it.
/// The forward sweep takes a ticket from the runtime before leaving each
/// section; the reverse sweep enters the section's mirror when the tickets
/// after its own have been served, and serves its own when leaving.
class OpenMpDerivatives {
public:
  OpenMpDerivatives(const ActivityAnalysis &AA, AdjointBuilder &Adj,
                    llvm::ValueToValueMapTy &VMap)
      : AA(AA), Adj(Adj), VMap(VMap) {}

  /// The tickets the forward sweep takes.
  void prepareForward(llvm::Function &P);
  /// The reverse sweep's part of \p I if it is an OpenMP synchronization
  /// call or an atomic update; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

private:
  const ActivityAnalysis &AA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  /// Section exit -> the ticket the forward sweep took there.
  llvm::DenseMap<const llvm::CallBase *, llvm::Value *> Tickets;
};

/// The tangent of the atomic update \p RMW, beside its forward copy \p Fwd:
/// the same update of the shadow by \p Tangent.
void emitAtomicTangent(const llvm::AtomicRMWInst &RMW, llvm::Instruction &Fwd,
                       llvm::Value *ShadowPtr, llvm::Value *Tangent);

} // namespace adpass

#endif
