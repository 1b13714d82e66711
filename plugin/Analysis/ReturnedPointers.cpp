//===- ReturnedPointers.cpp - Where a returned pointer comes from ---------===//
#include "Analysis/ReturnedPointers.h"

#include "Analysis/ActivityAnalysis.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {

bool returnedPointerSources(const Function &F,
                            SmallVectorImpl<ReturnedPointerSource> &Out) {
  if (F.isDeclaration() || !F.getReturnType()->isPointerTy())
    return false;
  SmallVector<std::pair<const Value *, bool>, 8> Work;
  for (const BasicBlock &B : F)
    if (const auto *R = dyn_cast<ReturnInst>(B.getTerminator()))
      Work.push_back({R->getReturnValue(), false});
  SmallPtrSet<const Value *, 16> Seen[2];
  while (!Work.empty()) {
    auto [V, Loaded] = Work.pop_back_val();
    while (true) {
      if (const auto *GEP = dyn_cast<GEPOperator>(V))
        V = GEP->getPointerOperand();
      else if (const auto *Op = dyn_cast<Operator>(V);
               Op && (Op->getOpcode() == Instruction::BitCast ||
                      Op->getOpcode() == Instruction::AddrSpaceCast))
        V = Op->getOperand(0);
      else
        break;
    }
    if (!Seen[Loaded].insert(V).second || isNullLikePointer(V))
      continue;
    if (const auto *A = dyn_cast<Argument>(V)) {
      if (none_of(Out, [&](const ReturnedPointerSource &S) {
            return S.Arg == A->getArgNo() && S.Loaded == Loaded;
          }))
        Out.push_back({A->getArgNo(), Loaded});
    } else if (const auto *Phi = dyn_cast<PHINode>(V)) {
      for (const Value *In : Phi->incoming_values())
        Work.push_back({In, Loaded});
    } else if (const auto *Sel = dyn_cast<SelectInst>(V)) {
      Work.push_back({Sel->getTrueValue(), Loaded});
      Work.push_back({Sel->getFalseValue(), Loaded});
    } else if (const auto *L = dyn_cast<LoadInst>(V)) {
      // A local variable (-O0 code keeps every one on the stack): what was
      // stored into it. Else a pointer read through another.
      if (const auto *Slot = dyn_cast<AllocaInst>(L->getPointerOperand())) {
        for (const User *U : Slot->users()) {
          if (const auto *S = dyn_cast<StoreInst>(U);
              S && S->getPointerOperand() == Slot &&
              S->getValueOperand()->getType()->isPointerTy())
            Work.push_back({S->getValueOperand(), Loaded});
          else if (!isa<LoadInst>(U) && !isa<IntrinsicInst>(U))
            return false; // (its address is taken)
        }
        continue;
      }
      Work.push_back({L->getPointerOperand(), true});
    } else if (const auto *CB = dyn_cast<CallBase>(V);
               CB && CB->getCalledFunction() == &F) {
      // F's own result: one of that call's pointer arguments, or read
      // through one (whatever its summary is).
      for (const Value *A : CB->args())
        if (A->getType()->isPointerTy()) {
          Work.push_back({A, Loaded});
          Work.push_back({A, true});
        }
    } else {
      return false;
    }
  }
  return true;
}

} // namespace adpass
