//===- Markers.cpp - The marker arguments of the entry points -------------===//
#include "Frontend/Markers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace adpass {

/// The constant \p V holds when it is a load of a local variable written
/// once with a constant, through any number of such variables: what an
/// argument of an entry point is at -O0 once always_inline wrappers (the C++
/// API's, or the user's) are inlined. Otherwise \p V itself.
const Value *throughLocals(const Value *V) {
  for (unsigned Depth = 0; Depth != 16; ++Depth) {
    const auto *L = dyn_cast<LoadInst>(V->stripPointerCasts());
    const auto *AI = L ? dyn_cast<AllocaInst>(L->getPointerOperand()) : nullptr;
    if (!AI)
      return V;
    const StoreInst *Only = nullptr;
    for (const User *U : AI->users()) {
      if (isa<LoadInst>(U))
        continue;
      const auto *S = dyn_cast<StoreInst>(U);
      const auto *II = dyn_cast<IntrinsicInst>(U);
      if (II && II->isLifetimeStartOrEnd())
        continue;
      if (!S || S->getPointerOperand() != AI || Only)
        return V;
      Only = S;
    }
    if (!Only || Only->getValueOperand()->getType() != L->getType())
      return V;
    V = Only->getValueOperand();
    if (isa<Constant>(V->stripPointerCasts()))
      return V;
  }
  return V;
}

Function *namedFunction(const Value *V) {
  for (unsigned Depth = 0; Depth != 4; ++Depth) {
    V = throughLocals(V)->stripPointerCasts();
    if (const auto *F = dyn_cast<Function>(V))
      return const_cast<Function *>(F);
    const auto *Call = dyn_cast<CallBase>(V);
    const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee || Callee->isDeclaration())
      return nullptr;
    const Value *Returned = nullptr;
    for (const BasicBlock &BB : *Callee) {
      const auto *R = dyn_cast<ReturnInst>(BB.getTerminator());
      if (!R)
        continue;
      const Value *RV = R->getReturnValue();
      RV = RV ? throughLocals(RV)->stripPointerCasts() : nullptr;
      if (!RV || !isa<Function>(RV) || (Returned && Returned != RV))
        return nullptr;
      Returned = RV;
    }
    if (!Returned)
      return nullptr;
    V = Returned;
  }
  return nullptr;
}

/// The marker global an argument loads (or points to), if any.
const GlobalVariable *markerGlobal(const Value *V) {
  V = throughLocals(V);
  if (const auto *L = dyn_cast<LoadInst>(V))
    V = throughLocals(L->getPointerOperand());
  else if (!V->getType()->isPointerTy())
    return nullptr;
  return dyn_cast<GlobalVariable>(V->stripPointerCasts());
}

static bool isNamedMarker(const Value *V, StringRef Name) {
  const GlobalVariable *GV = markerGlobal(V);
  return GV && GV->getName() == Name;
}

bool isWorkspaceMarker(const Value *V) {
  return isNamedMarker(V, "ad_workspace");
}

bool isTapeBudgetMarker(const Value *V) {
  return isNamedMarker(V, "ad_tape_budget");
}

bool isResultMarker(const Value *V) { return isNamedMarker(V, "ad_result"); }

/// `ad_width, N` (Enzyme: `enzyme_width, N`): N directions per call.
bool isWidthMarker(const Value *V) {
  return isNamedMarker(V, "ad_width") || isNamedMarker(V, "enzyme_width");
}

/// `ad_dupv, stride, x, dx` (Enzyme: `enzyme_dupv`): the N shadows of x are
/// dx, dx + stride bytes, dx + 2 * stride bytes...
bool isDupvMarker(const Value *V) {
  return isNamedMarker(V, "ad_dupv") || isNamedMarker(V, "enzyme_dupv");
}

/// `ad_pad`: an argument that stands for nothing (the C++ API pads every
/// activity to three arguments).
bool isPadMarker(const Value *V) { return isNamedMarker(V, "ad_pad"); }

/// `ad_seed, &s`: the seed of a struct or vector result (reverse mode).
bool isSeedMarker(const Value *V) { return isNamedMarker(V, "ad_seed"); }

bool isTapeMarker(const Value *V) { return isNamedMarker(V, "enzyme_tape"); }

bool isAllocatedMarker(const Value *V) {
  return isNamedMarker(V, "enzyme_allocated");
}

bool isRuntimeActivityMarker(const Value *V) {
  return isNamedMarker(V, "enzyme_runtime_activity") ||
         isNamedMarker(V, "ad_runtime_activity");
}

/// Any argument that stands for a marker rather than a value.
static bool isMarker(const Value *V) {
  return markerOf(V) || isWorkspaceMarker(V) || isTapeBudgetMarker(V) ||
         isResultMarker(V) || isPadMarker(V) || isSeedMarker(V) ||
         isWidthMarker(V) || isDupvMarker(V) || isTapeMarker(V) ||
         isAllocatedMarker(V) || isRuntimeActivityMarker(V) ||
         returnMarkerOf(V) != ReturnMarker::None;
}

void eraseDeadMarkerLoads(ArrayRef<Value *> Args) {
  // (the optimizer may share one load between arguments)
  SmallSetVector<LoadInst *, 8> Loads;
  for (Value *V : Args)
    if (auto *L = dyn_cast<LoadInst>(V); L && isMarker(L))
      Loads.insert(L);
  for (LoadInst *L : Loads)
    if (L->use_empty())
      L->eraseFromParent();
}

ReturnMarker returnMarkerOf(const Value *V) {
  const GlobalVariable *GV = markerGlobal(V);
  if (!GV)
    return ReturnMarker::None;
  return StringSwitch<ReturnMarker>(GV->getName())
      .Case("enzyme_const_return", ReturnMarker::Const)
      .Case("enzyme_active_return", ReturnMarker::Active)
      .Case("enzyme_dup_return", ReturnMarker::Dup)
      .Case("enzyme_primal_return", ReturnMarker::Primal)
      .Case("enzyme_noret", ReturnMarker::NoRet)
      .Default(ReturnMarker::None);
}

/// Whether \p Name is one of Enzyme's spellings of an entry point (its
/// defaults differ from ADPass's own).
bool isEnzymeEntry(StringRef Name) { return Name.contains("__enzyme_"); }

/// The activity a marker argument stands for (`ad_dup` or `enzyme_dup`...).
std::optional<ArgActivity> markerOf(const Value *V) {
  const GlobalVariable *GV = markerGlobal(V);
  if (!GV)
    return std::nullopt;
  StringRef Name = GV->getName();
  if (!Name.consume_front("ad_") && !Name.consume_front("enzyme_"))
    return std::nullopt;
  return StringSwitch<std::optional<ArgActivity>>(Name)
      .Case("dup", ArgActivity::Dup)
      .Case("dupnoneed", ArgActivity::DupNoNeed)
      .Case("const", ArgActivity::Const)
      .Case("out", ArgActivity::Out)
      .Default(std::nullopt);
}

} // namespace adpass
