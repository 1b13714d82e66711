//===- CarriedPointers.cpp - Pointers a checkpointed loop carries ---------===//
#include "Transform/Checkpoint/CarriedPointers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {

namespace {

/// The phis and selects of the loop through which carried pointers flow,
/// and the pointers known before the loop they take.
class PointerWeb {
public:
  explicit PointerWeb(const Loop &L) : L(L) {}

  /// Adds \p V and what flows into it; false if something in the loop
  /// other than a phi or select does (a pointer advanced by arithmetic).
  bool add(Value *V) { return loopInvariantSources(V, L, Roots, Nodes); }

  bool contains(Value *V) const {
    auto *I = dyn_cast<Instruction>(V);
    return I && Nodes.contains(I);
  }

  void rewrite(BasicBlock &Exit);

private:
  Value *indexOf(Value *V) {
    if (auto *I = dyn_cast<Instruction>(V); I && Nodes.contains(I))
      return Index.lookup(I);
    assert(Roots.contains(V) && "a pointer outside the web");
    return ConstantInt::get(IndexTy, find(Roots, V) - Roots.begin());
  }
  /// The buffer index \p Idx names, selected at \p B's insertion point.
  Value *select(IRBuilder<> &B, Value *Idx, const Twine &Name) {
    Value *P = Roots.back();
    for (unsigned K = Roots.size() - 1; K-- > 0;)
      P = B.CreateSelect(B.CreateICmpEQ(Idx, ConstantInt::get(IndexTy, K)),
                         Roots[K], P, Name);
    return P;
  }

  const Loop &L;
  SetVector<Instruction *> Nodes;
  SetVector<Value *> Roots;
  DenseMap<Instruction *, Value *> Index;
  IntegerType *IndexTy = nullptr;
};

void PointerWeb::rewrite(BasicBlock &Exit) {
  IndexTy = Type::getInt32Ty(Exit.getContext());
  // The indices first (a phi's incoming index may be one made later).
  for (Instruction *N : Nodes) {
    if (auto *Phi = dyn_cast<PHINode>(N))
      Index[N] = PHINode::Create(IndexTy, Phi->getNumIncomingValues(),
                                 N->getName() + ".buffer", N->getIterator());
    else
      Index[N] = SelectInst::Create(cast<SelectInst>(N)->getCondition(),
                                    PoisonValue::get(IndexTy),
                                    PoisonValue::get(IndexTy),
                                    N->getName() + ".buffer", N->getIterator());
  }
  for (Instruction *N : Nodes) {
    if (auto *Phi = dyn_cast<PHINode>(N)) {
      for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K)
        cast<PHINode>(Index[N])->addIncoming(indexOf(Phi->getIncomingValue(K)),
                                             Phi->getIncomingBlock(K));
    } else {
      auto *Sel = cast<SelectInst>(N);
      auto *ISel = cast<SelectInst>(Index[N]);
      ISel->setTrueValue(indexOf(Sel->getTrueValue()));
      ISel->setFalseValue(indexOf(Sel->getFalseValue()));
    }
  }
  // The loop's results: their indices leave it, the buffers are selected
  // after it.
  SmallVector<PHINode *, 4> Results;
  for (PHINode &Phi : Exit.phis())
    if (Phi.getType()->isPointerTy() &&
        any_of(Phi.incoming_values(), [&](Value *V) { return contains(V); }))
      Results.push_back(&Phi);
  for (PHINode *Phi : Results) {
    PHINode *IPhi =
        PHINode::Create(IndexTy, Phi->getNumIncomingValues(),
                        Phi->getName() + ".buffer", Phi->getIterator());
    for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K)
      IPhi->addIncoming(indexOf(Phi->getIncomingValue(K)),
                        Phi->getIncomingBlock(K));
    IRBuilder<> B(&*Exit.getFirstInsertionPt());
    Phi->replaceAllUsesWith(select(B, IPhi, Phi->getName()));
    Phi->eraseFromParent();
  }
  for (Instruction *N : Nodes) {
    IRBuilder<> B(isa<PHINode>(N) ? &*N->getParent()->getFirstInsertionPt()
                                  : N->getNextNode());
    N->replaceAllUsesWith(select(B, Index[N], N->getName()));
  }
  for (Instruction *N : Nodes)
    N->dropAllReferences();
  for (Instruction *N : Nodes)
    N->eraseFromParent();
}

} // namespace

bool loopInvariantSources(Value *V, const Loop &L, SetVector<Value *> &Sources,
                          SetVector<Instruction *> &Through) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I)) {
    Sources.insert(V);
    return Sources.size() <= MaxBuffers;
  }
  if (Through.contains(I))
    return true;
  if (!isa<PHINode>(I) && !isa<SelectInst>(I))
    return false;
  Through.insert(I);
  if (auto *Phi = dyn_cast<PHINode>(I))
    return all_of(Phi->incoming_values(), [&](Value *In) {
      return loopInvariantSources(In, L, Sources, Through);
    });
  auto *Sel = cast<SelectInst>(I);
  return loopInvariantSources(Sel->getTrueValue(), L, Sources, Through) &&
         loopInvariantSources(Sel->getFalseValue(), L, Sources, Through);
}

std::string carryPointersAsIndices(Loop &L, BasicBlock &Exit) {
  PointerWeb Web(L);
  bool Any = false;
  for (PHINode &Phi : L.getHeader()->phis())
    if (Phi.getType()->isPointerTy()) {
      Any = true;
      if (!Web.add(&Phi))
        return "it carries a pointer that moves from one iteration to the "
               "next other than among buffers known before it";
    }
  auto InLoop = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return I && L.contains(I);
  };
  for (PHINode &Phi : Exit.phis()) {
    if (!Phi.getType()->isPointerTy() || none_of(Phi.incoming_values(), InLoop))
      continue;
    Any = true;
    // (a pointer from outside the loop, where the loop is skipped, is one
    // of the buffers the result's index may name too)
    for (Value *V : Phi.incoming_values())
      if (!Web.add(V))
        return "a pointer it computes is used after it";
  }
  if (Any)
    Web.rewrite(Exit);
  return "";
}

} // namespace adpass
