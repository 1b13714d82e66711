//===- OffsetCongruence.cpp - Offsets modulo a stride ---------------------===//
#include "Analysis/OffsetCongruence.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/KnownBits.h"

#include <numeric>

using namespace llvm;

namespace adpass {

static uint64_t absDiff(int64_t A, int64_t B) {
  return A > B ? uint64_t(A) - uint64_t(B) : uint64_t(B) - uint64_t(A);
}

static Congruence normalized(int64_t C, uint64_t G) {
  if (G == 0)
    return {C, 0};
  int64_t R = int64_t(uint64_t(C < 0 ? -(C + 1) : C) % G);
  if (C < 0) // -(C + 1) = |C| - 1: the residue of C is G - 1 - that
    R = int64_t(G) - 1 - R;
  return {R, G};
}

bool Congruence::isAlways(uint64_t R, uint64_t P) const {
  std::optional<uint64_t> Res = residue(P);
  return Res && *Res == R % P;
}

std::optional<uint64_t> Congruence::residue(uint64_t P) const {
  if (P == 0 || G % P != 0)
    return std::nullopt;
  return uint64_t(normalized(C, P).C);
}

Congruence Congruence::join(const Congruence &O) const {
  uint64_t G2 = std::gcd(std::gcd(G, O.G), absDiff(C, O.C));
  return normalized(C, G2);
}

Congruence Congruence::plus(const Congruence &O) const {
  return normalized(C + O.C, std::gcd(G, O.G));
}

Congruence Congruence::times(int64_t K) const {
  uint64_t AbsK = K < 0 ? uint64_t(0) - uint64_t(K) : uint64_t(K);
  return normalized(C * K, G * AbsK);
}

/// Values whose congruence is computed from their operands.
static bool isTransfer(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return isa<GEPOperator>(V) || isa<BitCastOperator>(V);
  switch (I->getOpcode()) {
  case Instruction::GetElementPtr:
  case Instruction::PHI:
  case Instruction::Select:
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze:
  case Instruction::Add:
  case Instruction::Or: // (disjoint: an add)
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::Shl:
  case Instruction::AShr:
  case Instruction::LShr:
  case Instruction::SDiv:
  case Instruction::UDiv:
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    return true;
  default:
    return false;
  }
}

/// The constant \p V is, as a signed 64-bit value.
static std::optional<int64_t> constantOf(const Value *V) {
  const auto *CI = dyn_cast<ConstantInt>(V);
  if (!CI || CI->getBitWidth() > 64)
    return std::nullopt;
  return CI->getSExtValue();
}

Congruence OffsetCongruence::lookup(const Value *V) {
  // (the caller tests for bottom through State)
  if (auto It = Done.find(V); It != Done.end())
    return It->second;
  auto It = State.find(V);
  return It != State.end() && It->second ? *It->second : Congruence::any();
}

Congruence OffsetCongruence::step(const Value *V) {
  auto Bottom = [&](const Value *Op) {
    auto It = State.find(Op);
    return It != State.end() && !It->second;
  };
  const auto *U = cast<User>(V);
  if (const auto *Phi = dyn_cast<PHINode>(V)) {
    std::optional<Congruence> R;
    for (const Value *In : Phi->incoming_values())
      if (!Bottom(In))
        R = R ? R->join(lookup(In)) : lookup(In);
    return R ? *R : Congruence::any(); // (not reached with all bottom)
  }
  if (const auto *Sel = dyn_cast<SelectInst>(V)) {
    const Value *T = Sel->getTrueValue(), *F = Sel->getFalseValue();
    if (Bottom(T) || Bottom(F))
      return lookup(Bottom(T) ? F : T);
    return lookup(T).join(lookup(F));
  }
  if (const auto *GEP = dyn_cast<GEPOperator>(V)) {
    Congruence R = lookup(GEP->getPointerOperand());
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP);
         GTI != E; ++GTI) {
      const Value *Idx = GTI.getOperand();
      if (StructType *ST = GTI.getStructTypeOrNull()) {
        unsigned Field = cast<ConstantInt>(Idx)->getZExtValue();
        R = R.plus(Congruence::exactly(
            DL.getStructLayout(ST)->getElementOffset(Field)));
        continue;
      }
      TypeSize Scale = GTI.getSequentialElementStride(DL);
      if (Scale.isScalable())
        return Congruence::any();
      R = R.plus(lookup(Idx).times(int64_t(Scale.getFixedValue())));
    }
    return R;
  }
  unsigned Opcode = Operator::getOpcode(V);
  switch (Opcode) {
  case Instruction::BitCast:
  case Instruction::AddrSpaceCast:
  case Instruction::Freeze:
  case Instruction::SExt:
  case Instruction::ZExt:
  case Instruction::Trunc:
  // An address is its offset, modulo a record size: every object (an
  // argument, a loaded pointer) is taken to start at a record boundary, so
  // that `last - first` with first and last two arguments of a sort's
  // helper is whole records.
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    return lookup(U->getOperand(0));
  case Instruction::Add:
    return lookup(U->getOperand(0)).plus(lookup(U->getOperand(1)));
  case Instruction::Or: // InstCombine's `or disjoint` for an add
    if (cast<PossiblyDisjointInst>(U)->isDisjoint())
      return lookup(U->getOperand(0)).plus(lookup(U->getOperand(1)));
    return Congruence::any();
  case Instruction::Sub:
    return lookup(U->getOperand(0)).plus(lookup(U->getOperand(1)).times(-1));
  case Instruction::Mul:
    if (auto K = constantOf(U->getOperand(1)))
      return lookup(U->getOperand(0)).times(*K);
    if (auto K = constantOf(U->getOperand(0)))
      return lookup(U->getOperand(1)).times(*K);
    return Congruence::any();
  case Instruction::Shl:
    if (auto K = constantOf(U->getOperand(1)); K && *K >= 0 && *K < 62)
      return lookup(U->getOperand(0)).times(int64_t(1) << *K);
    return Congruence::any();
  case Instruction::AShr:
  case Instruction::LShr:
  case Instruction::SDiv:
  case Instruction::UDiv: {
    // Exact divisions of a multiple: (C + kG) / D = C/D + k(G/D).
    auto K = constantOf(U->getOperand(1));
    if (!K || !cast<PossiblyExactOperator>(U)->isExact())
      return Congruence::any();
    bool Shift = Opcode == Instruction::AShr || Opcode == Instruction::LShr;
    if (Shift && (*K < 0 || *K >= 62))
      return Congruence::any();
    int64_t D = Shift ? int64_t(1) << *K : *K;
    Congruence In = lookup(U->getOperand(0));
    if (D <= 0 || In.C % D != 0 || In.G % uint64_t(D) != 0)
      return Congruence::any();
    return {In.C / D, In.G / uint64_t(D)};
  }
  default:
    return Congruence::any();
  }
}

Congruence OffsetCongruence::of(const Value *V) {
  if (auto It = Done.find(V); It != Done.end())
    return It->second;
  // The values V depends on through transfer functions.
  SetVector<const Value *> Closure;
  SmallVector<const Value *, 16> Work{V};
  constexpr unsigned MaxValues = 512;
  while (!Work.empty()) {
    const Value *X = Work.pop_back_val();
    if (Done.count(X) || !Closure.insert(X))
      continue;
    if (Closure.size() > MaxValues)
      return Done[V] = Congruence::any();
    if (!isTransfer(X))
      continue;
    for (const Value *Op : cast<User>(X)->operands())
      if (Op->getType()->isIntOrPtrTy())
        Work.push_back(Op);
  }
  // Leaves: an object's start, a constant, or what the known bits say.
  for (const Value *X : Closure) {
    if (isTransfer(X)) {
      State[X] = std::nullopt;
      continue;
    }
    if (X->getType()->isPointerTy()) {
      Done[X] = Congruence::exactly(0);
    } else if (auto K = constantOf(X)) {
      Done[X] = Congruence::exactly(*K);
    } else if (X->getType()->isIntegerTy()) {
      unsigned Zeros = computeKnownBits(X, DL).countMinTrailingZeros();
      Done[X] = Zeros >= 62 ? Congruence::exactly(0)
                            : Congruence{0, uint64_t(1) << Zeros};
    } else {
      Done[X] = Congruence::any();
    }
  }
  // Ascending iteration: each value only moves up (joins), and a chain of
  // divisors is short; the cap guards the rest.
  bool Changed = true;
  for (unsigned Round = 0; Changed && Round != 64; ++Round) {
    Changed = false;
    for (const Value *X : Closure) {
      auto It = State.find(X);
      if (It == State.end())
        continue;
      // Phis and selects wait for one input, the rest for all.
      auto IsBottom = [&](const Value *Op) {
        auto S = State.find(Op);
        return S != State.end() && !S->second;
      };
      // (a select's condition is no input)
      bool Wait;
      if (const auto *Sel = dyn_cast<SelectInst>(X))
        Wait = IsBottom(Sel->getTrueValue()) && IsBottom(Sel->getFalseValue());
      else if (const auto *Phi = dyn_cast<PHINode>(X))
        Wait = all_of(Phi->incoming_values(), IsBottom);
      else
        Wait = any_of(cast<User>(X)->operands(), IsBottom);
      if (Wait)
        continue;
      Congruence New = step(X);
      std::optional<Congruence> &Slot = State[X];
      if (Slot)
        New = Slot->join(New);
      if (!Slot || !(*Slot == New)) {
        Slot = New;
        Changed = true;
      }
    }
  }
  for (const Value *X : Closure) {
    auto It = State.find(X);
    if (It == State.end())
      continue;
    Done[X] = Changed || !It->second ? Congruence::any() : *It->second;
  }
  State.clear();
  return Done[V];
}

} // namespace adpass
