//===- FloatIdioms.cpp - Float bit idioms, derivatives fixed -------------===//
#include "Transform/FloatIdioms.h"

#include "Rules/RuleTable.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace adpass {

namespace {

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

} // namespace

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

namespace {

/// x86's approximate reciprocal square root and reciprocal, and the
/// derivative factor of each in terms of its input a and result r.
struct Approximation {
  StringRef Name;
  bool Sqrt;   ///< rsqrt: -r / (2a); rcp: -r / a
  bool Masked; ///< (a, pass-through, mask) operands
};
const Approximation Approximations[] = {
    {"llvm.x86.sse.rsqrt.ps", true, false},
    {"llvm.x86.avx.rsqrt.ps.256", true, false},
    {"llvm.x86.avx512.rsqrt14.ps.128", true, true},
    {"llvm.x86.avx512.rsqrt14.ps.256", true, true},
    {"llvm.x86.avx512.rsqrt14.ps.512", true, true},
    {"llvm.x86.avx512.rsqrt14.pd.128", true, true},
    {"llvm.x86.avx512.rsqrt14.pd.256", true, true},
    {"llvm.x86.avx512.rsqrt14.pd.512", true, true},
    {"llvm.x86.sse.rcp.ps", false, false},
    {"llvm.x86.avx.rcp.ps.256", false, false},
    {"llvm.x86.avx512.rcp14.ps.128", false, true},
    {"llvm.x86.avx512.rcp14.ps.256", false, true},
    {"llvm.x86.avx512.rcp14.ps.512", false, true},
    {"llvm.x86.avx512.rcp14.pd.128", false, true},
    {"llvm.x86.avx512.rcp14.pd.256", false, true},
    {"llvm.x86.avx512.rcp14.pd.512", false, true},
};

} // namespace

bool approximateReciprocals(Function &F) {
  SmallVector<std::pair<CallInst *, const Approximation *>, 4> Found;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->isIntrinsic())
        for (const Approximation &A : Approximations)
          if (Callee->getName() == A.Name &&
              CI->arg_size() == (A.Masked ? 3u : 1u) &&
              // (a lane the mask keeps from the pass-through: not handled)
              (!A.Masked || match(CI->getArgOperand(2), m_AllOnes())))
            Found.push_back({CI, &A});
  for (auto [CI, A] : Found) {
    Value *X = CI->getArgOperand(0);
    Type *T = X->getType();
    SmallVector<Use *, 4> Uses; // (before the uses made here)
    for (Use &U : CI->uses())
      Uses.push_back(&U);
    IRBuilder<> B(CI);
    Value *Xs = B.CreateCall(stopGradient(*F.getParent(), T), {X}, "ad.frozen");
    CI->setArgOperand(0, Xs);
    // r + (x - x') * dr/dx, on positive finite (rsqrt) or nonzero finite
    // (rcp) lanes: the same value, and the derivative of the refined
    // result (a Newton step after it) is then exact to the square of the
    // approximation's error.
    B.SetInsertPoint(CI->getNextNode());
    Value *Zero = ConstantFP::get(T, 0.0);
    Value *Inf = ConstantFP::getInfinity(T);
    Value *Finite =
        B.CreateFCmpOLT(B.CreateUnaryIntrinsic(Intrinsic::fabs, Xs), Inf);
    Value *Ok = A->Sqrt ? B.CreateAnd(Finite, B.CreateFCmpOGT(Xs, Zero))
                        : B.CreateAnd(Finite, B.CreateFCmpONE(Xs, Zero));
    Value *Slope = B.CreateFNeg(B.CreateFDiv(CI, Xs));
    if (A->Sqrt)
      Slope = B.CreateFMul(Slope, ConstantFP::get(T, 0.5));
    Value *D =
        B.CreateFMul(B.CreateFSub(X, Xs), B.CreateSelect(Ok, Slope, Zero));
    Value *R = B.CreateFAdd(CI, B.CreateSelect(Ok, D, Zero));
    for (Use *U : Uses)
      U->set(R);
    R->takeName(CI);
  }
  return !Found.empty();
}

} // namespace adpass
