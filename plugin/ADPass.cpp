//===- ADPass.cpp - The module pass ---------------------------------------===//
#include "ADPass.h"

#include "Frontend/CallLowering.h"
#include "Rules/RuleTable.h"
#include "Support/RuntimeLinker.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// Functions annotated AD_INACTIVE (annotate("ad_inactive")) get the
/// attribute the analyses look for.
static void markInactiveFunctions(Module &M) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  for (const Use &U : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    auto *Str =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!F || !Str || !Str->hasInitializer())
      continue;
    if (auto *Text = dyn_cast<ConstantDataArray>(Str->getInitializer()))
      if (Text->isCString() && Text->getAsCString() == "ad_inactive")
        F->addFnAttr(InactiveAttr);
  }
}

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  markInactiveFunctions(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerDerivativeCalls(M, FAM);
  Changed |= linkRuntime(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace adpass
