//===- FloatBits.cpp - Floating-point values moved as integer bits --------===//
#include "Transform/FloatBits.h"

#include "Transform/FloatIdioms.h"

#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

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

/// The floating-point type whose bits \p V is known to be (a cast of a
/// float value to an integer), or null.
Type *knownFloatBits(Value *V) {
  auto *BC = dyn_cast<BitCastInst>(V);
  return BC && BC->getSrcTy()->isFPOrFPVectorTy() ? BC->getSrcTy() : nullptr;
}

/// Replaces the integer \p Old, the bits of the float \p R, by R where it
/// is read back as a float of R's type, and by R's bits elsewhere.
void replaceBitsByFloat(Instruction &Old, Value *R) {
  Value *Bits = nullptr;
  for (Use &U : make_early_inc_range(Old.uses())) {
    auto *UI = cast<Instruction>(U.getUser());
    if (auto *BC = dyn_cast<BitCastInst>(UI);
        BC && BC->getType() == R->getType()) {
      BC->replaceAllUsesWith(R);
      BC->eraseFromParent();
      continue;
    }
    if (auto *S = dyn_cast<StoreInst>(UI); S && U.getOperandNo() == 0) {
      S->setOperand(0, R); // (the same bytes)
      continue;
    }
    if (!Bits) {
      IRBuilder<> B(&Old);
      if (isa<PHINode>(Old))
        B.SetInsertPoint(Old.getParent()->getFirstInsertionPt());
      Bits = B.CreateBitCast(R, Old.getType(), Old.getName() + ".bits");
    }
    U.set(Bits);
  }
  Old.eraseFromParent();
}

/// Rewrites \p BO (an integer mask of float bits whose users all read the
/// result back as floats of one type, or of bits known to be a float's) as
/// floating-point operations.
bool rewrite(BinaryOperator &BO) {
  Value *Mag = nullptr, *Sgn = nullptr;
  bool CopySign = isCopySign(BO, Mag, Sgn);
  auto *Mask = dyn_cast<Constant>(BO.getOperand(1));
  if ((!Mask && !CopySign) || BO.use_empty())
    return false;
  // Read back as floats, or stored (the bytes of the floats the masks make
  // are the same: fneg and fabs only touch the sign bit, whatever the bits).
  // Or used as integers too (selected, stored as integers: Eigen's
  // cwiseAbs at -O0), when its operand is known to be a float's bits or
  // the result is also read as a float.
  Type *IntTy = BO.getType();
  Type *T = nullptr;
  for (User *U : BO.users())
    if (auto *BC = dyn_cast<BitCastInst>(U);
        BC && BC->getType()->isFPOrFPVectorTy() && !T)
      T = BC->getType();
  if (!T) {
    T = knownFloatBits(CopySign ? Mag : BO.getOperand(0));
    if (CopySign && T && knownFloatBits(Sgn) != T)
      T = nullptr;
  }
  bool Known = T != nullptr;
  for (User *U : BO.users()) {
    if (auto *S = dyn_cast<StoreInst>(U); S && S->getValueOperand() == &BO)
      continue;
    auto *BC = dyn_cast<BitCastInst>(U);
    if (!(BC && BC->getType() == T) && !Known)
      return false;
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
  // Lane for lane: the same number of lanes, of the same width; or integer
  // lanes each holding several floats (AVX-512's 16 floats as <8 x i64>),
  // the mask then read per float.
  auto *FT = dyn_cast<FixedVectorType>(T);
  auto *VT = dyn_cast<FixedVectorType>(IntTy);
  unsigned Lanes = FT ? FT->getNumElements() : 1;
  unsigned W = T->getScalarSizeInBits();
  if (T->getPrimitiveSizeInBits() != IntTy->getPrimitiveSizeInBits() ||
      T->getScalarType()->isX86_FP80Ty() || (VT && !FT))
    return false;
  Constant *LaneMask = Mask;
  if (W != IntTy->getScalarSizeInBits()) {
    if (CopySign || !FT)
      return false;
    LaneMask = ConstantFoldCastOperand(
        Instruction::BitCast, Mask,
        FixedVectorType::get(IntegerType::get(BO.getContext(), W), Lanes),
        BO.getModule()->getDataLayout());
    if (!LaneMask)
      return false;
  }
  SmallVector<LaneOp, 4> Ops;
  if (!CopySign && !laneOps(BO.getOpcode(), LaneMask, Lanes, W, Ops))
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
  replaceBitsByFloat(BO, R);
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
    // Or merging bits known to be floats of one type (and constants): the
    // merge of the floats, its integer users given their bits.
    bool KnownOperands = false;
    if (!AllFloat && !isa<ExtractElementInst>(M)) {
      Type *K = nullptr;
      auto Operands = isa<PHINode>(M)
                          ? cast<PHINode>(M)->incoming_values()
                          : make_range(M->op_begin() + 1, M->op_end());
      KnownOperands = all_of(Operands, [&](Value *V) {
        if (V == M || isa<Constant>(V))
          return true;
        Type *B = knownFloatBits(V);
        if (!B || (K && B != K))
          return false;
        K = B;
        return true;
      });
      KnownOperands &= K != nullptr;
      if (KnownOperands)
        T = K;
    }
    if (!AllFloat && !KnownOperands)
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
    replaceBitsByFloat(*M, FM);
    Changed = true;
  }
  return Changed;
}

/// One side of a blend of float bits: `select(C, V, 0)` (\p WhenTrue) or
/// `select(C, 0, V)`, as integers or as floats cast to integers, with its
/// float type \p T when the side shows it.
struct BlendSide {
  Value *C = nullptr, *V = nullptr;
  bool WhenTrue = false;
  Type *T = nullptr;
};

bool blendSide(Value *X, BlendSide &S) {
  if (auto *BC = dyn_cast<BitCastInst>(X);
      BC && BC->getSrcTy()->isFPOrFPVectorTy()) {
    X = BC->getOperand(0);
    S.T = X->getType();
  }
  auto *Sel = dyn_cast<SelectInst>(X);
  if (!Sel)
    return false;
  auto IsZero = [](Value *V) {
    auto *C = dyn_cast<Constant>(V);
    return C && C->isNullValue(); // (+0.0 for floats: all bits zero)
  };
  S.C = Sel->getCondition();
  S.WhenTrue = IsZero(Sel->getFalseValue());
  if (!S.WhenTrue && !IsZero(Sel->getTrueValue()))
    return false;
  S.V = S.WhenTrue ? Sel->getTrueValue() : Sel->getFalseValue();
  if (auto *BC = dyn_cast<BitCastInst>(S.V);
      !S.T && BC && BC->getSrcTy()->isFPOrFPVectorTy())
    S.T = BC->getSrcTy();
  return true;
}

/// `or(select(C, 0, A), select(C, B, 0))` is `select(C, B, A)`: SSE2's
/// blend of two float vectors by a comparison's mask (andnot, and, or;
/// Eigen's pselect at -O0, its print and its exp's and log's special
/// lanes), which InstCombine makes selects of bits. Made a select of the
/// floats, whose derivative goes to the lane chosen; the bits are the same.
bool orBlends(Function &F) {
  SmallVector<BinaryOperator *, 8> Ors;
  for (Instruction &I : instructions(F))
    if (I.getOpcode() == Instruction::Or && I.getType()->isIntOrIntVectorTy())
      Ors.push_back(cast<BinaryOperator>(&I));
  bool Changed = false;
  for (BinaryOperator *Or : Ors) {
    BlendSide P, Q;
    if (!blendSide(Or->getOperand(0), P) || !blendSide(Or->getOperand(1), Q) ||
        P.C != Q.C || P.WhenTrue == Q.WhenTrue)
      continue;
    Type *T = P.T ? P.T : Q.T;
    if (!T || (P.T && Q.T && P.T != Q.T) ||
        T->getPrimitiveSizeInBits() != Or->getType()->getPrimitiveSizeInBits())
      continue;
    DenseMap<Value *, Value *> Made;
    auto AsFloat = [&](Value *V) {
      return V->getType() == T ? V : floatSource(V, T, Made);
    };
    Value *A = AsFloat(P.V);
    Value *B = A ? AsFloat(Q.V) : nullptr;
    if (!B)
      continue;
    if (!P.WhenTrue)
      std::swap(A, B);
    IRBuilder<> IRB(Or);
    Value *R = IRB.CreateSelect(P.C, A, B, Or->getName() + ".blend");
    for (User *U : make_early_inc_range(Or->users()))
      if (auto *BC = dyn_cast<BitCastInst>(U); BC && BC->getType() == T) {
        BC->replaceAllUsesWith(R);
        BC->eraseFromParent();
      }
    if (!Or->use_empty()) // (stores: see storeFloatsAsFloats)
      Or->replaceAllUsesWith(IRB.CreateBitCast(R, Or->getType()));
    Or->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

/// The integer \p S as lanes of \p W bits, when S can have no bit set
/// but their sign bits: `and(Z, M)` with M only sign bits of W-bit lanes
/// (AVX-512's 16 floats' signs in an <8 x i64>), or `shl(Z, W - 1)` on
/// W-bit lanes; else null.
Value *onlySignBits(Value *S, unsigned W, IRBuilder<> &B) {
  Type *T = S->getType();
  unsigned Bits = T->getPrimitiveSizeInBits();
  if (!W || Bits % W != 0)
    return nullptr;
  Type *LaneT = IntegerType::get(S->getContext(), W);
  if (Bits != W)
    LaneT = FixedVectorType::get(LaneT, Bits / W);
  const APInt *C;
  if (match(S, m_Shl(m_Value(), m_APInt(C))))
    return T->getScalarSizeInBits() == W && C->getZExtValue() == W - 1
               ? S
               : nullptr;
  Constant *M;
  if (!match(S, m_And(m_Value(), m_Constant(M))))
    return nullptr;
  Constant *Lanes = ConstantFoldCastOperand(
      Instruction::BitCast, M, LaneT, B.GetInsertBlock()->getDataLayout());
  if (!Lanes)
    return nullptr;
  APInt Sign = APInt::getSignMask(W);
  for (unsigned K = 0; K != Bits / W; ++K) {
    Constant *E = LaneT->isVectorTy() ? Lanes->getAggregateElement(K) : Lanes;
    if (isa_and_nonnull<UndefValue>(E))
      continue;
    auto *CI = dyn_cast_or_null<ConstantInt>(E);
    if (!CI || !(CI->getValue() & ~Sign).isZero())
      return nullptr;
  }
  return B.CreateBitCast(S, LaneT);
}

/// `xor(bits(y), S)` where S may only set sign bits: y negated in the lanes
/// where S is not zero (Eigen's vectorized sin and cos give the result the
/// sign of its quadrant this way): `select(S != 0, -y, y)`, the same bits.
bool signFlips(Function &F) {
  SmallVector<BinaryOperator *, 4> Xors;
  for (Instruction &I : instructions(F))
    if (I.getOpcode() == Instruction::Xor &&
        I.getType()->isIntOrIntVectorTy() &&
        !I.getType()->isIntOrIntVectorTy(1))
      Xors.push_back(cast<BinaryOperator>(&I));
  bool Changed = false;
  for (BinaryOperator *X : Xors)
    for (unsigned K = 0; K != 2; ++K) {
      Value *S = X->getOperand(K), *V = X->getOperand(1 - K);
      Type *T = knownFloatBits(V);
      if (!T || T->getScalarType()->isX86_FP80Ty())
        continue;
      IRBuilder<> B(X);
      Value *Signs = onlySignBits(S, T->getScalarSizeInBits(), B);
      if (!Signs)
        continue;
      Value *Y = cast<BitCastInst>(V)->getOperand(0);
      Value *Flip =
          B.CreateICmpNE(Signs, Constant::getNullValue(Signs->getType()));
      Value *R =
          B.CreateSelect(Flip, B.CreateFNeg(Y), Y, X->getName() + ".signed");
      replaceBitsByFloat(*X, R);
      Changed = true;
      break;
    }
  return Changed;
}

/// A float stored as its bits (the rewrites above leave `store (bitcast
/// R)` where an integer mask was stored): the float is stored, the same
/// bytes, so that the analyses see a float go to memory.
bool storeFloatsAsFloats(Function &F) {
  bool Changed = false;
  for (Instruction &I : instructions(F))
    if (auto *S = dyn_cast<StoreInst>(&I))
      if (auto *BC = dyn_cast<BitCastInst>(S->getValueOperand());
          BC && BC->getSrcTy()->isFPOrFPVectorTy()) {
        S->setOperand(0, BC->getOperand(0));
        Changed = true;
      }
  return Changed;
}

} // namespace

bool floatsFromBits(Function &F) {
  bool Changed = roundingTricks(F);
  Changed |= pointersFromBits(F);
  Changed |= orBlends(F);
  Changed |= floatMerges(F);
  Changed |= floatCopies(F);
  // (after the merges, which may make the mantissa's bits read as floats)
  Changed |= mantissaScalings(F);
  // Masks, merges and blends of float bits until none is left: each may
  // make the next one's operands known to be float bits (Eigen's
  // cwiseAbs().maxCoeff() at -O0: masks, selects of them, a store).
  for (bool Round = true; Round; Changed |= Round) {
    SmallVector<BinaryOperator *, 8> Masks;
    for (Instruction &I : instructions(F))
      if (auto *BO = dyn_cast<BinaryOperator>(&I);
          BO && BO->getType()->isIntOrIntVectorTy() &&
          (BO->getOpcode() == Instruction::Xor ||
           BO->getOpcode() == Instruction::And ||
           BO->getOpcode() == Instruction::Or))
        Masks.push_back(BO);
    Round = false;
    // (A rewritten copysign leaves its two masks dead, to the later
    // cleanups: erasing them here could free an entry of Masks.)
    for (BinaryOperator *BO : Masks)
      Round |= rewrite(*BO);
    Round |= floatMerges(F);
    Round |= orBlends(F);
    Round |= signFlips(F);
  }
  // (The merges read their operands' bits back as floats: the floats.)
  Changed |= floatCopies(F);
  Changed |= storeFloatsAsFloats(F);
  return Changed;
}

} // namespace adpass
