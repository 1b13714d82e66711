//===- Normalize.cpp - The private clone AD works on ----------------------===//
#include "Transform/Normalize.h"

#include "Rules/ComplexRules.h"
#include "Rules/RuleTable.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/ADCE.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/IndVarSimplify.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopDeletion.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

using namespace llvm;

namespace adpass {

/// Bounds inlining of helpers into the clone (deep or recursive call chains
/// are left as calls).
static constexpr unsigned MaxInlineRounds = 8;
static constexpr unsigned MaxInlinedSize = 50000;
/// A `noinline` function this large gets its own derivative: inlining many
/// of them makes one function whose code generation time grows faster than
/// linearly (minutes for 7,500 statements of straight-line code).
static constexpr unsigned MinOutOfLineSize = 1000;

static bool isInlinable(const CallBase &CB, const Function &Self) {
  const Function *Callee = CB.getCalledFunction();
  if (!Callee || Callee->isDeclaration() || Callee->isIntrinsic() ||
      Callee == &Self || Callee->isVarArg() ||
      Callee->hasFnAttribute(InactiveAttr) || hasCustomDerivative(*Callee) ||
      hasCustomForward(*Callee))
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

static void inlineHelpers(Function &C, const Function &Original) {
  for (unsigned Round = 0; Round != MaxInlineRounds; ++Round) {
    SmallVector<CallBase *, 8> Calls;
    for (Instruction &I : instructions(C))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (isInlinable(*CB, Original))
          Calls.push_back(CB);
    if (Calls.empty())
      return;
    for (CallBase *CB : Calls) {
      if (C.getInstructionCount() > MaxInlinedSize)
        return;
      InlineFunctionInfo IFI;
      InlineFunction(*CB, IFI);
    }
  }
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

/// Exceptions are not differentiated: an invoke becomes a call (an
/// exception then propagates out of the derivative without cleanups), so
/// every call is an ordinary instruction of its block.
static void dropUnwindEdges(Function &C) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (BasicBlock &B : C)
    if (auto *II = dyn_cast<InvokeInst>(B.getTerminator()))
      Invokes.push_back(II);
  for (InvokeInst *II : Invokes)
    changeToCall(II);
}

Function *normalizedClone(Function &F, FunctionAnalysisManager &FAM) {
  ValueToValueMapTy VMap;
  Function *C = CloneFunction(&F, VMap);
  C->setName("__ad_primal." + F.getName());
  C->setLinkage(GlobalValue::PrivateLinkage);
  C->removeFnAttr(Attribute::OptimizeNone);
  C->removeFnAttr(Attribute::NoInline);
  dropUnwindEdges(*C);
  inlineHelpers(*C, F);
  dropUnwindEdges(*C);
  markMathCallsPure(*C);

  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(LoopSimplifyPass());
  FPM.addPass(LCSSAPass());
  FPM.run(*C, FAM);
  return C;
}

void cleanupDerivative(Function &F, FunctionAnalysisManager &FAM) {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
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
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  FPM.addPass(ADCEPass());
  FPM.run(F, FAM);
}

void eraseFunction(Function &F, FunctionAnalysisManager &FAM) {
  FAM.clear(F, F.getName());
  F.eraseFromParent();
}

} // namespace adpass
