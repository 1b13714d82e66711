//===- Exceptions.cpp - Invokes in differentiated code --------------------===//
#include "Transform/Exceptions.h"

#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

#include <atomic>

using namespace llvm;

namespace adpass {

static constexpr const char *CaughtKind = "ad.caught";
static constexpr const char *UnwindKind = "ad.unwind";
static constexpr const char *UnwindsName = "__ad_unwinds";
static constexpr const char *LandingPadName = "__ad_landingpad";
static constexpr const char *ResumeName = "__ad_resume";

/// Numbers the unwind branches of the module (a derivative inlined into
/// another keeps its numbers, told apart by where they are).
static std::atomic<unsigned> NextUnwindId{0};

static StructType *exceptionType(LLVMContext &Ctx) {
  return StructType::get(Ctx,
                         {PointerType::get(Ctx, 0), Type::getInt32Ty(Ctx)});
}

/// A placeholder of the unwind paths: opaque to the optimizer (it touches
/// memory nothing else sees), so it is neither moved nor merged.
static FunctionCallee placeholder(Module &M, StringRef Name, Type *Ret,
                                  ArrayRef<Type *> Params, bool NoReturn) {
  FunctionCallee FC =
      M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  if (auto *F = dyn_cast<Function>(FC.getCallee())) {
    F->setDoesNotThrow();
    F->setOnlyAccessesInaccessibleMemory();
    if (NoReturn)
      F->setDoesNotReturn();
    else
      F->setWillReturn();
  }
  return FC;
}

static FunctionCallee unwindsFn(Module &M) {
  return placeholder(M, UnwindsName, Type::getInt1Ty(M.getContext()),
                     {Type::getInt32Ty(M.getContext())}, false);
}

static FunctionCallee landingPadFn(Module &M) {
  return placeholder(M, LandingPadName, exceptionType(M.getContext()),
                     {PointerType::get(M.getContext(), 0)}, false);
}

static FunctionCallee resumeFn(Module &M) {
  return placeholder(M, ResumeName, Type::getVoidTy(M.getContext()),
                     {exceptionType(M.getContext())}, true);
}

static bool calls(const CallBase &CB, StringRef Name) {
  const Function *F = CB.getCalledFunction();
  return F && F->getName() == Name;
}

bool hasUnwindPath(const CallBase &CB) { return CB.getMetadata(UnwindKind); }

static std::optional<unsigned> unwindIdOf(const Instruction &I) {
  const MDNode *MD = I.getMetadata(UnwindKind);
  if (!MD || MD->getNumOperands() != 1)
    return std::nullopt;
  auto *C = mdconst::dyn_extract<ConstantInt>(MD->getOperand(0));
  return C ? std::optional<unsigned>(C->getZExtValue()) : std::nullopt;
}

bool isUnwindResume(const CallBase &CB) { return calls(CB, ResumeName); }

bool isUnwindLandingPad(const CallBase &CB) {
  return calls(CB, LandingPadName);
}

bool mayUnwind(const CallBase &CB) {
  if (CB.doesNotThrow() || CB.isInlineAsm() || isa<IntrinsicInst>(CB))
    return false;
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return true;
  // ADPass's runtime (derivatives, defined here, may throw), and the C
  // library (its declarations in IR may lack nounwind; C++'s operator new
  // throws).
  StringRef Name = F->getName();
  if (Name.starts_with("__ad_") || isKnownInactiveFunction(Name) ||
      isKnownMathFunction(Name))
    return false;
  static TargetLibraryInfoImpl TLII{Triple("x86_64-pc-linux-gnu")};
  LibFunc LF;
  return Name.starts_with("_Z") || !TargetLibraryInfo(TLII).getLibFunc(*F, LF);
}

void moveUnwindPath(const CallBase &From, CallBase &To) {
  if (MDNode *MD = From.getMetadata(UnwindKind))
    To.setMetadata(UnwindKind, MD);
}

Value *personalityFor(const Function &F) {
  if (F.hasPersonalityFn())
    return F.getPersonalityFn();
  return F.getParent()->getFunction("__gxx_personality_v0");
}

/// Whether the landing pad of \p II may enter a handler (a catch or a filter
/// clause), not only run cleanups.
static bool catches(const InvokeInst &II) {
  const LandingPadInst *LP = II.getLandingPadInst();
  if (!LP)
    return true; // another EH model: assume the worst
  for (unsigned K = 0; K != LP->getNumClauses(); ++K)
    if (LP->isCatch(K) || LP->isFilter(K))
      return true;
  return false;
}

static void tagUnwind(CallBase &CB, unsigned Id) {
  LLVMContext &Ctx = CB.getContext();
  CB.setMetadata(UnwindKind,
                 MDNode::get(Ctx, ConstantAsMetadata::get(ConstantInt::get(
                                      Type::getInt32Ty(Ctx), Id))));
}

/// Gives \p Call (a call, followed in its block by a plain branch or by
/// `unreachable`) an opaque branch to \p Pad: after it, or before it when it
/// does not return (the optimizer drops anything after such a call).
static void addUnwindBranch(CallInst *Call, BasicBlock *Pad) {
  unsigned Id = NextUnwindId++;
  tagUnwind(*Call, Id);
  BasicBlock *BB = Call->getParent();
  BasicBlock *Head = BB, *Tail;
  if (Call->doesNotReturn())
    Tail = BB->splitBasicBlock(Call, BB->getName() + ".ad.call");
  else
    Tail = BB->splitBasicBlock(Call->getNextNode(), BB->getName() + ".ad.cont");
  // (the phis of Pad came from BB, still Head)
  Head->getTerminator()->eraseFromParent();
  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Call->getDebugLoc());
  Value *Unwinds =
      B.CreateCall(unwindsFn(*BB->getModule()), {B.getInt32(Id)}, "ad.unwinds");
  B.CreateCondBr(Unwinds, Pad, Tail);
}

/// \p II (its landing pad only cleans up) becomes a call and an opaque
/// branch to its cleanup code, which is kept as ordinary code.
static void keepCleanup(InvokeInst *II, Value *Personality) {
  Module &M = *II->getModule();
  BasicBlock *Pad = II->getUnwindDest(), *Normal = II->getNormalDest();
  if (auto *LP = dyn_cast<LandingPadInst>(Pad->getFirstNonPHI())) {
    IRBuilder<> B(LP);
    CallInst *Exn = B.CreateCall(landingPadFn(M), {Personality});
    Exn->setDebugLoc(LP->getDebugLoc());
    Exn->takeName(LP);
    LP->replaceAllUsesWith(Exn);
    LP->eraseFromParent();
  }
  SmallVector<OperandBundleDef, 1> Bundles;
  II->getOperandBundlesAsDefs(Bundles);
  SmallVector<Value *, 8> Args(II->args());
  CallInst *Call =
      CallInst::Create(II->getFunctionType(), II->getCalledOperand(), Args,
                       Bundles, "", II->getIterator());
  Call->takeName(II);
  Call->setCallingConv(II->getCallingConv());
  Call->setAttributes(II->getAttributes());
  Call->setDebugLoc(II->getDebugLoc());
  Call->copyMetadata(*II);
  Call->setMetadata(LLVMContext::MD_prof, nullptr);
  II->replaceAllUsesWith(Call);
  // The edge to Pad goes away with the invoke and comes back from the same
  // block: Pad's phis stay as they are.
  BranchInst::Create(Normal, II->getIterator());
  II->eraseFromParent();
  addUnwindBranch(Call, Pad);
}

void dropUnwindEdges(Function &C) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &B : C)
    if (auto *II = dyn_cast<InvokeInst>(B.getTerminator()))
      Invokes.push_back(II);
  if (Invokes.empty())
    return;
  Value *Personality = C.hasPersonalityFn() ? C.getPersonalityFn() : nullptr;
  // Decided before any changes: invokes may share a landing pad.
  SmallVector<std::pair<InvokeInst *, bool>, 4> Caught, Kept;
  for (InvokeInst *II : Invokes) {
    bool Catches = catches(*II);
    if (!Catches && Personality &&
        II->getLandingPadInst()->getType() == exceptionType(C.getContext()))
      Kept.push_back({II, false});
    else
      Caught.push_back({II, Catches});
  }
  for (auto [II, Catches] : Caught) {
    CallInst *Call = changeToCall(II);
    if (Catches)
      Call->setMetadata(CaughtKind, MDNode::get(C.getContext(), {}));
  }
  for (auto [II, _] : Kept)
    keepCleanup(II, Personality);
  if (Kept.empty())
    return;
  SmallVector<ResumeInst *, 2> Resumes;
  for (BasicBlock &B : C)
    if (auto *R = dyn_cast<ResumeInst>(B.getTerminator()))
      Resumes.push_back(R);
  for (ResumeInst *R : Resumes) {
    IRBuilder<> B(R);
    B.CreateCall(resumeFn(*C.getParent()), {R->getValue()})
        ->setDebugLoc(R->getDebugLoc());
    B.CreateUnreachable();
    R->eraseFromParent();
  }
}

/// The opaque unwind branch of tagged call \p CB: right after it, or (a
/// call that does not return) ending the block before it.
static BranchInst *unwindBranchOf(CallBase &CB) {
  std::optional<unsigned> Id = unwindIdOf(CB);
  if (!Id)
    return nullptr;
  auto IsBranch = [&](Instruction *T) -> BranchInst * {
    auto *Br = dyn_cast_or_null<BranchInst>(T);
    auto *U = Br && Br->isConditional() ? dyn_cast<CallInst>(Br->getCondition())
                                        : nullptr;
    auto *C = U && calls(*U, UnwindsName)
                  ? dyn_cast<ConstantInt>(U->getArgOperand(0))
                  : nullptr;
    return C && C->getZExtValue() == *Id ? Br : nullptr;
  };
  if (BranchInst *Br = IsBranch(CB.getParent()->getTerminator()))
    return Br;
  if (BasicBlock *Pred = CB.getParent()->getSinglePredecessor())
    return IsBranch(Pred->getTerminator());
  return nullptr;
}

/// Makes \p Call an invoke whose landing pad joins \p Pad as the branch
/// from \p From did (\p From's values for Pad's phis dominate Call).
static InvokeInst *invokeInto(CallInst *Call, BasicBlock *Pad,
                              BasicBlock *From) {
  Function &F = *Call->getFunction();
  BasicBlock *LPB = BasicBlock::Create(F.getContext(), "ad.lpad", &F, Pad);
  IRBuilder<> B(LPB);
  B.SetCurrentDebugLocation(Call->getDebugLoc());
  B.CreateLandingPad(exceptionType(F.getContext()), 0)->setCleanup(true);
  B.CreateBr(Pad);
  for (PHINode &Phi : Pad->phis())
    Phi.addIncoming(Phi.getIncomingValueForBlock(From), LPB);
  BasicBlock *BB = Call->getParent();
  changeToInvokeAndSplitBasicBlock(Call, LPB);
  return cast<InvokeInst>(BB->getTerminator());
}

/// Removes the opaque unwind branch \p Br (to its normal successor).
static void dropUnwindBranch(BranchInst *Br) {
  BasicBlock *BB = Br->getParent(), *Pad = Br->getSuccessor(0);
  for (PHINode &Phi : Pad->phis())
    Phi.removeIncomingValue(BB, /*DeletePHIIfEmpty=*/false);
  auto *U = cast<CallInst>(Br->getCondition());
  BranchInst::Create(Br->getSuccessor(1), Br->getIterator());
  Br->eraseFromParent();
  U->eraseFromParent();
}

CallBase *reinvoke(CallBase &CB) {
  auto *Call = dyn_cast<CallInst>(&CB);
  BranchInst *Br = Call ? unwindBranchOf(CB) : nullptr;
  if (!Br || CB.doesNotThrow())
    return &CB;
  BasicBlock *Pad = Br->getSuccessor(0), *From = Br->getParent();
  Call->setMetadata(UnwindKind, nullptr);
  InvokeInst *II = invokeInto(Call, Pad, From);
  dropUnwindBranch(Br);
  return II;
}

void shareUnwindPath(CallBase &Old, ArrayRef<CallInst *> New) {
  BranchInst *Br = unwindBranchOf(Old);
  if (!Br)
    return;
  BasicBlock *Pad = Br->getSuccessor(0), *From = Br->getParent();
  for (CallInst *Call : New)
    if (!Call->doesNotThrow())
      invokeInto(Call, Pad, From);
}

void addReleasePaths(ArrayRef<CallBase *> Calls, Value *Personality,
                     function_ref<void(Instruction *)> Release) {
  if (Calls.empty() || !Personality)
    return;
  Function &G = *Calls[0]->getFunction();
  Module &M = *G.getParent();
  BasicBlock *Pad = BasicBlock::Create(G.getContext(), "ad.unwind", &G);
  IRBuilder<> B(Pad);
  CallInst *Exn = B.CreateCall(landingPadFn(M), {Personality}, "ad.exn");
  CallInst *Resume = B.CreateCall(resumeFn(M), {Exn});
  B.CreateUnreachable();
  Release(Resume);
  for (CallBase *CB : Calls)
    if (auto *Call = dyn_cast<CallInst>(CB))
      addUnwindBranch(Call, Pad);
}

void guardCaughtCalls(Function &G, const Function &Primal) {
  SmallVector<CallInst *, 4> Marked;
  for (Instruction &I : instructions(G))
    if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->getMetadata(CaughtKind))
      Marked.push_back(CI);
  if (Marked.empty() || !Primal.hasPersonalityFn())
    return;
  G.setPersonalityFn(Primal.getPersonalityFn());
  LLVMContext &Ctx = G.getContext();
  for (CallInst *CI : Marked) {
    CI->setMetadata(CaughtKind, nullptr);
    if (CI->doesNotThrow())
      continue;
    BasicBlock *Pad = BasicBlock::Create(Ctx, "ad.caught", &G);
    IRBuilder<> B(Pad);
    B.SetCurrentDebugLocation(CI->getDebugLoc());
    LandingPadInst *LP = B.CreateLandingPad(exceptionType(Ctx), 1);
    LP->addClause(ConstantPointerNull::get(B.getPtrTy())); // catch (...)
    emitRuntimeRefusal(B, "__ad_exception_caught", *CI, Primal.getName(),
                       "ad.catch.site");
    changeToInvokeAndSplitBasicBlock(CI, Pad);
  }
}

/// The call tagged \p Id that the unwind branch \p Br stands after: in its
/// block or one that dominates it (the derivative may have split the block
/// after the call), and a call still.
static CallInst *unwindingCall(BranchInst *Br, unsigned Id,
                               const DominatorTree &DT) {
  // (a call that does not return follows its branch)
  BasicBlock *Next = Br->getSuccessor(1);
  if (Next->getSinglePredecessor())
    for (Instruction &I : *Next)
      if (auto *CI = dyn_cast<CallInst>(&I); CI && unwindIdOf(*CI) == Id)
        return CI;
  const DomTreeNode *N = DT.getNode(Br->getParent());
  for (unsigned Depth = 0; N && Depth != 16; ++Depth, N = N->getIDom())
    for (Instruction &I : reverse(*N->getBlock()))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && unwindIdOf(*CI) == Id)
        return CI;
  return nullptr;
}

namespace {
struct UnwindEdge {
  CallInst *Unwinds;
  BranchInst *Br;
  CallInst *Call; ///< becomes the invoke, or null: the path is dropped
};
} // namespace

void restoreUnwindEdges(Function &H, bool Keep) {
  SmallVector<CallInst *, 4> Unwinds, Pads, Resumes;
  for (Instruction &I : instructions(H))
    if (auto *CI = dyn_cast<CallInst>(&I)) {
      if (calls(*CI, UnwindsName))
        Unwinds.push_back(CI);
      else if (calls(*CI, LandingPadName))
        Pads.push_back(CI);
      else if (calls(*CI, ResumeName))
        Resumes.push_back(CI);
    }
  if (Unwinds.empty() && Pads.empty() && Resumes.empty())
    return;
  Value *Personality =
      Pads.empty() ? nullptr : Pads[0]->getArgOperand(0)->stripPointerCasts();
  bool CanInvoke =
      Keep && Personality &&
      all_of(Pads,
             [&](CallInst *P) {
               return P->getArgOperand(0)->stripPointerCasts() == Personality;
             }) &&
      (!H.hasPersonalityFn() ||
       H.getPersonalityFn()->stripPointerCasts() == Personality);

  // Decide first (the dominator tree is for the function as it is).
  DominatorTree DT(H);
  SmallVector<UnwindEdge, 4> Edges;
  for (CallInst *U : Unwinds) {
    auto *Br = U->hasOneUse() ? dyn_cast<BranchInst>(U->user_back()) : nullptr;
    if (!Br || !Br->isConditional() || Br->getCondition() != U ||
        Br->getSuccessor(0) == Br->getSuccessor(1)) {
      // Not the branch it was made as: no unwind path here.
      U->replaceAllUsesWith(ConstantInt::getFalse(H.getContext()));
      U->eraseFromParent();
      continue;
    }
    auto *Id = dyn_cast<ConstantInt>(U->getArgOperand(0));
    CallInst *Call =
        CanInvoke && Id ? unwindingCall(Br, Id->getZExtValue(), DT) : nullptr;
    // The cleanup's phis read values the call's block had at the branch:
    // they must exist when the call unwinds.
    if (Call)
      for (PHINode &Phi : Br->getSuccessor(0)->phis())
        if (auto *I = dyn_cast<Instruction>(
                Phi.getIncomingValueForBlock(Br->getParent()));
            I && !DT.dominates(I, Call))
          Call = nullptr;
    Edges.push_back({U, Br, Call});
  }

  SSAUpdater Exn;
  Exn.Initialize(exceptionType(H.getContext()), "ad.exn");
  bool Invoked = false;
  SmallPtrSet<CallInst *, 4> Converted; // (erased: now invokes)
  for (UnwindEdge &E : Edges) {
    BasicBlock *BB = E.Br->getParent(), *Pad = E.Br->getSuccessor(0),
               *Normal = E.Br->getSuccessor(1);
    BasicBlock *LPB = nullptr;
    if (E.Call && !Converted.count(E.Call) && !E.Call->doesNotThrow()) {
      LPB = BasicBlock::Create(H.getContext(), "ad.lpad", &H, Pad);
      IRBuilder<> B(LPB);
      B.SetCurrentDebugLocation(E.Call->getDebugLoc());
      LandingPadInst *LP = B.CreateLandingPad(exceptionType(H.getContext()), 0);
      LP->setCleanup(true);
      B.CreateBr(Pad);
      for (PHINode &Phi : Pad->phis())
        Phi.addIncoming(Phi.getIncomingValueForBlock(BB), LPB);
      Exn.AddAvailableValue(LPB, LP);
    }
    for (PHINode &Phi : Pad->phis())
      Phi.removeIncomingValue(BB, /*DeletePHIIfEmpty=*/false);
    BranchInst::Create(Normal, E.Br->getIterator());
    E.Br->eraseFromParent();
    E.Unwinds->eraseFromParent();
    if (LPB) {
      Converted.insert(E.Call);
      changeToInvokeAndSplitBasicBlock(E.Call, LPB);
      Invoked = true;
    }
  }

  // The landing pads' values reach the placeholders; the resume calls
  // become resumes (where no invoke leads, the path is dead).
  for (CallInst *P : Pads) {
    if (Invoked)
      while (!P->use_empty())
        Exn.RewriteUse(*P->use_begin());
    P->replaceAllUsesWith(PoisonValue::get(P->getType()));
    P->eraseFromParent();
  }
  for (CallInst *R : Resumes) {
    Value *V = R->getArgOperand(0);
    BasicBlock *BB = R->getParent();
    changeToUnreachable(R); // (and what follows it)
    if (Invoked) {
      BB->getTerminator()->eraseFromParent();
      ResumeInst::Create(V, BB);
    }
  }
  for (Instruction &I : instructions(H))
    I.setMetadata(UnwindKind, nullptr);
  if (Invoked && !H.hasPersonalityFn())
    H.setPersonalityFn(cast<Constant>(Personality));
  removeUnreachableBlocks(H);
}

void restoreUnwindEdges(Module &M) {
  SetVector<Function *> Fns;
  for (StringRef Name : {UnwindsName, LandingPadName, ResumeName})
    if (Function *F = M.getFunction(Name))
      for (User *U : F->users())
        if (auto *I = dyn_cast<Instruction>(U))
          Fns.insert(I->getFunction());
  for (Function *H : Fns)
    restoreUnwindEdges(*H, /*Keep=*/true);
  for (StringRef Name : {UnwindsName, LandingPadName, ResumeName})
    if (Function *F = M.getFunction(Name); F && F->use_empty())
      F->eraseFromParent();
}

} // namespace adpass
