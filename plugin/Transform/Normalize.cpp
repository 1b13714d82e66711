//===- Normalize.cpp - The private clone AD works on ----------------------===//
#include "Transform/Normalize.h"
#include "Frontend/EnzymeIter.h"
#include "Transform/AsmIdioms.h"
#include "Transform/Checkpoint/CallCheckpoint.h"
#include "Transform/Exceptions.h"
#include "Transform/FloatBits.h"
#include "Transform/FloatIdioms.h"
#include "Transform/IndirectCalls.h"
#include "Transform/LibmOutputs.h"
#include "Transform/Library/BlasDerivatives.h"
#include "Transform/Parallel/OpenMpRegions.h"
#include "Transform/TypedCopies.h"

#include "Rules/ComplexRules.h"
#include "Rules/RuleTable.h"
#include "Rules/StdNodeRoutines.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantFold.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/DeadStoreElimination.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopDeletion.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace adpass {

/// Bounds inlining of helpers into the clone (deep or recursive call chains
/// are left as calls).
static constexpr unsigned MaxInlineRounds = 64;
/// Marks a library call that stands for a call to the user's function-like
/// function.
static constexpr const char *FunctionLikeMD = "ad.function.like";
static constexpr unsigned MaxInlinedSize = 50000;
/// A `noinline` function this large gets its own derivative: inlining many
/// of them makes one function whose code generation time grows faster than
/// linearly (minutes for 7,500 statements of straight-line code).
static constexpr unsigned MinOutOfLineSize = 1000;

/// Whether variadic \p F reads its variable arguments (va_start): one that
/// does not (libstdc++'s `[](auto&&, ...)` helpers of std::visit) is an
/// ordinary function to inline.
static bool readsVarArgs(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    return II && (II->getIntrinsicID() == Intrinsic::vastart ||
                  II->getIntrinsicID() == Intrinsic::vacopy);
  });
}

static bool isInlinable(const CallBase &CB, const Function &Self) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isIntrinsic() ||
      Callee == &Self || (Callee->isVarArg() && readsVarArgs(*Callee)) ||
      Callee->hasFnAttribute(InactiveAttr) || isParallelRegion(*Callee) ||
      Callee->hasFnAttribute(FunctionLikeAttr) || isCheckpointed(*Callee) ||
      hasCustomDerivative(*Callee) || hasCustomForward(*Callee))
    return false;
  // -O0 marks every function noinline (and optnone): that is no request.
  if (Callee->hasFnAttribute(Attribute::NoInline) &&
      !Callee->hasFnAttribute(Attribute::OptimizeNone) &&
      Callee->getInstructionCount() >= MinOutOfLineSize)
    return false;
  // Directly recursive helpers would unroll forever.
  for (const Instruction &I : instructions(*Callee))
    if (const auto *Inner = dyn_cast<CallBase>(&I))
      if (Inner->getCalledFunction() == Callee)
        return false;
  return true;
}

/// Scalar cleanup of a clone growing by inlining: code from -O0 (every
/// variable in memory, every accessor a call) shrinks several times, so
/// that deep call chains (Eigen's expression templates) fit the bound.
static void shrink(Function &C, FunctionAnalysisManager &FAM) {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.run(C, FAM);
  FAM.invalidate(C, PreservedAnalyses::none());
}

static void inlineHelpers(Function &C, const Function &Original,
                          FunctionAnalysisManager &FAM) {
  // (counted as it grows: counting the clone's instructions walks all of
  // them, and once per inlined call that made -O0 code quadratic)
  unsigned Size = C.getInstructionCount(), Shrunk = Size;
  for (unsigned Round = 0; Round != MaxInlineRounds; ++Round) {
    // (libstdc++'s compiled node routines, exposed by inlining std::map's
    // code: the runtime's bodies, inlined in turn)
    substituteStdNodeRoutines(C);
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(C))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (isInlinable(*CB, Original))
          Calls.push_back(CB);
    if (Calls.empty())
      return;
    Size = C.getInstructionCount(); // (once a round)
    for (CallBase *CB : Calls) {
      if (Size > MaxInlinedSize / 2 && Size > 2 * Shrunk) {
        shrink(C, FAM);
        Size = Shrunk = C.getInstructionCount();
        break; // the calls collected may be gone: collect them again
      }
      if (Size > MaxInlinedSize)
        return;
      InlineFunctionInfo IFI;
      Function *Callee = CB->getCalledFunction();
      unsigned Added = Callee ? Callee->getInstructionCount() : 0;
      // (a call with an unwind path: inlined as the invoke it was)
      if (hasUnwindPath(*CB))
        CB = reinvoke(*CB);
      // (as the inliner pass does: the widest vectors the code now uses,
      // which the backend must not split)
      if (InlineFunction(*CB, IFI).isSuccess() && Callee) {
        AttributeFuncs::mergeAttributesForInlining(C, *Callee);
        Size += Added;
      }
    }
  }
}

/// A call to a function marked function-like (AD_FUNCTION_LIKE) becomes a
/// call to the library function it computes, which the rules know; the
/// call remembers the user's function, which it calls again once the
/// derivative is made (restoreFunctionLikeCalls): the primal values stay
/// the user's.
static void substituteFunctionLike(Function &C) {
  Module &M = *C.getParent();
  for (Instruction &I : instructions(C)) {
    auto *CB = dyn_cast<CallBase>(&I);
    Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !Callee->hasFnAttribute(FunctionLikeAttr))
      continue;
    StringRef Like =
        Callee->getFnAttribute(FunctionLikeAttr).getValueAsString();
    FunctionCallee Lib = M.getOrInsertFunction(Like, Callee->getFunctionType());
    CB->setCalledFunction(Lib);
    CB->setMetadata(FunctionLikeMD,
                    MDNode::get(M.getContext(), ValueAsMetadata::get(Callee)));
  }
}

void restoreFunctionLikeCalls(Module &M) {
  SmallPtrSet<Function *, 4> Libs;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (MDNode *MD = I.getMetadata(FunctionLikeMD)) {
        I.setMetadata(FunctionLikeMD, nullptr);
        auto *VM = dyn_cast<ValueAsMetadata>(MD->getOperand(0));
        auto *User = VM ? dyn_cast<Function>(VM->getValue()) : nullptr;
        auto *CB = cast<CallBase>(&I);
        if (!User || User->getFunctionType() != CB->getFunctionType())
          continue;
        Libs.insert(CB->getCalledFunction());
        CB->setCalledFunction(User);
      }
  for (Function *Lib : Libs) // declared only for the substitution
    if (Lib && Lib->isDeclaration() && Lib->use_empty())
      Lib->eraseFromParent();
}

/// Known libm calls and complex arithmetic do not write memory for AD
/// purposes (errno aside), so the optimizer may drop the primal ones the
/// derivative does not need, and loads around them stay recomputable.
static void markMathCallsPure(Function &C) {
  for (Instruction &I : instructions(C))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction())
        if (Callee->isDeclaration() && !Callee->isIntrinsic() &&
            ((isKnownMathFunction(Callee->getName()) && lookupRule(I)) ||
             isComplexCall(*CB))) {
          CB->setDoesNotAccessMemory();
          CB->setDoesNotThrow();
          CB->addFnAttr(Attribute::WillReturn);
        }
}

static bool isFloatVector(const Type *T) {
  return T->isVectorTy() && T->isFPOrFPVectorTy();
}

/// Poison lanes of a float shuffle read lane 0 of a zero second operand,
/// or of the first when the second is read.
static void defineShuffleLanes(ShuffleVectorInst &SV) {
  auto *In = dyn_cast<FixedVectorType>(SV.getOperand(0)->getType());
  SmallVector<int, 8> Mask(SV.getShuffleMask());
  if (!In || !is_contained(Mask, PoisonMaskElem))
    return;
  int N = In->getNumElements(), Zero = 0;
  if (isa<UndefValue>(SV.getOperand(1)) ||
      none_of(Mask, [&](int M) { return M >= N; })) {
    SV.setOperand(1, Constant::getNullValue(In));
    Zero = N;
  }
  for (int &M : Mask)
    if (M == PoisonMaskElem)
      M = Zero;
  SV.setShuffleMask(Mask);
}

/// An arithmetic operation with a constant operand whose poison lanes
/// InstCombine left there (their results are not read): those lanes
/// compute 1 op 1, lest 0 / 0 or x / 0 in them make the reverse sweep's
/// 0 x inf a NaN (Eigen's 4x4 inverse: 1 / det in one lane).
static void computeOnesInDeadLanes(BinaryOperator &BO) {
  auto *VT = dyn_cast<FixedVectorType>(BO.getType());
  if (!VT || !VT->getElementType()->isFloatingPointTy())
    return;
  unsigned N = VT->getNumElements();
  SmallVector<int, 8> Dead;
  for (Value *Op : BO.operands())
    if (auto *CV = dyn_cast<Constant>(Op); CV && !isa<UndefValue>(CV))
      for (unsigned L = 0; L != N; ++L)
        if (isa_and_nonnull<UndefValue>(CV->getAggregateElement(L)))
          Dead.push_back(L);
  if (Dead.empty())
    return;
  // Lane L of each operand, or of a vector of ones for the dead lanes.
  SmallVector<int, 8> Mask;
  for (unsigned L = 0; L != N; ++L)
    Mask.push_back(is_contained(Dead, int(L)) ? int(N + L) : int(L));
  Constant *Ones = ConstantFP::get(VT, 1.0);
  for (Use &U : BO.operands()) {
    auto *CV = dyn_cast<Constant>(U.get());
    if (Constant *Folded =
            CV ? ConstantFoldShuffleVectorInstruction(CV, Ones, Mask) : nullptr)
      U.set(Folded);
    else
      U.set(new ShuffleVectorInst(U.get(), Ones, Mask, "ad.live.lanes",
                                  BO.getIterator()));
  }
}

/// InstCombine leaves vector lanes nobody reads poison (`insertelement
/// poison, x, 0` before a splat, shuffle masks with poison lanes). The
/// reverse sweep multiplies such lanes by their zero adjoint, and 0 x
/// poison is poison, which then reaches the adjoint of a lane that is
/// read: the floating-point lanes are made defined instead (a refinement).
static void defineFloatLanes(Function &C) {
  for (Instruction &I : instructions(C)) {
    if (auto *IE = dyn_cast<InsertElementInst>(&I);
        IE && isFloatVector(IE->getType()) &&
        isa<UndefValue>(IE->getOperand(0)))
      IE->setOperand(0, Constant::getNullValue(IE->getType()));
    if (auto *SV = dyn_cast<ShuffleVectorInst>(&I);
        SV && isFloatVector(SV->getType()))
      defineShuffleLanes(*SV);
    if (auto *BO = dyn_cast<BinaryOperator>(&I))
      computeOnesInDeadLanes(*BO);
    // Constant vectors with poison lanes, as operands: zeros there.
    for (Use &U : I.operands())
      if (auto *CV = dyn_cast<Constant>(U.get());
          CV && !isa<UndefValue>(CV) && isFloatVector(CV->getType()) &&
          CV->containsUndefElement())
        U.set(match(CV, m_Undef()) // (all lanes)
                  ? Constant::getNullValue(CV->getType())
                  : Constant::replaceUndefsWith(
                        CV,
                        ConstantFP::get(CV->getType()->getScalarType(), 0.0)));
  }
}

/// A `byval` argument is the callee's own copy. The clone makes that copy
/// itself, from a plain pointer: its shadow then gets a copy too (forward
/// mode must not overwrite the caller's tangents, reverse mode accumulates
/// the copy's adjoints back into the caller's), through the rules of
/// ordinary loads and stores.
static void materializeByValCopies(Function &C) {
  IRBuilder<> IRB(&*C.getEntryBlock().getFirstInsertionPt());
  for (Argument &A : C.args()) {
    Type *T = A.getParamByValType();
    if (!T)
      continue;
    Align Al = A.getParamAlign().valueOrOne();
    AllocaInst *Copy = IRB.CreateAlloca(T, nullptr, A.getName() + ".byval");
    Copy->setAlignment(Al);
    A.replaceAllUsesWith(Copy);
    IRB.CreateAlignedStore(IRB.CreateAlignedLoad(T, &A, Al), Copy, Al);
    C.removeParamAttr(A.getArgNo(), Attribute::ByVal);
  }
}

/// _FORTIFY_SOURCE's checked copies (`__memcpy_chk(d, s, n, size of d)`)
/// become the memory intrinsics the rules know, behind the same check: a
/// copy longer than its destination still stops in `__chk_fail`.
static void lowerFortifiedMemoryCalls(Function &C) {
  SmallVector<CallInst *, 4> Calls;
  for (Instruction &I : instructions(C))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (const Function *F = CI->getCalledFunction();
          F && F->isDeclaration() && CI->arg_size() == 4 &&
          CI->getType()->isPointerTy() &&
          is_contained({"__memcpy_chk", "__memmove_chk", "__memset_chk"},
                       F->getName()) &&
          CI->getArgOperand(2)->getType()->isIntegerTy() &&
          CI->getArgOperand(3)->getType() == CI->getArgOperand(2)->getType() &&
          CI->getArgOperand(0)->getType()->isPointerTy() &&
          (F->getName() == "__memset_chk"
               ? CI->getArgOperand(1)->getType()->isIntegerTy()
               : CI->getArgOperand(1)->getType()->isPointerTy()))
        Calls.push_back(CI);
  Module &M = *C.getParent();
  for (CallInst *CI : Calls) {
    StringRef Name = CI->getCalledFunction()->getName();
    Value *Dst = CI->getArgOperand(0), *Src = CI->getArgOperand(1),
          *Len = CI->getArgOperand(2), *Size = CI->getArgOperand(3);
    IRBuilder<> IRB(CI);
    Value *Over = IRB.CreateICmpULT(Size, Len);
    Instruction *Fail =
        SplitBlockAndInsertIfThen(Over, CI, /*Unreachable=*/true);
    IRB.SetInsertPoint(Fail);
    FunctionCallee ChkFail = M.getOrInsertFunction(
        "__chk_fail", FunctionType::get(IRB.getVoidTy(), false));
    if (auto *Fn = dyn_cast<Function>(ChkFail.getCallee()))
      Fn->setDoesNotReturn();
    IRB.CreateCall(ChkFail);
    IRB.SetInsertPoint(CI);
    if (Name == "__memset_chk")
      IRB.CreateMemSet(Dst, IRB.CreateTrunc(Src, IRB.getInt8Ty()), Len,
                       MaybeAlign());
    else if (Name == "__memcpy_chk")
      IRB.CreateMemCpy(Dst, MaybeAlign(), Src, MaybeAlign(), Len);
    else
      IRB.CreateMemMove(Dst, MaybeAlign(), Src, MaybeAlign(), Len);
    CI->replaceAllUsesWith(Dst);
    CI->eraseFromParent();
  }
}

/// -O0 leaves constant branches: a call through a member function pointer
/// that is a template constant tests its virtual bit with `br i1 false`
/// and calls a phi of the vtable's entry and the function itself. Fold the
/// branches and such phis, so that the call is direct before indirect calls
/// are dispatched.
static void foldConstantCallees(Function &C) {
  for (BasicBlock &BB : C)
    ConstantFoldTerminator(&BB, /*DeleteDeadConditions=*/true);
  removeUnreachableBlocks(C);
  for (BasicBlock &BB : C)
    for (PHINode &Phi : make_early_inc_range(BB.phis()))
      if (auto *F = dyn_cast_or_null<Function>(Phi.hasConstantValue())) {
        Phi.replaceAllUsesWith(F);
        Phi.eraseFromParent();
      }
}

/// Loop unswitching freezes pointers it branches on (std::sort's
/// iterators at -O3); the pointer analyses follow the pointer itself. A
/// pointer argument of a program that runs is never poison.
static void unfreezePointers(Function &C) {
  for (Instruction &I : make_early_inc_range(instructions(C)))
    if (auto *FI = dyn_cast<FreezeInst>(&I);
        FI && FI->getType()->isPtrOrPtrVectorTy() &&
        !isa<UndefValue>(FI->getOperand(0))) {
      FI->replaceAllUsesWith(FI->getOperand(0));
      FI->eraseFromParent();
    }
}

static bool hasIndirectCalls(const Function &C) {
  return any_of(instructions(C), [](const Instruction &I) {
    const auto *CB = dyn_cast<CallBase>(&I);
    return CB && !CB->isInlineAsm() &&
           !isa<Constant>(CB->getCalledOperand()->stripPointerCasts());
  });
}

Function *normalizedClone(Function &F, FunctionAnalysisManager &FAM) {
  ValueToValueMapTy VMap;
  Function *C = CloneFunction(&F, VMap);
  C->setName("__ad_primal." + F.getName());
  C->setLinkage(GlobalValue::PrivateLinkage);
  C->removeFnAttr(Attribute::OptimizeNone);
  C->removeFnAttr(Attribute::NoInline);
  materializeByValCopies(*C);
  // Invokes inlined as invokes: a throw inside a helper called in a try
  // block becomes an invoke of the handler, which dropUnwindEdges marks.
  inlineHelpers(*C, F, FAM);
  dropUnwindEdges(*C);
  // Callbacks and virtual calls (often exposed by inlining), then what they
  // call.
  foldConstantCallees(*C);
  if (dispatchIndirectCalls(*C)) {
    inlineHelpers(*C, F, FAM);
    dropUnwindEdges(*C);
  }
  // Code from -O0 reads an object's vtable pointer through stack slots:
  // promoted, the table it reads the target from may be seen.
  if (hasIndirectCalls(*C)) {
    FunctionPassManager FPM;
    FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
    FPM.addPass(EarlyCSEPass());
    FPM.run(*C, FAM);
    FAM.invalidate(*C, PreservedAnalyses::none());
    if (dispatchIndirectCalls(*C)) {
      inlineHelpers(*C, F, FAM);
      dropUnwindEdges(*C);
    }
  }
  // Recursion through function pointers (a std::function calling itself)
  // leaves calls that inlining only unrolls: the last ones become direct
  // calls, which get derivatives of their own.
  if (hasIndirectCalls(*C) && dispatchIndirectCalls(*C))
    dropUnwindEdges(*C); // (the targets' calls unwind as invokes)
  raiseEnzymeIterLevel(*C);
  lowerFortifiedMemoryCalls(*C);
  replaceKnownInlineAsm(*C);
  expandX86VectorIntrinsics(*C);
  approximateReciprocals(*C);
  substituteFunctionLike(*C);
  expandLibmOutputs(*C);
  markMathCallsPure(*C);
  wrapParallelRegions(*C);
  lockReductions(*C);

  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FPM.run(*C, FAM);
  unfreezePointers(*C);
  retypeFloatCopies(*C);
  storePointersAsPointers(*C);
  defineFloatLanes(*C);
  // (after the cleanup, which leaves the masks in their canonical form, and
  // the retyping, which makes integer copies of floats floats)
  floatsFromBits(*C);
  // After the cleanup, which would merge the two calls again.
  if (splitBlasLayouts(*C))
    FAM.invalidate(*C, PreservedAnalyses::none());
  return C;
}

/// Code that chooses aligned vector accesses from a buffer's address at run
/// time (Eigen's packets: peel until the address is 16-byte aligned) does
/// the same accesses on the buffer's shadow, which must then have the same
/// address modulo the vector size: every stack buffer of a derivative with
/// such accesses gets the largest vector alignment. Beyond malloc's 16
/// bytes (AVX's 32-byte packets, in Eigen's blocks aligned by hand inside
/// a malloc'd one) the heap blocks and their shadows are 64-byte aligned
/// too.
static void alignVectorBuffers(Function &F) {
  Align Widest(1);
  for (Instruction &I : instructions(F))
    if ((isa<LoadInst>(I) || isa<StoreInst>(I)) &&
        getLoadStoreType(&I)->isVectorTy())
      Widest = std::max(Widest, getLoadStoreAlignment(&I));
  if (Widest >= Align(16))
    for (Instruction &I : F.getEntryBlock())
      if (auto *AI = dyn_cast<AllocaInst>(&I);
          AI && AI->isStaticAlloca() && !AI->getAllocatedType()->isScalableTy())
        AI->setAlignment(std::max(AI->getAlign(), Align(64)));
  // (At -O0 the accesses may be in another function than the allocation:
  // then the target's vectors say how wide they can be.)
  StringRef Features = F.getFnAttribute("target-features").getValueAsString();
  if (Widest <= Align(16) && !Features.contains("+avx"))
    return;
  Module &M = *F.getParent();
  Type *I64 = Type::getInt64Ty(F.getContext());
  Type *Ptr = PointerType::getUnqual(F.getContext());
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    auto *CI = dyn_cast<CallInst>(&I);
    Function *Callee = CI ? CI->getCalledFunction() : nullptr;
    if (!Callee || CI->arg_size() != 1 ||
        !CI->getArgOperand(0)->getType()->isIntegerTy(64) ||
        (Callee->getName() != "malloc" &&
         Callee->getName() != "ad_shadow_alloc"))
      continue;
    IRBuilder<> B(CI);
    Value *Bytes = CI->getArgOperand(0), *A = B.getInt64(64);
    Value *New;
    if (Callee->getName() == "malloc") // (a multiple of the alignment)
      New = B.CreateCall(
          M.getOrInsertFunction("aligned_alloc", Ptr, I64, I64),
          {A, B.CreateAnd(B.CreateAdd(Bytes, B.getInt64(63)), ~uint64_t(63))});
    else
      New = B.CreateCall(
          M.getOrInsertFunction("__ad_shadow_alloc_aligned", Ptr, I64, I64),
          {A, Bytes});
    New->takeName(CI);
    CI->replaceAllUsesWith(New);
    CI->eraseFromParent();
  }
}

static constexpr char UntouchedZeroFix[] = "ad.untouched.zero";

Value *positiveIfUntouched(Value *Adjoint, IRBuilder<> &IRB) {
  Value *Sum =
      IRB.CreateFAdd(Adjoint, ConstantFP::get(Adjoint->getType(), 0.0));
  if (auto *I = dyn_cast<Instruction>(Sum))
    I->setMetadata(UntouchedZeroFix, MDNode::get(I->getContext(), {}));
  return Sum;
}

/// Whether \p V may be the -0.0 an adjoint sum starts from: that constant,
/// or a phi or select that may pass it on.
static bool mayBeUntouched(Value *V, SmallPtrSetImpl<Value *> &Seen) {
  if (match(V, m_NegZeroFP()))
    return true;
  if (!Seen.insert(V).second)
    return false;
  if (auto *Phi = dyn_cast<PHINode>(V))
    return any_of(Phi->incoming_values(),
                  [&](Value *In) { return mayBeUntouched(In, Seen); });
  if (auto *Sel = dyn_cast<SelectInst>(V))
    return mayBeUntouched(Sel->getTrueValue(), Seen) ||
           mayBeUntouched(Sel->getFalseValue(), Seen);
  return false;
}

static void dropNeedlessZeroFixes(Function &F) {
  SmallVector<Instruction *, 4> Fixes;
  for (Instruction &I : instructions(F))
    if (I.getMetadata(UntouchedZeroFix))
      Fixes.push_back(&I);
  for (Instruction *I : Fixes) {
    I->setMetadata(UntouchedZeroFix, nullptr);
    SmallPtrSet<Value *, 8> Seen;
    if (I->getOpcode() == Instruction::FAdd &&
        match(I->getOperand(1), m_PosZeroFP()) &&
        !mayBeUntouched(I->getOperand(0), Seen)) {
      I->replaceAllUsesWith(I->getOperand(0));
      I->eraseFromParent();
    }
  }
}

static constexpr char AdjointSum[] = "ad.adjoint.sum";

void markAdjointSum(Instruction &I) {
  I.setMetadata(AdjointSum, MDNode::get(I.getContext(), {}));
}

/// `0.0 + d` in an adjoint sum is d: the order of adjoint sums is free, and
/// so is the sign of a zero derivative (d = -0.0 gives -0.0 instead of 0.0).
/// Only these sums: no nsz flag, which would let InstCombine factor them.
static bool foldZeroAdjointSums(Function &F) {
  SmallVector<Instruction *, 16> Folded;
  for (Instruction &I : instructions(F)) {
    if (!I.getMetadata(AdjointSum))
      continue;
    I.setMetadata(AdjointSum, nullptr); // internal: not in the output
    if (I.getOpcode() != Instruction::FAdd)
      continue;
    for (unsigned K = 0; K != 2; ++K)
      if (match(I.getOperand(K), m_AnyZeroFP())) {
        I.replaceAllUsesWith(I.getOperand(1 - K));
        Folded.push_back(&I);
        break;
      }
  }
  for (Instruction *I : Folded)
    I->eraseFromParent();
  return !Folded.empty();
}

void cleanupDerivative(Function &F, FunctionAnalysisManager &FAM) {
  // Adjoints in SSA form first: whether one may be untouched is visible
  // before InstCombine moves the + 0.0 into selects and phis.
  FunctionPassManager SSA;
  SSA.addPass(SROAPass(SROAOptions::ModifyCFG));
  SSA.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  SSA.run(F, FAM);
  dropNeedlessZeroFixes(F);
  FunctionPassManager FPM;
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  // Forward loops whose results the derivative does not need are now empty
  // counting loops: delete them, and hoist what the reverse loops recompute.
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  LoopPassManager LPM;
  LPM.addPass(LICMPass(LICMOptions()));
  LPM.addPass(IndVarSimplifyPass());
  LPM.addPass(LoopDeletionPass());
  FPM.addPass(
      createFunctionToLoopPassAdaptor(std::move(LPM), /*UseMemorySSA=*/true));
  FPM.addPass(GVNPass());
  FPM.run(F, FAM);
  // A store's reverse resets the shadow, then adds its old adjoint back
  // (0.0 + d once GVN forwarded the reset): with those sums folded, the
  // reset is a dead store.
  if (foldZeroAdjointSums(F)) {
    FunctionPassManager Stores;
    Stores.addPass(DSEPass());
    Stores.run(F, FAM);
  }
  FunctionPassManager Last;
  Last.addPass(InstCombinePass());
  Last.addPass(SimplifyCFGPass());
  Last.addPass(ADCEPass());
  Last.run(F, FAM);
  alignVectorBuffers(F);
}

void eraseFunction(Function &F, FunctionAnalysisManager &FAM) {
  FAM.clear(F, F.getName());
  F.eraseFromParent();
}

} // namespace adpass
