//===- EntryInlining.cpp - Derivatives inlined where they were asked ------===//
#include "Frontend/EntryInlining.h"
#include "Transform/DerivativeCache.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace adpass {

static bool callsItself(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *CB = dyn_cast<CallBase>(&I);
        CB && CB->getCalledOperand()->stripPointerCasts() == &F)
      return true;
  return false;
}

/// Above this size a derivative stays a function of its own: inlining it
/// gains nothing measurable and makes the caller one huge function, whose
/// register allocation grows faster than linearly (Eigen's blocked LU:
/// 40,000 instructions inlined into main tripled the backend's time).
static constexpr unsigned MaxInlinedEntrySize = 4000;

bool inlineEntryDerivatives(Module &M) {
  SmallVector<CallBase *, 8> Sites;
  for (Function &F : M) {
    if (F.isDeclaration() || !F.hasLocalLinkage() ||
        !isGeneratedDerivative(F) || !F.hasOneUse() ||
        F.hasFnAttribute(Attribute::NoInline) ||
        F.getInstructionCount() > MaxInlinedEntrySize)
      continue;
    auto *CB = dyn_cast<CallBase>(F.user_back());
    if (!CB || CB->getCalledOperand() != &F ||
        isGeneratedDerivative(*CB->getFunction()) || callsItself(F))
      continue;
    Sites.push_back(CB);
  }
  bool Changed = false;
  for (CallBase *CB : Sites) {
    Function *Callee = CB->getCalledFunction();
    InlineFunctionInfo IFI;
    Function *Caller = CB->getFunction();
    if (InlineFunction(*CB, IFI).isSuccess()) {
      AttributeFuncs::mergeAttributesForInlining(*Caller, *Callee);
      Changed = true;
      if (Callee->use_empty())
        Callee->eraseFromParent();
    }
  }
  return Changed;
}

} // namespace adpass
