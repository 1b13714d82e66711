//===- NestCount.cpp - Iterations of each loop per nest run ---------------===//
#include "Transform/NestCount.h"

#include "Transform/LoopPlans.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace adpass {

namespace {

/// start + step * k in P's iteration k, with start known before the nest.
struct Affine {
  const SCEV *Start;
  int64_t Step;
};

class NestPlanner {
public:
  NestPlanner(Loop &Outer, ScalarEvolution &SE, DominatorTree &DT,
              SCEVExpander &Exp, LoopPlans &Plans)
      : Outer(Outer), SE(SE), DT(DT), Exp(Exp), Plans(Plans),
        IP(Outer.getLoopPreheader()->getTerminator()),
        I64(Type::getInt64Ty(IP->getContext())) {}

  void run();

private:
  bool trips(Loop &L, bool Uniform, NestCount &N);
  bool entryConditions(Loop &L, bool Uniform, NestCount &N);
  bool enteredWhen(Value *Cond, bool ToL, bool AllowWindow, Loop &P,
                   NestCount &N);
  bool window(ICmpInst &Cmp, bool ToL, Loop &P, NestCount &N);
  std::optional<Affine> affine(const SCEV *S, Loop &P);
  std::optional<Affine> compared(Value *V, bool Signed, Loop &P);
  Value *expand(const SCEV *S);
  bool available(Value *V) const;

  Loop &Outer;
  ScalarEvolution &SE;
  DominatorTree &DT;
  SCEVExpander &Exp;
  LoopPlans &Plans;
  Instruction *IP; ///< the outermost preheader's terminator
  Type *I64;
};

} // namespace

static const NestCount *nestOf(const LoopPlans &Plans, const Loop *L) {
  auto It = Plans.find(L);
  return It != Plans.end() && It->second.Nest ? &*It->second.Nest : nullptr;
}

void NestPlanner::run() {
  Value *OuterTrips = Plans.lookup(&Outer).Trips;
  if (!OuterTrips)
    return; // nothing is known before the nest runs
  NestCount &ON = Plans[&Outer].Nest.emplace();
  ON.Trips = OuterTrips;
  // Preorder: a parent is planned before its children, and a loop whose
  // parent has no count has none either.
  for (Loop *L : Outer.getLoopsInPreorder()) {
    const NestCount *PN =
        L == &Outer ? nullptr : nestOf(Plans, L->getParentLoop());
    if (!PN)
      continue;
    // Per-iteration recipes need the same iterations of P in each of its
    // executions.
    bool Uniform = PN->fixedTrips();
    NestCount N;
    if (trips(*L, Uniform, N) && entryConditions(*L, Uniform, N))
      Plans[L].Nest = std::move(N);
  }
}

Value *NestPlanner::expand(const SCEV *S) {
  return Exp.isSafeToExpandAt(S, IP) ? Exp.expandCodeFor(S, I64, IP) : nullptr;
}

/// S as start + step * k in the iterations k of P (constant step, start
/// invariant in the whole nest).
std::optional<Affine> NestPlanner::affine(const SCEV *S, Loop &P) {
  if (SE.isLoopInvariant(S, &Outer))
    return Affine{S, 0};
  const auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != &P || !AR->isAffine() ||
      !SE.isLoopInvariant(AR->getStart(), &Outer))
    return std::nullopt;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || Step->getAPInt().getSignificantBits() > 32)
    return std::nullopt;
  return Affine{AR->getStart(), Step->getAPInt().getSExtValue()};
}

/// L's trip count: the same at every entry, or (in a uniform parent) an
/// affine function of the parent's iteration.
bool NestPlanner::trips(Loop &L, bool Uniform, NestCount &N) {
  const SCEV *BTC = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(BTC))
    return false;
  const SCEV *Trips =
      SE.getAddExpr(SE.getTruncateOrZeroExtend(BTC, I64), SE.getOne(I64));
  std::optional<Affine> F = affine(Trips, *L.getParentLoop());
  if (!F || (F->Step && !Uniform))
    return false;
  N.Trips = expand(F->Start);
  N.TripsStep = F->Step;
  return N.Trips;
}

bool NestPlanner::available(Value *V) const {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  return I && DT.dominates(I, IP);
}

/// Whether, in every iteration of L's parent P, reaching L's preheader is
/// decided by conditions known at the outermost preheader (N.Guards), P's
/// own exit test in its header, or one compare of values affine in P's
/// iteration (N.Window). Anything else (a data-dependent branch, a break)
/// could skip L in some iterations: its count would be an estimate.
bool NestPlanner::entryConditions(Loop &L, bool Uniform, NestCount &N) {
  Loop &P = *L.getParentLoop();
  BasicBlock *PH = L.getLoopPreheader(), *H = P.getHeader();
  auto InSubloop = [&](BasicBlock *B) {
    return any_of(P, [&](const Loop *Sub) { return Sub->contains(B); });
  };
  if (InSubloop(PH))
    return false;
  // The blocks of P from which PH is reached within one iteration.
  SmallPtrSet<BasicBlock *, 16> Reach{PH};
  SmallVector<BasicBlock *, 16> Work{PH};
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    if (B == H)
      continue;
    for (BasicBlock *Pred : predecessors(B))
      if (P.contains(Pred) && Reach.insert(Pred).second)
        Work.push_back(Pred);
  }
  auto Reaches = [&](BasicBlock *S) { return S != H && Reach.count(S); };
  // A branch that can turn away from PH must be on every way to PH (it
  // dominates PH): then L is entered in an iteration exactly when all such
  // branches lead to it.
  for (BasicBlock *B : P.blocks()) {
    if (B == PH || !Reach.count(B) || all_of(successors(B), Reaches))
      continue;
    auto *Br = dyn_cast<BranchInst>(B->getTerminator());
    if (!Br || !Br->isConditional() || !DT.dominates(B, PH))
      return false;
    bool ToL = Reaches(Br->getSuccessor(0));
    Value *Cond = Br->getCondition();
    // A loop not rotated (-O0) tests its exit in the header: each of its
    // executions ends with a header run that does not reach PH.
    BasicBlock *Away = Br->getSuccessor(ToL ? 1 : 0);
    if (!available(Cond) && B == H && P.getExitingBlock() == H &&
        !P.contains(Away)) {
      N.AfterHeaderExit = true;
      continue;
    }
    if (!enteredWhen(Cond, ToL, Uniform && !InSubloop(B), P, N))
      return false;
  }
  return true;
}

/// Records that L is entered when \p Cond is \p ToL: invariant conditions
/// as guards, a compare of values affine in P's iteration as the window
/// (when \p AllowWindow; one at most), logical and/or/not by their parts.
bool NestPlanner::enteredWhen(Value *Cond, bool ToL, bool AllowWindow, Loop &P,
                              NestCount &N) {
  SmallVector<std::pair<Value *, bool>, 4> Work{{Cond, ToL}};
  while (!Work.empty()) {
    auto [C, Want] = Work.pop_back_val();
    Value *X, *Y;
    if (match(C, m_Not(m_Value(X)))) {
      Work.push_back({X, !Want});
    } else if (Want ? match(C, m_LogicalAnd(m_Value(X), m_Value(Y)))
                    : match(C, m_LogicalOr(m_Value(X), m_Value(Y)))) {
      Work.push_back({X, Want});
      Work.push_back({Y, Want});
    } else if (available(C)) {
      N.Guards.push_back({C, Want});
    } else {
      auto *Cmp = dyn_cast<ICmpInst>(C);
      if (!AllowWindow || N.Window || !Cmp || !window(*Cmp, Want, P, N))
        return false;
    }
  }
  return true;
}

/// A compared value as start + step * k in 64 bits, small enough that the
/// difference of two of them cannot overflow.
std::optional<Affine> NestPlanner::compared(Value *V, bool Signed, Loop &P) {
  auto *T = dyn_cast<IntegerType>(V->getType());
  if (!T || T->getBitWidth() > 64)
    return std::nullopt;
  const SCEV *S = SE.getSCEV(V);
  S = Signed ? SE.getNoopOrSignExtend(S, I64) : SE.getNoopOrZeroExtend(S, I64);
  std::optional<Affine> F = affine(S, P);
  if (!F || T->getBitWidth() <= 32)
    return F; // extended from at most 32 bits (affine() had to fold it)
  // Its values in P: SCEV's range, narrowed (a recurrence that does not
  // wrap is monotone) to those between its first and its last iteration.
  ConstantRange R = SE.getSignedRange(S);
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const SCEV *BTC = SE.getBackedgeTakenCount(&P);
    if (AR->hasNoSignedWrap() && !isa<SCEVCouldNotCompute>(BTC)) {
      const SCEV *Last =
          AR->evaluateAtIteration(SE.getTruncateOrZeroExtend(BTC, I64), SE);
      ConstantRange Ends =
          SE.getSignedRange(AR->getStart())
              .unionWith(SE.getSignedRange(Last), ConstantRange::Signed);
      R = R.intersectWith(Ends, ConstantRange::Signed);
    }
  }
  APInt Limit = APInt::getOneBitSet(64, 61);
  if (R.getSignedMax().sgt(Limit) || R.getSignedMin().slt(-Limit) ||
      (!Signed && R.getSignedMin().isNegative()))
    return std::nullopt;
  return F;
}

/// The compare Cmp leads to L (when it is \p ToL) in P's iteration k exactly
/// when D(k) > 0, D affine in k with a step of -1, 0 or 1 (so that those k
/// are an interval): D = Hi - Lo (+ 1) for an order, and for (in)equality
/// when the difference keeps one sign.
bool NestPlanner::window(ICmpInst &Cmp, bool ToL, Loop &P, NestCount &N) {
  CmpInst::Predicate Pred =
      ToL ? Cmp.getPredicate() : Cmp.getInversePredicate();
  bool Signed = !ICmpInst::isUnsigned(Pred);
  std::optional<Affine> A = compared(Cmp.getOperand(0), Signed, P);
  std::optional<Affine> B = compared(Cmp.getOperand(1), Signed, P);
  if (!A || !B)
    return false;
  if (ICmpInst::isEquality(Pred)) {
    // A - B starts at D0 and moves by Step: if it moves away from 0, A != B
    // is A > B (or A < B) in every iteration.
    const SCEV *D0 = SE.getMinusSCEV(A->Start, B->Start);
    int64_t Step = A->Step - B->Step;
    bool Up = Step > 0 && SE.isKnownNonNegative(D0);
    bool Down = Step < 0 && SE.isKnownNonPositive(D0);
    if (!Up && !Down)
      return false;
    bool NotEqual = Pred == ICmpInst::ICMP_NE;
    Pred = Up ? (NotEqual ? ICmpInst::ICMP_SGT : ICmpInst::ICMP_SLE)
              : (NotEqual ? ICmpInst::ICMP_SLT : ICmpInst::ICMP_SGE);
  }
  bool Less = ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred);
  bool OrEqual = ICmpInst::isLE(Pred) || ICmpInst::isGE(Pred);
  const Affine &Hi = Less ? *B : *A, &Lo = Less ? *A : *B;
  // Hi > Lo, or Hi >= Lo: Hi - Lo (+ 1) > 0.
  const SCEV *D0 = SE.getMinusSCEV(Hi.Start, Lo.Start);
  if (OrEqual)
    D0 = SE.getAddExpr(D0, SE.getOne(I64));
  int64_t Step = Hi.Step - Lo.Step;
  if (Step < -1 || Step > 1)
    return false;
  N.Window = expand(D0);
  N.WindowStep = Step;
  return N.Window;
}

void planNestCounts(Loop &Outer, ScalarEvolution &SE, DominatorTree &DT,
                    SCEVExpander &Exp, LoopPlans &Plans) {
  NestPlanner(Outer, SE, DT, Exp, Plans).run();
}

// ---- Evaluation on the gradient ------------------------------------------

/// A primal value of the outermost preheader, on the gradient. It is read
/// before the nest runs: a value the nest would not use (a guard it never
/// reaches, the trip count of a loop it never enters) may be poison there.
Value *NestCountEmitter::frozen(Value *PrimalV, IRBuilder<> &IRB) {
  Value *V = isa<Constant>(PrimalV)
                 ? PrimalV
                 : static_cast<Value *>(VMap.lookup(PrimalV));
  assert(V && "primal value without a forward copy");
  return IRB.CreateFreeze(V);
}

std::pair<Value *, Value *> NestCountEmitter::get(const Loop *L,
                                                  IRBuilder<> &IRB) {
  auto It = Done.find(L);
  if (It != Done.end())
    return It->second;
  const NestCount &N = *nestOf(Plans, L);
  Value *Zero = IRB.getInt64(0);
  const Loop *P = L->getParentLoop();
  if (!P)
    return Done[L] = {IRB.getInt64(1), frozen(N.Trips, IRB)};

  auto [ParentEntries, ParentCount] = get(P, IRB);
  Value *Enters = IRB.getTrue();
  for (auto [Cond, ToL] : N.Guards) {
    Value *C = frozen(Cond, IRB);
    Enters = IRB.CreateAnd(Enters, ToL ? C : IRB.CreateNot(C));
  }
  if (!N.fixedTrips())
    return Done[L] =
               perIteration(N, *nestOf(Plans, P), Enters, ParentEntries, IRB);
  Value *Iterations = N.AfterHeaderExit
                          ? IRB.CreateSub(ParentCount, ParentEntries)
                          : ParentCount;
  Value *Entries = IRB.CreateSelect(Enters, Iterations, Zero);
  Value *Count = IRB.CreateSelect(IRB.CreateICmpEQ(Entries, Zero), Zero,
                                  IRB.CreateMul(Entries, frozen(N.Trips, IRB)));
  return Done[L] = {Entries, Count};
}

/// Entries and header runs of a loop whose trip count or entry depends on
/// the iteration k of its parent, which runs k = 0 .. T-1 in each of its
/// executions: sum(f(k), lo <= k < hi) per execution of the parent.
std::pair<Value *, Value *>
NestCountEmitter::perIteration(const NestCount &N, const NestCount &Parent,
                               Value *Enters, Value *ParentEntries,
                               IRBuilder<> &IRB) {
  Value *Zero = IRB.getInt64(0), *One = IRB.getInt64(1);
  auto SMin = [&](Value *A, Value *B) {
    return IRB.CreateBinaryIntrinsic(Intrinsic::smin, A, B);
  };
  auto SMax = [&](Value *A, Value *B) {
    return IRB.CreateBinaryIntrinsic(Intrinsic::smax, A, B);
  };
  Value *T = frozen(Parent.Trips, IRB);
  if (N.AfterHeaderExit)
    T = IRB.CreateSub(T, One);
  Value *Lo = Zero, *Hi = T;
  if (N.Window) {
    Value *D0 = frozen(N.Window, IRB);
    if (N.WindowStep < 0) // D0 - k > 0: k < D0
      Hi = SMin(T, SMax(D0, Zero));
    else if (N.WindowStep > 0) // D0 + k > 0: k >= 1 - D0
      Lo = SMin(T, SMax(IRB.CreateSub(One, D0), Zero));
    else // D0 > 0: all or none
      Hi = IRB.CreateSelect(IRB.CreateICmpSGT(D0, Zero), T, Zero);
  }
  Value *Runs = IRB.CreateSub(Hi, Lo); // iterations of P that enter L
  // sum(f(k), lo <= k < hi) = n f(lo) + step n (n - 1) / 2, n = hi - lo,
  // with f(lo) the trip count of an iteration that does enter L.
  Value *Step = IRB.getInt64(N.TripsStep);
  Value *First = IRB.CreateAdd(frozen(N.Trips, IRB), IRB.CreateMul(Step, Lo));
  // n (n - 1) / 2 without overflow: halve the even factor first.
  Value *Prev = IRB.CreateSub(Runs, One);
  Value *Pairs =
      IRB.CreateSelect(IRB.CreateTrunc(Runs, IRB.getInt1Ty()),
                       IRB.CreateMul(Runs, IRB.CreateLShr(Prev, One)),
                       IRB.CreateMul(IRB.CreateLShr(Runs, One), Prev));
  Value *Sum =
      IRB.CreateAdd(IRB.CreateMul(Runs, First), IRB.CreateMul(Step, Pairs));
  Value *Executions = IRB.CreateSelect(Enters, ParentEntries, Zero);
  Value *Entries = IRB.CreateMul(Executions, Runs);
  Value *Count = IRB.CreateSelect(IRB.CreateICmpEQ(Entries, Zero), Zero,
                                  IRB.CreateMul(Executions, Sum));
  return {Entries, Count};
}

} // namespace adpass
