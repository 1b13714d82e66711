//===- SplitMode.cpp - Augmented forward and reverse as two functions -----===//
#include "Transform/SplitMode.h"

#include "Support/Diagnostics.h"
#include "Transform/ReverseMode.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

static constexpr const char *SplitPointName = "__ad_split_point";
static constexpr const char *SplitSeedName = "__ad_split_seed";

FunctionType *augmentedFunctionType(const Function &Fn,
                                    const DerivativeRequest &Req) {
  // The gradient's arguments and shadows, without the seed and workspace.
  ArrayRef<Type *> All = gradientFunctionType(Fn, Req)->params();
  ArrayRef<Type *> Params =
      All.drop_back(Req.SeedParam * Req.Width + Req.Workspace);
  LLVMContext &Ctx = Fn.getContext();
  Type *Tape = PointerType::get(Ctx, 0);
  Type *RT = Fn.getReturnType();
  // (a pointer result's shadow after it: DerivativeRequest::ReturnShadow)
  Type *Ret = RT->isVoidTy()     ? Tape
              : Req.ReturnShadow ? StructType::get(Ctx, {Tape, RT, RT})
                                 : StructType::get(Ctx, {Tape, RT});
  return FunctionType::get(Ret, Params, false);
}

FunctionType *reverseFunctionType(const Function &Fn,
                                  const DerivativeRequest &Req) {
  SmallVector<Type *, 2> Params{PointerType::get(Fn.getContext(), 0)};
  if (Req.SeedParam) // one per direction in vector mode
    Params.append(Req.Width, Fn.getReturnType());
  Type *RT = gradientFunctionType(Fn, Req)->getReturnType();
  return FunctionType::get(RT, Params, false);
}

Value *emitSplitPoint(IRBuilder<> &IRB, Value *PrimalResult, Value *Seed,
                      Value *ResultShadow) {
  Module &M = *IRB.GetInsertBlock()->getModule();
  // Opaque to the cleanup (may touch any memory, so nothing moves across
  // it) and never duplicated, so the sweeps stay apart.
  auto Opaque = [&](StringRef Name, Type *Ret) {
    FunctionCallee C =
        M.getOrInsertFunction(Name, FunctionType::get(Ret, {}, true));
    auto *F = cast<Function>(C.getCallee());
    F->addFnAttr(Attribute::NoDuplicate);
    F->addFnAttr(Attribute::NoUnwind);
    return C;
  };
  SmallVector<Value *, 2> Args;
  if (PrimalResult)
    Args.push_back(PrimalResult);
  if (ResultShadow)
    Args.push_back(ResultShadow);
  IRB.CreateCall(Opaque(SplitPointName, IRB.getVoidTy()), Args);
  if (!Seed)
    return nullptr;
  // Typed per call: the declaration's own type is never called.
  FunctionCallee SeedFn = Opaque(SplitSeedName, IRB.getVoidTy());
  return IRB.CreateCall(FunctionType::get(Seed->getType(), {}, true),
                        SeedFn.getCallee(), {Seed}, "ad.seed.rev");
}

namespace {

class GradientSplitter {
public:
  GradientSplitter(Function &G, SplitPair Pair, const DerivativeRequest &Req,
                   DiagnosticSink &Diag)
      : G(G), Aug(*Pair.Aug), Rev(*Pair.Rev), Req(Req), Diag(Diag),
        DL(G.getDataLayout()), Ctx(G.getContext()) {}

  bool run();

private:
  bool findSweeps();
  bool inReverse(const Instruction *I) const {
    return RevBlocks.count(const_cast<BasicBlock *>(I->getParent()));
  }
  SetVector<Value *> crossingValues() const;
  void rematerializeAddresses();
  bool placeStackMemory();
  void finishAugmented(ArrayRef<Value *> Crossing);
  void buildReverse(ArrayRef<Value *> Crossing);
  FunctionCallee runtime(StringRef Name, Type *Ret, ArrayRef<Type *> Params);
  bool internalError(const Twine &What);

  Function &G, &Aug, &Rev;
  const DerivativeRequest &Req;
  DiagnosticSink &Diag;
  const DataLayout &DL;
  LLVMContext &Ctx;
  CallInst *Point = nullptr;
  BasicBlock *RevStart = nullptr;
  SmallSetVector<BasicBlock *, 32> RevBlocks;
  SmallVector<AllocaInst *, 4> ReverseOnly;
  SmallVector<Instruction *, 4> HeapFrames; ///< freed by the reverse
  SmallPtrSet<Value *, 4> MaybeUnmade; ///< heap frames not made on every path
  /// The list of the blocks of variable-length arrays made in loops.
  Instruction *BlockList = nullptr;
  Instruction *blockList();
  StructType *TapeTy = nullptr;
};

bool GradientSplitter::internalError(const Twine &What) {
  Diag.error(*Req.Fn, nullptr,
             "internal error while splitting the derivative of '" +
                 Req.Fn->getName() + "' (" + What +
                 "); please report it with this input");
  return false;
}

FunctionCallee GradientSplitter::runtime(StringRef Name, Type *Ret,
                                         ArrayRef<Type *> Params) {
  return Aug.getParent()->getOrInsertFunction(
      Name, FunctionType::get(Ret, Params, false));
}

bool GradientSplitter::run() {
  // The body moves to Aug, whose parameters are G's first ones; the seed
  // is read by the reverse sweep only.
  Aug.splice(Aug.end(), &G);
  // (its cleanup paths, where an exception leaves the forward sweep)
  if (G.hasPersonalityFn())
    Aug.setPersonalityFn(G.getPersonalityFn());
  unsigned K = 0;
  for (Argument &A : Aug.args()) {
    A.takeName(G.getArg(K));
    G.getArg(K++)->replaceAllUsesWith(&A);
  }
  for (unsigned L = 0; Req.SeedParam && L != Req.Width; ++L) {
    Rev.getArg(1 + L)->setName("ad.seed");
    Argument *Seed = G.getArg(K + L);
    for (User *U : make_early_inc_range(Seed->users()))
      if (auto *CB = dyn_cast<CallBase>(U))
        if (auto *F = dyn_cast<Function>(CB->getCalledOperand());
            F && F->getName() == SplitSeedName) {
          CB->replaceAllUsesWith(Seed);
          CB->eraseFromParent();
        }
    Seed->replaceAllUsesWith(Rev.getArg(1 + L));
  }
  AttributeList GA = G.getAttributes();
  SmallVector<AttributeSet, 8> ParamAttrs;
  // The tape keeps pointer arguments past the return.
  for (unsigned P = 0; P != Aug.arg_size(); ++P)
    ParamAttrs.push_back(
        GA.getParamAttrs(P).removeAttribute(Ctx, Attribute::NoCapture));
  Aug.setAttributes(
      AttributeList::get(Ctx, GA.getFnAttrs(), AttributeSet(), ParamAttrs));
  if (DISubprogram *SP = G.getSubprogram()) {
    G.setSubprogram(nullptr);
    Aug.setSubprogram(SP);
  }
  if (!findSweeps() || !placeStackMemory())
    return false;
  rematerializeAddresses();
  SetVector<Value *> Crossing = crossingValues();
  for (Instruction *Frame : HeapFrames)
    Crossing.insert(Frame); // freed by the reverse, even if unused there
  SmallVector<Type *, 8> Fields{PointerType::get(Ctx, 0)};
  for (Value *V : Crossing)
    Fields.push_back(V->getType());
  TapeTy =
      StructType::create(Ctx, Fields, "ad.tape." + Req.Fn->getName().str());
  SmallVector<Value *, 8> Values(Crossing.begin(), Crossing.end());
  finishAugmented(Values);
  buildReverse(Values);
  return true;
}

/// The reverse sweep is everything reachable from the split point; the
/// forward sweep never comes back to it.
bool GradientSplitter::findSweeps() {
  for (Instruction &I : instructions(Aug))
    if (auto *CB = dyn_cast<CallInst>(&I))
      if (Function *F = CB->getCalledFunction();
          F && F->getName() == SplitPointName) {
        if (Point)
          return internalError("two split points");
        Point = CB;
      }
  if (!Point)
    return internalError("no split point");
  BasicBlock *PointBB = Point->getParent();
  RevStart = PointBB->splitBasicBlock(Point->getNextNode(), "ad.rev.start");
  SmallVector<BasicBlock *, 16> Work{RevStart};
  RevBlocks.insert(RevStart);
  while (!Work.empty())
    for (BasicBlock *S : successors(Work.pop_back_val()))
      if (RevBlocks.insert(S))
        Work.push_back(S);
  for (BasicBlock *B : RevBlocks)
    for (BasicBlock *P : predecessors(B))
      if (!RevBlocks.count(P) && !(B == RevStart && P == PointBB))
        return internalError("the forward sweep enters the reverse sweep "
                             "past the split point");
  return true;
}

/// Values of the forward sweep (and arguments) the reverse sweep uses.
SetVector<Value *> GradientSplitter::crossingValues() const {
  SetVector<Value *> Crossing;
  for (BasicBlock *B : RevBlocks)
    for (Instruction &I : *B)
      for (Value *Op : I.operands()) {
        auto *OI = dyn_cast<Instruction>(Op);
        // Stack slots only the reverse sweep uses move there (buildReverse).
        if (OI && isa<AllocaInst>(OI) &&
            is_contained(ReverseOnly, cast<AllocaInst>(OI)))
          continue;
        if ((OI && !inReverse(OI)) ||
            (isa<Argument>(Op) && cast<Argument>(Op)->getParent() == &Aug))
          Crossing.insert(Op);
      }
  return Crossing;
}

/// Addresses at constant offsets from a crossing pointer are computed again
/// in the reverse sweep rather than kept: one pointer in the tape instead of
/// one per field or element used.
void GradientSplitter::rematerializeAddresses() {
  DenseMap<Value *, Instruction *> Copies;
  Instruction *Where = &*RevStart->getFirstInsertionPt();
  SmallVector<Instruction *, 64> Work;
  for (BasicBlock *B : RevBlocks)
    for (Instruction &I : *B)
      Work.push_back(&I);
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    for (Use &U : I->operands()) {
      auto *GEP = dyn_cast<GetElementPtrInst>(U.get());
      if (!GEP || inReverse(GEP) || !GEP->hasAllConstantIndices() ||
          isa<PHINode>(I))
        continue;
      Instruction *&Copy = Copies[GEP];
      if (!Copy) {
        Copy = GEP->clone();
        Copy->insertBefore(Where);
        Copy->setName(GEP->getName());
        Work.push_back(Copy);
      }
      U.set(Copy);
    }
  }
}

/// Stack objects only the reverse sweep uses move to its frame; those both
/// sweeps may reach (used by both, or whose address escapes into a tape or
/// memory) move to the heap, freed by the reverse.
bool GradientSplitter::placeStackMemory() {
  SmallPtrSet<const Value *, 8> Reached;
  for (Value *V : crossingValues())
    if (V->getType()->isPointerTy()) {
      SmallVector<const Value *, 4> Objects;
      getUnderlyingObjects(V, Objects, nullptr, 0);
      Reached.insert(Objects.begin(), Objects.end());
    }
  SmallVector<AllocaInst *, 8> ToHeap;
  for (Instruction &I : instructions(Aug)) {
    auto *AI = dyn_cast<AllocaInst>(&I);
    if (!AI || inReverse(AI))
      continue;
    bool UsedForward = any_of(AI->users(), [&](const User *U) {
      return !inReverse(cast<Instruction>(U));
    });
    if (!UsedForward) {
      ReverseOnly.push_back(AI);
      continue;
    }
    if (Reached.count(AI) || PointerMayBeCaptured(AI, true, true))
      ToHeap.push_back(AI);
  }
  // Lifetime markers would tell the optimizer the heap copies die early.
  SmallPtrSet<const Value *, 8> Moving(ToHeap.begin(), ToHeap.end());
  for (Instruction &I : make_early_inc_range(instructions(Aug)))
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && II->isLifetimeStartOrEnd() &&
        Moving.count(getUnderlyingObject(II->getArgOperand(1))))
      II->eraseFromParent();
  FunctionCallee Alloc =
      runtime("__ad_split_alloc", PointerType::get(Ctx, 0),
              {Type::getInt64Ty(Ctx), Type::getInt64Ty(Ctx)});
  for (AllocaInst *AI : ToHeap) {
    // A variable-length array made at most once per call (Eigen's stack
    // buffers, `small ? alloca(n) : malloc(n)`) moves to the heap too; its
    // tape slot is null where it is not made.
    bool Static = AI->isStaticAlloca();
    BasicBlock *BB = AI->getParent();
    bool InLoop = !Static && any_of(successors(BB), [&](BasicBlock *S) {
      return isPotentiallyReachable(S, BB);
    });
    IRBuilder<> B(AI);
    Value *Bytes = B.getInt64(*AI->getAllocationSize(DL));
    if (!Static) {
      Bytes =
          B.CreateMul(B.CreateZExtOrTrunc(AI->getArraySize(), B.getInt64Ty()),
                      B.getInt64(DL.getTypeAllocSize(AI->getAllocatedType())));
    }
    CallInst *Heap;
    if (InLoop) {
      // One block per iteration, all alive until the function returns (as
      // the stack blocks were): on a list the reverse frees.
      Heap = B.CreateCall(
          runtime("__ad_split_alloc_listed", B.getPtrTy(),
                  {B.getPtrTy(), B.getInt64Ty(), B.getInt64Ty()}),
          {blockList(), Bytes, B.getInt64(AI->getAlign().value())});
    } else {
      Heap = B.CreateCall(Alloc, {Bytes, B.getInt64(AI->getAlign().value())});
      if (!Static)
        MaybeUnmade.insert(Heap);
      HeapFrames.push_back(Heap);
    }
    Heap->takeName(AI);
    AI->replaceAllUsesWith(Heap);
    AI->eraseFromParent();
  }
  return true;
}

Instruction *GradientSplitter::blockList() {
  if (BlockList)
    return BlockList;
  BasicBlock &Entry = Aug.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  BlockList = B.CreateCall(runtime("__ad_split_alloc", B.getPtrTy(),
                                   {B.getInt64Ty(), B.getInt64Ty()}),
                           {B.getInt64(8), B.getInt64(8)}, "ad.blocks");
  B.CreateStore(ConstantPointerNull::get(B.getPtrTy()), BlockList);
  HeapFrames.push_back(BlockList);
  return BlockList;
}

/// The augmented forward allocates the tape on entry and stores each
/// crossing value where it is defined (short live ranges), then returns it.
void GradientSplitter::finishAugmented(ArrayRef<Value *> Crossing) {
  BasicBlock &Entry = Aug.getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  B.SetCurrentDebugLocation(Point->getDebugLoc());
  FunctionCallee Alloc = runtime("__ad_split_alloc", B.getPtrTy(),
                                 {B.getInt64Ty(), B.getInt64Ty()});
  Instruction *Tape =
      B.CreateCall(Alloc,
                   {B.getInt64(DL.getTypeAllocSize(TapeTy)),
                    B.getInt64(DL.getABITypeAlign(TapeTy).value())},
                   "ad.tape");
  // The reverse checks that the tape is its own.
  B.CreateStore(&Rev, B.CreateStructGEP(TapeTy, Tape, 0));
  for (unsigned K = 0; K != Crossing.size(); ++K) {
    Value *V = Crossing[K];
    // (a heap frame that may not be made: freed by the reverse as null)
    if (MaybeUnmade.count(V))
      B.CreateStore(ConstantPointerNull::get(B.getPtrTy()),
                    B.CreateStructGEP(TapeTy, Tape, K + 1));
    // (a value defined in a loop is stored each iteration: the last one is
    // the one the reverse sweep sees)
    Instruction *At = Tape->getNextNode();
    if (auto *I = dyn_cast<Instruction>(V))
      At = isa<PHINode>(I) ? &*I->getParent()->getFirstInsertionPt()
                           : I->getNextNode();
    IRBuilder<> SB(At);
    SB.CreateStore(V, SB.CreateStructGEP(TapeTy, Tape, K + 1));
  }

  BasicBlock *PointBB = Point->getParent();
  PointBB->getTerminator()->eraseFromParent();
  B.SetInsertPoint(PointBB);
  if (Aug.getReturnType()->isPointerTy()) {
    B.CreateRet(Tape);
  } else {
    Value *Agg = PoisonValue::get(Aug.getReturnType());
    Agg = B.CreateInsertValue(Agg, Tape, 0);
    // The primal result, and its shadow when the function returns one.
    for (unsigned K = 0; K != Point->arg_size(); ++K)
      Agg = B.CreateInsertValue(Agg, Point->getArgOperand(K), K + 1);
    B.CreateRet(Agg);
  }
  Function *PointFn = Point->getCalledFunction();
  Point->eraseFromParent();
  if (PointFn->use_empty()) // the runtime linker would look for it
    PointFn->eraseFromParent();
}

void GradientSplitter::buildReverse(ArrayRef<Value *> Crossing) {
  for (BasicBlock *B : RevBlocks)
    Rev.splice(Rev.end(), &Aug, B->getIterator());
  Rev.setAttributes(
      AttributeList::get(Ctx, AttributeList::FunctionIndex,
                         AttrBuilder(Ctx, Aug.getAttributes().getFnAttrs())));
  // No debug info: the reverse has no subprogram of its own.
  for (BasicBlock &B : Rev)
    for (Instruction &I : make_early_inc_range(B)) {
      I.dropDbgRecords();
      I.setDebugLoc(DebugLoc());
      I.setMetadata(LLVMContext::MD_loop, nullptr);
      if (isa<DbgInfoIntrinsic>(I))
        I.eraseFromParent();
    }

  BasicBlock *Entry = BasicBlock::Create(Ctx, "ad.tape", &Rev, &Rev.front());
  BasicBlock *Load = BasicBlock::Create(Ctx, "ad.tape.load", &Rev, RevStart);
  BasicBlock *Bad = BasicBlock::Create(Ctx, "ad.tape.bad", &Rev);
  for (AllocaInst *AI : ReverseOnly)
    AI->moveBefore(*Entry, Entry->end());
  IRBuilder<> B(Entry);
  Argument *Tape = Rev.getArg(0);
  Tape->setName("ad.tape");
  // Nothing else reaches the tape: its loads do not depend on any store.
  Tape->addAttr(Attribute::NoAlias);
  Value *IdPtr = B.CreateStructGEP(TapeTy, Tape, 0);
  Value *Mine = B.CreateICmpEQ(B.CreateLoad(B.getPtrTy(), IdPtr), &Rev);
  B.CreateCondBr(Mine, Load, Bad);

  B.SetInsertPoint(Bad);
  Value *Name = B.CreateGlobalStringPtr(Req.Fn->getName(), "ad.fn.name");
  B.CreateCall(runtime("__ad_split_mismatch", B.getVoidTy(), {B.getPtrTy()}),
               {Name});
  B.CreateUnreachable();

  B.SetInsertPoint(Load);
  B.CreateBr(RevStart);
  // Each value is loaded where it is used, when that is one block (short
  // live ranges), else on entry.
  SmallVector<Value *, 8> Loaded;
  for (unsigned K = 0; K != Crossing.size(); ++K) {
    Value *V = Crossing[K];
    SmallVector<Use *, 4> Uses;
    for (Use &U : V->uses())
      if (auto *I = dyn_cast<Instruction>(U.getUser());
          I && I->getFunction() == &Rev)
        Uses.push_back(&U);
    Instruction *At = Load->getTerminator();
    if (!Uses.empty()) {
      auto *First = cast<Instruction>(Uses.front()->getUser());
      bool OneBlock = all_of(Uses, [&](const Use *U) {
        auto *I = cast<Instruction>(U->getUser());
        return I->getParent() == First->getParent() && !isa<PHINode>(I);
      });
      if (OneBlock) {
        At = First;
        for (const Use *U : Uses)
          if (cast<Instruction>(U->getUser())->comesBefore(At))
            At = cast<Instruction>(U->getUser());
      }
    }
    IRBuilder<> LB(At);
    LoadInst *L =
        LB.CreateLoad(V->getType(), LB.CreateStructGEP(TapeTy, Tape, K + 1),
                      V->getName() + ".tape");
    for (Use *U : Uses)
      U->set(L);
    Loaded.push_back(L);
  }

  // Leaving: the tape, and the stack objects that moved to the heap, die.
  FunctionCallee Free = runtime("free", B.getVoidTy(), {B.getPtrTy()});
  for (BasicBlock &BB : Rev)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator())) {
      IRBuilder<> RB(Ret);
      if (BlockList) {
        unsigned K = find(Crossing, BlockList) - Crossing.begin();
        RB.CreateCall(
            runtime("__ad_free_listed", RB.getVoidTy(), {RB.getPtrTy()}),
            {RB.CreateLoad(RB.getPtrTy(),
                           RB.CreateStructGEP(TapeTy, Tape, K + 1))});
      }
      for (Instruction *Frame : HeapFrames) {
        unsigned K = find(Crossing, Frame) - Crossing.begin();
        RB.CreateCall(Free,
                      {RB.CreateLoad(RB.getPtrTy(),
                                     RB.CreateStructGEP(TapeTy, Tape, K + 1))});
      }
      // A consumed tape is no longer anybody's.
      RB.CreateStore(ConstantPointerNull::get(RB.getPtrTy()),
                     RB.CreateStructGEP(TapeTy, Tape, 0));
      RB.CreateCall(Free, {Tape});
    }
}

} // namespace

bool splitGradient(Function &G, SplitPair Pair, const DerivativeRequest &Req,
                   DiagnosticSink &Diag) {
  return GradientSplitter(G, Pair, Req, Diag).run();
}

} // namespace adpass
