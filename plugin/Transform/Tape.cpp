//===- Tape.cpp - Per-iteration caches of loop values ---------------------===//
#include "Transform/Tape.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace adpass {

/// First capacity of a tape grown iteration by iteration.
static constexpr uint64_t MinGrowthCapacity = 16;

LoopTapes::LoopTapes(Function &G, BasicBlock *AllocaBB, LoopInfo &LI,
                     ValueToValueMapTy &VMap, LoopPlans Plans, Value *Workspace)
    : G(G), AllocaBB(AllocaBB), LI(LI), VMap(VMap), Plans(std::move(Plans)),
      Workspace(Workspace) {}

BasicBlock *LoopTapes::fwd(const BasicBlock *PrimalBB) const {
  return cast<BasicBlock>(VMap.lookup(PrimalBB));
}

/// The forward copy of a primal value (constants are their own copy).
Value *LoopTapes::mapped(Value *PV) const {
  if (Value *F = VMap.lookup(PV))
    return F;
  assert(isa<Constant>(PV) && "primal value without a forward copy");
  return PV;
}

static IRBuilder<> slotBuilder(BasicBlock *AllocaBB) {
  if (Instruction *T = AllocaBB->getTerminator())
    return IRBuilder<>(T);
  return IRBuilder<>(AllocaBB);
}

void LoopTapes::createCounters() {
  Type *I64 = Type::getInt64Ty(G.getContext());
  DenseMap<const BasicBlock *, const BasicBlock *> Primal;
  for (const BasicBlock &B : *LI.begin().operator*()->getHeader()->getParent())
    Primal[fwd(&B)] = &B;
  for (Loop *L : LI.getLoopsInPreorder()) {
    Counter &C = Counters[L];
    IRBuilder<> SB = slotBuilder(AllocaBB);
    std::string Name = L->getHeader()->getName().str();
    C.Count = SB.CreateAlloca(I64, nullptr, "ad.count." + Name);
    C.RevIndex = SB.CreateAlloca(I64, nullptr, "ad.revidx." + Name);
    SB.CreateStore(SB.getInt64(0), C.Count);

    BasicBlock *H = fwd(L->getHeader());
    IRBuilder<> HB(&*H->getFirstInsertionPt());
    LoadInst *Idx = HB.CreateLoad(I64, C.Count, "ad.idx." + Name);
    C.IndexEnd = HB.CreateStore(HB.CreateAdd(Idx, HB.getInt64(1)), C.Count);
    C.Index = Idx;

    IRBuilder<> PB(fwd(L->getLoopPreheader())->getTerminator());
    C.Start = PB.CreateLoad(I64, C.Count, "ad.start." + Name);
    // A loop leaves in its last iteration: with a known trip count, the
    // exit index needs no counting (and the forward loop may die).
    Value *Last = Idx;
    if (Value *Trips = Plans.lookup(L).Trips)
      Last = PB.CreateAdd(C.Start, PB.CreateSub(mapped(Trips), PB.getInt64(1)),
                          "ad.last." + Name);

    SmallVector<BasicBlock *, 4> ExitBlocks;
    L->getUniqueExitBlocks(ExitBlocks);
    for (BasicBlock *E : ExitBlocks) {
      BasicBlock *FE = fwd(E);
      PHINode *Phi = PHINode::Create(I64, 2, "ad.exitidx." + Name, FE->begin());
      for (BasicBlock *Pred : predecessors(FE))
        Phi->addIncoming(
            L->contains(Primal.lookup(Pred)) ? Last : PoisonValue::get(I64),
            Pred);
      C.Exits[E] = Phi;
    }
  }
}

Value *LoopTapes::startIndex(const Loop *L) const {
  return Counters.lookup(L).Start;
}

Value *LoopTapes::exitIndex(const Loop *L, const BasicBlock *Exit) const {
  return Counters.find(L)->second.Exits.lookup(Exit);
}

Value *LoopTapes::reverseIndex(const Loop *L, IRBuilder<> &IRB) {
  return IRB.CreateLoad(IRB.getInt64Ty(), Counters[L].RevIndex, "ad.ridx");
}

void LoopTapes::setReverseIndex(const Loop *L, Value *V, IRBuilder<> &IRB) {
  IRB.CreateStore(V, Counters[L].RevIndex);
}

Value *LoopTapes::address(const Loop *L, Value *Index, uint64_t Offset,
                          IRBuilder<> &IRB) {
  Record &R = Records[L];
  Value *Base = IRB.CreateLoad(IRB.getPtrTy(), R.Base, "ad.tape");
  Value *Bytes = IRB.CreateAdd(IRB.CreateMul(Index, R.SizePlaceholder),
                               IRB.getInt64(Offset));
  return IRB.CreateInBoundsGEP(IRB.getInt8Ty(), Base, Bytes);
}

/// Lane k's slot of a field taped per lane: Addr + k * the field's size,
/// k being `__ad_lane_index()`, which vector mode's lane split makes the
/// constant k in each lane (Vector/LaneSplit.cpp).
static Value *laneSlot(Value *Addr, uint64_t FieldSize, IRBuilder<> &IRB) {
  Module &M = *IRB.GetInsertBlock()->getModule();
  FunctionCallee LaneIndex =
      M.getOrInsertFunction(LaneIndexFunction, IRB.getInt64Ty());
  if (auto *F = dyn_cast<Function>(LaneIndex.getCallee())) {
    F->setDoesNotAccessMemory();
    F->setDoesNotThrow();
    F->setWillReturn();
  }
  Value *K = IRB.CreateCall(LaneIndex, {}, "ad.lane");
  return IRB.CreateInBoundsGEP(IRB.getInt8Ty(), Addr,
                               IRB.CreateMul(K, IRB.getInt64(FieldSize)));
}

Value *LoopTapes::load(Value *FV, const Loop *L, IRBuilder<> &IRB,
                       unsigned Lanes) {
  const DataLayout &DL = G.getParent()->getDataLayout();
  Type *T = FV->getType();
  // (The tape blocks come from malloc/realloc: 16 bytes is what they
  // guarantee, not an AVX vector's 32.)
  Align A = std::min(DL.getABITypeAlign(T), Align(16));
  auto It = Taped.find(FV);
  if (It == Taped.end()) {
    Record &R = Records[L];
    if (!R.SizePlaceholder) {
      IRBuilder<> SB = slotBuilder(AllocaBB);
      R.SizePlaceholder = cast<Instruction>(SB.Insert(
          new FreezeInst(PoisonValue::get(SB.getInt64Ty())), "ad.recsize"));
      R.Base = SB.CreateAlloca(SB.getPtrTy(), nullptr, "ad.tapebase");
      R.Cap = SB.CreateAlloca(SB.getInt64Ty(), nullptr, "ad.tapecap");
      SB.CreateStore(ConstantPointerNull::get(SB.getPtrTy()), R.Base);
      SB.CreateStore(SB.getInt64(0), R.Cap);
    }
    uint64_t Offset = alignTo(R.Size, A);
    R.Size = Offset + Lanes * DL.getTypeAllocSize(T);
    R.Align = std::max<uint64_t>(R.Align, A.value());
    It = Taped.insert({FV, {L, Offset}}).first;
    if (Lanes > 1)
      PerLane.insert(FV);

    // Store it in the forward sweep, right after its definition (for a
    // header phi: after the iteration index).
    Instruction *Def = cast<Instruction>(FV);
    Instruction *IP = Def->getNextNode();
    if (isa<PHINode>(Def)) {
      // (after the index's own update: the header's first instruction
      // then may have been replaced since, a split call say)
      const Counter &C = Counters[L];
      IP = C.IndexEnd->getParent() == Def->getParent()
               ? C.IndexEnd->getNextNode()
               : &*Def->getParent()->getFirstInsertionPt();
    }
    IRBuilder<> FB(IP);
    Value *Slot = address(L, Counters[L].Index, Offset, FB);
    if (Lanes > 1)
      Slot = laneSlot(Slot, DL.getTypeAllocSize(T), FB);
    Records[L].Accesses.push_back(FB.CreateAlignedStore(FV, Slot, A));
  }
  Value *Addr = address(L, reverseIndex(L, IRB), It->second.second, IRB);
  if (PerLane.count(FV))
    Addr = laneSlot(Addr, DL.getTypeAllocSize(T), IRB);
  LoadInst *V = IRB.CreateAlignedLoad(T, Addr, A, FV->getName() + ".tape");
  Records[L].Accesses.push_back(V);
  return V;
}

/// The runtime's entry points (runtime/ADRuntime.c).
static FunctionCallee tapeRealloc(Module &M) {
  Type *Ptr = PointerType::get(M.getContext(), 0);
  Type *I64 = Type::getInt64Ty(M.getContext());
  return M.getOrInsertFunction("__ad_tape_realloc", Ptr, Ptr, Ptr, I64, I64);
}

static FunctionCallee tapeFree(Module &M) {
  Type *Ptr = PointerType::get(M.getContext(), 0);
  return M.getOrInsertFunction("__ad_tape_free",
                               Type::getVoidTy(M.getContext()), Ptr, Ptr);
}

Value *LoopTapes::grow(Record &R, Value *Needed, Value *Hint,
                       IRBuilder<> &IRB) {
  FunctionCallee Realloc = tapeRealloc(*G.getParent());
  Value *Cap = IRB.CreateLoad(IRB.getInt64Ty(), R.Cap);
  auto Max = [&](Value *A, Value *B) {
    return IRB.CreateSelect(IRB.CreateICmpUGT(A, B), A, B);
  };
  Value *NewCap = Max(Needed, IRB.CreateShl(Cap, 1));
  if (Hint)
    NewCap = Max(NewCap, Hint);
  Value *Base = IRB.CreateLoad(IRB.getPtrTy(), R.Base);
  Value *OldBytes = IRB.CreateMul(Cap, R.SizePlaceholder);
  Value *Bytes = IRB.CreateMul(NewCap, R.SizePlaceholder);
  Value *NewBase = IRB.CreateCall(Realloc, {Workspace, Base, OldBytes, Bytes},
                                  "ad.tape.grown");
  IRB.CreateStore(NewBase, R.Base);
  IRB.CreateStore(NewCap, R.Cap);
  return NewBase;
}

void LoopTapes::emitReserve(const Loop *L, Record &R) {
  // At the preheader: room for this whole execution of L.
  Counter &C = Counters[L];
  const LoopPlan &Plan = Plans[L];
  Instruction *Term = cast<Instruction>(C.Start)->getParent()->getTerminator();
  IRBuilder<> B(Term);
  Value *Needed = B.CreateAdd(C.Start, mapped(Plan.Trips));
  Value *Cap = B.CreateLoad(B.getInt64Ty(), R.Cap);
  Instruction *Then =
      SplitBlockAndInsertIfThen(B.CreateICmpUGT(Needed, Cap), Term, false);
  IRBuilder<> TB(Then);
  Value *Hint = Plan.Hint ? mapped(Plan.Hint) : nullptr;
  if (Hint)
    Hint = TB.CreateAdd(Hint, C.Start);
  grow(R, Needed, Hint, TB);
}

void LoopTapes::emitGrowth(const Loop *L, Record &R) {
  // Unknown trip count: check at each iteration.
  Counter &C = Counters[L];
  Instruction *After = C.IndexEnd->getNextNode();
  IRBuilder<> B(After);
  Value *Cap = B.CreateLoad(B.getInt64Ty(), R.Cap);
  Instruction *Then =
      SplitBlockAndInsertIfThen(B.CreateICmpUGE(C.Index, Cap), After, false);
  IRBuilder<> TB(Then);
  Value *Needed = TB.CreateAdd(C.Index, TB.getInt64(MinGrowthCapacity));
  grow(R, Needed, nullptr, TB);
}

bool LoopTapes::inNestBlock(const Loop *L) const {
  auto It = Plans.find(L);
  return It != Plans.end() && It->second.Nest;
}

void LoopTapes::emitNestBlock(const Loop *Outer, CarvedRecords &Carved,
                              NestCountEmitter &Counts,
                              BasicBlock *RevPreheader) {
  // One block for the records of every loop of the nest, allocated before
  // it runs; the largest alignment first, so that every region is aligned.
  stable_sort(Carved, [](const auto &A, const auto &B) {
    return A.second->Align > B.second->Align;
  });
  Instruction *Term = fwd(Outer->getLoopPreheader())->getTerminator();
  IRBuilder<> B(Term);
  SmallVector<Value *, 4> Offsets;
  Value *Bytes = B.getInt64(0);
  for (auto &[L, R] : Carved) {
    Offsets.push_back(Bytes);
    Bytes = B.CreateAdd(
        Bytes, B.CreateMul(Counts.count(L, B), B.getInt64(R->stride())));
  }
  IRBuilder<> SB = slotBuilder(AllocaBB);
  AllocaInst *Block = SB.CreateAlloca(SB.getPtrTy(), nullptr, "ad.nesttape");
  Value *Null = ConstantPointerNull::get(SB.getPtrTy());
  SB.CreateStore(Null, Block);
  NestBlocks.push_back(Block);
  Module &M = *G.getParent();
  // No allocation when no taped loop of the nest runs.
  Instruction *OneBlock = SplitBlockAndInsertIfThen(
      B.CreateICmpNE(Bytes, B.getInt64(0)), Term, false);
  IRBuilder<> TB(OneBlock);
  Value *Base = TB.CreateCall(
      tapeRealloc(M), {Workspace, Null, TB.getInt64(0), Bytes}, "ad.nesttape");
  TB.CreateStore(Base, Block);
  for (unsigned K = 0; K != Carved.size(); ++K)
    TB.CreateStore(TB.CreateInBoundsGEP(TB.getInt8Ty(), Base, Offsets[K]),
                   Carved[K].second->Base);
  // Released when the reverse sweep leaves the nest. (A large block is kept
  // by the runtime for the next call rather than unmapped and faulted in
  // again: __ad_tape_free.)
  IRBuilder<> RB(RevPreheader, RevPreheader->getFirstInsertionPt());
  RB.CreateCall(tapeFree(M), {Workspace, RB.CreateLoad(RB.getPtrTy(), Block)});
  RB.CreateStore(Null, Block);
}

/// The regions of a block never overlap; say so, as separate allocations
/// did (without it, a store to one tape keeps loads of another in the loop).
void LoopTapes::markDisjoint(CarvedRecords &Carved) {
  if (Carved.size() < 2)
    return;
  MDBuilder MDB(G.getContext());
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("ad.nesttape");
  SmallVector<Metadata *, 4> Scopes;
  for (unsigned K = 0; K != Carved.size(); ++K)
    Scopes.push_back(MDB.createAnonymousAliasScope(Domain, "ad.region"));
  for (unsigned K = 0; K != Carved.size(); ++K) {
    SmallVector<Metadata *, 4> Others(Scopes);
    Others.erase(Others.begin() + K);
    MDNode *Scope = MDNode::get(G.getContext(), Scopes[K]);
    MDNode *NoAlias = MDNode::get(G.getContext(), Others);
    for (Instruction *I : Carved[K].second->Accesses) {
      I->setMetadata(LLVMContext::MD_alias_scope, Scope);
      I->setMetadata(LLVMContext::MD_noalias, NoAlias);
    }
  }
}

void LoopTapes::finish(const DenseMap<const BasicBlock *, BasicBlock *> &RevBB,
                       BasicBlock *RevExit) {
  Module &M = *G.getParent();
  if (!Records.empty() && !isa<Constant>(Workspace)) {
    // Everything this call carves from the workspace is returned at exit.
    IRBuilder<> SB = slotBuilder(AllocaBB);
    Type *I64 = SB.getInt64Ty(), *Ptr = SB.getPtrTy();
    Value *Mark = WorkspaceMark = SB.CreateCall(
        M.getOrInsertFunction("__ad_ws_mark", I64, Ptr), {Workspace});
    IRBuilder<> EB(RevExit->getTerminator());
    EB.CreateCall(
        M.getOrInsertFunction("__ad_ws_release", SB.getVoidTy(), Ptr, I64),
        {Workspace, Mark});
  }
  MapVector<const Loop *, CarvedRecords> Nests;
  for (auto &[L, R] : Records) {
    const Loop *Outer = L->getOutermostLoop();
    if (inNestBlock(L)) {
      Nests[Outer].push_back({L, &R});
    } else {
      if (Plans.lookup(L).Trips)
        emitReserve(L, R);
      else
        emitGrowth(L, R);
      // Released when the reverse sweep leaves the nest.
      BasicBlock *RevPH = RevBB.lookup(Outer->getLoopPreheader());
      IRBuilder<> B(RevPH, RevPH->getFirstInsertionPt());
      B.CreateCall(tapeFree(M),
                   {Workspace, B.CreateLoad(B.getPtrTy(), R.Base)});
      B.CreateStore(ConstantPointerNull::get(B.getPtrTy()), R.Base);
      B.CreateStore(B.getInt64(0), R.Cap);
    }
  }
  NestCountEmitter Counts(Plans, VMap);
  for (auto &[Outer, Carved] : Nests) {
    emitNestBlock(Outer, Carved, Counts,
                  RevBB.lookup(Outer->getLoopPreheader()));
    markDisjoint(Carved);
  }
  for (auto &[L, R] : Records) {
    R.SizePlaceholder->replaceAllUsesWith(
        ConstantInt::get(Type::getInt64Ty(G.getContext()), R.stride()));
    R.SizePlaceholder->eraseFromParent();
    R.SizePlaceholder = nullptr;
  }
}

void LoopTapes::emitRelease(IRBuilder<> &IRB) {
  Module &M = *G.getParent();
  Type *Ptr = IRB.getPtrTy();
  for (auto &[L, R] : Records)
    if (!inNestBlock(L))
      IRB.CreateCall(tapeFree(M), {Workspace, IRB.CreateLoad(Ptr, R.Base)});
  for (AllocaInst *Block : NestBlocks)
    IRB.CreateCall(tapeFree(M), {Workspace, IRB.CreateLoad(Ptr, Block)});
  if (WorkspaceMark)
    IRB.CreateCall(M.getOrInsertFunction("__ad_ws_release", IRB.getVoidTy(),
                                         Ptr, IRB.getInt64Ty()),
                   {Workspace, WorkspaceMark});
}

void dropInnerWorkspaces(Function &F) {
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee)
      continue;
    StringRef Name = Callee->getName();
    if (Name == "__ad_tape_realloc" || Name == "__ad_tape_free" ||
        Name == "__ad_tape_shadow_realloc" || Name == "__ad_tape_shadow_free") {
      CB->setArgOperand(0, ConstantPointerNull::get(cast<PointerType>(
                               CB->getArgOperand(0)->getType())));
    } else if (Name == "__ad_ws_mark") {
      CB->replaceAllUsesWith(ConstantInt::get(CB->getType(), 0));
      CB->eraseFromParent();
    } else if (Name == "__ad_ws_release") {
      CB->eraseFromParent();
    }
  }
}

} // namespace adpass
