//===- NestingOrder.cpp - Inner derivative calls before outer ones --------===//
#include "Frontend/NestingOrder.h"
#include "Frontend/Markers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {

/// The function an entry-point call names (after a hidden sret pointer;
/// through the locals -O0 keeps it in), or null.
static const Function *differentiatedFunction(const CallBase &CB) {
  unsigned First =
      CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet) ? 1 : 0;
  if (CB.arg_size() <= First)
    return nullptr;
  return namedFunction(CB.getArgOperand(First));
}

/// The defined functions \p Root may run: those it references (calls,
/// function pointers it passes or stores), transitively.
static SmallPtrSet<const Function *, 16> reachableFrom(const Function &Root) {
  SmallPtrSet<const Function *, 16> Seen;
  SmallVector<const Function *, 16> Work{&Root};
  Seen.insert(&Root);
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F))
      for (const Value *Op : I.operands())
        if (auto *G = dyn_cast<Function>(Op->stripPointerCasts());
            G && !G->isDeclaration() && Seen.insert(G).second)
          Work.push_back(G);
  }
  return Seen;
}

void orderInnerFirst(SmallVectorImpl<CallBase *> &Calls,
                     function_ref<bool(CallBase *, CallBase *)> After) {
  if (Calls.size() < 2)
    return;
  // Which calls each call must wait for: those inside what it differentiates.
  DenseMap<CallBase *, SmallVector<CallBase *, 2>> Inner;
  bool Nested = false;
  for (CallBase *Outer : Calls) {
    for (CallBase *C : Calls)
      if (C != Outer && After(Outer, C))
        Inner[Outer].push_back(C);
    const Function *Fn = differentiatedFunction(*Outer);
    if (!Fn || Fn->isDeclaration())
      continue;
    auto Reach = reachableFrom(*Fn);
    for (CallBase *C : Calls)
      if (C != Outer && Reach.count(C->getFunction())) {
        Inner[Outer].push_back(C);
        Nested = true;
      }
  }
  if (!Nested) // keep the order the caller chose
    return;
  SmallVector<CallBase *, 8> Ordered;
  SmallPtrSet<CallBase *, 8> Done;
  while (Ordered.size() < Calls.size()) {
    bool Progress = false;
    for (CallBase *C : Calls) {
      if (Done.count(C))
        continue;
      auto It = Inner.find(C);
      if (It != Inner.end() &&
          any_of(It->second, [&](CallBase *I) { return !Done.count(I); }))
        continue;
      Ordered.push_back(C);
      Done.insert(C);
      Progress = true;
    }
    if (!Progress) // a cycle: the rest in their order
      for (CallBase *C : Calls)
        if (Done.insert(C).second)
          Ordered.push_back(C);
  }
  Calls.assign(Ordered.begin(), Ordered.end());
}

} // namespace adpass
