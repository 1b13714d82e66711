//===- AccessRegions.cpp - The memory a loop may touch --------------------===//
#include "Transform/Checkpoint/AccessRegions.h"
#include "Transform/Checkpoint/CarriedPointers.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

namespace adpass {

/// The greatest iteration number (0 first) of \p AL at which the access
/// being bounded runs. A loop left only from its header (a loop not rotated,
/// at -O0) runs its other blocks one time less than its header: bounding
/// those by the header's count would reach one element past the end (and a
/// snapshot restored there writes over the memory after the array).
const SCEV *AccessRegions::iterationsOf(const Loop *AL) {
  const SCEV *Trips = SE.getSymbolicMaxBackedgeTakenCount(AL);
  BasicBlock *Header = AL->getHeader();
  if (isa<SCEVCouldNotCompute>(Trips) || !Where ||
      Where->getParent() == Header || !AL->contains(Where) ||
      AL->getExitingBlock() != Header)
    return Trips;
  const SCEV *One = SE.getOne(Trips->getType());
  return SE.getMinusSCEV(SE.getUMaxExpr(Trips, One), One);
}

/// The least and greatest values of \p S over the iterations of the loop
/// (and of the loops inside it), as expressions invariant in the loop.
bool AccessRegions::bound(const SCEV *S, const SCEV *&Lo, const SCEV *&Hi,
                          unsigned Depth) {
  if (Depth > 16)
    return false;
  if (SE.isLoopInvariant(S, &L)) {
    Lo = Hi = S;
    return true;
  }
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    // A narrow recurrence may wrap (`i & 3` is an i2 one): not bounded by
    // its first and last values. (64-bit offsets do not wrap.)
    if (!AR->isAffine() || (S->getType()->getScalarSizeInBits() < 64 &&
                            !AR->hasNoSignedWrap() && !AR->hasNoUnsignedWrap()))
      return false;
    const SCEV *Trips = iterationsOf(AR->getLoop());
    const SCEV *StartLo, *StartHi, *EndLo, *EndHi;
    if (isa<SCEVCouldNotCompute>(Trips) ||
        !bound(AR->getStart(), StartLo, StartHi, Depth + 1))
      return false;
    // The last value, start + step * trips, bounded as one expression: in
    // an inner loop whose trip count depends on the outer index (j from
    // i + 1 to n) the two cancel, where bounding start and trips apart
    // would add their maxima and reach past the array (a snapshot restored
    // there writes over the memory after it).
    const SCEV *End = SE.getAddExpr(
        AR->getStart(),
        SE.getMulExpr(AR->getStepRecurrence(SE),
                      SE.getTruncateOrZeroExtend(Trips, S->getType())));
    if (!bound(End, EndLo, EndHi, Depth + 1))
      return false;
    if (!Step) {
      // A step known only when the loop runs (the row length of a 2-D
      // array, `b[i * n + j]`): monotone all the same, between its ends.
      Lo = SE.getSMinExpr(StartLo, EndLo);
      Hi = SE.getSMaxExpr(StartHi, EndHi);
    } else if (Step->getAPInt().isNonNegative()) {
      Lo = StartLo;
      Hi = EndHi;
    } else {
      Lo = EndLo;
      Hi = StartHi;
    }
    return true;
  }
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    SmallVector<const SCEV *, 4> Los, His;
    for (const SCEV *Op : Add->operands()) {
      const SCEV *OLo, *OHi;
      if (!bound(Op, OLo, OHi, Depth + 1))
        return false;
      Los.push_back(OLo);
      His.push_back(OHi);
    }
    Lo = SE.getAddExpr(Los);
    Hi = SE.getAddExpr(His);
    return true;
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S)) {
    // A constant times one varying factor.
    const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    if (!C || Mul->getNumOperands() != 2)
      return false;
    const SCEV *OLo, *OHi;
    if (!bound(Mul->getOperand(1), OLo, OHi, Depth + 1))
      return false;
    Lo = SE.getMulExpr(C, OLo);
    Hi = SE.getMulExpr(C, OHi);
    if (C->getAPInt().isNegative())
      std::swap(Lo, Hi);
    return true;
  }
  if (const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(S)) {
    const SCEV *OLo, *OHi;
    Type *T = S->getType();
    if (isa<SCEVPtrToIntExpr>(Cast))
      return false;
    if (!bound(Cast->getOperand(), OLo, OHi, Depth + 1)) {
      // A zero extension of a narrow value is within its range.
      unsigned Bits = Cast->getOperand()->getType()->getScalarSizeInBits();
      if (!isa<SCEVZeroExtendExpr>(Cast) || Bits >= 32)
        return false;
      Lo = SE.getZero(T);
      Hi = SE.getConstant(T, (uint64_t(1) << Bits) - 1);
      return true;
    }
    if (isa<SCEVSignExtendExpr>(Cast)) {
      Lo = SE.getSignExtendExpr(OLo, T);
      Hi = SE.getSignExtendExpr(OHi, T);
    } else if (isa<SCEVZeroExtendExpr>(Cast)) {
      Lo = SE.getZeroExtendExpr(OLo, T);
      Hi = SE.getZeroExtendExpr(OHi, T);
    } else {
      return false; // a truncation may wrap
    }
    return true;
  }
  if (const auto *U = dyn_cast<SCEVUnknown>(S))
    return boundUnknown(U->getValue(), Lo, Hi, Depth);
  if (const auto *MM = dyn_cast<SCEVMinMaxExpr>(S)) {
    // Monotone in each operand.
    SmallVector<const SCEV *, 4> Los, His;
    for (const SCEV *Op : MM->operands()) {
      const SCEV *OLo, *OHi;
      if (!bound(Op, OLo, OHi, Depth + 1))
        return false;
      Los.push_back(OLo);
      His.push_back(OHi);
    }
    Lo = SE.getMinMaxExpr(MM->getSCEVType(), Los);
    Hi = SE.getMinMaxExpr(MM->getSCEVType(), His);
    return true;
  }
  return false;
}

/// Values scalar evolution does not model: a select is within its two
/// choices; a remainder by a positive divisor d of a non-negative number is
/// in [0, d - 1] (wrap-around indices, x[(i + 1) % n]).
bool AccessRegions::boundUnknown(Value *V, const SCEV *&Lo, const SCEV *&Hi,
                                 unsigned Depth) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return false;
  if (auto *Sel = dyn_cast<SelectInst>(I)) {
    const SCEV *TLo, *THi, *FLo, *FHi;
    if (!bound(SE.getSCEV(Sel->getTrueValue()), TLo, THi, Depth + 1) ||
        !bound(SE.getSCEV(Sel->getFalseValue()), FLo, FHi, Depth + 1))
      return false;
    Lo = SE.getSMinExpr(TLo, FLo);
    Hi = SE.getSMaxExpr(THi, FHi);
    return true;
  }
  if (I->getOpcode() != Instruction::SRem &&
      I->getOpcode() != Instruction::URem)
    return false;
  const SCEV *Num = SE.getSCEV(I->getOperand(0));
  const SCEV *Den = SE.getSCEV(I->getOperand(1));
  const SCEV *DLo, *DHi;
  if (!SE.isKnownPositive(Den) || !bound(Den, DLo, DHi, Depth + 1))
    return false;
  if (I->getOpcode() == Instruction::SRem && !SE.isKnownNonNegative(Num))
    return false;
  Lo = SE.getZero(Den->getType());
  Hi = SE.getMinusSCEV(DHi, SE.getOne(DHi->getType()));
  return true;
}

bool AccessRegions::addRange(const Instruction &At, const Value *Ptr,
                             const SCEV *Size) {
  Where = &At;
  const SCEV *P = SE.getSCEV(const_cast<Value *>(Ptr));
  const SCEV *Base = SE.getPointerBase(P);
  if (!isa<SCEVUnknown>(Base))
    return false;
  SmallVector<const SCEV *, 2> Bases;
  if (SE.isLoopInvariant(Base, &L)) {
    Bases.push_back(Base);
  } else {
    // A buffer chosen by selects (a swapped pointer, CarriedPointers): the
    // same bytes of each buffer it may be.
    SetVector<Value *> Sources;
    SetVector<Instruction *> Through;
    if (!loopInvariantSources(cast<SCEVUnknown>(Base)->getValue(), L, Sources,
                              Through))
      return false;
    for (Value *S : Sources) {
      const SCEV *B = SE.getSCEV(S);
      if (!isa<SCEVUnknown>(B))
        return false;
      Bases.push_back(B);
    }
  }
  const SCEV *Off = SE.getMinusSCEV(P, Base);
  const SCEV *Lo, *Hi, *SizeLo, *SizeHi;
  if (isa<SCEVCouldNotCompute>(Off) || !bound(Off, Lo, Hi) ||
      !bound(Size, SizeLo, SizeHi))
    return false;
  Type *T = Off->getType();
  Hi = SE.getAddExpr(Hi, SE.getTruncateOrZeroExtend(SizeHi, T));
  for (const SCEV *B : Bases)
    merge(B, Lo, Hi);
  return true;
}

void AccessRegions::merge(const SCEV *Base, const SCEV *Lo, const SCEV *Hi) {
  for (AccessRegion &R : All)
    if (R.Base == Base && R.Lo->getType() == Lo->getType()) {
      R.Lo = SE.getSMinExpr(R.Lo, Lo);
      R.Hi = SE.getSMaxExpr(R.Hi, Hi);
      return;
    }
  All.push_back({Base, Lo, Hi});
}

bool AccessRegions::add(const Instruction &At, const Value *Ptr,
                        const Value *Bytes) {
  return addRange(At, Ptr, SE.getSCEV(const_cast<Value *>(Bytes)));
}

bool AccessRegions::add(const Instruction &At, const Value *Ptr,
                        uint64_t Bytes) {
  return addRange(At, Ptr,
                  SE.getConstant(Type::getInt64Ty(Ptr->getContext()), Bytes));
}

} // namespace adpass
