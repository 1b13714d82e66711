//===- AsmIdioms.cpp - Inline assembly with a known meaning ---------------===//
#include "Transform/AsmIdioms.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace adpass {

namespace {

/// What an idiom computes from the call's arguments A, B, C (in the order
/// of the entry's Args).
enum class AsmOp {
  Fma, ///< A * B + C
  Max, ///< A > B ? A : B, x86's maxpd (B when either is NaN)
  Min, ///< A < B ? A : B
  /// Stores B through A: an empty string whose output, tied to its input,
  /// is memory (Eigen's EIGEN_OPTIMIZATION_BARRIER on x86).
  Barrier,
};

/// An assembly string and its constraints (up to the clobbers), and what
/// it computes.
struct AsmIdiom {
  StringRef Asm;
  StringRef Constraints;
  AsmOp Op;
  unsigned Args[3];
};

// AT&T operand order, the destination last. `vfmadd231pd $1, $2, $0` is
// $0 = $2 * $1 + $0, the output tied to the third argument (Eigen's pmadd
// under clang with FMA). `vmaxpd $1, $2, $0` is $0 = max($2, $1), and
// `maxpd $1, $0` is $0 = max($0, $1), $0 tied to the second argument
// (Eigen's pmax/pmin, whose inline assembly clang gets as a "GCC < 6.3").
// An empty string with an output tied to its input changes nothing: the
// input is what the output gets.
const AsmIdiom Idioms[] = {
    {"", "=*imr|x,0", AsmOp::Barrier, {0, 1}},
    {"vfmadd231pd $1, $2, $0", "=x,x,x,0", AsmOp::Fma, {0, 1, 2}},
    {"vfmadd231ps $1, $2, $0", "=x,x,x,0", AsmOp::Fma, {0, 1, 2}},
    {"vmaxpd $1, $2, $0", "=x,x,x", AsmOp::Max, {1, 0}},
    {"vmaxps $1, $2, $0", "=x,x,x", AsmOp::Max, {1, 0}},
    {"vminpd $1, $2, $0", "=x,x,x", AsmOp::Min, {1, 0}},
    {"vminps $1, $2, $0", "=x,x,x", AsmOp::Min, {1, 0}},
    {"maxpd $1, $0", "=x,x,0", AsmOp::Max, {1, 0}},
    {"maxps $1, $0", "=x,x,0", AsmOp::Max, {1, 0}},
    {"minpd $1, $0", "=x,x,0", AsmOp::Min, {1, 0}},
    {"minps $1, $0", "=x,x,0", AsmOp::Min, {1, 0}},
};

unsigned arity(AsmOp Op) { return Op == AsmOp::Fma ? 3 : 2; }

/// x86's max (min): A when A > B (A < B), else B, also when either is
/// NaN; the asm and the intrinsics alike.
Value *x86MaxMin(IRBuilder<> &IRB, Value *A, Value *B, bool Max) {
  return IRB.CreateSelect(
      Max ? IRB.CreateFCmpOGT(A, B) : IRB.CreateFCmpOLT(A, B), A, B);
}

/// Whether the call has the types the operation needs.
bool shaped(const CallInst &CI, const AsmIdiom &I) {
  if (CI.arg_size() != arity(I.Op))
    return false;
  if (I.Op == AsmOp::Barrier) {
    Type *Elem = CI.getParamElementType(0);
    return CI.getType()->isVoidTy() &&
           CI.getArgOperand(0)->getType()->isPointerTy() && Elem &&
           Elem == CI.getArgOperand(1)->getType();
  }
  return CI.getType()->isFPOrFPVectorTy() &&
         all_of(CI.args(),
                [&](const Use &A) { return A->getType() == CI.getType(); });
}

/// Clobbers that say nothing about the values (x86 flags).
bool onlyFlagClobbers(StringRef Rest) {
  SmallVector<StringRef, 4> Parts;
  Rest.split(Parts, ',', -1, /*KeepEmpty=*/false);
  return all_of(Parts, [](StringRef P) {
    return P == "~{dirflag}" || P == "~{fpsr}" || P == "~{flags}";
  });
}

const AsmIdiom *idiomOf(const CallInst &CI) {
  const auto *IA = dyn_cast<InlineAsm>(CI.getCalledOperand());
  if (!IA || IA->hasSideEffects())
    return nullptr;
  StringRef Cons = IA->getConstraintString();
  for (const AsmIdiom &I : Idioms) {
    if (IA->getAsmString() != I.Asm || !Cons.starts_with(I.Constraints))
      continue;
    StringRef Rest = Cons.drop_front(I.Constraints.size());
    if (!Rest.empty() && (!Rest.consume_front(",") || !onlyFlagClobbers(Rest)))
      continue;
    if (shaped(CI, I))
      return &I;
  }
  return nullptr;
}

/// x86 vector intrinsics without a rule that are plain arithmetic on
/// lanes: horizontal sums and differences, alternating subtract/add,
/// max/min (Eigen's predux and paddsub under SSE3/AVX), and rounding to an
/// integer (Eigen's pfloor/pround, AVX-512's masked `rndscale`: lanes the
/// mask leaves out take the pass-through operand).
enum class X86Op { HAdd, HSub, AddSub, Max, Min, Round, MaskedRound, Blend };

const std::pair<StringRef, X86Op> X86Ops[] = {
    {"llvm.x86.sse3.hadd.pd", X86Op::HAdd},
    {"llvm.x86.sse3.hadd.ps", X86Op::HAdd},
    {"llvm.x86.avx.hadd.pd.256", X86Op::HAdd},
    {"llvm.x86.avx.hadd.ps.256", X86Op::HAdd},
    {"llvm.x86.sse3.hsub.pd", X86Op::HSub},
    {"llvm.x86.sse3.hsub.ps", X86Op::HSub},
    {"llvm.x86.avx.hsub.pd.256", X86Op::HSub},
    {"llvm.x86.avx.hsub.ps.256", X86Op::HSub},
    {"llvm.x86.sse3.addsub.pd", X86Op::AddSub},
    {"llvm.x86.sse3.addsub.ps", X86Op::AddSub},
    {"llvm.x86.avx.addsub.pd.256", X86Op::AddSub},
    {"llvm.x86.avx.addsub.ps.256", X86Op::AddSub},
    {"llvm.x86.sse2.max.pd", X86Op::Max},
    {"llvm.x86.sse.max.ps", X86Op::Max},
    {"llvm.x86.avx.max.pd.256", X86Op::Max},
    {"llvm.x86.avx.max.ps.256", X86Op::Max},
    {"llvm.x86.sse2.min.pd", X86Op::Min},
    {"llvm.x86.sse.min.ps", X86Op::Min},
    {"llvm.x86.avx.min.pd.256", X86Op::Min},
    {"llvm.x86.avx.min.ps.256", X86Op::Min},
    // (with a third, rounding-mode argument)
    {"llvm.x86.avx512.max.pd.512", X86Op::Max},
    {"llvm.x86.avx512.max.ps.512", X86Op::Max},
    {"llvm.x86.avx512.min.pd.512", X86Op::Min},
    {"llvm.x86.avx512.min.ps.512", X86Op::Min},
    {"llvm.x86.sse41.round.pd", X86Op::Round},
    {"llvm.x86.sse41.round.ps", X86Op::Round},
    {"llvm.x86.avx.round.pd.256", X86Op::Round},
    {"llvm.x86.avx.round.ps.256", X86Op::Round},
    {"llvm.x86.avx512.mask.rndscale.pd.128", X86Op::MaskedRound},
    {"llvm.x86.avx512.mask.rndscale.pd.256", X86Op::MaskedRound},
    {"llvm.x86.avx512.mask.rndscale.pd.512", X86Op::MaskedRound},
    {"llvm.x86.avx512.mask.rndscale.ps.128", X86Op::MaskedRound},
    {"llvm.x86.avx512.mask.rndscale.ps.256", X86Op::MaskedRound},
    {"llvm.x86.avx512.mask.rndscale.ps.512", X86Op::MaskedRound},
    // (a, b, mask): b in the lanes whose mask has its sign bit set
    {"llvm.x86.sse41.blendvpd", X86Op::Blend},
    {"llvm.x86.sse41.blendvps", X86Op::Blend},
    {"llvm.x86.avx.blendv.pd.256", X86Op::Blend},
    {"llvm.x86.avx.blendv.ps.256", X86Op::Blend},
};

/// Rounding of \p CI (operands: value, immediate[, pass-through, mask]) as
/// the generic intrinsic of its mode; null for a rounding to a fraction
/// (scale bits) or an operand not constant.
Value *expandX86Round(CallInst &CI, bool Masked, IRBuilder<> &IRB) {
  auto *Imm = dyn_cast<ConstantInt>(CI.getArgOperand(1));
  if (!Imm || Imm->getZExtValue() >> 4)
    return nullptr;
  uint64_t Mode = Imm->getZExtValue();
  // Bit 2: the rounding mode of MXCSR (nearest unless the program changed
  // it); else bits 0-1: nearest even, down, up, toward zero.
  const Intrinsic::ID ByMode[] = {Intrinsic::roundeven, Intrinsic::floor,
                                  Intrinsic::ceil, Intrinsic::trunc};
  Intrinsic::ID ID = Mode & 4 ? Intrinsic::nearbyint : ByMode[Mode & 3];
  Value *R = IRB.CreateUnaryIntrinsic(ID, CI.getArgOperand(0));
  if (!Masked)
    return R;
  auto *Mask = dyn_cast<IntegerType>(CI.getArgOperand(3)->getType());
  unsigned N = cast<FixedVectorType>(CI.getType())->getNumElements();
  if (!Mask || Mask->getBitWidth() < N)
    return nullptr;
  Value *Bits = IRB.CreateBitCast(
      CI.getArgOperand(3),
      FixedVectorType::get(IRB.getInt1Ty(), Mask->getBitWidth()));
  if (Mask->getBitWidth() != N) { // (an i8 mask of 2 or 4 lanes)
    SmallVector<int, 8> First;
    for (unsigned L = 0; L != N; ++L)
      First.push_back(L);
    Bits = IRB.CreateShuffleVector(Bits, First);
  }
  return IRB.CreateSelect(Bits, R, CI.getArgOperand(2));
}

/// The operation of \p CI in lanes, built before it.
Value *expandX86(CallInst &CI, X86Op Op) {
  auto *VT = cast<FixedVectorType>(CI.getType());
  unsigned N = VT->getNumElements();
  Value *A = CI.getArgOperand(0), *B = CI.getArgOperand(1);
  IRBuilder<> IRB(&CI);
  switch (Op) {
  case X86Op::HAdd:
  case X86Op::HSub: {
    // In each 128-bit block: A's adjacent pairs, then B's.
    unsigned K = 128 / VT->getScalarSizeInBits();
    SmallVector<int, 16> Even, Odd;
    for (unsigned J = 0; J != N / K; ++J)
      for (unsigned Src : {0u, N})
        for (unsigned P = 0; P != K / 2; ++P) {
          Even.push_back(Src + J * K + 2 * P);
          Odd.push_back(Src + J * K + 2 * P + 1);
        }
    Value *E = IRB.CreateShuffleVector(A, B, Even);
    Value *O = IRB.CreateShuffleVector(A, B, Odd);
    return Op == X86Op::HAdd ? IRB.CreateFAdd(E, O) : IRB.CreateFSub(E, O);
  }
  case X86Op::AddSub: { // even lanes a - b, odd lanes a + b
    SmallVector<int, 16> Mask;
    for (unsigned L = 0; L != N; ++L)
      Mask.push_back(L % 2 ? N + L : L);
    return IRB.CreateShuffleVector(IRB.CreateFSub(A, B), IRB.CreateFAdd(A, B),
                                   Mask);
  }
  case X86Op::Max:
  case X86Op::Min:
    return x86MaxMin(IRB, A, B, Op == X86Op::Max);
  case X86Op::Round:
  case X86Op::MaskedRound:
    return expandX86Round(CI, Op == X86Op::MaskedRound, IRB);
  case X86Op::Blend: {
    Value *M = CI.getArgOperand(2);
    Type *IT = VectorType::getInteger(cast<VectorType>(M->getType()));
    Value *Set =
        IRB.CreateICmpSLT(IRB.CreateBitCast(M, IT), Constant::getNullValue(IT));
    return IRB.CreateSelect(Set, B, A);
  }
  }
  return nullptr;
}

} // namespace

bool expandX86VectorIntrinsics(Function &F) {
  SmallVector<std::pair<CallInst *, X86Op>, 8> Found;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (Function *Callee = CI->getCalledFunction();
          Callee && Callee->isIntrinsic() && CI->arg_size() >= 2 &&
          isa<FixedVectorType>(CI->getType()))
        for (auto [Name, Op] : X86Ops)
          if (Callee->getName() == Name)
            Found.push_back({CI, Op});
  for (auto [CI, Op] : Found) {
    Value *R = expandX86(*CI, Op);
    if (!R)
      continue; // (a form without a plain equivalent: left, refused if active)
    R->takeName(CI);
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
  }
  return !Found.empty();
}

bool replaceKnownInlineAsm(Function &F) {
  SmallVector<std::pair<CallInst *, const AsmIdiom *>, 8> Found;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isInlineAsm())
      if (const AsmIdiom *Idiom = idiomOf(*CI))
        Found.push_back({CI, Idiom});
  for (auto [CI, Idiom] : Found) {
    IRBuilder<> B(CI);
    Value *A = CI->getArgOperand(Idiom->Args[0]);
    Value *Bv = CI->getArgOperand(Idiom->Args[1]);
    Value *R = nullptr;
    switch (Idiom->Op) {
    case AsmOp::Barrier:
      B.CreateStore(Bv, A);
      CI->eraseFromParent();
      continue;
    case AsmOp::Fma:
      R = B.CreateIntrinsic(Intrinsic::fma, {CI->getType()},
                            {A, Bv, CI->getArgOperand(Idiom->Args[2])});
      break;
    case AsmOp::Max:
    case AsmOp::Min:
      R = x86MaxMin(B, A, Bv, Idiom->Op == AsmOp::Max);
      break;
    }
    R->takeName(CI);
    CI->replaceAllUsesWith(R);
    CI->eraseFromParent();
  }
  return !Found.empty();
}

} // namespace adpass
