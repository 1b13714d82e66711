//===- ADPass.cpp - The module pass ---------------------------------------===//
#include "ADPass.h"

#include "Frontend/CallLowering.h"
#include "Frontend/EntryInlining.h"
#include "Frontend/EnzymeEntries.h"
#include "Frontend/EnzymeIter.h"
#include "Frontend/EnzymeRegistrations.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Support/RuntimeLinker.h"
#include "Transform/Checkpoint/CallCheckpoint.h"
#include "Transform/Exceptions.h"
#include "Transform/Normalize.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace adpass {

/// Annotations on functions (and variables): AD_INACTIVE and
/// AD_FUNCTION_LIKE (ad.h), Enzyme's `enzyme_inactive` and
/// `enzyme_function_like` attributes (spelled as annotations by ADPass's
/// clang plugin, or by hand). Any other `enzyme_*` annotation is refused:
/// it would otherwise be ignored.
static void readAnnotations(Module &M) {
  GlobalVariable *Annotations = M.getGlobalVariable("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  // Errors once: at the start of the pipeline, or in the pass under opt.
  bool First = !M.getNamedMetadata("ad.annotations.checked");
  M.getOrInsertNamedMetadata("ad.annotations.checked");
  for (const Use &U : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *Target =
        dyn_cast<GlobalValue>(Entry->getOperand(0)->stripPointerCasts());
    auto *Str =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!Target || !Str || !Str->hasInitializer())
      continue;
    auto *Text = dyn_cast<ConstantDataArray>(Str->getInitializer());
    if (!Text || !Text->isCString())
      continue;
    StringRef A = Text->getAsCString();
    if (!A.starts_with("ad_") && !A.starts_with("enzyme_"))
      continue;
    auto *F = dyn_cast<Function>(Target);
    const Function *At = F ? F : anyDefinition(M);
    if (!At)
      continue;
    if (F && (A == "ad_inactive" || A == "enzyme_inactive")) {
      F->addFnAttr(InactiveAttr);
      keepCallsOf(*F);
    } else if (F && A == "ad_checkpoint") {
      F->addFnAttr(CheckpointAttr);
      keepCallsOf(*F);
    } else if (auto *G = dyn_cast<GlobalVariable>(Target);
               G && (A == "ad_inactive" || A == "enzyme_inactive")) {
      G->setMetadata(InactiveGlobalMD, MDNode::get(M.getContext(), {}));
    } else if (F && (A.consume_front("ad_function_like=") ||
                     A.consume_front("enzyme_function_like="))) {
      std::string Why;
      if (markFunctionLike(*F, A, Why))
        keepCallsOf(*F);
      else if (First)
        DiagnosticSink().error(*F, nullptr,
                               "function-like '" + F->getName() + "': " + Why);
    } else if (A.starts_with("enzyme_") && First) {
      DiagnosticSink().error(*At, nullptr,
                             "the annotation '" + A + "' on '" +
                                 Target->getName() +
                                 "' is not supported by ADPass (see "
                                 "docs/enzyme.md); it would be ignored");
    }
  }
}

/// Whether registered function \p Got of \p Fn has type \p Want; a located
/// error otherwise.
static bool checkRegisteredType(const Function &Fn, const Function &Got,
                                FunctionType *Want, StringRef What,
                                StringRef Macro) {
  if (Got.getFunctionType() == Want)
    return true;
  std::string W, G;
  raw_string_ostream WS(W), GS(G);
  Want->print(WS);
  Got.getFunctionType()->print(GS);
  DiagnosticSink().error(Got, nullptr,
                         "the " + What + " '" + Got.getName() +
                             "' registered for '" + Fn.getName() +
                             "' has type " + G + "; expected " + W + " (see " +
                             Macro + " in ad.h)");
  return false;
}

/// The functions of a registration array `__ad_custom_<kind>_fn = {fn,
/// ...}`, or an empty list if \p GV is not one with \p N entries.
static SmallVector<Function *, 3> registration(GlobalVariable &GV,
                                               StringRef Kind, unsigned N) {
  // C++ mangles the static array (_ZL20__ad_custom_rev_f).
  if (!GV.getName().contains(Kind) || !GV.hasInitializer())
    return {};
  auto *Entries = dyn_cast<ConstantArray>(GV.getInitializer());
  if (!Entries || Entries->getNumOperands() != N)
    return {};
  SmallVector<Function *, 3> Fns;
  for (const Use &U : Entries->operands()) {
    auto *F = dyn_cast<Function>(U.get()->stripPointerCasts());
    if (!F)
      return {};
    Fns.push_back(F);
  }
  return Fns;
}

/// AD_REGISTER_REVERSE(fn, rev) leaves `__ad_custom_rev_fn = {fn, rev}`,
/// AD_REGISTER_AUGMENTED(fn, aug, rev) `__ad_custom_aug_fn = {fn, aug,
/// rev}`, AD_REGISTER_FORWARD(fn, fwd) `__ad_custom_fwd_fn = {fn, fwd}`:
/// check the types and attach them to fn.
static void registerCustomDerivatives(Module &M) {
  for (GlobalVariable &GV : M.globals()) {
    if (auto R = registration(GV, "__ad_custom_rev_", 2); !R.empty()) {
      FunctionType *FT = R[0]->getFunctionType();
      if (checkRegisteredType(*R[0], *R[1], customReverseType(FT),
                              "reverse derivative", "AD_REGISTER_REVERSE"))
        R[0]->addFnAttr(CustomReverseAttr, R[1]->getName());
    } else if (auto F = registration(GV, "__ad_custom_fwd_", 2); !F.empty()) {
      FunctionType *FT = F[0]->getFunctionType();
      if (checkRegisteredType(*F[0], *F[1], customForwardType(FT),
                              "forward derivative", "AD_REGISTER_FORWARD"))
        F[0]->addFnAttr(CustomForwardAttr, F[1]->getName());
    } else if (auto A = registration(GV, "__ad_custom_aug_", 3); !A.empty()) {
      FunctionType *FT = A[0]->getFunctionType();
      bool AugOk =
          checkRegisteredType(*A[0], *A[1], customAugmentedType(FT),
                              "augmented forward", "AD_REGISTER_AUGMENTED");
      bool RevOk =
          checkRegisteredType(*A[0], *A[2], customAugmentedReverseType(FT),
                              "reverse", "AD_REGISTER_AUGMENTED");
      if (AugOk && RevOk) {
        A[0]->addFnAttr(CustomAugmentedAttr, A[1]->getName());
        A[0]->addFnAttr(CustomAugmentedReverseAttr, A[2]->getName());
      }
    }
  }
}

/// What the user registered, in either API: read at the start of the
/// pipeline (the functions named then stay un-inlined) and again by the
/// pass itself (opt runs it alone).
static void readRegistrations(Module &M) {
  readAnnotations(M);
  adoptEnzymeRegistrations(M);
  keepRegisteredFunctions(M);
  refuseUnknownEnzymeNames(M);
  markEnzymeIterPure(M);
}

PreservedAnalyses ADPass::run(Module &M, ModuleAnalysisManager &MAM) {
  readRegistrations(M);
  registerCustomDerivatives(M);
  auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = lowerDerivativeCalls(M, FAM);
  Changed |= lowerEnzymeIter(M);
  restoreUnwindEdges(M);
  if (InlineEntries)
    Changed |= inlineEntryDerivatives(M);
  restoreFunctionLikeCalls(M);
  Changed |= linkRuntime(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses ADProtectPass::run(Module &M, ModuleAnalysisManager &) {
  protectDerivativeCalls(M);
  readRegistrations(M);
  // Before the optimizer takes the call for one that may write memory.
  lowerEnzymeVirtualReverse(M);
  return PreservedAnalyses::none();
}

} // namespace adpass
