//===- StdNodeRoutines.cpp - libstdc++'s compiled node routines -----------===//
#include "Rules/StdNodeRoutines.h"

#include "Support/RuntimeLinker.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

namespace {
/// A libstdc++ symbol, the runtime function doing the same, and the number
/// of leading parameters that are `bool` (the others are pointers).
struct StdNodeRoutine {
  const char *Library;
  const char *StandIn;
  unsigned Pointers;
  bool LeadingBool;
  bool ReturnsPointer;
};
} // namespace

static const StdNodeRoutine Routines[] = {
    // std::_Rb_tree_increment / _decrement (and their const overloads).
    {"_ZSt18_Rb_tree_incrementPSt18_Rb_tree_node_base", "__ad_std_rb_increment",
     1, false, true},
    {"_ZSt18_Rb_tree_incrementPKSt18_Rb_tree_node_base",
     "__ad_std_rb_increment", 1, false, true},
    {"_ZSt18_Rb_tree_decrementPSt18_Rb_tree_node_base", "__ad_std_rb_decrement",
     1, false, true},
    {"_ZSt18_Rb_tree_decrementPKSt18_Rb_tree_node_base",
     "__ad_std_rb_decrement", 1, false, true},
    // std::_Rb_tree_insert_and_rebalance(bool, node *, node *, node &)
    {"_ZSt29_Rb_tree_insert_and_rebalancebPSt18_Rb_tree_node_baseS0_RS_",
     "__ad_std_rb_insert_rebalance", 3, true, false},
    // std::_Rb_tree_rebalance_for_erase(node *, node &)
    {"_ZSt28_Rb_tree_rebalance_for_erasePSt18_Rb_tree_node_baseRS_",
     "__ad_std_rb_rebalance_for_erase", 2, false, true},
    // std::__detail::_List_node_base members (this first) and swap.
    {"_ZNSt8__detail15_List_node_base7_M_hookEPS0_", "__ad_std_list_hook", 2,
     false, false},
    {"_ZNSt8__detail15_List_node_base9_M_unhookEv", "__ad_std_list_unhook", 1,
     false, false},
    {"_ZNSt8__detail15_List_node_base11_M_transferEPS0_S1_",
     "__ad_std_list_transfer", 3, false, false},
    {"_ZNSt8__detail15_List_node_base10_M_reverseEv", "__ad_std_list_reverse",
     1, false, false},
    {"_ZNSt8__detail15_List_node_base4swapERS0_S1_", "__ad_std_list_swap", 2,
     false, false},
};

bool isStdNodeStandIn(StringRef Name) {
  return Name.starts_with("__ad_std_") &&
         any_of(Routines,
                [&](const StdNodeRoutine &R) { return Name == R.StandIn; });
}

/// The routine \p F is, if its type is the one expected (another
/// declaration of the name is left alone).
static const StdNodeRoutine *routineOf(const Function &F) {
  if (!F.isDeclaration())
    return nullptr;
  const auto *R = find_if(Routines, [&](const StdNodeRoutine &R) {
    return F.getName() == R.Library;
  });
  if (R == std::end(Routines))
    return nullptr;
  FunctionType *FT = F.getFunctionType();
  unsigned Bools = R->LeadingBool ? 1 : 0;
  if (FT->isVarArg() || FT->getNumParams() != Bools + R->Pointers ||
      (R->ReturnsPointer ? !FT->getReturnType()->isPointerTy()
                         : !FT->getReturnType()->isVoidTy()))
    return nullptr;
  for (unsigned K = 0; K != FT->getNumParams(); ++K)
    if (K < Bools ? !FT->getParamType(K)->isIntegerTy(1)
                  : !FT->getParamType(K)->isPointerTy())
      return nullptr;
  return R;
}

bool substituteStdNodeRoutines(Function &F) {
  Module &M = *F.getParent();
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    const StdNodeRoutine *R = Callee ? routineOf(*Callee) : nullptr;
    if (!R)
      continue;
    FunctionCallee StandIn =
        M.getOrInsertFunction(R->StandIn, Callee->getFunctionType());
    CB->setCalledFunction(StandIn);
    Changed = true;
  }
  if (Changed)
    linkDifferentiableRuntime(M);
  return Changed;
}

} // namespace adpass
