//===- EnzymeIter.cpp - Enzyme's differentiation-level counter ------------===//
#include "Frontend/EnzymeIter.h"

#include "Support/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// The calls of the counter in \p In, or in the whole module when \p In is
/// null. A call of another shape is left out, and reported when \p Report.
static SmallVector<CallBase *, 4> iterCalls(Module &M, Function *In,
                                            bool Report) {
  SmallVector<CallBase *, 4> Calls;
  Function *Iter = M.getFunction(EnzymeIterName);
  if (!Iter)
    return Calls;
  for (User *U : Iter->users()) {
    auto *CB = dyn_cast<CallBase>(U);
    if (!CB || CB->getCalledOperand() != Iter ||
        (In && CB->getFunction() != In))
      continue;
    Type *T = CB->getType();
    bool Valid = CB->arg_size() == 2 &&
                 (T->isIntegerTy() || T->isFloatingPointTy()) &&
                 CB->getArgOperand(0)->getType() == T &&
                 CB->getArgOperand(1)->getType() == T;
    if (!Valid) {
      if (Report)
        DiagnosticSink().error(
            *CB->getFunction(), CB,
            "__enzyme_iter takes two numbers of its result's "
            "type: (value, increment per derivative level)");
      continue;
    }
    Calls.push_back(CB);
  }
  return Calls;
}

void markEnzymeIterPure(Module &M) {
  Function *Iter = M.getFunction(EnzymeIterName);
  if (!Iter || !Iter->isDeclaration())
    return;
  Iter->setDoesNotAccessMemory();
  Iter->setDoesNotThrow();
  Iter->setWillReturn();
}

void raiseEnzymeIterLevel(Function &Clone) {
  for (CallBase *CB : iterCalls(*Clone.getParent(), &Clone, false)) {
    IRBuilder<> B(CB);
    Value *A = CB->getArgOperand(0), *Step = CB->getArgOperand(1);
    CB->setArgOperand(0, A->getType()->isIntegerTy() ? B.CreateAdd(A, Step)
                                                     : B.CreateFAdd(A, Step));
  }
}

bool lowerEnzymeIter(Module &M) {
  SmallVector<CallBase *, 4> Calls = iterCalls(M, nullptr, true);
  for (CallBase *CB : Calls) {
    CB->replaceAllUsesWith(CB->getArgOperand(0));
    if (auto *II = dyn_cast<InvokeInst>(CB)) {
      II->getUnwindDest()->removePredecessor(II->getParent());
      BranchInst::Create(II->getNormalDest(), II->getIterator());
    }
    CB->eraseFromParent();
  }
  return !Calls.empty();
}

} // namespace adpass
