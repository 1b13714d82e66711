//===- OpenMpDerivatives.cpp - OpenMP inside a derivative -----------------===//
#include "Transform/Parallel/OpenMpDerivatives.h"

#include "Analysis/ActivityAnalysis.h"
#include "Rules/BlasRoutines.h"
#include "Rules/MpiRoutines.h"
#include "Rules/OpenMpRoutines.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/LibraryAdjoints.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

static bool isAdditive(const AtomicRMWInst &RMW) {
  return RMW.getOperation() == AtomicRMWInst::FAdd ||
         RMW.getOperation() == AtomicRMWInst::FSub;
}

void checkOpenMpCalls(Function &P, const Function &User,
                      const DerivativeRequest &Req, const ActivityAnalysis &AA,
                      DiagnosticSink &Diag) {
  auto Error = [&](const Instruction &I, const Twine &Msg) {
    Diag.error(User, &I, "in '" + User.getName() + "': " + Msg);
  };
  bool Reverse = Req.Mode != DiffMode::Forward;
  for (Instruction &I : instructions(P)) {
    // Floats updated through their bits (omp atomic with *, /, min, max;
    // C11 atomics on doubles): the derivative would be lost.
    const Value *AtomicBits = nullptr;
    if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
      AtomicBits = CX->getPointerOperand();
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
             RMW && !RMW->isFloatingPointOperation())
      AtomicBits = RMW->getPointerOperand();
    if (AtomicBits && AA.hasShadow(AtomicBits)) {
      Error(I, "an atomic compare-and-swap or integer update of "
               "differentiated memory has no derivative (omp atomic with an "
               "operation other than + and -, or atomics on the bits of a "
               "float); use a critical section, or a reduction");
      continue;
    }
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
      if (!RMW->isFloatingPointOperation())
        continue;
      const Value *V = RMW->getValOperand();
      bool Shadowed = AA.hasShadow(RMW->getPointerOperand());
      if (!isAdditive(*RMW) && (AA.isVaried(V) || Shadowed))
        Error(I, "this atomic update ('" +
                     AtomicRMWInst::getOperationName(RMW->getOperation()) +
                     "') of floating-point memory has no derivative; "
                     "ADPass differentiates atomic additions and "
                     "subtractions (omp atomic with += or -=)");
      else if (AA.isVaried(V) && !Shadowed)
        Error(I, "an active value is added atomically to memory that has "
                 "no shadow; pass that memory as ad_dup");
      else if (AA.isActive(RMW))
        Error(I, "the value read by an atomic update (omp atomic capture) "
                 "is used in the computation, which ADPass does not "
                 "differentiate; read the variable after a barrier instead");
      continue;
    }
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    StringRef Name = Callee->getName();
    const OmpRoutine *R = lookupOpenMp(Name);
    if (!R && Name.starts_with("__kmpc_")) {
      Error(I, "call to '" + Name +
                   "' (an OpenMP construct ADPass does not differentiate: "
                   "tasks, ordered, teams, copyprivate, ...); ADPass "
                   "differentiates parallel regions, worksharing loops, "
                   "reductions, barriers, critical sections, atomic "
                   "updates, single and master (docs/parallel.md)");
      continue;
    }
    if (R && R->Kind == OmpKind::Fork) {
      Error(I, "a parallel region whose outlined function is not known at "
               "compile time is not differentiated");
      continue;
    }
    if (R && (R->Kind == OmpKind::Reduce || R->Kind == OmpKind::EndReduce)) {
      Error(I, "this OpenMP reduction has an unexpected form (call to '" +
                   Name + "'); please report it with this input");
      continue;
    }
    if (!Req.Parallel || !Reverse)
      continue;
    // In a team, the adjoints these add to memory would race.
    bool Shadowed = any_of(CB->args(), [&](const Value *A) {
      return A->getType()->isPointerTy() && AA.hasShadow(A) && mayBeShared(A);
    });
    if (!Shadowed)
      continue;
    const char *What = nullptr;
    if (isa<MemTransferInst>(CB))
      What = "a copy of shared memory (memcpy, struct copy)";
    else if (matchBlasCall(*CB))
      What = "a BLAS call";
    else if (matchMpiCall(*CB))
      What = "an MPI call";
    else if (isSortCall(*CB))
      What = "a sort";
    if (What)
      Error(I, Twine(What) +
                   " inside an OpenMP parallel region is not differentiated "
                   "(its adjoint would race with the other threads'); do it "
                   "outside the region, or on memory private to the thread");
  }
}

bool mayBeShared(const Value *Ptr) {
  SmallVector<const Value *, 4> Objs;
  getUnderlyingObjects(Ptr, Objs, /*LI=*/nullptr, /*MaxLookup=*/0);
  return !all_of(Objs, [](const Value *O) { return isa<AllocaInst>(O); });
}

void atomicAccumulate(IRBuilder<> &B, Value *Ptr, Value *Delta, Align A) {
  Type *T = Delta->getType();
  const DataLayout &DL = B.GetInsertBlock()->getDataLayout();
  if (T->isFloatingPointTy()) {
    // A hardware atomic needs natural alignment; a float the code could
    // not prove aligned (a packed struct) is added under a lock.
    if (A.value() < DL.getTypeStoreSize(T) && (T->isDoubleTy() || T->isFloatTy())) {
      Module &M = *B.GetInsertBlock()->getModule();
      B.CreateCall(M.getOrInsertFunction(T->isDoubleTy()
                                             ? "__ad_omp_add_unaligned_f64"
                                             : "__ad_omp_add_unaligned_f32",
                                         B.getVoidTy(), B.getPtrTy(), T),
                   {Ptr, Delta});
      return;
    }
    B.CreateAtomicRMW(AtomicRMWInst::FAdd, Ptr, Delta, A,
                      AtomicOrdering::Monotonic);
    return;
  }
  auto Part = [&](Value *Elt, uint64_t Offset) {
    atomicAccumulate(B, B.CreateConstGEP1_64(B.getInt8Ty(), Ptr, Offset), Elt,
                     commonAlignment(A, Offset));
  };
  if (auto *VT = dyn_cast<FixedVectorType>(T)) {
    uint64_t Size = DL.getTypeStoreSize(VT->getElementType());
    for (unsigned K = 0; K != VT->getNumElements(); ++K)
      Part(B.CreateExtractElement(Delta, K), K * Size);
  } else if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned K = 0; K != ST->getNumElements(); ++K)
      if (isDifferentiableType(ST->getElementType(K)))
        Part(B.CreateExtractValue(Delta, K), SL->getElementOffset(K));
  } else if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Size = DL.getTypeAllocSize(AT->getElementType());
    if (isDifferentiableType(AT->getElementType()))
      for (unsigned K = 0; K != AT->getNumElements(); ++K)
        Part(B.CreateExtractValue(Delta, K), K * Size);
  }
}

/// The object a section's lock is: the critical section's name, or the
/// omp_lock_t.
static Value *lockOf(const CallBase &CB) {
  return CB.getArgOperand(CB.arg_size() - 1);
}

static bool isSection(const OmpRoutine *R) {
  return R &&
         (R->Kind == OmpKind::EnterSection || R->Kind == OmpKind::LeaveSection);
}

void OpenMpDerivatives::prepareForward(Function &P) {
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const OmpRoutine *R = CB ? lookupOpenMp(*CB) : nullptr;
    if (!R || R->Kind != OmpKind::LeaveSection)
      continue;
    // Still inside the section: tickets follow the order of entry.
    auto *Fwd = cast<CallBase>(VMap[CB]);
    IRBuilder<> B(Fwd);
    Module &M = *P.getParent();
    CallInst *Ticket = B.CreateCall(
        M.getOrInsertFunction("__ad_omp_ticket", B.getInt64Ty(), B.getPtrTy()),
        {lockOf(*Fwd)}, "ad.omp.ticket");
    Adj.adoptLocation(Ticket, CB);
    Tickets[CB] = Ticket;
  }
}

bool OpenMpDerivatives::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    Value *V = RMW->getValOperand();
    if (!RMW->isFloatingPointOperation() || !isAdditive(*RMW) ||
        !AA.isActive(V) || !AA.hasShadow(RMW->getPointerOperand()))
      return true; // no derivative, or refused by checkOpenMpCalls
    // The memory's adjoint flows into the value added; the memory's own
    // adjoint stays (it is read only: other threads may add to it).
    Value *SP = Adj.shadowInReverse(RMW->getPointerOperand(), IRB);
    LoadInst *D = IRB.CreateAlignedLoad(V->getType(), SP, RMW->getAlign());
    D->setAtomic(AtomicOrdering::Monotonic);
    Adj.addAdjoint(V,
                   RMW->getOperation() == AtomicRMWInst::FSub
                       ? IRB.CreateFNeg(D)
                       : static_cast<Value *>(D),
                   IRB);
    return true;
  }
  auto *CB = dyn_cast<CallBase>(&I);
  const OmpRoutine *R = CB ? lookupOpenMp(*CB) : nullptr;
  Module &M = *I.getModule();
  if (R && R->Kind == OmpKind::Barrier) {
    Value *Loc = Adj.primalInReverse(CB->getArgOperand(0), IRB);
    // The calling thread's id, asked again: the forward sweep's is not
    // kept.
    Value *Gtid = IRB.CreateCall(M.getOrInsertFunction(
                                     "__kmpc_global_thread_num",
                                     IRB.getInt32Ty(), IRB.getPtrTy()),
                                 {Loc}, "ad.gtid");
    Adj.adoptLocation(IRB.CreateCall(CB->getFunctionType(),
                                     CB->getCalledOperand(), {Loc, Gtid}),
                      CB);
    return true;
  }
  if (!isSection(R))
    return false;
  Value *Lock = Adj.primalInReverse(lockOf(*CB), IRB);
  CallInst *Call;
  if (R->Kind == OmpKind::LeaveSection) {
    Value *Ticket = Adj.forwardValueInReverse(Tickets.lookup(CB),
                                              CB->getParent(), IRB);
    Call = IRB.CreateCall(M.getOrInsertFunction("__ad_omp_wait_turn",
                                                IRB.getVoidTy(), IRB.getPtrTy(),
                                                IRB.getInt64Ty()),
                          {Lock, Ticket});
  } else {
    Call = IRB.CreateCall(M.getOrInsertFunction("__ad_omp_pass_turn",
                                                IRB.getVoidTy(),
                                                IRB.getPtrTy()),
                          {Lock});
  }
  Adj.adoptLocation(Call, CB);
  return true;
}

void emitAtomicTangent(const AtomicRMWInst &RMW, Instruction &Fwd,
                       Value *ShadowPtr, Value *Tangent) {
  IRBuilder<> B(Fwd.getNextNode());
  B.CreateAtomicRMW(RMW.getOperation(), ShadowPtr, Tangent, RMW.getAlign(),
                    RMW.getOrdering(), RMW.getSyncScopeID());
}

} // namespace adpass
