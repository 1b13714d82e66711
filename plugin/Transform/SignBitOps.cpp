//===- SignBitOps.cpp - Sign-bit masks as floating-point operations -------===//
#include "Transform/SignBitOps.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace adpass {

namespace {

/// What a mask does to one lane.
enum class LaneOp { Keep, Negate, Abs, NegAbs, Zero };

/// The lane operations of `Op(x, Mask)` on W-bit lanes, or false when a
/// lane's mask is not one of the sign-bit masks.
bool laneOps(unsigned Op, const Constant *Mask, unsigned Lanes, unsigned W,
             SmallVectorImpl<LaneOp> &Out) {
  APInt Sign = APInt::getSignMask(W);
  for (unsigned K = 0; K != Lanes; ++K) {
    const Constant *E =
        Mask->getType()->isVectorTy() ? Mask->getAggregateElement(K) : Mask;
    const auto *CI = dyn_cast_or_null<ConstantInt>(E);
    if (!CI)
      return false;
    const APInt &M = CI->getValue();
    LaneOp L;
    if (Op == Instruction::Xor && M.isZero())
      L = LaneOp::Keep;
    else if (Op == Instruction::Xor && M == Sign)
      L = LaneOp::Negate;
    else if (Op == Instruction::And && M.isAllOnes())
      L = LaneOp::Keep;
    else if (Op == Instruction::And && M == ~Sign)
      L = LaneOp::Abs;
    else if (Op == Instruction::And && M.isZero())
      L = LaneOp::Zero;
    else if (Op == Instruction::Or && M.isZero())
      L = LaneOp::Keep;
    else if (Op == Instruction::Or && M == Sign)
      L = LaneOp::NegAbs;
    else
      return false;
    Out.push_back(L);
  }
  return true;
}

/// The floating-point value of type \p T whose bits \p Bits is, or null:
/// a bitcast of one, a load of memory (read again with type T), undef, or
/// a phi of such (SROA's phis of a vector's bits), made as a phi of T.
Value *floatSource(Value *Bits, Type *T, DenseMap<Value *, Value *> &Made) {
  if (Value *V = Made.lookup(Bits))
    return V;
  if (isa<UndefValue>(Bits))
    return UndefValue::get(T);
  if (auto *BC = dyn_cast<BitCastInst>(Bits))
    if (BC->getOperand(0)->getType() == T)
      return BC->getOperand(0);
  if (auto *L = dyn_cast<LoadInst>(Bits); L && L->isSimple()) {
    IRBuilder<> B(L);
    LoadInst *F = B.CreateAlignedLoad(T, L->getPointerOperand(), L->getAlign(),
                                      L->getName() + ".float");
    F->copyMetadata(*L, {LLVMContext::MD_alias_scope, LLVMContext::MD_noalias});
    return Made[Bits] = F;
  }
  if (auto *Phi = dyn_cast<PHINode>(Bits)) {
    PHINode *F = PHINode::Create(T, Phi->getNumIncomingValues(),
                                 Phi->getName() + ".float", Phi->getIterator());
    Made[Bits] = F; // (before the incoming values: they may cycle back)
    for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K) {
      Value *In = floatSource(Phi->getIncomingValue(K), T, Made);
      if (!In) {
        Made.erase(Bits);
        F->replaceAllUsesWith(UndefValue::get(T));
        F->eraseFromParent();
        return nullptr;
      }
      F->addIncoming(In, Phi->getIncomingBlock(K));
    }
    return F;
  }
  return nullptr;
}

Value *applyLane(LaneOp L, Value *X, IRBuilder<> &B) {
  switch (L) {
  case LaneOp::Keep:
    return X;
  case LaneOp::Negate:
    return B.CreateFNeg(X);
  case LaneOp::Abs:
    return B.CreateUnaryIntrinsic(Intrinsic::fabs, X);
  case LaneOp::NegAbs:
    return B.CreateFNeg(B.CreateUnaryIntrinsic(Intrinsic::fabs, X));
  case LaneOp::Zero:
    return Constant::getNullValue(X->getType());
  }
  return X;
}

/// Rewrites \p BO (an integer mask of float bits whose users all read the
/// result back as floats of one type) as floating-point operations.
bool rewrite(BinaryOperator &BO) {
  auto *Mask = dyn_cast<Constant>(BO.getOperand(1));
  if (!Mask || BO.use_empty())
    return false;
  // Read back as floats, or stored (the bytes of the floats the masks make
  // are the same: fneg and fabs only touch the sign bit, whatever the bits).
  Type *IntTy = BO.getType();
  Type *T = nullptr;
  for (User *U : BO.users()) {
    if (auto *S = dyn_cast<StoreInst>(U); S && S->getValueOperand() == &BO)
      continue;
    auto *BC = dyn_cast<BitCastInst>(U);
    if (!BC || !BC->getType()->isFPOrFPVectorTy() || (T && BC->getType() != T))
      return false;
    T = BC->getType();
  }
  if (!T) {
    Type *E =
        IntTy->getScalarSizeInBits() == 64 ? Type::getDoubleTy(BO.getContext())
        : IntTy->getScalarSizeInBits() == 32 ? Type::getFloatTy(BO.getContext())
                                             : nullptr;
    if (!E)
      return false;
    auto *VT = dyn_cast<FixedVectorType>(IntTy);
    T = VT ? FixedVectorType::get(E, VT->getNumElements()) : E;
  }
  // Lane for lane: the same number of lanes, of the same width.
  unsigned Lanes = 1;
  if (auto *VT = dyn_cast<FixedVectorType>(IntTy)) {
    auto *FT = dyn_cast<FixedVectorType>(T);
    if (!FT || FT->getNumElements() != VT->getNumElements())
      return false;
    Lanes = VT->getNumElements();
  } else if (T->isVectorTy()) {
    return false;
  }
  unsigned W = IntTy->getScalarSizeInBits();
  if (T->getScalarSizeInBits() != W || T->getScalarType()->isX86_FP80Ty())
    return false;
  SmallVector<LaneOp, 4> Ops;
  if (!laneOps(BO.getOpcode(), Mask, Lanes, W, Ops))
    return false;
  DenseMap<Value *, Value *> Made;
  Value *X = floatSource(BO.getOperand(0), T, Made);
  if (!X)
    return false;
  IRBuilder<> B(&BO);
  Value *R;
  if (all_of(Ops, [&](LaneOp L) { return L == Ops[0]; })) {
    R = applyLane(Ops[0], X, B);
  } else { // lane by lane (Eigen's paddsub: negate lane 0 only)
    R = PoisonValue::get(T);
    for (unsigned K = 0; K != Lanes; ++K)
      R = B.CreateInsertElement(
          R, applyLane(Ops[K], B.CreateExtractElement(X, K), B), K);
  }
  for (User *U : make_early_inc_range(BO.users())) {
    if (auto *S = dyn_cast<StoreInst>(U)) {
      S->setOperand(0, R);
      continue;
    }
    auto *BC = cast<BitCastInst>(U);
    BC->replaceAllUsesWith(R);
    BC->eraseFromParent();
  }
  BO.eraseFromParent();
  return true;
}

} // namespace

bool floatSignBitOps(Function &F) {
  SmallVector<BinaryOperator *, 8> Masks;
  for (Instruction &I : instructions(F))
    if (auto *BO = dyn_cast<BinaryOperator>(&I);
        BO && BO->getType()->isIntOrIntVectorTy() &&
        (BO->getOpcode() == Instruction::Xor ||
         BO->getOpcode() == Instruction::And ||
         BO->getOpcode() == Instruction::Or))
      Masks.push_back(BO);
  bool Changed = false;
  for (BinaryOperator *BO : Masks)
    Changed |= rewrite(*BO);
  return Changed;
}

} // namespace adpass
