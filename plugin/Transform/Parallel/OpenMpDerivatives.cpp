//===- OpenMpDerivatives.cpp - OpenMP inside a derivative -----------------===//
#include "Transform/Parallel/OpenMpDerivatives.h"

#include "Analysis/ActivityAnalysis.h"
#include "Rules/BlasRoutines.h"
#include "Rules/MpiRoutines.h"
#include "Rules/OpenMpRoutines.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/LibraryAdjoints.h"
#include "Transform/Parallel/OpenMpRegions.h"

#include "Analysis/CacheAnalysis.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace adpass {

static bool isAdditive(const AtomicRMWInst &RMW) {
  return RMW.getOperation() == AtomicRMWInst::FAdd ||
         RMW.getOperation() == AtomicRMWInst::FSub;
}

/// A reference count moved by a constant (std::shared_ptr's control block,
/// allocated with the object it holds): `atomicrmw add/sub i32 %p, C`. No
/// floating-point value is computed through its bits so.
static bool isCounterUpdate(const AtomicRMWInst &RMW) {
  return (RMW.getOperation() == AtomicRMWInst::Add ||
          RMW.getOperation() == AtomicRMWInst::Sub) &&
         RMW.getType()->isIntegerTy(32) &&
         isa<ConstantInt>(RMW.getValOperand());
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
             RMW && !RMW->isFloatingPointOperation() && !isCounterUpdate(*RMW))
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
    // In a team, the adjoints these add to memory would race (a copy adds
    // to its source).
    auto SharedShadow = [&](const Value *A) {
      return A->getType()->isPointerTy() && AA.hasShadow(A) && mayBeShared(A);
    };
    // (copies: their adjoints are added atomically, MemoryAdjoints)
    if (isa<MemTransferInst>(CB) || !any_of(CB->args(), SharedShadow))
      continue;
    const char *What = nullptr;
    if (matchBlasCall(*CB))
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

/// Whether \p A is where a static worksharing loop's scheduler writes the
/// first iteration of the thread's chunk. (Static: a loop the region runs
/// again gives each thread the same chunks; dynamic schedules, with
/// nowait, could give an iteration to another thread while the first
/// still runs.)
static bool isLowerBoundSlot(const Value *A) {
  if (!isa<AllocaInst>(A))
    return false;
  return any_of(A->users(), [&](const User *U) {
    const auto *CB = dyn_cast<CallBase>(U);
    const Function *F = CB ? CB->getCalledFunction() : nullptr;
    if (!F)
      return false;
    StringRef N = F->getName();
    return N.starts_with("__kmpc_for_static_init_") && CB->arg_size() > 4 &&
           CB->getArgOperand(4) == A;
  });
}

static const Value *stripIntCasts(const Value *V) {
  while (isa<SExtInst>(V) || isa<ZExtInst>(V) || isa<TruncInst>(V))
    V = cast<Instruction>(V)->getOperand(0);
  return V;
}

/// Whether nothing in \p P writes the pointer slot \p Slot: a shared
/// variable the region only reads (the pointer to a shared array, say), or
/// memory no store may reach.
static bool neverWritten(const Value *Slot, Function &P) {
  if (const auto *A = dyn_cast<Argument>(Slot); A && onlyReadThrough(*A))
    return true;
  const Value *Obj = getUnderlyingObject(Slot);
  for (Instruction &I : instructions(P)) {
    if (!I.mayWriteToMemory() || isa<LoadInst>(I))
      continue;
    const Value *Dest = nullptr;
    if (const auto *S = dyn_cast<StoreInst>(&I))
      Dest = S->getPointerOperand();
    else if (const auto *MI = dyn_cast<MemIntrinsic>(&I))
      Dest = MI->getDest();
    else if (const auto *CB = dyn_cast<CallBase>(&I);
             CB && (CB->onlyReadsMemory() || isa<IntrinsicInst>(CB) ||
                    lookupOpenMp(*CB)))
      continue;
    if (!Dest || mayShareMemory(getUnderlyingObject(Dest), Obj))
      return false;
  }
  return true;
}

/// For a load of `base[i]` with `i` a worksharing loop's index: what
/// identifies the base (the pointer, or the slot it is read from in every
/// iteration) and the index.
static std::optional<std::pair<const Value *, const PHINode *>>
disjointForm(const LoadInst &L, Function &P, const LoopInfo &LI,
             function_ref<bool(const Value *)> ReadOnlySlot) {
  const auto *GEP = dyn_cast<GetElementPtrInst>(L.getPointerOperand());
  if (!GEP || GEP->getNumIndices() != 1)
    return std::nullopt;
  const DataLayout &DL = P.getDataLayout();
  if (DL.getTypeAllocSize(GEP->getSourceElementType()) <
      DL.getTypeStoreSize(L.getType()))
    return std::nullopt;
  const auto *Phi = dyn_cast<PHINode>(stripIntCasts(GEP->getOperand(1)));
  const Loop *Lp = Phi ? LI.getLoopFor(Phi->getParent()) : nullptr;
  if (!Lp || Lp->getHeader() != Phi->getParent() || !Lp->getLoopPreheader() ||
      !Lp->getLoopLatch())
    return std::nullopt;
  // i starts at the chunk's first iteration and steps by one.
  const auto *Start = dyn_cast<LoadInst>(
      stripIntCasts(Phi->getIncomingValueForBlock(Lp->getLoopPreheader())));
  const auto *Next = dyn_cast<BinaryOperator>(
      Phi->getIncomingValueForBlock(Lp->getLoopLatch()));
  if (!Start || !isLowerBoundSlot(Start->getPointerOperand()) || !Next ||
      Next->getOpcode() != Instruction::Add || Next->getOperand(0) != Phi ||
      !match(Next->getOperand(1), m_One()))
    return std::nullopt;
  const Value *Base = GEP->getPointerOperand();
  const auto *BI = dyn_cast<Instruction>(Base);
  if (!BI || !Lp->contains(BI))
    return std::make_pair(Base, Phi);
  // Read again in every iteration (-O0) from a slot nothing writes.
  const auto *BL = dyn_cast<LoadInst>(BI);
  const Value *Slot = BL ? BL->getPointerOperand() : nullptr;
  if (!Slot ||
      (isa<Instruction>(Slot) && Lp->contains(cast<Instruction>(Slot))))
    return std::nullopt;
  if (!ReadOnlySlot(Slot))
    return std::nullopt;
  return std::make_pair(Slot, Phi);
}

SmallPtrSet<const LoadInst *, 8> threadDisjointLoads(Function &P,
                                                     const ActivityAnalysis &AA,
                                                     const LoopInfo &LI) {
  SmallPtrSet<const LoadInst *, 8> Loads;
  std::optional<std::pair<const Value *, const PHINode *>> Form;
  DenseMap<const Value *, bool> SlotReadOnly; // one scan of P per slot
  auto ReadOnlySlot = [&](const Value *Slot) {
    auto [It, New] = SlotReadOnly.try_emplace(Slot, false);
    if (New)
      It->second = neverWritten(Slot, P);
    return It->second;
  };
  for (Instruction &I : instructions(P)) {
    if (auto *L = dyn_cast<LoadInst>(&I)) {
      if (!AA.isActive(L) || !mayBeShared(L->getPointerOperand()))
        continue;
      // A local of the forking function (a reduction's variable): its
      // adjoint stays atomic, and no array can overlap it.
      if (const auto *A =
              dyn_cast<Argument>(getUnderlyingObject(L->getPointerOperand()));
          A && isPrivateShared(*A))
        continue;
      auto F = disjointForm(*L, P, LI, ReadOnlySlot);
      if (!F || (Form && *F != *Form))
        return {};
      Form = F;
      Loads.insert(L);
      continue;
    }
    // Adjoints added (or read) elsewhere in shared memory could meet them.
    if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
        RMW && AA.hasShadow(RMW->getPointerOperand()))
      return {};
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && !isa<IntrinsicInst>(CB) && !lookupOpenMp(*CB) &&
        any_of(CB->args(), [&](const Value *A) {
          return A->getType()->isPointerTy() && AA.hasShadow(A) &&
                 mayBeShared(A);
        }))
      return {};
    if (auto *MT = dyn_cast<MemTransferInst>(&I);
        MT && AA.hasShadow(MT->getSource()))
      return {};
  }
  return Loads;
}

void atomicAccumulate(IRBuilder<> &B, Value *Ptr, Value *Delta, Align A) {
  Type *T = Delta->getType();
  const DataLayout &DL = B.GetInsertBlock()->getDataLayout();
  if (T->isFloatingPointTy()) {
    // A hardware atomic needs natural alignment; a float the code could
    // not prove aligned (a packed struct) is added under a lock.
    if (A.value() < DL.getTypeStoreSize(T) &&
        (T->isDoubleTy() || T->isFloatTy())) {
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

void OpenMpDerivatives::prepareForward(Function &P, bool PlainAdds) {
  if (PlainAdds) {
    // No enclosing team has other threads: omp_get_active_level() counts
    // this team when it has more than one thread.
    auto *Entry = cast<BasicBlock>(VMap[&P.getEntryBlock()]);
    IRBuilder<> B(&*Entry->getFirstInsertionPt());
    Module &M = *P.getParent();
    Value *Level = B.CreateCall(
        M.getOrInsertFunction("omp_get_active_level", B.getInt32Ty()), {});
    Value *Threads = B.CreateCall(
        M.getOrInsertFunction("omp_get_num_threads", B.getInt32Ty()), {});
    Alone = B.CreateICmpEQ(
        Level,
        B.CreateZExt(B.CreateICmpSGT(Threads, B.getInt32(1)), B.getInt32Ty()),
        "ad.omp.alone");
  }
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
    Value *Gtid =
        IRB.CreateCall(M.getOrInsertFunction("__kmpc_global_thread_num",
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
    Value *Ticket =
        Adj.forwardValueInReverse(Tickets.lookup(CB), CB->getParent(), IRB);
    Call = IRB.CreateCall(M.getOrInsertFunction("__ad_omp_wait_turn",
                                                IRB.getVoidTy(), IRB.getPtrTy(),
                                                IRB.getInt64Ty()),
                          {Lock, Ticket});
  } else {
    Call =
        IRB.CreateCall(M.getOrInsertFunction("__ad_omp_pass_turn",
                                             IRB.getVoidTy(), IRB.getPtrTy()),
                       {Lock});
  }
  Adj.adoptLocation(Call, CB);
  return true;
}

Value *OpenMpDerivatives::aloneInReverse(IRBuilder<> &IRB) {
  auto *Fwd = cast<Instruction>(Alone);
  return Adj.forwardValueInReverse(Alone, Adj.primalBlockOf(Fwd->getParent()),
                                   IRB);
}

void OpenMpDerivatives::finishPlainAdds() {
  for (PlainAdd &PA : PlainAdds) {
    // The plain addition is contiguous: First, ..., Last.
    BasicBlock *BB = PA.First->getParent();
    SmallVector<Instruction *, 4> Seq;
    for (auto It = PA.First->getIterator(); It != BB->end(); ++It) {
      Seq.push_back(&*It);
      if (&*It == PA.Last)
        break;
    }
    if (Seq.back() != PA.Last) {
      // Not contiguous after all: the atomic addition alone is right.
      IRBuilder<> B(PA.Last);
      atomicAccumulate(B, PA.Last->getPointerOperand(), PA.Delta,
                       PA.Last->getAlign());
      PA.Last->eraseFromParent();
      continue;
    }
    Instruction *Then, *Else;
    SplitBlockAndInsertIfThenElse(PA.Alone, PA.First, &Then, &Else);
    for (Instruction *I : Seq)
      I->moveBefore(Then);
    IRBuilder<> B(Else);
    atomicAccumulate(B, PA.Last->getPointerOperand(), PA.Delta,
                     PA.Last->getAlign());
  }
  PlainAdds.clear();
}

void emitAtomicTangent(const AtomicRMWInst &RMW, Instruction &Fwd,
                       Value *ShadowPtr, Value *Tangent) {
  IRBuilder<> B(Fwd.getNextNode());
  B.CreateAtomicRMW(RMW.getOperation(), ShadowPtr, Tangent, RMW.getAlign(),
                    RMW.getOrdering(), RMW.getSyncScopeID());
}

} // namespace adpass
