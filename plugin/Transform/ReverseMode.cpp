//===- ReverseMode.cpp - Combined forward + reverse sweep -----------------===//
//
// Layout of the generated function:
//
//   ad.entry:   stack slots for adjoints and for primal values that the
//               reverse sweep reads from blocks that do not dominate it
//   <primal blocks, cloned>      each `ret` becomes a branch to ...
//   rev.<B> for every block B     B's instructions backwards; then to the
//                                 reverse block of the predecessor that was
//                                 taken (recorded by a phi in B)
//   rev.exit:   return the adjoints of the ad_out arguments
//
// The stack slots are promoted to SSA afterwards: loop-free code ends up
// with no memory traffic, no tape and no heap allocation.
//
//===----------------------------------------------------------------------===//
#include "Transform/ReverseMode.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Analysis/TypeAnalysis.h"
#include "Rules/ComplexRules.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Transform/ActiveConstructs.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/CallAdjoints.h"
#include "Transform/Exceptions.h"
#include "Transform/HeapAdjoints.h"
#include "Transform/Library/BlasDerivatives.h"
#include "Transform/LibraryAdjoints.h"
#include "Transform/MemoryAdjoints.h"
#include "Transform/Normalize.h"
#include "Transform/Parallel/MpiDerivatives.h"
#include "Transform/Parallel/OpenMpDerivatives.h"
#include "Transform/PrimalClone.h"
#include "Transform/SplitMode.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

static Type *gradientReturnType(const Function &Fn,
                                const DerivativeRequest &Req) {
  SmallVector<Type *, 4> Outs;
  for (const Argument &A : Fn.args())
    if (Req.Args[A.getArgNo()] == ArgActivity::Out)
      Outs.push_back(A.getType());
  LLVMContext &Ctx = Fn.getContext();
  if (Outs.empty())
    return Type::getVoidTy(Ctx);
  Type *One = Outs.size() == 1 ? Outs[0] : StructType::get(Ctx, Outs);
  // Vector mode: the derivatives of each direction in turn.
  return Req.Width == 1 ? One : ArrayType::get(One, Req.Width);
}

FunctionType *gradientFunctionType(const Function &Fn,
                                   const DerivativeRequest &Req) {
  SmallVector<Type *, 8> Params;
  for (const Argument &A : Fn.args()) {
    Params.push_back(A.getType());
    ArgActivity Act = Req.Args[A.getArgNo()];
    if (Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed)
      Params.append(Req.Width, A.getType());
  }
  if (Req.SeedParam)
    Params.append(Req.Width, Fn.getReturnType());
  if (Req.Workspace)
    Params.push_back(PointerType::get(Fn.getContext(), 0));
  return FunctionType::get(gradientReturnType(Fn, Req), Params, false);
}

GradientStats primalStats(const Function &P, const ActivityAnalysis &AA,
                          const ValueToValueMapTy &VMap) {
  GradientStats S;
  for (const Instruction &I : instructions(P)) {
    ++S.PrimalInstructions;
    S.Active += AA.isActive(&I);
    if (!I.isTerminator())
      if (Value *F = VMap.lookup(&I))
        S.ForwardCopies.emplace_back(F);
  }
  return S;
}

namespace {

class GradientGenerator {
public:
  GradientGenerator(Function &Grad, Function &P, const Function &User,
                    const DerivativeRequest &Req, const ActivityAnalysis &AA,
                    CacheAnalysis &CA, LoopPlans Plans, DerivativeCache &Cache,
                    DiagnosticSink &Diag, SmallVectorImpl<WeakVH> *PrimalCopies,
                    unsigned Lanes)
      : P(P), User(User), Req(Req), AA(AA), CA(CA), LI(CA.loopInfo()),
        Cache(Cache), Diag(Diag), PDT(P), Plans(std::move(Plans)), G(&Grad),
        PrimalCopies(PrimalCopies), Lanes(Lanes) {}

  bool run();
  GradientStats stats() const;

private:
  bool checkSupported();
  void createFunction();
  void buildReverseBlock(BasicBlock *B);
  void buildPredecessorDispatch(BasicBlock *B, IRBuilder<> &IRB);
  void enterLoops(BasicBlock *Pred, BasicBlock *B, IRBuilder<> &IRB);
  bool entersOncePerIteration(const Loop *L);
  Value *recomputedPredecessor(BasicBlock *B, ArrayRef<BasicBlock *> Preds,
                               IRBuilder<> &IRB);
  Value *recordedPredecessor(BasicBlock *B, ArrayRef<BasicBlock *> Preds,
                             IRBuilder<> &IRB);
  void buildExit();
  void releaseOnUnwind();
  void joinAtSplitPoint();
  void emitReverse(Instruction &I, IRBuilder<> &IRB);
  bool dominatesReverse(const BasicBlock *PrimalBB);

  Function &P;
  const Function &User;
  const DerivativeRequest &Req;
  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  LoopInfo &LI;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  DominatorTree PDT;
  LoopPlans Plans;

  Function *G = nullptr;
  SmallVectorImpl<WeakVH> *PrimalCopies; ///< see generateGradient
  unsigned Lanes;
  ValueToValueMapTy VMap;
  std::unique_ptr<LoopTapes> Tapes;
  std::unique_ptr<AdjointBuilder> Adj;
  std::unique_ptr<TypeAnalysis> TA;
  std::unique_ptr<MemoryAdjoints> Mem;
  std::unique_ptr<HeapAdjoints> Heap;
  std::unique_ptr<CallAdjoints> Calls;
  std::unique_ptr<LibraryAdjoints> Library;
  std::unique_ptr<BlasDerivatives> Blas;
  std::unique_ptr<MpiDerivatives> Mpi;
  std::unique_ptr<OpenMpDerivatives> OpenMp;
  /// Loads whose adjoints no two threads of the team add to one place.
  SmallPtrSet<const LoadInst *, 8> ThreadDisjoint;
  DenseMap<const BasicBlock *, BasicBlock *> RevBB;
  DenseMap<const BasicBlock *, bool> DominatesRets;
  SmallVector<BasicBlock *, 4> PrimalRets;
  BasicBlock *RevExit = nullptr;
  Value *Seed = nullptr; ///< the return's seed, when it is a parameter
};

bool GradientGenerator::checkSupported() {
  ReversePostOrderTraversal<const Function *> RPOT(&P);
  if (containsIrreducibleCFG<const BasicBlock *>(RPOT, LI))
    Diag.error(User, P.getEntryBlock().getFirstNonPHIOrDbg(),
               "in '" + User.getName() +
                   "': irreducible control flow (a cycle with several "
                   "entries, e.g. from goto) cannot be reversed");
  for (const Loop *L : LI.getLoopsInPreorder())
    if (!L->isLoopSimplifyForm())
      Diag.error(User, L->getHeader()->getFirstNonPHIOrDbg(),
                 "in '" + User.getName() +
                     "': this loop has no single entry and latch (indirect "
                     "branches?) and cannot be reversed");
  checkActiveConstructs(P, User, AA, Req, Diag);
  return !Diag.hasErrors();
}

void GradientGenerator::createFunction() {
  SmallVector<Argument *, 8> Shadows = clonePrimalInto(*G, P, Req, VMap);
  if (PrimalCopies) // before any derivative code exists
    for (Instruction &I : instructions(*G))
      PrimalCopies->push_back(&I);
  auto GA = G->arg_begin() + P.arg_size() +
            count_if(Shadows, [](Argument *S) { return S != nullptr; });
  BasicBlock *FwdEntry = &G->getEntryBlock();
  BasicBlock *AllocaBB =
      BasicBlock::Create(G->getContext(), "ad.entry", G, FwdEntry);
  // After the primal arguments and shadows: the seed, then the workspace.
  Value *Workspace =
      ConstantPointerNull::get(PointerType::get(G->getContext(), 0));
  if (Req.SeedParam) {
    Seed = &*GA++;
    Seed->setName("ad.seed");
  }
  if (Req.Workspace) {
    Workspace = &*GA++;
    Workspace->setName("ad.workspace");
  }
  Tapes = std::make_unique<LoopTapes>(*G, AllocaBB, LI, VMap, Plans, Workspace);
  Adj = std::make_unique<AdjointBuilder>(*G, AllocaBB, AA, CA, *Tapes, VMap);
  Adj->setLanes(Lanes);
  for (Argument &A : P.args())
    if (Argument *S = Shadows[A.getArgNo()])
      Adj->setArgumentShadow(&A, S);
  Adj->setDominanceQuery(
      [this](const BasicBlock *BB) { return dominatesReverse(BB); });

  for (BasicBlock &B : P)
    if (isa<ReturnInst>(B.getTerminator()))
      PrimalRets.push_back(&B);
  if (!LI.empty())
    Tapes->createCounters();
  for (const Loop *L : LI.getLoopsInPreorder())
    if (entersOncePerIteration(L))
      Adj->setRectangular(L);
  TA = std::make_unique<TypeAnalysis>(P, AA.pointsTo());
  Heap = std::make_unique<HeapAdjoints>(P, User, AA, *TA, *Adj, VMap, LI,
                                        AllocaBB, Diag);
  Adj->setAllocationShadower(
      [this](const CallBase &CB) { return Heap->allocationShadow(CB); });
  if (Req.Mode == DiffMode::Reverse)
    Heap->setReleaseOnUnwind();
  if (Req.OwnedHeap)
    Heap->setOwnedArguments();
  Heap->prepareForward();
  Mem = std::make_unique<MemoryAdjoints>(P, User, AA, *TA, *Adj, VMap, Diag);
  Mem->setParallel(Req.Parallel);
  Mem->prepareForward();
  Calls =
      std::make_unique<CallAdjoints>(P, User, AA, CA, *Adj, VMap, Cache, Diag,
                                     Req.Mode == DiffMode::Split, Req.Parallel);
  // Callees may defer frees of the caller's blocks to the end of the
  // outermost reverse sweep: this one, when it is not split (its reverse
  // would run after other derivatives') nor run by a team of threads.
  bool Outermost = !Req.Nested && Req.Mode == DiffMode::Reverse;
  Calls->setOwnedHeap(!Req.Parallel && (Outermost || Req.OwnedHeap),
                      Req.OwnedHeap);
  Calls->prepareForward();
  if (Outermost && Calls->defersFreesOutward())
    Heap->drainOuterFrees();
  Library = std::make_unique<LibraryAdjoints>(P, User, AA, *Adj, VMap, Diag);
  Library->prepareForward();
  Blas = std::make_unique<BlasDerivatives>(AA, CA, *Adj, VMap);
  Blas->prepareForward(P);
  Mpi = std::make_unique<MpiDerivatives>(AA, *Adj, VMap);
  Mpi->prepareForward(P);
  OpenMp = std::make_unique<OpenMpDerivatives>(AA, *Adj, VMap);
  if (Req.Parallel)
    ThreadDisjoint = threadDisjointLoads(P, AA, LI);
  OpenMp->prepareForward(P, !ThreadDisjoint.empty());
}

GradientStats GradientGenerator::stats() const {
  GradientStats S = primalStats(P, AA, VMap);
  if (Tapes)
    S.Taped = Tapes->numTaped();
  if (Adj)
    S.Recomputed = Adj->numRecomputed();
  return S;
}

/// Whether inner loop \p L, with a trip count invariant in its outermost
/// parent, runs in every completed iteration of that parent or in none:
/// then its start index is (parent iteration) * trips.
bool GradientGenerator::entersOncePerIteration(const Loop *L) {
  const Loop *Outer = L->getParentLoop();
  // Hint: L's trip count is the same in every iteration of the nest.
  if (!Outer || !Plans.lookup(L).Hint)
    return false;
  BasicBlock *PH = L->getLoopPreheader();
  if (Outer->getParentLoop())
    // Deeper in a nest, idx_Outer counts Outer's header runs since the nest
    // was entered, across Outer's executions: each of them must have entered
    // L. Outer leaves only from its latch, which every iteration reaches
    // through L's preheader.
    return Outer->getExitingBlock() == Outer->getLoopLatch() &&
           PDT.dominates(PH, Outer->getLoopLatch());
  if (PDT.dominates(PH, Outer->getLoopLatch()))
    return true;
  // Otherwise every branch that decides whether PH runs must go the same
  // way in all iterations (an invariant guard), or leave the loop. A branch
  // decides if, within one iteration, one side can reach PH and another the
  // latch without PH (it need not dominate PH: `if (c) { if (d) continue; }`).
  BasicBlock *Header = Outer->getHeader(), *Latch = Outer->getLoopLatch();
  SmallPtrSet<BasicBlock *, 2> NoHeader{Header}, NoPH{Header, PH};
  auto Reaches = [](BasicBlock *From, BasicBlock *To,
                    SmallPtrSetImpl<BasicBlock *> &Avoid) {
    return From == To ||
           (!Avoid.count(From) && isPotentiallyReachable(From, To, &Avoid));
  };
  for (BasicBlock *X : Outer->blocks()) {
    Instruction *T = X->getTerminator();
    if (T->getNumSuccessors() < 2)
      continue;
    Value *Cond = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(T))
      Cond = Br->getCondition();
    else if (auto *SW = dyn_cast<SwitchInst>(T))
      Cond = SW->getCondition();
    if (Cond && Outer->isLoopInvariant(Cond))
      continue;
    bool ToPH = false, Around = false;
    for (BasicBlock *S : successors(X)) {
      if (!Outer->contains(S) || S == Header)
        continue;
      ToPH |= Reaches(S, PH, NoHeader);
      Around |= S != PH && Reaches(S, Latch, NoPH);
    }
    if (ToPH && Around)
      return false;
  }
  return true;
}

bool GradientGenerator::dominatesReverse(const BasicBlock *PrimalBB) {
  auto It = DominatesRets.find(PrimalBB);
  if (It != DominatesRets.end())
    return It->second;
  // A block in a loop defines a new value each iteration: never "the" one.
  bool All =
      !LI.getLoopFor(PrimalBB) && all_of(PrimalRets, [&](const BasicBlock *R) {
        return PDT.dominates(PrimalBB, R);
      });
  DominatesRets[PrimalBB] = All;
  return All;
}

bool GradientGenerator::run() {
  if (!checkSupported())
    return false;
  createFunction();
  LLVMContext &Ctx = G->getContext();
  for (BasicBlock &B : P)
    RevBB[&B] = BasicBlock::Create(Ctx, "rev." + B.getName(), G);
  RevExit = BasicBlock::Create(Ctx, "rev.exit", G);

  // Returns of the forward sweep enter the reverse sweep.
  if (Req.Mode == DiffMode::Split) {
    joinAtSplitPoint();
  } else {
    for (BasicBlock *R : PrimalRets) {
      auto *FwdBB = cast<BasicBlock>(VMap[R]);
      FwdBB->getTerminator()->eraseFromParent();
      BranchInst::Create(RevBB[R], FwdBB);
    }
  }
  for (BasicBlock &B : P)
    buildReverseBlock(&B);
  buildExit();
  Tapes->finish(RevBB, RevExit);
  if (Req.Mode == DiffMode::Reverse)
    releaseOnUnwind();
  Adj->finish(cast<BasicBlock>(VMap[&P.getEntryBlock()]));
  OpenMp->finishPlainAdds();
  if (Diag.hasErrors()) {
    G->deleteBody();
    return false;
  }
  return true;
}

/// An exception leaving the forward sweep frees the tapes and the blocks the
/// primal freed: on the primal's own cleanup paths (before they resume
/// unwinding), and on a path of its own from every other call that may
/// throw. (Split mode: the exception leaves without them.)
void GradientGenerator::releaseOnUnwind() {
  auto Release = [&](Instruction *Before) {
    IRBuilder<> B(Before);
    Tapes->emitRelease(B);
    Heap->emitRelease(B);
  };
  // (Calls on the primal's cleanup paths run while unwinding: a throw there
  // terminates.)
  SmallPtrSet<const BasicBlock *, 8> Cleanup;
  SmallVector<const BasicBlock *, 8> Work;
  for (Instruction &I : instructions(P))
    if (auto *CB = dyn_cast<CallBase>(&I);
        CB && isUnwindLandingPad(*CB) && Cleanup.insert(CB->getParent()).second)
      Work.push_back(CB->getParent());
  while (!Work.empty())
    for (const BasicBlock *S : successors(Work.pop_back_val()))
      if (Cleanup.insert(S).second)
        Work.push_back(S);
  SmallVector<CallBase *, 4> Plain;
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    auto *FCB = CB ? dyn_cast_or_null<CallBase>(VMap.lookup(CB)) : nullptr;
    if (!FCB || !FCB->getParent())
      continue;
    if (isUnwindResume(*CB))
      Release(FCB);
    else if (mayUnwind(*CB) && !hasUnwindPath(*CB) &&
             !Cleanup.count(CB->getParent()))
      Plain.push_back(FCB);
  }
  if (Tapes->allocates() || Heap->holdsFreedBlocks())
    addReleasePaths(Plain, personalityFor(User), Release);
}

/// Split mode: the forward sweep's returns meet at the split point, with the
/// primal result, and go on to the reverse block of the return taken.
void GradientGenerator::joinAtSplitPoint() {
  BasicBlock *Join = BasicBlock::Create(G->getContext(), "ad.split", G);
  IRBuilder<> IRB(Join);
  Type *RT = P.getReturnType();
  unsigned N = PrimalRets.size();
  PHINode *Result =
      RT->isVoidTy() ? nullptr : IRB.CreatePHI(RT, N, "ad.primal.result");
  PHINode *Which = IRB.CreatePHI(IRB.getInt32Ty(), N, "ad.return");
  // A pointer result's shadow (the caller's forward sweep uses it).
  PHINode *Shadow =
      Req.ReturnShadow ? IRB.CreatePHI(RT, N, "ad.result.shadow") : nullptr;
  for (unsigned K = 0; K != N; ++K) {
    auto *FwdBB = cast<BasicBlock>(VMap[PrimalRets[K]]);
    auto *Ret = cast<ReturnInst>(FwdBB->getTerminator());
    if (Result)
      Result->addIncoming(Ret->getReturnValue(), FwdBB);
    if (Shadow) {
      const Value *R = PrimalRets[K]->getTerminator()->getOperand(0);
      if (!AA.hasShadow(R) && !isNullLikePointer(R))
        Diag.error(User, PrimalRets[K]->getTerminator(),
                   "in '" + User.getName() +
                       "': the pointer returned here has no shadow, but "
                       "the caller uses it as pointing into differentiated "
                       "memory; return it through a pointer argument");
      Shadow->addIncoming(AA.hasShadow(R)
                              ? Adj->shadowInForward(R)
                              : ConstantPointerNull::get(IRB.getPtrTy()),
                          FwdBB);
    }
    Which->addIncoming(IRB.getInt32(K), FwdBB);
    Ret->eraseFromParent();
    BranchInst::Create(Join, FwdBB);
  }
  if (Value *SeedAfter = emitSplitPoint(IRB, Result, Seed, Shadow))
    Seed = SeedAfter;
  if (N == 0) {
    IRB.CreateUnreachable();
    return;
  }
  SwitchInst *SW = IRB.CreateSwitch(Which, RevBB[PrimalRets[0]], N - 1);
  for (unsigned K = 1; K != N; ++K)
    SW->addCase(IRB.getInt32(K), RevBB[PrimalRets[K]]);
}

void GradientGenerator::buildReverseBlock(BasicBlock *B) {
  IRBuilder<> IRB(RevBB[B]);
  if (auto *Ret = dyn_cast<ReturnInst>(B->getTerminator()))
    if (Req.ReturnActive && Ret->getReturnValue())
      Adj->addAdjoint(
          Ret->getReturnValue(),
          Seed ? Seed : ConstantFP::get(Ret->getReturnValue()->getType(), 1.0),
          IRB);
  for (Instruction &I : reverse(*B)) {
    if (I.isTerminator() || isa<PHINode>(I))
      continue;
    emitReverse(I, IRB);
  }
  buildPredecessorDispatch(B, IRB);
}

void GradientGenerator::buildPredecessorDispatch(BasicBlock *B,
                                                 IRBuilder<> &IRB) {
  // Phi adjoints are taken together, before any is distributed.
  SmallVector<std::pair<PHINode *, Value *>, 4> PhiAdjoints;
  for (PHINode &Phi : B->phis())
    if (AA.isActive(&Phi))
      PhiAdjoints.push_back({&Phi, Adj->takeAdjoint(&Phi, IRB)});

  SmallSetVector<BasicBlock *, 4> Preds(pred_begin(B), pred_end(B));
  auto EdgeTo = [&](BasicBlock *Pred, IRBuilder<> &EB) {
    for (auto &[Phi, D] : PhiAdjoints)
      Adj->addAdjoint(Phi->getIncomingValueForBlock(Pred), D, EB);
    enterLoops(Pred, B, EB);
    EB.CreateBr(RevBB[Pred]);
  };
  if (const Loop *L = LI.getLoopFor(B); L && L->getHeader() == B) {
    // Back across the header: to the latch, one iteration earlier, or out
    // through the preheader after the first iteration.
    BasicBlock *PH = L->getLoopPreheader(), *Latch = L->getLoopLatch();
    Value *Start = Adj->startInReverse(L, IRB);
    Value *Idx = Tapes->reverseIndex(L, IRB);
    BasicBlock *ToLatch =
        BasicBlock::Create(G->getContext(), "rev.backedge." + B->getName(), G);
    BasicBlock *ToPH =
        BasicBlock::Create(G->getContext(), "rev.entry." + B->getName(), G);
    IRB.CreateCondBr(IRB.CreateICmpEQ(Idx, Start), ToPH, ToLatch);
    IRBuilder<> LB(ToLatch);
    Tapes->setReverseIndex(L, LB.CreateSub(Idx, LB.getInt64(1)), LB);
    EdgeTo(Latch, LB);
    IRBuilder<> PB(ToPH);
    EdgeTo(PH, PB);
    return;
  }
  if (Preds.empty()) {
    IRB.CreateBr(RevExit);
    return;
  }
  if (Preds.size() == 1) {
    EdgeTo(Preds[0], IRB);
    return;
  }
  // Which predecessor ran: recomputed from the branch that chose it, or a
  // phi of indices in the forward block.
  Value *Idx = recomputedPredecessor(B, Preds.getArrayRef(), IRB);
  if (!Idx)
    Idx = recordedPredecessor(B, Preds.getArrayRef(), IRB);
  SwitchInst *SW = IRB.CreateSwitch(Idx, nullptr, Preds.size());
  for (unsigned K = 0; K != Preds.size(); ++K) {
    BasicBlock *Edge = BasicBlock::Create(G->getContext(),
                                          "rev.edge." + Preds[K]->getName(), G);
    IRBuilder<> EB(Edge);
    EdgeTo(Preds[K], EB);
    if (K == 0)
      SW->setDefaultDest(Edge);
    else
      SW->addCase(IRB.getInt32(K), Edge);
  }
}

Value *GradientGenerator::recordedPredecessor(BasicBlock *B,
                                              ArrayRef<BasicBlock *> Preds,
                                              IRBuilder<> &IRB) {
  auto *FwdBB = cast<BasicBlock>(VMap[B]);
  IRBuilder<> PB(FwdBB, FwdBB->begin());
  PHINode *Which =
      PB.CreatePHI(IRB.getInt32Ty(), Preds.size(), "ad.pred." + B->getName());
  for (BasicBlock *FwdPred : predecessors(FwdBB)) {
    BasicBlock *PrimalPred = Adj->primalBlockOf(FwdPred);
    Which->addIncoming(IRB.getInt32(find(Preds, PrimalPred) - Preds.begin()),
                       FwdPred);
  }
  return Adj->forwardValueInReverse(Which, B, IRB);
}

/// In a loop, a block joining the two sides of a branch knows which way the
/// iteration went if the branch condition can be had in the reverse sweep
/// without a tape (recomputed, or defined outside the loop).
Value *GradientGenerator::recomputedPredecessor(BasicBlock *B,
                                                ArrayRef<BasicBlock *> Preds,
                                                IRBuilder<> &IRB) {
  if (!LI.getLoopFor(B) || Preds.size() != 2)
    return nullptr;
  BasicBlock *D = PDT.getNode(B)->getIDom()->getBlock();
  const Loop *DL = LI.getLoopFor(D);
  auto *Br = dyn_cast<BranchInst>(D->getTerminator());
  if ((DL && !DL->contains(B)) || !Br || !Br->isConditional() ||
      Br->getSuccessor(0) == Br->getSuccessor(1))
    return nullptr;
  Value *Cond = Br->getCondition();
  if (isa<Instruction>(Cond) && CA.kind(Cond) == CacheKind::Tape)
    return nullptr;
  int Side[2];
  for (unsigned K = 0; K != 2; ++K) {
    Side[K] = -1;
    for (unsigned S = 0; S != 2; ++S) {
      BasicBlock *Succ = Br->getSuccessor(S);
      if (Preds[K] == D ? Succ == B
                        : Succ != B && PDT.dominates(Succ, Preds[K])) {
        if (Side[K] != -1)
          return nullptr;
        Side[K] = S;
      }
    }
    if (Side[K] == -1)
      return nullptr;
  }
  if (Side[0] == Side[1])
    return nullptr;
  // The direction decides the predecessor only if neither side can reach
  // the other's predecessor within the iteration (a side may rejoin the
  // other before B: `if (c) { ...; if (k) goto B; } rest; B:`).
  SmallPtrSet<BasicBlock *, 2> Within{B, LI.getLoopFor(B)->getHeader()};
  for (unsigned K = 0; K != 2; ++K) {
    BasicBlock *Other = Preds[1 - K];
    if (Other != D && isPotentiallyReachable(Br->getSuccessor(Side[K]), Other,
                                             &Within, nullptr, nullptr))
      return nullptr;
  }
  // The true side (successor 0) came through Preds[K] with Side[K] == 0.
  unsigned TruePred = Side[0] == 0 ? 0 : 1;
  return IRB.CreateSelect(Adj->primalInReverse(Cond, IRB),
                          IRB.getInt32(TruePred), IRB.getInt32(1 - TruePred),
                          "ad.pred");
}

/// Crossing the edge Pred -> B backwards enters the loops Pred is in and B
/// is not, at the iteration they left through B. Outermost first: an inner
/// loop's exit index (its start and trip count) is read from its parent's
/// tape at the parent's reverse index, which must be the iteration left.
void GradientGenerator::enterLoops(BasicBlock *Pred, BasicBlock *B,
                                   IRBuilder<> &IRB) {
  SmallVector<const Loop *, 4> Left;
  for (const Loop *L = LI.getLoopFor(Pred); L && !L->contains(B);
       L = L->getParentLoop())
    Left.push_back(L);
  for (const Loop *L : reverse(Left))
    Tapes->setReverseIndex(L, Adj->exitIndexInReverse(L, B, IRB), IRB);
}

void GradientGenerator::buildExit() {
  IRBuilder<> IRB(RevExit);
  Heap->finish(IRB);
  SmallVector<Value *, 4> Outs;
  for (Argument &A : P.args())
    if (Req.Args[A.getArgNo()] == ArgActivity::Out)
      Outs.push_back(positiveIfUntouched(Adj->takeAdjoint(&A, IRB), IRB));
  Type *RT = G->getReturnType();
  if (Outs.empty()) {
    IRB.CreateRetVoid();
  } else if (Outs.size() == 1) {
    IRB.CreateRet(Outs[0]);
  } else {
    Value *Agg = PoisonValue::get(RT);
    for (unsigned K = 0; K != Outs.size(); ++K)
      Agg = IRB.CreateInsertValue(Agg, Outs[K], K);
    IRB.CreateRet(Agg);
  }
}

void GradientGenerator::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  if (auto *S = dyn_cast<StoreInst>(&I)) {
    Value *V = S->getValueOperand();
    if (!AA.hasShadow(S->getPointerOperand()))
      return;
    // Integer zeros (a memset made a store) may overwrite floats: what was
    // there has no adjoint left.
    if (isIntegerZero(V) &&
        TA->objectType(S->getPointerOperand()).Kind == MemoryType::Float) {
      IRB.CreateAlignedStore(
          V, Adj->shadowInReverse(S->getPointerOperand(), IRB), S->getAlign());
      return;
    }
    if (!isDifferentiableType(V->getType()))
      return;
    // The store overwrote what was there: its adjoint moves to the stored
    // value and the shadow restarts from zero.
    Value *SP = Adj->shadowInReverse(S->getPointerOperand(), IRB);
    LoadInst *D = IRB.CreateAlignedLoad(V->getType(), SP, S->getAlign());
    IRB.CreateAlignedStore(Constant::getNullValue(V->getType()), SP,
                           S->getAlign());
    Adj->addAdjoint(V, D, IRB);
    return;
  }
  if (Heap->emitReverse(I, IRB) || Mem->emitReverse(I, IRB) ||
      Calls->emitReverse(I, IRB) || Library->emitReverse(I, IRB) ||
      Blas->emitReverse(I, IRB) || Mpi->emitReverse(I, IRB) ||
      OpenMp->emitReverse(I, IRB) || !AA.isActive(&I))
    return;
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    Value *D = Adj->takeAdjoint(L, IRB);
    Value *SP = Adj->shadowInReverse(L->getPointerOperand(), IRB);
    // Other threads of the team may read the same memory.
    if (Req.Parallel && mayBeShared(L->getPointerOperand()) &&
        !ThreadDisjoint.count(L)) {
      // The shadow is aligned as the primal is (the cleanup may have lost
      // what the load knew).
      atomicAccumulate(
          IRB, SP, D,
          std::max(L->getAlign(), L->getPointerOperand()->getPointerAlignment(
                                      P.getDataLayout())));
      return;
    }
    Value *Alone =
        ThreadDisjoint.count(L) ? OpenMp->aloneInReverse(IRB) : nullptr;
    auto *Old = IRB.CreateAlignedLoad(L->getType(), SP, L->getAlign());
    StoreInst *New =
        IRB.CreateAlignedStore(Adj->add(Old, D, IRB), SP, L->getAlign());
    if (Alone)
      OpenMp->guardPlainAdd(Old, New, D, Alone);
    return;
  }
  if (Adj->emitStructural(I, IRB))
    return;
  if (auto *CB = dyn_cast<CallBase>(&I); CB && isComplexCall(*CB)) {
    auto Primal = [&](unsigned J) {
      return Adj->primalInReverse(CB->getArgOperand(J), IRB);
    };
    auto Result = [&](unsigned) { return Adj->primalInReverse(CB, IRB); };
    auto Active = [&](unsigned J) { return AA.isActive(CB->getArgOperand(J)); };
    auto Add = [&](unsigned J, Value *D) {
      Adj->addAdjoint(CB->getArgOperand(J), D, IRB);
    };
    complexAdjoints(*CB, IRB, Primal, Result, Adj->takeAdjoint(CB, IRB), Active,
                    Add);
    return;
  }
  if (const DerivativeRule *R = lookupRule(I)) {
    Value *D = Adj->takeAdjoint(&I, IRB);
    unsigned NumOps =
        isa<CallBase>(I) ? cast<CallBase>(I).arg_size() : I.getNumOperands();
    for (unsigned K = 0; K != NumOps && K != R->Contribs.size(); ++K) {
      Value *Op = I.getOperand(K);
      if (!R->Contribs[K] || !AA.isActive(Op))
        continue;
      RuleArgs Args(
          IRB,
          [&](unsigned J) {
            return Adj->primalInReverse(I.getOperand(J), IRB);
          },
          [&](unsigned) { return Adj->primalInReverse(&I, IRB); }, D);
      Expr C = R->Contribs[K](Args);
      Adj->addAdjoint(Op, Adj->convert(C.value(), Op->getType(), IRB), IRB);
    }
    return;
  }
  refuseInstruction(User, I, Diag);
}

} // namespace

bool generateGradient(Function &G, Function &Primal, const Function &UserFn,
                      const DerivativeRequest &Req, const ActivityAnalysis &AA,
                      CacheAnalysis &CA, LoopPlans Plans,
                      DerivativeCache &Cache, DiagnosticSink &Diag,
                      GradientStats &Stats,
                      SmallVectorImpl<WeakVH> *PrimalCopies, unsigned Lanes) {
  GradientGenerator Gen(G, Primal, UserFn, Req, AA, CA, std::move(Plans), Cache,
                        Diag, PrimalCopies, Lanes);
  bool Done = Gen.run();
  Stats = Gen.stats();
  return Done;
}

} // namespace adpass
