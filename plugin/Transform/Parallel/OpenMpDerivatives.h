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
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
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

/// The loads of shared memory in \p P (a function a team runs) whose
/// adjoints no two threads add to the same place: all the loads whose
/// adjoints go to shared memory read `base[i]`, one base, with `i` the
/// worksharing loop's index (each iteration is one thread's). Their
/// adjoints are plain additions. Empty when any other shared adjoint may
/// meet them.
llvm::SmallPtrSet<const llvm::LoadInst *, 8>
threadDisjointLoads(llvm::Function &P, const ActivityAnalysis &AA,
                    const llvm::LoopInfo &LI);

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

  /// The tickets the forward sweep takes; with \p PlainAdds, whether this
  /// team is the only one running the function.
  void prepareForward(llvm::Function &P, bool PlainAdds);
  /// In the reverse sweep: whether the team is the only one running the
  /// function (for guardPlainAdd).
  llvm::Value *aloneInReverse(llvm::IRBuilder<> &IRB);
  /// Records the plain addition from \p First to \p Last (a load, an add,
  /// a store), safe only when \p Alone: no other team adds there at the
  /// same time.
  void guardPlainAdd(llvm::Instruction *First, llvm::StoreInst *Last,
                     llvm::Value *Delta, llvm::Value *Alone) {
    PlainAdds.push_back({First, Last, Delta, Alone});
  }
  /// Once the derivative is built: each recorded plain addition runs when
  /// the team is alone, the atomic one otherwise (a region nested in
  /// another team's work, whose other teams add to the same memory).
  void finishPlainAdds();
  /// The reverse sweep's part of \p I if it is an OpenMP synchronization
  /// call or an atomic update; false otherwise.
  bool emitReverse(llvm::Instruction &I, llvm::IRBuilder<> &IRB);

private:
  const ActivityAnalysis &AA;
  AdjointBuilder &Adj;
  llvm::ValueToValueMapTy &VMap;
  /// Section exit -> the ticket the forward sweep took there.
  llvm::DenseMap<const llvm::CallBase *, llvm::Value *> Tickets;
  /// Whether the team is the only one running the function (forward).
  llvm::Value *Alone = nullptr;
  struct PlainAdd {
    llvm::Instruction *First;
    llvm::StoreInst *Last;
    llvm::Value *Delta;
    llvm::Value *Alone; ///< in the reverse sweep
  };
  llvm::SmallVector<PlainAdd, 4> PlainAdds;
};

/// The tangent of the atomic update \p RMW, beside its forward copy \p Fwd:
/// the same update of the shadow by \p Tangent.
void emitAtomicTangent(const llvm::AtomicRMWInst &RMW, llvm::Instruction &Fwd,
                       llvm::Value *ShadowPtr, llvm::Value *Tangent);

} // namespace adpass

#endif
