//===- IntegerProvenance.cpp - Pointers behind integer addresses ----------===//
#include "Analysis/IntegerProvenance.h"

#include "Rules/MemoryFunctions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace adpass {

namespace {

/// What an integer is: nothing yet (a cycle being explored), a plain number,
/// an address into one pointer's object, or anything.
struct Prov {
  enum KindTy { Cycle, Plain, Based, Top } Kind;
  const Value *Base = nullptr;
  static Prov plain() { return {Plain}; }
  static Prov top() { return {Top}; }
  static Prov based(const Value *P) { return {Based, P}; }
};

/// Merging two possible values (phi, select).
Prov merge(Prov A, Prov B) {
  if (A.Kind == Prov::Cycle)
    return B;
  if (B.Kind == Prov::Cycle)
    return A;
  if (A.Kind == B.Kind && A.Base == B.Base)
    return A;
  // Two addresses into one object (std::minmax_element's pair of
  // iterators, selected as integers): an address into it, which dominates
  // both.
  if (A.Kind == Prov::Based && B.Kind == Prov::Based) {
    const Value *Obj = getUnderlyingObject(A.Base);
    if (Obj == getUnderlyingObject(B.Base))
      return Prov::based(Obj);
  }
  return Prov::top();
}

/// A + B (and A - B when \p Sub).
Prov add(Prov A, Prov B, bool Sub) {
  if (A.Kind == Prov::Top || B.Kind == Prov::Top)
    return Prov::top();
  if (B.Kind == Prov::Based) {
    // p - q is a plain distance; anything else with two addresses, or a
    // negated address, is not an address.
    if (Sub && A.Kind == Prov::Based)
      return Prov::plain();
    if (Sub || A.Kind == Prov::Based)
      return Prov::top();
    return A.Kind == Prov::Cycle ? Prov::top() : B;
  }
  return A; // B is plain or still unknown: A's kind carries over
}

class Tracer {
public:
  Tracer(bool Launders) : Launders(Launders) {}
  Prov trace(const Value *X) {
    auto It = Done.find(X);
    if (It != Done.end())
      return It->second;
    if (!InProgress.insert(X).second)
      return {Prov::Cycle};
    Prov R = compute(X);
    InProgress.erase(X);
    Done[X] = R;
    return R;
  }

private:
  Prov compute(const Value *X) {
    if (isa<Constant>(X) && !isa<ConstantExpr>(X))
      return Prov::plain();
    if (isa<Argument>(X))
      return Prov::plain();
    const auto *Op = dyn_cast<Operator>(X);
    if (!Op)
      return Prov::top();
    switch (Op->getOpcode()) {
    case Instruction::PtrToInt:
      return Prov::based(Op->getOperand(0));
    case Instruction::Add:
      return add(trace(Op->getOperand(0)), trace(Op->getOperand(1)), false);
    case Instruction::Sub:
      return add(trace(Op->getOperand(0)), trace(Op->getOperand(1)), true);
    case Instruction::And:
    case Instruction::Or: {
      // Alignment masks keep the address in (or at the edge of) its object.
      Prov A = trace(Op->getOperand(0)), B = trace(Op->getOperand(1));
      if (A.Kind == Prov::Based && isa<ConstantInt>(Op->getOperand(1)))
        return A;
      if (B.Kind == Prov::Based && isa<ConstantInt>(Op->getOperand(0)))
        return B;
      return arithmetic(A, B);
    }
    case Instruction::PHI: {
      Prov R{Prov::Cycle};
      for (const Value *In : cast<PHINode>(Op)->incoming_values())
        R = merge(R, trace(In));
      return R;
    }
    case Instruction::Select:
      return merge(trace(Op->getOperand(1)), trace(Op->getOperand(2)));
    case Instruction::Load:
    case Instruction::Call:
      // A number from memory or a callee, unless addresses were stored.
      return Launders ? Prov::top() : Prov::plain();
    default:
      break;
    }
    Prov R = Prov::plain();
    for (const Value *V : Op->operands())
      R = arithmetic(R, V->getType()->isIntOrIntVectorTy() ? trace(V)
                                                           : Prov::plain());
    return R;
  }

  /// Any other arithmetic: plain numbers stay plain, addresses are lost.
  static Prov arithmetic(Prov A, Prov B) {
    if (A.Kind == Prov::Based || B.Kind == Prov::Based || A.Kind == Prov::Top ||
        B.Kind == Prov::Top)
      return Prov::top();
    if (A.Kind == Prov::Cycle || B.Kind == Prov::Cycle)
      return {Prov::Cycle};
    return Prov::plain();
  }

  bool Launders;
  SmallPtrSet<const Value *, 16> InProgress;
  DenseMap<const Value *, Prov> Done;
};

} // namespace

IntegerProvenance::IntegerProvenance(const Function &F) {
  // Follow every ptrtoint through integer operations to where it leaves.
  SmallVector<const Value *, 16> Work;
  SmallPtrSet<const Value *, 16> Visited;
  for (const Instruction &I : instructions(F))
    if (isa<PtrToIntInst>(&I))
      Work.push_back(&I);
  while (!Work.empty() && !Launders) {
    const Value *V = Work.pop_back_val();
    if (!Visited.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      // Integer intrinsics are arithmetic (umin of an alignment peel).
      if (const auto *II = dyn_cast<IntrinsicInst>(U);
          II && II->getType()->isIntOrIntVectorTy() &&
          !II->mayReadOrWriteMemory() && !II->mayHaveSideEffects()) {
        Work.push_back(U);
        continue;
      }
      // Sizes given to the heap functions and memory intrinsics (a
      // vector's capacity in bytes, end - begin, for sized delete) are not
      // kept as addresses.
      if (const auto *CB = dyn_cast<CallBase>(U);
          CB && (isHeapCall(*CB) || isa<MemIntrinsic>(CB)))
        continue;
      if (isa<StoreInst>(U) || isa<CallBase>(U) || isa<ReturnInst>(U) ||
          isa<InsertValueInst>(U) || isa<InsertElementInst>(U) ||
          isa<AtomicRMWInst>(U) || isa<AtomicCmpXchgInst>(U))
        Launders = true;
      else if (!isa<IntToPtrInst>(U) && !isa<CmpInst>(U) &&
               U->getType()->isIntOrIntVectorTy())
        Work.push_back(U);
    }
  }
}

const Value *IntegerProvenance::addressBase(const Value *X) const {
  auto It = Cache.find(X);
  if (It != Cache.end())
    return It->second;
  Prov P = Tracer(Launders).trace(X);
  const Value *Base = P.Kind == Prov::Based ? P.Base : nullptr;
  Cache[X] = Base;
  return Base;
}

const Value *IntegerProvenance::intToPtrBase(const Value *Ptr) const {
  const auto *Op = dyn_cast<Operator>(Ptr);
  if (!Op || Op->getOpcode() != Instruction::IntToPtr)
    return nullptr;
  return addressBase(Op->getOperand(0));
}

} // namespace adpass
