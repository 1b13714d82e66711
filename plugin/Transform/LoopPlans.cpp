//===- LoopPlans.cpp - Trip counts known before loops run -----------------===//
#include "Transform/LoopPlans.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace adpass {

LoopPlans planLoops(Function &Primal, LoopInfo &LI, ScalarEvolution &SE,
                    DominatorTree &DT) {
  LoopPlans Plans;
  DenseMap<const Loop *, const SCEV *> TripSCEVs;
  SCEVExpander Exp(SE, Primal.getDataLayout(), "ad.trips");
  Type *I64 = Type::getInt64Ty(Primal.getContext());
  for (Loop *L : LI.getLoopsInPreorder()) {
    BasicBlock *PH = L->getLoopPreheader();
    if (!PH)
      continue;
    const SCEV *BTC = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(BTC))
      continue;
    const SCEV *Trips =
        SE.getAddExpr(SE.getTruncateOrZeroExtend(BTC, I64), SE.getOne(I64));
    Instruction *IP = PH->getTerminator();
    if (!Exp.isSafeToExpandAt(Trips, IP))
      continue;
    TripSCEVs[L] = Trips;
    Plans[L].Trips = Exp.expandCodeFor(Trips, I64, IP);
    // A rectangular nest: all its iterations are known at this preheader.
    const SCEV *Hint = Trips;
    for (Loop *A = L->getParentLoop(); A && Hint; A = A->getParentLoop()) {
      const SCEV *Outer = TripSCEVs.lookup(A);
      Hint = Outer && SE.isLoopInvariant(Trips, A) ? SE.getMulExpr(Hint, Outer)
                                                   : nullptr;
    }
    if (Hint && L->getParentLoop() && Exp.isSafeToExpandAt(Hint, IP))
      Plans[L].Hint = Exp.expandCodeFor(Hint, I64, IP);
  }
  for (Loop *Outer : LI)
    if (Outer->getLoopPreheader())
      planNestCounts(*Outer, SE, DT, Exp, Plans);
  return Plans;
}

} // namespace adpass
