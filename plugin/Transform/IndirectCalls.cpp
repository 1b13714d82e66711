//===- IndirectCalls.cpp - Indirect calls become dispatches ---------------===//
#include "Transform/IndirectCalls.h"

#include "Support/Diagnostics.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// More candidates than this: the call stays indirect (and is refused where
/// it matters).
static constexpr unsigned MaxTargets = 8;

/// Calls whose values may carry derivatives: a floating-point parameter or
/// result.
static bool computesWithFloats(const FunctionType *FT) {
  auto Float = [](const Type *T) {
    return T->getScalarType()->isFloatingPointTy() ||
           (T->isStructTy() &&
            any_of(cast<StructType>(T)->elements(),
                   [](const Type *E) { return E->isFloatingPointTy(); }));
  };
  return Float(FT->getReturnType()) || any_of(FT->params(), Float);
}

/// The functions of type \p FT whose address is taken; false when one of
/// them is only declared here (a target outside this translation unit,
/// then in \p Outside).
static bool candidates(Module &M, FunctionType *FT,
                       SmallVectorImpl<Function *> &Out,
                       Function **Outside = nullptr) {
  for (Function &F : M) {
    // (ADPass's own functions: a split reverse's address is in its tapes)
    if (F.isIntrinsic() || F.getName().starts_with("__ad_") ||
        F.getFunctionType() != FT ||
        !F.hasAddressTaken(nullptr, /*IgnoreCallbackUses=*/false,
                           /*IgnoreAssumeLikeCalls=*/true,
                           /*IgnoreLLVMUsed=*/true))
      continue;
    if (F.isDeclaration()) {
      if (Outside)
        *Outside = &F;
      return false;
    }
    Out.push_back(&F);
  }
  return true;
}

static void dispatch(CallInst &CB, ArrayRef<Function *> Targets) {
  Function &C = *CB.getFunction();
  LLVMContext &Ctx = C.getContext();
  BasicBlock *Head = CB.getParent();
  BasicBlock *Join = Head->splitBasicBlock(&CB, "ad.dispatch.join");
  Head->getTerminator()->eraseFromParent();
  Value *Callee = CB.getCalledOperand();
  SmallVector<Value *, 8> Args(CB.args());
  PHINode *Result = nullptr;
  if (!CB.getType()->isVoidTy()) {
    Result = PHINode::Create(CB.getType(), Targets.size(), "ad.dispatch");
    Result->insertBefore(Join->begin());
  }
  BasicBlock *Test = Head;
  for (Function *T : Targets) {
    BasicBlock *Call =
        BasicBlock::Create(Ctx, "ad.dispatch." + T->getName(), &C, Join);
    BasicBlock *Next = BasicBlock::Create(Ctx, "ad.dispatch.next", &C, Join);
    IRBuilder<> B(Test);
    B.SetCurrentDebugLocation(CB.getDebugLoc());
    B.CreateCondBr(B.CreateICmpEQ(Callee, T), Call, Next);
    B.SetInsertPoint(Call);
    CallInst *Direct = B.CreateCall(T, Args);
    Direct->setAttributes(CB.getAttributes());
    Direct->setCallingConv(T->getCallingConv());
    B.CreateBr(Join);
    if (Result)
      Result->addIncoming(Direct, Call);
    Test = Next;
  }
  // None of them: a function of another translation unit.
  IRBuilder<> B(Test);
  StringRef Name = C.getName();
  Name.consume_front("__ad_primal."); // the normalized clone's own name
  emitRuntimeRefusal(B, "__ad_unknown_target", CB, Name, "ad.call.site");
  if (Result)
    CB.replaceAllUsesWith(Result);
  CB.eraseFromParent();
}

std::string whyIndirect(const CallBase &CB) {
  if (CB.isInlineAsm() || !CB.getFunction())
    return "";
  SmallVector<Function *, 4> Targets;
  Function *Outside = nullptr;
  if (!candidates(*const_cast<Module *>(CB.getModule()), CB.getFunctionType(),
                  Targets, &Outside))
    return ("a possible target, '" + Outside->getName() +
            "', is defined in another translation unit")
        .str();
  if (Targets.empty())
    return "no function of its type has its address taken here";
  if (Targets.size() > MaxTargets)
    return "it has more than " + std::to_string(MaxTargets) +
           " possible targets";
  return "";
}

/// Whether \p F computes with floating-point values (reads, writes or
/// makes one): a callback taking only pointers (an ODE right-hand side
/// `rhs(const double *y, double *dy)`, a virtual method on an object) may
/// then carry derivatives through the memory they point to.
static bool computesWithFloats(const Function &F) {
  return any_of(instructions(F), [](const Instruction &I) {
    if (const auto *S = dyn_cast<StoreInst>(&I))
      return S->getValueOperand()->getType()->getScalarType()
          ->isFloatingPointTy();
    return I.getType()->getScalarType()->isFloatingPointTy();
  });
}

bool dispatchIndirectCalls(Function &C) {
  SmallVector<std::pair<CallInst *, SmallVector<Function *, 4>>, 4> Work;
  for (Instruction &I : instructions(C)) {
    auto *CB = dyn_cast<CallInst>(&I);
    if (!CB || CB->getCalledFunction() || CB->isInlineAsm() ||
        isa<Constant>(CB->getCalledOperand()->stripPointerCasts()))
      continue;
    bool Floats = computesWithFloats(CB->getFunctionType());
    bool Pointers = any_of(CB->args(), [](const Value *A) {
      return A->getType()->isPointerTy();
    });
    if (!Floats && !Pointers)
      continue;
    SmallVector<Function *, 4> Targets;
    if (!candidates(*C.getParent(), CB->getFunctionType(), Targets) ||
        Targets.empty() || Targets.size() > MaxTargets)
      continue;
    if (!Floats && none_of(Targets, [](const Function *T) {
          return computesWithFloats(*T);
        }))
      continue; // (pointers for logging, say: the call stays)
    Work.push_back({CB, Targets});
  }
  for (auto &[CB, Targets] : Work)
    dispatch(*CB, Targets);
  return !Work.empty();
}

} // namespace adpass
