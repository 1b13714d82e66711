//===- FloatBits.cpp - Floating-point values moved as integer bits --------===//
#include "Transform/FloatBits.h"

#include "Rules/RuleTable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;
using namespace llvm::PatternMatch;

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
    // (A poison lane of the mask: its result lane is poison, any will do.)
    if (isa_and_nonnull<UndefValue>(E)) {
      Out.push_back(LaneOp::Keep);
      continue;
    }
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

/// Where \p Bits (a trunc or an extractelement) takes its bits from: a
/// wider value \p Src, from bit \p Shift on (little endian).
bool bitsWithin(Instruction *Bits, Value *&Src, uint64_t &Shift) {
  Shift = 0;
  if (!Bits->getModule()->getDataLayout().isLittleEndian())
    return false;
  if (auto *Tr = dyn_cast<TruncInst>(Bits)) {
    Src = Tr->getOperand(0);
    if (auto *Sh = dyn_cast<BinaryOperator>(Src);
        Sh && Sh->getOpcode() == Instruction::LShr)
      if (auto *C = dyn_cast<ConstantInt>(Sh->getOperand(1))) {
        Shift = C->getZExtValue();
        Src = Sh->getOperand(0);
      }
    return true;
  }
  auto *EE = dyn_cast<ExtractElementInst>(Bits);
  auto *Idx = EE ? dyn_cast<ConstantInt>(EE->getIndexOperand()) : nullptr;
  if (!Idx)
    return false;
  Src = EE->getVectorOperand();
  Shift = Idx->getZExtValue() * EE->getType()->getPrimitiveSizeInBits();
  return true;
}

/// A load of \p T at \p Bytes past \p L's address, where L loads.
LoadInst *loadPart(LoadInst &L, Type *T, uint64_t Bytes) {
  IRBuilder<> B(&L);
  Value *Ptr = L.getPointerOperand();
  if (Bytes)
    Ptr = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ptr, Bytes);
  LoadInst *F = B.CreateAlignedLoad(
      T, Ptr, commonAlignment(L.getAlign(), Bytes), L.getName() + ".part");
  F->copyMetadata(L, {LLVMContext::MD_alias_scope, LLVMContext::MD_noalias});
  return F;
}

/// The lanes of a float vector that \p Bits (of the size of \p T) holds:
/// trunc(lshr(bitcast V, S)) or extractelement(bitcast V to <m x iK>, j),
/// as SROA and InstCombine take lanes out of a vector moved as integers;
/// of an integer load, the floats at that offset (little endian).
Value *lanesOfBits(Instruction *Bits, Type *T) {
  Value *Src = nullptr;
  uint64_t Shift = 0;
  Type *E = T->getScalarType();
  unsigned W = E->getPrimitiveSizeInBits();
  auto *TV = dyn_cast<FixedVectorType>(T);
  unsigned K = TV ? TV->getNumElements() : 1;
  if (!bitsWithin(Bits, Src, Shift) || !W || Shift % W != 0)
    return nullptr;
  unsigned First = Shift / W;
  IRBuilder<> B(Bits);
  auto *BC = dyn_cast<BitCastInst>(Src);
  auto *VT = BC ? dyn_cast<FixedVectorType>(BC->getSrcTy()) : nullptr;
  if (VT && VT->getElementType() == E && First + K <= VT->getNumElements()) {
    Value *V = BC->getOperand(0);
    if (!TV)
      return B.CreateExtractElement(V, First);
    SmallVector<int, 8> Mask;
    for (unsigned L = 0; L != K; ++L)
      Mask.push_back(First + L);
    return B.CreateShuffleVector(V, Mask);
  }
  if (auto *L = dyn_cast<LoadInst>(Src); L && L->isSimple())
    return loadPart(*L, T, Shift / 8);
  return nullptr;
}

Value *floatSource(Value *Bits, Type *T, DenseMap<Value *, Value *> &Made);

/// A shuffle of float bits as integer lanes (pshufd moving the halves of
/// doubles as <4 x i32>, a splat of a double's bits): the same shuffle of
/// the floats, when it moves whole floats.
Value *shuffledSource(ShuffleVectorInst &SV, Type *T,
                      DenseMap<Value *, Value *> &Made) {
  auto *TV = dyn_cast<FixedVectorType>(T);
  auto *IV = dyn_cast<FixedVectorType>(SV.getType());
  auto *OV = dyn_cast<FixedVectorType>(SV.getOperand(0)->getType());
  if (!TV || !IV || !OV)
    return nullptr;
  unsigned W = TV->getScalarSizeInBits(), IW = IV->getScalarSizeInBits();
  if (W % IW != 0)
    return nullptr;
  unsigned G = W / IW; // integer lanes per float
  if (IV->getNumElements() % G != 0 || OV->getNumElements() % G != 0)
    return nullptr;
  ArrayRef<int> Mask = SV.getShuffleMask();
  SmallVector<int, 8> FMask;
  for (unsigned Out = 0; Out != Mask.size(); Out += G) {
    ArrayRef<int> Group = Mask.slice(Out, G);
    if (all_of(Group, [](int M) { return M == PoisonMaskElem; })) {
      FMask.push_back(0); // (a poison float: any lane will do)
      continue;
    }
    if (Group[0] < 0 || Group[0] % G != 0)
      return nullptr;
    for (unsigned K = 1; K != G; ++K)
      if (Group[K] != Group[0] + int(K))
        return nullptr;
    FMask.push_back(Group[0] / G);
  }
  Type *OpT =
      FixedVectorType::get(TV->getElementType(), OV->getNumElements() / G);
  Value *A = floatSource(SV.getOperand(0), OpT, Made);
  Value *B = A ? floatSource(SV.getOperand(1), OpT, Made) : nullptr;
  if (!B)
    return nullptr;
  IRBuilder<> IRB(&SV);
  return Made[&SV] = IRB.CreateShuffleVector(A, B, FMask);
}

/// The floating-point value of type \p T whose bits \p Bits is, or null:
/// a bitcast of one, a constant, a load of memory (read again with type T),
/// lanes of a vector's bits, a shuffle or a lane-by-lane build of float
/// bits, or a phi of such (SROA's phis of a vector's bits), made as a phi
/// of T. Undefined bits are zeros.
Value *floatSource(Value *Bits, Type *T, DenseMap<Value *, Value *> &Made) {
  if (Value *V = Made.lookup(Bits))
    return V;
  // (Undefined bits as zeros: the reverse sweep multiplies lanes nobody
  // reads by zero adjoints, which must not give poison.)
  if (isa<UndefValue>(Bits))
    return Constant::getNullValue(T);
  if (auto *C = dyn_cast<Constant>(Bits);
      C &&
      C->getType()->getPrimitiveSizeInBits() == T->getPrimitiveSizeInBits())
    return ConstantExpr::getBitCast(C, T);
  if (auto *BC = dyn_cast<BitCastInst>(Bits))
    if (BC->getOperand(0)->getType() == T)
      return BC->getOperand(0);
  if (auto *L = dyn_cast<LoadInst>(Bits); L && L->isSimple())
    return Made[Bits] = loadPart(*L, T, 0);
  if (isa<TruncInst>(Bits) || isa<ExtractElementInst>(Bits))
    if (Value *V = lanesOfBits(cast<Instruction>(Bits), T))
      return Made[Bits] = V;
  if (auto *SV = dyn_cast<ShuffleVectorInst>(Bits))
    return shuffledSource(*SV, T, Made);
  // A vector of float bits built lane by lane (SLP's insertelements).
  if (auto *IE = dyn_cast<InsertElementInst>(Bits)) {
    auto *TV = dyn_cast<FixedVectorType>(T);
    if (!TV || IE->getOperand(1)->getType()->getPrimitiveSizeInBits() !=
                   TV->getScalarSizeInBits())
      return nullptr;
    Value *V = floatSource(IE->getOperand(0), T, Made);
    Value *E = V ? floatSource(IE->getOperand(1), TV->getElementType(), Made)
                 : nullptr;
    if (!E)
      return nullptr;
    IRBuilder<> IRB(IE);
    return Made[Bits] = IRB.CreateInsertElement(V, E, IE->getOperand(2));
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

/// Whether \p V is `and(Bits, M)` with M the mask \p Sign (or, with
/// \p Complement, its complement) in every lane; sets \p Bits.
bool isSignMasked(Value *V, bool Complement, Value *&Bits) {
  // (InstCombine makes the and with the complement fabs.)
  if (auto *BC = dyn_cast<BitCastInst>(V); BC && Complement)
    if (auto *II = dyn_cast<IntrinsicInst>(BC->getOperand(0));
        II && II->getIntrinsicID() == Intrinsic::fabs) {
      Bits = V;
      return true;
    }
  auto *BO = dyn_cast<BinaryOperator>(V);
  auto *M = BO && BO->getOpcode() == Instruction::And
                ? dyn_cast<Constant>(BO->getOperand(1))
                : nullptr;
  if (M && M->getType()->isVectorTy())
    M = M->getSplatValue();
  const auto *CI = dyn_cast_or_null<ConstantInt>(M);
  if (!CI)
    return false;
  APInt Sign = APInt::getSignMask(CI->getBitWidth());
  if (CI->getValue() != (Complement ? ~Sign : Sign))
    return false;
  Bits = BO->getOperand(0);
  return true;
}

/// `or(and(A, ~sign), and(B, sign))`: copysign(A, B), as libm writes it.
bool isCopySign(const BinaryOperator &BO, Value *&Mag, Value *&Sgn) {
  if (BO.getOpcode() != Instruction::Or)
    return false;
  for (unsigned K = 0; K != 2; ++K)
    if (isSignMasked(BO.getOperand(K), /*Complement=*/true, Mag) &&
        isSignMasked(BO.getOperand(1 - K), /*Complement=*/false, Sgn))
      return true;
  return false;
}

/// Rewrites \p BO (an integer mask of float bits whose users all read the
/// result back as floats of one type) as floating-point operations.
bool rewrite(BinaryOperator &BO) {
  Value *Mag = nullptr, *Sgn = nullptr;
  bool CopySign = isCopySign(BO, Mag, Sgn);
  auto *Mask = dyn_cast<Constant>(BO.getOperand(1));
  if ((!Mask && !CopySign) || BO.use_empty())
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
  if (!CopySign && !laneOps(BO.getOpcode(), Mask, Lanes, W, Ops))
    return false;
  DenseMap<Value *, Value *> Made;
  Value *X = floatSource(CopySign ? Mag : BO.getOperand(0), T, Made);
  Value *Y = CopySign ? floatSource(Sgn, T, Made) : nullptr;
  if (!X || (CopySign && !Y))
    return false;
  IRBuilder<> B(&BO);
  Value *R;
  if (CopySign) {
    R = B.CreateBinaryIntrinsic(Intrinsic::copysign, X, Y);
  } else if (all_of(Ops, [&](LaneOp L) { return L == Ops[0]; })) {
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

/// Float bits moved unchanged as an integer (a lane taken out of a
/// vector's bits, a phi of bits) and read back: the float itself.
bool floatCopies(Function &F) {
  SmallVector<BitCastInst *, 8> Casts;
  for (Instruction &I : instructions(F))
    if (auto *BC = dyn_cast<BitCastInst>(&I);
        BC && BC->getType()->isFPOrFPVectorTy() &&
        BC->getSrcTy()->isIntOrIntVectorTy())
      Casts.push_back(BC);
  bool Changed = false;
  for (BitCastInst *BC : Casts) {
    DenseMap<Value *, Value *> Made;
    if (Value *X = floatSource(BC->getOperand(0), BC->getType(), Made)) {
      BC->replaceAllUsesWith(X);
      BC->eraseFromParent();
      Changed = true;
    }
  }
  return Changed;
}

/// A pointer taken out of loaded bits (`inttoptr` of a lane of a vector
/// of doubles that InstCombine loaded over a struct holding a double and
/// a pointer, Eigen's evaluators): the pointer loaded from there, which
/// the analyses follow.
bool pointersFromBits(Function &F) {
  SmallVector<IntToPtrInst *, 4> Casts;
  for (Instruction &I : instructions(F))
    if (auto *IP = dyn_cast<IntToPtrInst>(&I))
      Casts.push_back(IP);
  bool Changed = false;
  const DataLayout &DL = F.getDataLayout();
  for (IntToPtrInst *IP : Casts) {
    auto *Bits = dyn_cast<Instruction>(IP->getOperand(0));
    Value *Src = nullptr;
    uint64_t Shift = 0;
    if (!Bits || DL.getTypeSizeInBits(Bits->getType()) !=
                     DL.getTypeSizeInBits(IP->getType()))
      continue;
    if (!bitsWithin(Bits, Src, Shift) || Shift % 8 != 0)
      continue;
    if (auto *BC = dyn_cast<BitCastInst>(Src))
      Src = BC->getOperand(0);
    auto *L = dyn_cast<LoadInst>(Src);
    if (!L || !L->isSimple())
      continue;
    IP->replaceAllUsesWith(loadPart(*L, IP->getType(), Shift / 8));
    IP->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

/// Whether \p V is the magic constant of the rounding trick for its type,
/// in every lane: 2^52 or 1.5 x 2^52 for double, 2^23 or 1.5 x 2^23 for
/// float (optionally negated: \p Sign).
bool isRoundingMagic(Value *V, double Sign) {
  auto *C = dyn_cast<Constant>(V);
  if (C && C->getType()->isVectorTy())
    C = C->getSplatValue();
  auto *CF = dyn_cast_or_null<ConstantFP>(C);
  if (!CF)
    return false;
  Type *T = CF->getType();
  int Bits = T->isDoubleTy() ? 52 : T->isFloatTy() ? 23 : 0;
  if (!Bits)
    return false;
  double X = CF->getValueAPF().convertToDouble() * Sign;
  return X == std::ldexp(1.0, Bits) || X == 1.5 * std::ldexp(1.0, Bits);
}

/// The identity whose result the activity analysis takes for a constant.
Function *stopGradient(Module &M, Type *T) {
  std::string Name = "__ad_stop_gradient.";
  raw_string_ostream(Name) << *T;
  if (Function *F = M.getFunction(Name))
    return F;
  Function *F = Function::Create(FunctionType::get(T, {T}, false),
                                 GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(InactiveAttr);
  F->addFnAttr(Attribute::AlwaysInline);
  F->setDoesNotAccessMemory();
  F->setDoesNotThrow();
  F->setWillReturn();
  IRBuilder<> B(BasicBlock::Create(M.getContext(), "", F));
  B.CreateRet(F->getArg(0));
  return F;
}

/// `(a + 2^52) - 2^52` rounds a to an integer (Eigen's print and the
/// argument reductions of its vectorized exp, sin and cos): the result has
/// no derivative, but differentiated as written it has a's, and the
/// reduced argument a - round(a) gets none. The addition reads a through
/// an identity the analysis takes for a constant; the values stay the same.
bool roundingTricks(Function &F) {
  bool Changed = false;
  for (Instruction &I : instructions(F)) {
    auto *Sum = dyn_cast<BinaryOperator>(&I);
    if (!Sum || Sum->getOpcode() != Instruction::FAdd)
      continue;
    unsigned K = isRoundingMagic(Sum->getOperand(1), 1) ? 0 : 1;
    if (!isRoundingMagic(Sum->getOperand(1 - K), 1))
      continue;
    // Taken back off: (a + C) - C, or (a + C) + -C.
    bool Rounds = any_of(Sum->users(), [&](User *U) {
      auto *Back = dyn_cast<BinaryOperator>(U);
      return Back && Back->getOperand(0) == Sum &&
             ((Back->getOpcode() == Instruction::FSub &&
               isRoundingMagic(Back->getOperand(1), 1)) ||
              (Back->getOpcode() == Instruction::FAdd &&
               isRoundingMagic(Back->getOperand(1), -1)));
    });
    if (!Rounds)
      continue;
    Value *A = Sum->getOperand(K);
    Function *Stop = stopGradient(*F.getParent(), A->getType());
    if (auto *CI = dyn_cast<CallInst>(A); CI && CI->getCalledFunction() == Stop)
      continue;
    Sum->setOperand(
        K, CallInst::Create(Stop, {A}, "ad.rounded", Sum->getIterator()));
    Changed = true;
  }
  return Changed;
}

/// frexp's mantissa, as Eigen's vectorized log takes it:
/// `bitcast(or(and(bitcast X, M), O))` with M keeping all the mantissa bits
/// (and maybe the sign) and O setting the exponent of a normal number (and
/// maybe the sign). On normal, finite lanes the result is X scaled by a
/// power of two (sign kept, cleared or set).
struct MantissaScaling {
  Value *X;
  const APInt *M, *O;
};

std::optional<MantissaScaling> mantissaScaling(BitCastInst &Cast) {
  Type *T = Cast.getType(), *FT = T->getScalarType();
  MantissaScaling S;
  if ((!FT->isDoubleTy() && !FT->isFloatTy()) ||
      !match(
          Cast.getOperand(0),
          m_c_Or(m_And(m_BitCast(m_Value(S.X)), m_APInt(S.M)), m_APInt(S.O))) ||
      S.X->getType() != T)
    return std::nullopt;
  unsigned W = FT->getPrimitiveSizeInBits(), MBits = FT->isDoubleTy() ? 52 : 23;
  APInt Mant = APInt::getLowBitsSet(W, MBits), Sign = APInt::getSignMask(W);
  uint64_t E = (*S.O & ~(Mant | Sign)).lshr(MBits).getZExtValue();
  uint64_t EMax = (uint64_t(1) << (W - 1 - MBits)) - 1;
  if ((*S.M & ~Sign) != Mant || !(*S.O & Mant).isZero() || E == 0 || E == EMax)
    return std::nullopt;
  return S;
}

/// frexp's mantissa taken through the bits (mantissaScaling) has, on
/// normal finite lanes, the derivative R / X, and none elsewhere (zero,
/// subnormal, infinite, NaN lanes). The bits are computed from X through an
/// identity the analysis takes for a constant, and X's derivative is added
/// back with a zero: R = Rb + (normal ? (X - X') (Rb / X') : 0), the same
/// value.
bool mantissaScalings(Function &F) {
  SmallVector<std::pair<BitCastInst *, MantissaScaling>, 4> Found;
  for (Instruction &I : instructions(F))
    if (auto *Cast = dyn_cast<BitCastInst>(&I))
      if (std::optional<MantissaScaling> S = mantissaScaling(*Cast))
        Found.push_back({Cast, *S});
  for (auto [Cast, S] : Found) {
    IRBuilder<> B(Cast);
    Type *T = Cast->getType(), *IT = Cast->getOperand(0)->getType();
    Value *Xs =
        B.CreateCall(stopGradient(*F.getParent(), T), {S.X}, "ad.frozen");
    // The same bits, of the frozen copy.
    Value *Bits = B.CreateOr(
        B.CreateAnd(B.CreateBitCast(Xs, IT), ConstantInt::get(IT, *S.M)),
        ConstantInt::get(IT, *S.O));
    Value *Rb = B.CreateBitCast(Bits, T, Cast->getName() + ".bits");
    const fltSemantics &Sem = T->getScalarType()->getFltSemantics();
    Value *A = B.CreateUnaryIntrinsic(Intrinsic::fabs, Xs);
    Value *Normal = B.CreateAnd(
        B.CreateFCmpOGE(
            A, ConstantFP::get(T, APFloat::getSmallestNormalized(Sem))),
        B.CreateFCmpOLE(A, ConstantFP::get(T, APFloat::getLargest(Sem))));
    Value *Zero = ConstantFP::get(T, 0.0);
    Value *Scale = B.CreateSelect(Normal, B.CreateFDiv(Rb, Xs), Zero);
    Value *D = B.CreateFMul(B.CreateFSub(S.X, Xs), Scale);
    Value *R = B.CreateFAdd(Rb, B.CreateSelect(Normal, D, Zero));
    R->takeName(Cast);
    Cast->replaceAllUsesWith(R);
    Cast->eraseFromParent();
  }
  return !Found.empty();
}

/// A select, phi or vector lane of integers whose users all read it back
/// as floats of one type (InstCombine moves the cast of Eigen's
/// `pmax(pabs a, pabs b)` after the select of the two sign masks; SROA takes
/// a lane of Eigen's conjugate, a xor, at -O0): the select, phi or lane of
/// the floats, its operands cast, so that the masks are read back as floats
/// too.
bool floatMerges(Function &F) {
  SmallVector<Instruction *, 8> Merges;
  for (Instruction &I : instructions(F))
    if ((isa<SelectInst>(I) || isa<PHINode>(I) || isa<ExtractElementInst>(I)) &&
        I.getType()->isIntOrIntVectorTy() && !I.getType()->isIntegerTy(1))
      Merges.push_back(&I);
  bool Changed = false;
  // Outer merges first: their operands' new casts make inner ones qualify.
  for (Instruction *M : reverse(Merges)) {
    Type *T = nullptr;
    bool AllFloat = !M->use_empty() && all_of(M->users(), [&](User *U) {
      auto *BC = dyn_cast<BitCastInst>(U);
      if (!BC || !BC->getType()->isFPOrFPVectorTy() ||
          (T && BC->getType() != T))
        return false;
      T = BC->getType();
      return true;
    });
    if (!AllFloat)
      continue;
    Instruction *FM;
    if (auto *E = dyn_cast<ExtractElementInst>(M)) {
      // A lane of a vector of bits: the lane of the vector as floats.
      auto *VT = cast<FixedVectorType>(E->getVectorOperandType());
      if (T->isVectorTy() ||
          T->getScalarSizeInBits() != VT->getScalarSizeInBits())
        continue;
      IRBuilder<> B(E);
      FM = cast<Instruction>(B.CreateExtractElement(
          B.CreateBitCast(E->getVectorOperand(),
                          FixedVectorType::get(T, VT->getNumElements())),
          E->getIndexOperand(), E->getName() + ".float"));
    } else if (auto *Phi = dyn_cast<PHINode>(M)) {
      auto *FP = PHINode::Create(T, Phi->getNumIncomingValues(),
                                 Phi->getName() + ".float", Phi->getIterator());
      for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K) {
        IRBuilder<> B(Phi->getIncomingBlock(K)->getTerminator());
        FP->addIncoming(B.CreateBitCast(Phi->getIncomingValue(K), T),
                        Phi->getIncomingBlock(K));
      }
      FM = FP;
    } else {
      IRBuilder<> B(M);
      FM = cast<Instruction>(B.CreateSelect(
          M->getOperand(0), B.CreateBitCast(M->getOperand(1), T),
          B.CreateBitCast(M->getOperand(2), T), M->getName() + ".float"));
    }
    for (User *U : make_early_inc_range(M->users())) {
      U->replaceAllUsesWith(FM);
      cast<Instruction>(U)->eraseFromParent();
    }
    M->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

} // namespace

bool floatsFromBits(Function &F) {
  bool Changed = roundingTricks(F);
  Changed |= pointersFromBits(F);
  Changed |= floatMerges(F);
  Changed |= floatCopies(F);
  // (after the merges, which may make the mantissa's bits read as floats)
  Changed |= mantissaScalings(F);
  SmallVector<BinaryOperator *, 8> Masks;
  for (Instruction &I : instructions(F))
    if (auto *BO = dyn_cast<BinaryOperator>(&I);
        BO && BO->getType()->isIntOrIntVectorTy() &&
        (BO->getOpcode() == Instruction::Xor ||
         BO->getOpcode() == Instruction::And ||
         BO->getOpcode() == Instruction::Or))
      Masks.push_back(BO);
  // (A rewritten copysign leaves its two masks dead, to the later
  // cleanups: erasing them here could free an entry of Masks.)
  for (BinaryOperator *BO : Masks)
    Changed |= rewrite(*BO);
  return Changed;
}

} // namespace adpass
