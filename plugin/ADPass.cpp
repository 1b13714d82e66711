//===- ADPass.cpp - The module pass ---------------------------------------===//
#include "ADPass.h"

#include "Frontend/CallLowering.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Support/RuntimeLinker.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

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

/// AD_REGISTER_REVERSE(fn, rev) leaves `__ad_custom_rev_fn = {fn, rev}`:
/// check rev's type and attach it to fn.
static void registerCustomDerivatives(Module &M) {
  for (GlobalVariable &GV : M.globals()) {
    // C++ mangles the static array (_ZL20__ad_custom_rev_f).
    if (!GV.getName().contains("__ad_custom_rev_") || !GV.hasInitializer())
      continue;
    auto *Pair = dyn_cast<ConstantArray>(GV.getInitializer());
    if (!Pair || Pair->getNumOperands() != 2)
      continue;
    auto *Fn = dyn_cast<Function>(Pair->getOperand(0)->stripPointerCasts());
    auto *Rev = dyn_cast<Function>(Pair->getOperand(1)->stripPointerCasts());
    if (!Fn || !Rev)
      continue;
    FunctionType *Want = customReverseType(Fn->getFunctionType());
    if (Rev->getFunctionType() != Want) {
      std::string W, Got;
      raw_string_ostream WS(W), GS(Got);
      Want->print(WS);
      Rev->getFunctionType()->print(GS);
      DiagnosticSink().error(*Rev, nullptr,
                             "the reverse derivative '" + Rev->getName() +
                                 "' registered for '" + Fn->getName() +
                                 "' has type " + Got + "; expected " + W +
                                 " (see AD_REGISTER_REVERSE in ad.h)");
      continue;
    }
    Fn->addFnAttr(CustomReverseAttr, Rev->getName());
  }
}

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  markInactiveFunctions(M);
  registerCustomDerivatives(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerDerivativeCalls(M, FAM);
  Changed |= linkRuntime(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace adpass
