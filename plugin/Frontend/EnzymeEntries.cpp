//===- EnzymeEntries.cpp - Enzyme's API around its entry points -----------===//
#include "Frontend/EnzymeEntries.h"

#include "Frontend/CallLowering.h"
#include "Frontend/EnzymeBatch.h"
#include "Frontend/EnzymeIter.h"
#include "Frontend/EnzymeRegistrations.h"
#include "Frontend/Markers.h"
#include "Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

std::optional<std::string> readEnzymeTapeMarkers(const CallBase &CB,
                                                 unsigned First, unsigned End,
                                                 EnzymeTapeMarkers &Out) {
  for (unsigned K = First; K < End; ++K) {
    const Value *V = CB.getArgOperand(K);
    bool Tape = isTapeMarker(V);
    if (!Tape && !isAllocatedMarker(V))
      continue;
    Value *Next = K + 1 < End ? CB.getArgOperand(K + 1) : nullptr;
    if (Tape) {
      if (!Next || !Next->getType()->isPointerTy() || markerOf(Next))
        return std::string("marker 'enzyme_tape' must be followed by a "
                           "pointer to the tape's memory");
      Out.Slot = Next;
    } else {
      const auto *Size =
          Next ? dyn_cast<ConstantInt>(throughLocals(Next)) : nullptr;
      if (!Size)
        return std::string("marker 'enzyme_allocated' must be followed by "
                           "a constant size in bytes");
      Out.Allocated = Size->getZExtValue();
      if (*Out.Allocated < EnzymeTapeHandleBytes)
        return ("enzyme_allocated gives " + Twine(*Out.Allocated) +
                " bytes, but ADPass's tape needs " +
                Twine(EnzymeTapeHandleBytes) +
                " (ask __enzyme_augmentsize for the size)")
            .str();
    }
    ++K;
  }
  if (Out.Allocated && !Out.Slot)
    return std::string("enzyme_allocated without enzyme_tape: pass the "
                       "tape's memory with 'enzyme_tape, p' (a tape "
                       "returned or passed by value is not supported)");
  return std::nullopt;
}

/// Replaces each call of a declaration whose name begins with \p Prefix by
/// the value \p Replace gives for it; a null value leaves the call (after
/// Replace's located error). Returns whether any call was found.
static bool replaceEnzymeCalls(Module &M, StringRef Prefix,
                               function_ref<Value *(CallBase &)> Replace) {
  SmallVector<CallBase *, 4> Calls;
  for (Function &F : M)
    if (F.isDeclaration() && F.getName().starts_with(Prefix))
      for (User *U : F.users())
        if (auto *CB = dyn_cast<CallBase>(U);
            CB && CB->getCalledOperand() == &F)
          Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    Value *V = Replace(*CB);
    if (!V)
      continue;
    CB->replaceAllUsesWith(V);
    if (auto *II = dyn_cast<InvokeInst>(CB)) {
      II->getUnwindDest()->removePredecessor(II->getParent());
      BranchInst::Create(II->getNormalDest(), II->getIterator());
    }
    CB->eraseFromParent();
  }
  return !Calls.empty();
}

bool lowerEnzymeAugmentSize(Module &M) {
  return replaceEnzymeCalls(M, "__enzyme_augmentsize", [](CallBase &CB) {
    // Every function and activity get the same size: the tape's address.
    if (!CB.arg_size() || !namedFunction(CB.getArgOperand(0)) ||
        !CB.getType()->isIntegerTy()) {
      DiagnosticSink().error(*CB.getFunction(), &CB,
                             "__enzyme_augmentsize: the first argument must "
                             "be a function, and the call must return an "
                             "integer");
      return static_cast<Value *>(nullptr);
    }
    return static_cast<Value *>(
        ConstantInt::get(CB.getType(), EnzymeTapeHandleBytes));
  });
}

bool lowerEnzymeVirtualReverse(Module &M) {
  return replaceEnzymeCalls(M, "__enzyme_virtualreverse", [](CallBase &CB) {
    // ADPass differentiates an indirect call by dispatching on the primal
    // function pointer; the shadow of a function pointer is the pointer
    // (so, unlike Enzyme, it need not be a constant).
    Value *Fn = CB.arg_size() ? CB.getArgOperand(0) : nullptr;
    if (!Fn || !Fn->getType()->isPointerTy() || !CB.getType()->isPointerTy()) {
      DiagnosticSink().error(*CB.getFunction(), &CB,
                             "__enzyme_virtualreverse takes a function "
                             "pointer and returns a pointer");
      return static_cast<Value *>(nullptr);
    }
    return Fn;
  });
}

void refuseUnknownEnzymeNames(Module &M) {
  // Once per module: at the start of the pipeline when clang runs it
  // (before unused registrations are deleted), else at the lowering.
  if (M.getNamedMetadata("ad.enzyme.checked"))
    return;
  M.getOrInsertNamedMetadata("ad.enzyme.checked");
  for (Function &F : M) {
    if (!F.isDeclaration() || !F.getName().starts_with("__enzyme_") ||
        isDerivativeEntry(F.getName()) || isEnzymeBatchName(F.getName()) ||
        F.getName().starts_with("__enzyme_augmentsize") ||
        F.getName().starts_with("__enzyme_virtualreverse") ||
        F.getName() == EnzymeIterName)
      continue;
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == &F)
        DiagnosticSink().error(*CB->getFunction(), CB,
                               "'" + F.getName() +
                                   "' is an Enzyme entry point ADPass does not "
                                   "support (see docs/enzyme.md)");
  }
  for (GlobalVariable &GV : M.globals()) {
    StringRef Name = GV.getName();
    if (!Name.contains("__enzyme_") || isAdoptedEnzymeGlobal(GV))
      continue;
    // Located at the function it registers, else at any function.
    const Function *At = nullptr;
    if (GV.hasInitializer())
      if (auto *Arr = dyn_cast<ConstantArray>(GV.getInitializer());
          Arr && Arr->getNumOperands() > 0)
        At = dyn_cast<Function>(Arr->getOperand(0)->stripPointerCasts());
    if (!At && GV.hasInitializer())
      At = dyn_cast<Function>(GV.getInitializer()->stripPointerCasts());
    if (!At)
      At = anyDefinition(M);
    if (At)
      DiagnosticSink().error(
          *At, nullptr,
          "Enzyme's '" + Name +
              "' is not supported by ADPass: what it registers would be "
              "ignored (see docs/enzyme.md for what ADPass accepts)");
  }
}

} // namespace adpass
