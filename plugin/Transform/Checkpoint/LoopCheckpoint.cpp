//===- LoopCheckpoint.cpp - Loops reversed from snapshots -----------------===//
//
// The loop
//
//   pre:    br header
//   header: %s = phi [%s0, pre], [%s1, latch]  ...  br exit | body ...
//   exit:   %r = phi [%v, exiting]
//
// becomes, in the function,
//
//   pre:    store trip count, regions, %s0, inputs into %ctx
//           call @__ad_ckpt.loop(%ctx)      ; custom augmented derivative
//           br exit
//   exit:   %r = load from %ctx
//
// with `i32 @__ad_ckpt.step(ptr %ctx, ptr %consts)` running one iteration:
// it loads %s and the inputs, runs the loop's blocks from the header, and
// stores %s1 (returning 1) at the back edge or %v (returning 0) at an exit.
// The inputs that point into ad_const memory are in %consts, which has no
// shadow (in %ctx, whose shadow receives the adjoints, they would need
// one): the loop function takes them as arguments without shadow, and the
// runtime keeps a copy of that block for the reverse sweep.
//
//===----------------------------------------------------------------------===//
#include "Transform/Checkpoint/LoopCheckpoint.h"

#include "Rules/BlasRoutines.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Transform/Checkpoint/AccessRegions.h"
#include "Transform/Checkpoint/CarriedPointers.h"
#include "Transform/DerivativeCache.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace adpass {

namespace {

/// The size in bytes of the object \p Base starts, as a value of type \p T
/// at \p IRB: a global defined here, a fixed-size stack object, or a heap
/// block the function allocated before the loop (its size argument); null
/// when not known.
Value *objectSize(const Value *Base, const DataLayout &DL, IRBuilder<> &IRB,
                  Type *T) {
  if (const auto *GV = dyn_cast<GlobalVariable>(Base))
    if (!GV->isDeclaration() && !GV->isInterposable())
      return ConstantInt::get(
          T, DL.getTypeAllocSize(GV->getValueType()).getFixedValue());
  if (const auto *AI = dyn_cast<AllocaInst>(Base))
    if (std::optional<TypeSize> Size = AI->getAllocationSize(DL))
      if (!Size->isScalable())
        return ConstantInt::get(T, Size->getFixedValue());
  const auto *CB = dyn_cast<CallBase>(Base);
  const AllocationFunction *AF = CB ? returnedAllocation(*CB) : nullptr;
  if (!AF || AF->SizeArg < 0 ||
      !CB->getArgOperand(AF->SizeArg)->getType()->isIntegerTy())
    return nullptr;
  Value *Size =
      IRB.CreateZExtOrTrunc(CB->getArgOperand(AF->SizeArg), T, "ad.ckpt.size");
  if (AF->CountArg >= 0)
    Size = IRB.CreateMul(
        Size, IRB.CreateZExtOrTrunc(CB->getArgOperand(AF->CountArg), T));
  return Size;
}

/// A read of the loop, to bound when memory it reads may change after it.
struct LoopRead {
  const Instruction *At;
  const Value *Ptr;
  const Value *Bytes; ///< null: Size
  uint64_t Size;
};

class LoopOutliner {
public:
  LoopOutliner(Function &P, const Function &User,
               ArrayRef<ArgActivity> Activities, Loop &L, ScalarEvolution &SE,
               AAResults &AA, DerivativeCache &Cache, DiagnosticSink &Diag,
               unsigned Index)
      : P(P), User(User), Activities(Activities), L(L), SE(SE), AA(AA),
        Cache(Cache), Diag(Diag), Index(Index), Regions(SE, L),
        DL(P.getDataLayout()) {}

  /// Why the loop cannot be checkpointed; empty if it can.
  std::string analyze();
  void outline();

private:
  std::string visit(Instruction &I);
  std::string boundReads();
  Function *createStep(StructType *CtxTy, StructType *ConstsTy);
  Function *createLoopFunction(Function *Step, StructType *CtxTy,
                               StructType *ConstsTy);
  unsigned slot(unsigned K) const { return 2 + K; }
  bool pointsToConstant(const Value *V) const;

  Function &P;
  const Function &User;
  ArrayRef<ArgActivity> Activities;
  Loop &L;
  ScalarEvolution &SE;
  AAResults &AA;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  unsigned Index;
  AccessRegions Regions;
  const DataLayout &DL;

  BasicBlock *Preheader = nullptr, *Header = nullptr, *Latch = nullptr,
             *Exit = nullptr;
  SmallVector<PHINode *, 4> Carried; ///< the header's phis
  SetVector<Value *> Inputs;         ///< defined before the loop
  SetVector<Value *> ConstInputs;    ///< those pointing into ad_const memory
  SmallVector<PHINode *, 4> Results; ///< the exit's phis
  SmallVector<LoopRead, 8> Reads;
};

} // namespace

static bool isFreeIntrinsic(const CallBase &CB) {
  if (isa<DbgInfoIntrinsic>(CB))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&CB))
    return II->isAssumeLikeIntrinsic() || II->isLifetimeStartOrEnd();
  return false;
}

static std::string located(const Instruction &I, const Twine &What) {
  std::string S = What.str();
  if (const DILocation *Loc = I.getDebugLoc())
    S += " (line " + std::to_string(Loc->getLine()) + ")";
  return S;
}

std::string LoopOutliner::visit(Instruction &I) {
  if (isa<AllocaInst>(I))
    return located(I, "it creates a stack variable in each iteration");
  if (I.isEHPad() || isa<InvokeInst>(I) || isa<CallBrInst>(I))
    return located(I, "it handles exceptions");
  if (I.isAtomic() || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
    return located(I, "it has atomic accesses");
  if (auto *Ld = dyn_cast<LoadInst>(&I)) {
    if (Ld->isVolatile())
      return located(I, "it has volatile accesses");
    Reads.push_back({&I, Ld->getPointerOperand(), nullptr,
                     DL.getTypeStoreSize(Ld->getType()).getKnownMinValue()});
  } else if (auto *St = dyn_cast<StoreInst>(&I)) {
    if (St->isVolatile())
      return located(I, "it has volatile accesses");
    Type *T = St->getValueOperand()->getType();
    if (!Regions.add(I, St->getPointerOperand(),
                     DL.getTypeStoreSize(T).getKnownMinValue()))
      return located(I, "the addresses it stores to cannot be bounded "
                        "before it runs");
  } else if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (CB->isInlineAsm())
      return located(I, "it has inline assembly");
    if (auto *MI = dyn_cast<MemIntrinsic>(CB)) {
      if (MI->isVolatile())
        return located(I, "it has volatile accesses");
      if (!Regions.add(I, MI->getDest(), MI->getLength()))
        return located(I, "the memory it sets or copies cannot be bounded "
                          "before it runs");
      if (auto *MT = dyn_cast<MemTransferInst>(MI))
        Reads.push_back({&I, MT->getSource(), MT->getLength(), 0});
    } else if (!isFreeIntrinsic(*CB) && !CB->doesNotAccessMemory() &&
               !CB->doesNotReturn()) {
      if (!CB->onlyReadsMemory()) {
        const Function *F = CB->getCalledFunction();
        return located(I, "it calls " +
                              (F ? "'" + F->getName() + "'"
                                 : Twine("a function pointer")) +
                              ", which may write memory");
      }
      for (const Value *A : CB->args())
        if (A->getType()->isPointerTy())
          Reads.push_back({&I, A, nullptr, 0});
    }
  }
  for (Use &U : I.operands()) {
    Value *V = U.get();
    if (auto *Phi = dyn_cast<PHINode>(&I);
        Phi && Phi->getParent() == Header &&
        Phi->getIncomingBlock(U) == Preheader)
      continue; // the initial value, stored once
    if ((isa<Instruction>(V) && !L.contains(cast<Instruction>(V))) ||
        isa<Argument>(V))
      Inputs.insert(V);
  }
  for (llvm::User *U : I.users()) {
    auto *UI = cast<Instruction>(U);
    if (L.contains(UI))
      continue;
    if (!isa<PHINode>(UI) || UI->getParent() != Exit)
      return located(I, "a value it computes is used after it other than "
                        "through its exit");
  }
  return "";
}

/// The memory the loop reads and the function writes after it: its
/// snapshot must hold it too, or the steps recomputed in the reverse sweep
/// would read the later values.
std::string LoopOutliner::boundReads() {
  SmallVector<Instruction *, 16> Writers;
  SmallPtrSet<BasicBlock *, 16> Seen{Exit};
  SmallVector<BasicBlock *, 16> Work{Exit};
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    for (Instruction &I : *B) {
      // (a free after the loop changes nothing the reverse sweep reads: the
      // gradient frees the block after it)
      const auto *CB = dyn_cast<CallBase>(&I);
      if (I.mayWriteToMemory() &&
          !(CB && (isFreeIntrinsic(*CB) || deallocationFunction(*CB))))
        Writers.push_back(&I);
    }
    for (BasicBlock *S : successors(B))
      if (!L.contains(S) && Seen.insert(S).second)
        Work.push_back(S);
  }
  for (const LoopRead &R : Reads) {
    MemoryLocation Loc = MemoryLocation::getBeforeOrAfter(R.Ptr);
    auto Writes = [&](Instruction *W) {
      // A BLAS or LAPACK routine writes only its output arguments (its
      // declaration says nothing: any memory, for alias analysis).
      if (std::optional<BlasCall> BC = matchBlasCall(*cast<CallBase>(W)))
        return any_of(BC->writtenMemory(*cast<CallBase>(W)), [&](Value *Out) {
          return !AA.isNoAlias(MemoryLocation::getBeforeOrAfter(Out), Loc);
        });
      return isModSet(AA.getModRefInfo(W, Loc));
    };
    if (none_of(Writers, [&](Instruction *W) {
          return isa<CallBase>(W) ? Writes(W)
                                  : isModSet(AA.getModRefInfo(W, Loc));
        }))
      continue;
    bool Bounded = R.Bytes  ? Regions.add(*R.At, R.Ptr, R.Bytes)
                   : R.Size ? Regions.add(*R.At, R.Ptr, R.Size)
                            : false;
    if (!Bounded)
      return located(*R.At, "it reads memory that is written after it, at "
                            "addresses that cannot be bounded before it "
                            "runs");
  }
  return "";
}

std::string LoopOutliner::analyze() {
  Preheader = L.getLoopPreheader();
  Header = L.getHeader();
  Latch = L.getLoopLatch();
  Exit = L.getUniqueExitBlock();
  if (!Preheader || !Latch || !Exit)
    return "it has several entries, back edges or exits";
  if (!isa<BranchInst>(Preheader->getTerminator()))
    return "it is entered from a switch";
  if (std::string Why = carryPointersAsIndices(L, *Exit); !Why.empty())
    return Why;
  SE.forgetLoop(&L);
  auto NoteInput = [&](Value *V) {
    if ((isa<Instruction>(V) && !L.contains(cast<Instruction>(V))) ||
        isa<Argument>(V))
      Inputs.insert(V);
  };
  for (PHINode &Phi : Header->phis()) {
    Carried.push_back(&Phi);
    NoteInput(Phi.getIncomingValueForBlock(Latch));
  }
  for (PHINode &Phi : Exit->phis()) {
    Results.push_back(&Phi);
    for (unsigned K = 0; K != Phi.getNumIncomingValues(); ++K)
      NoteInput(Phi.getIncomingValue(K));
  }
  for (BasicBlock *B : L.blocks())
    for (Instruction &I : *B)
      if (std::string Why = visit(I); !Why.empty())
        return Why;
  if (std::string Why = boundReads(); !Why.empty())
    return Why;
  SCEVExpander Expander(SE, DL, "ad.ckpt");
  for (const AccessRegion &R : Regions.regions())
    for (const SCEV *S : {R.Lo, R.Hi})
      if (!Expander.isSafeToExpandAt(S, Preheader->getTerminator()))
        return "the memory it touches cannot be computed before it runs";
  return "";
}

/// Whether \p V points into memory of an argument passed ad_const.
bool LoopOutliner::pointsToConstant(const Value *V) const {
  const auto *A = dyn_cast<Argument>(getUnderlyingObject(V));
  return V->getType()->isPointerTy() && A && A->getParent() == &P &&
         A->getArgNo() < Activities.size() &&
         Activities[A->getArgNo()] == ArgActivity::Const;
}

/// i32 step(ptr ctx, ptr consts): one iteration (1: another follows), from
/// the header to the back edge or an exit.
Function *LoopOutliner::createStep(StructType *CtxTy, StructType *ConstsTy) {
  LLVMContext &Ctx = P.getContext();
  Module &M = *P.getParent();
  Type *Ptr = PointerType::get(Ctx, 0);
  auto *FT = FunctionType::get(Type::getInt32Ty(Ctx), {Ptr, Ptr}, false);
  Function *Step = Function::Create(
      FT, GlobalValue::InternalLinkage,
      "__ad_ckpt.step." + User.getName() + "." + Twine(Index), M);
  Step->addFnAttr(Attribute::NoInline);
  Argument *CtxArg = Step->getArg(0);
  auto *Entry = BasicBlock::Create(Ctx, "entry", Step);

  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Clones;
  for (BasicBlock *B : L.blocks()) {
    BasicBlock *C = CloneBasicBlock(B, VMap, "", Step);
    VMap[B] = C;
    Clones.push_back(C);
  }
  IRBuilder<> IRB(Entry);
  unsigned K = 0;
  SmallVector<Instruction *, 4> ClonedPhis;
  for (PHINode *Phi : Carried) {
    ClonedPhis.push_back(cast<Instruction>(VMap[Phi]));
    VMap[Phi] = IRB.CreateLoad(Phi->getType(),
                               IRB.CreateStructGEP(CtxTy, CtxArg, slot(K++)),
                               Phi->getName());
  }
  for (Value *In : Inputs)
    VMap[In] = IRB.CreateLoad(In->getType(),
                              IRB.CreateStructGEP(CtxTy, CtxArg, slot(K++)),
                              In->getName());
  unsigned C = 0;
  for (Value *In : ConstInputs)
    VMap[In] = IRB.CreateLoad(
        In->getType(), IRB.CreateStructGEP(ConstsTy, Step->getArg(1), C++),
        In->getName());
  unsigned FirstResult = K;
  IRB.CreateBr(cast<BasicBlock>(VMap[Header]));
  for (BasicBlock *C : Clones)
    for (Instruction &I : make_early_inc_range(*C)) {
      I.dropDbgRecords();
      if (isa<DbgInfoIntrinsic>(I)) {
        I.eraseFromParent();
        continue;
      }
      RemapInstruction(&I, VMap,
                       RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
    }
  for (Instruction *Phi : ClonedPhis)
    Phi->eraseFromParent();

  // The back edge stores the next iteration's values.
  auto *Next = BasicBlock::Create(Ctx, "ad.next", Step);
  IRB.SetInsertPoint(Next);
  K = 0;
  for (PHINode *Phi : Carried)
    IRB.CreateStore(MapValue(Phi->getIncomingValueForBlock(Latch), VMap,
                             RF_NoModuleLevelChanges),
                    IRB.CreateStructGEP(CtxTy, CtxArg, slot(K++)));
  IRB.CreateRet(IRB.getInt32(1));
  auto *ClonedHeader = cast<BasicBlock>(VMap[Header]);
  Instruction *LatchTerm = cast<BasicBlock>(VMap[Latch])->getTerminator();
  for (unsigned S = 0; S != LatchTerm->getNumSuccessors(); ++S)
    if (LatchTerm->getSuccessor(S) == ClonedHeader)
      LatchTerm->setSuccessor(S, Next);

  // Each exit stores the loop's results.
  for (BasicBlock *B : L.blocks()) {
    auto *C = cast<BasicBlock>(VMap[B]);
    Instruction *T = C->getTerminator();
    BasicBlock *Out = nullptr;
    for (unsigned S = 0; S != T->getNumSuccessors(); ++S) {
      if (T->getSuccessor(S) != Exit)
        continue;
      if (!Out) {
        Out = BasicBlock::Create(Ctx, "ad.exit", Step);
        IRB.SetInsertPoint(Out);
        unsigned R = FirstResult;
        for (PHINode *Phi : Results)
          IRB.CreateStore(MapValue(Phi->getIncomingValueForBlock(B), VMap,
                                   RF_NoModuleLevelChanges),
                          IRB.CreateStructGEP(CtxTy, CtxArg, slot(R++)));
        IRB.CreateRet(IRB.getInt32(0));
      }
      T->setSuccessor(S, Out);
    }
  }
  return Step;
}

/// Stores \p Values into a new stack block of type \p Ty at \p IRB.
static Value *packOnStack(IRBuilder<> &IRB, StructType *Ty,
                          ArrayRef<Value *> Values) {
  AllocaInst *Block = IRB.CreateAlloca(Ty, nullptr, "ad.ckpt.consts");
  for (unsigned K = 0; K != Values.size(); ++K)
    IRB.CreateStore(Values[K], IRB.CreateStructGEP(Ty, Block, K));
  return Block;
}

/// void loop(ptr ctx, ptr c1, ..., ptr cn): the loop as the primal runs it,
/// given the inputs that point into ad_const memory as arguments (the
/// caller passes them without shadow); its derivative is the checkpointing
/// runtime, through a custom augmented forward, which keeps a copy of them.
Function *LoopOutliner::createLoopFunction(Function *Step, StructType *CtxTy,
                                           StructType *ConstsTy) {
  LLVMContext &Ctx = P.getContext();
  Module &M = *P.getParent();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx);
  std::string Name = (User.getName() + "." + Twine(Index)).str();
  unsigned NC = ConstInputs.size();
  SmallVector<Type *, 4> Params(1 + NC, Ptr);
  Function *Loop = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), Params, false),
      GlobalValue::InternalLinkage, "__ad_ckpt.loop." + Name, M);
  auto ConstArgs = [&](Function *F, unsigned First) {
    SmallVector<Value *, 4> Args;
    for (unsigned K = 0; K != NC; ++K)
      Args.push_back(F->getArg(First + K));
    return Args;
  };
  {
    auto *Entry = BasicBlock::Create(Ctx, "entry", Loop);
    auto *Body = BasicBlock::Create(Ctx, "step", Loop);
    auto *Done = BasicBlock::Create(Ctx, "done", Loop);
    IRBuilder<> IRB(Entry);
    Value *Consts = packOnStack(IRB, ConstsTy, ConstArgs(Loop, 1));
    IRB.CreateBr(Body);
    IRB.SetInsertPoint(Body);
    IRB.CreateCondBr(
        IRB.CreateIsNotNull(IRB.CreateCall(Step, {Loop->getArg(0), Consts})),
        Body, Done);
    ReturnInst::Create(Ctx, Done);
  }
  Loop->addFnAttr(Attribute::NoInline);

  DerivativeRequest Req;
  Req.Fn = Step;
  Req.Args = {ArgActivity::Dup, ArgActivity::Const};
  Req.Nested = true;
  Req.Mode = DiffMode::Reverse;
  Function *StepGrad = Cache.get(Req, Diag);
  if (!StepGrad)
    return Loop; // reported; the module will not be emitted

  std::string Where = User.getName().str();
  if (const DILocation *Loc = Header->getFirstNonPHI()->getDebugLoc())
    Where = (Loc->getFilename() + ":" + Twine(Loc->getLine())).str();
  // Called as custom derivatives are: the arguments (ctx, c1..cn), then the
  // pointers' shadows (dctx, null...), and for the reverse the tape last.
  SmallVector<Type *, 8> AugParams(2 * (1 + NC), Ptr);
  Function *Aug = Function::Create(FunctionType::get(Ptr, AugParams, false),
                                   GlobalValue::InternalLinkage,
                                   "__ad_ckpt.aug." + Name, M);
  {
    IRBuilder<> IRB(BasicBlock::Create(Ctx, "entry", Aug));
    Value *Consts = packOnStack(IRB, ConstsTy, ConstArgs(Aug, 1));
    FunctionCallee Fwd = M.getOrInsertFunction(
        "__ad_checkpoint_forward", Ptr, Ptr, I64, Ptr, I64, I64, Ptr, Ptr, Ptr);
    uint64_t Bytes = DL.getTypeAllocSize(CtxTy).getFixedValue();
    uint64_t ConstBytes = DL.getTypeAllocSize(ConstsTy).getFixedValue();
    IRB.CreateRet(IRB.CreateCall(
        Fwd,
        {Aug->getArg(0), IRB.getInt64(Bytes), Consts, IRB.getInt64(ConstBytes),
         IRB.getInt64(Regions.regions().size()), Step, StepGrad,
         IRB.CreateGlobalStringPtr(Where, "ad.ckpt.where")}));
  }
  SmallVector<Type *, 8> RevParams(2 * (1 + NC) + 1, Ptr);
  Function *Rev = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), RevParams, false),
      GlobalValue::InternalLinkage, "__ad_ckpt.rev." + Name, M);
  {
    IRBuilder<> IRB(BasicBlock::Create(Ctx, "entry", Rev));
    FunctionCallee Reverse = M.getOrInsertFunction(
        "__ad_checkpoint_reverse", Type::getVoidTy(Ctx), Ptr, Ptr);
    IRB.CreateCall(Reverse,
                   {Rev->getArg(Rev->arg_size() - 1), Rev->getArg(1 + NC)});
    IRB.CreateRetVoid();
  }
  Loop->addFnAttr(CustomAugmentedAttr, Aug->getName());
  Loop->addFnAttr(CustomAugmentedReverseAttr, Rev->getName());
  return Loop;
}

void LoopOutliner::outline() {
  LLVMContext &Ctx = P.getContext();
  Type *Ptr = PointerType::get(Ctx, 0), *I64 = Type::getInt64Ty(Ctx);
  for (Value *In : Inputs)
    if (pointsToConstant(In))
      ConstInputs.insert(In);
  Inputs.set_subtract(ConstInputs);
  SmallVector<Type *, 4> ConstSlots;
  for (Value *In : ConstInputs)
    ConstSlots.push_back(In->getType());
  StructType *ConstsTy = StructType::get(Ctx, ConstSlots);
  SmallVector<Type *, 16> Slots;
  for (PHINode *Phi : Carried)
    Slots.push_back(Phi->getType());
  for (Value *In : Inputs)
    Slots.push_back(In->getType());
  for (PHINode *Phi : Results)
    Slots.push_back(Phi->getType());
  // The runtime reads the trip count and the regions' table at the start.
  StructType *RegionTy = StructType::get(Ctx, {Ptr, I64});
  SmallVector<Type *, 18> Fields{
      I64, ArrayType::get(RegionTy, Regions.regions().size())};
  Fields.append(Slots.begin(), Slots.end());
  StructType *CtxTy = StructType::get(Ctx, Fields);

  IRBuilder<> IRB(&*P.getEntryBlock().getFirstInsertionPt());
  AllocaInst *CtxPtr = IRB.CreateAlloca(CtxTy, nullptr, "ad.ckpt.ctx");

  Instruction *Term = Preheader->getTerminator();
  IRB.SetInsertPoint(Term);
  IRB.SetCurrentDebugLocation(Header->getFirstNonPHI()->getDebugLoc());
  SCEVExpander Expander(SE, DL, "ad.ckpt");
  const SCEV *Trips = SE.getBackedgeTakenCount(&L);
  Value *Trip = IRB.getInt64(-1);
  if (!isa<SCEVCouldNotCompute>(Trips) &&
      Expander.isSafeToExpandAt(Trips, Term) && Trips->getType()->isIntegerTy())
    Trip = IRB.CreateAdd(
        IRB.CreateZExtOrTrunc(
            Expander.expandCodeFor(Trips, Trips->getType(), Term), I64),
        IRB.getInt64(1));
  IRB.CreateStore(Trip, IRB.CreateStructGEP(CtxTy, CtxPtr, 0));
  unsigned K = 0;
  for (const AccessRegion &R : Regions.regions()) {
    Value *Base = cast<SCEVUnknown>(R.Base)->getValue();
    Value *Lo = Expander.expandCodeFor(R.Lo, R.Lo->getType(), Term);
    Value *Hi = Expander.expandCodeFor(R.Hi, R.Hi->getType(), Term);
    // Within the object when its size is known: the accesses are (the
    // bounds may be loose), and a snapshot must not cover other memory.
    if (Value *Size = objectSize(Base, DL, IRB, Hi->getType())) {
      Lo = IRB.CreateBinaryIntrinsic(Intrinsic::smax, Lo,
                                     ConstantInt::get(Lo->getType(), 0));
      Hi = IRB.CreateBinaryIntrinsic(Intrinsic::smin, Hi, Size);
      Hi = IRB.CreateBinaryIntrinsic(Intrinsic::smax, Hi, Lo);
    }
    Value *Start = IRB.CreateGEP(IRB.getInt8Ty(), Base, Lo, "ad.ckpt.region");
    Value *Bytes = IRB.CreateSExtOrTrunc(IRB.CreateSub(Hi, Lo), I64);
    Value *Entry = IRB.CreateInBoundsGEP(
        CtxTy, CtxPtr, {IRB.getInt32(0), IRB.getInt32(1), IRB.getInt32(K++)});
    IRB.CreateStore(Start, IRB.CreateStructGEP(RegionTy, Entry, 0));
    IRB.CreateStore(Bytes, IRB.CreateStructGEP(RegionTy, Entry, 1));
  }
  K = 0;
  for (PHINode *Phi : Carried)
    IRB.CreateStore(Phi->getIncomingValueForBlock(Preheader),
                    IRB.CreateStructGEP(CtxTy, CtxPtr, slot(K++)));
  for (Value *In : Inputs)
    IRB.CreateStore(In, IRB.CreateStructGEP(CtxTy, CtxPtr, slot(K++)));
  unsigned FirstResult = K;

  Function *Step = createStep(CtxTy, ConstsTy);
  Function *LoopFn = createLoopFunction(Step, CtxTy, ConstsTy);
  SmallVector<Value *, 4> LoopArgs{CtxPtr};
  LoopArgs.append(ConstInputs.begin(), ConstInputs.end());
  IRB.CreateCall(LoopFn, LoopArgs);
  IRB.CreateBr(Exit);
  Term->eraseFromParent();

  IRB.SetInsertPoint(&*Exit->getFirstInsertionPt());
  K = FirstResult;
  for (PHINode *Phi : Results) {
    Value *V = IRB.CreateLoad(Phi->getType(),
                              IRB.CreateStructGEP(CtxTy, CtxPtr, slot(K++)),
                              Phi->getName());
    Phi->replaceAllUsesWith(V);
    Phi->eraseFromParent();
  }
  SmallVector<BasicBlock *, 16> Dead(L.blocks());
  for (BasicBlock *B : Dead)
    B->dropAllReferences();
  for (BasicBlock *B : Dead)
    B->eraseFromParent();
}

/// A loop worth checkpointing: floating-point work, and state in memory or
/// an inner loop (a loop that only carries a few scalars tapes them, a few
/// values per iteration, cheaper than any snapshot). A call counts with
/// what its body does (a time step made of OpenMP regions is all calls):
/// then the analysis says whether it can be checkpointed, or why not.
static bool computesFloats(const Function &F, unsigned Depth = 0) {
  return any_of(instructions(F), [&](const Instruction &I) {
    if (I.getType()->isFPOrFPVectorTy())
      return true;
    // (What it calls, or hands to the runtime: OpenMP's outlined body.)
    const auto *CB = dyn_cast<CallBase>(&I);
    return CB && Depth < 3 && any_of(CB->operands(), [&](const Use &U) {
             const auto *G = dyn_cast<Function>(U.get());
             return G && !G->isDeclaration() && computesFloats(*G, Depth + 1);
           });
  });
}

/// Whether the reverse sweep of \p I needs values of the forward sweep:
/// not for moves and linear operations (a copy loop `a[i] = u[i]`, which
/// tapes nothing and would only take snapshot memory from the budget; a
/// loop of one level, at most a few values per iteration).
static bool needsPrimalValues(const Instruction &I) {
  if (isa<FCmpInst>(I))
    return true; // (its branch, taped per iteration)
  if (!I.getType()->isFPOrFPVectorTy() || isa<LoadInst>(I) || isa<PHINode>(I) ||
      isa<CastInst>(I))
    return false;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I);
      II && (II->getIntrinsicID() == Intrinsic::fmuladd ||
             II->getIntrinsicID() == Intrinsic::fma))
    return !isa<Constant>(II->getArgOperand(0)) &&
           !isa<Constant>(II->getArgOperand(1));
  switch (I.getOpcode()) {
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FNeg:
    return false;
  case Instruction::FMul:
    return !isa<Constant>(I.getOperand(0)) && !isa<Constant>(I.getOperand(1));
  case Instruction::FDiv:
    return !isa<Constant>(I.getOperand(1));
  default:
    return true;
  }
}

static bool worthCheckpointing(const Loop &L) {
  bool FloatingPoint = false, Memory = !L.getSubLoops().empty();
  for (const BasicBlock *B : L.blocks())
    for (const Instruction &I : *B) {
      // (a loop nest keeps the rule of any floating-point value: what its
      // inner loops tape is not known here)
      FloatingPoint |= L.getSubLoops().empty()
                           ? needsPrimalValues(I)
                           : I.getType()->isFPOrFPVectorTy();
      Memory |= isa<StoreInst>(I) || isa<MemIntrinsic>(I);
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isa<IntrinsicInst>(CB) || CB->onlyReadsMemory())
        continue;
      Memory = true;
      if (const Function *F = CB->getCalledFunction())
        FloatingPoint |= computesFloats(*F);
    }
  return FloatingPoint && Memory;
}

static void explain(Function &P, const Loop &L, const Twine &What) {
  DebugLoc Loc = L.getStartLoc();
  OptimizationRemarkEmitter ORE(&P);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis("ad", "Checkpoint", Loc, L.getHeader())
           << What.str();
  });
}

/// The outermost loop worth checkpointing after the first \p Skip ones.
static Loop *candidate(LoopInfo &LI, unsigned Skip) {
  for (Loop *L : LI.getLoopsInPreorder())
    if (!L->getParentLoop() && worthCheckpointing(*L) && Skip-- == 0)
      return L;
  return nullptr;
}

void checkpointLoops(Function &P, const Function &User,
                     ArrayRef<ArgActivity> Activities,
                     FunctionAnalysisManager &FAM, DerivativeCache &Cache,
                     DiagnosticSink &Diag) {
  unsigned Refused = 0, Outlined = 0;
  // Outlining a loop changes the function: the analyses are taken again for
  // the next candidate (an outlined loop is gone; a refused one is skipped).
  while (Loop *L = candidate(FAM.getResult<LoopAnalysis>(P), Refused)) {
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(P);
    AAResults &AA = FAM.getResult<AAManager>(P);
    LoopOutliner O(P, User, Activities, *L, SE, AA, Cache, Diag, Outlined);
    std::string Why = O.analyze();
    DebugLoc Loc = L->getStartLoc();
    if (!Why.empty()) {
      warning(User, Loc,
              "this loop is taped in full despite the tape budget: it "
              "cannot be checkpointed because " +
                  Why);
      ++Refused;
      continue;
    }
    explain(P, *L,
            "loop checkpointed: its steps are reversed from snapshots of "
            "their state (binomial schedule, as many snapshots as the tape "
            "budget holds)");
    O.outline();
    ++Outlined;
    FAM.invalidate(P, PreservedAnalyses::none());
  }
}

} // namespace adpass
