//===- BlasDerivatives.cpp - BLAS calls in the generated derivatives ------===//
#include "Transform/Library/BlasDerivatives.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/Library/BlasContext.h"
#include "Transform/Library/BlasRules.h"
#include "Transform/TangentMap.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace adpass {
namespace {

/// The arrays a rule may ask the forward sweep to keep.
constexpr BlasRole KeptRoles[] = {BlasRole::A,   BlasRole::B, BlasRole::C,
                                  BlasRole::X,   BlasRole::Y, BlasRole::W,
                                  BlasRole::Ipiv};

/// The type a Fortran routine reads through the pointer of role \p R.
Type *fortranNumberType(BlasRole R, const BlasCall &BC) {
  LLVMContext &Ctx = BC.Real->getContext();
  if (isBlasOption(R))
    return Type::getInt8Ty(Ctx);
  if (isBlasScalar(R))
    return BC.Real;
  return Type::getIntNTy(Ctx, BlasFortranIntBits);
}

/// What both sweeps read alike: which operands carry derivatives.
class ActivityOperands : public BlasOperands {
public:
  ActivityOperands(const BlasCall &BC, const CallBase &CB,
                   const ActivityAnalysis &AA)
      : BC(BC), CB(CB), AA(AA) {}
  bool hasShadow(BlasRole R) override { return AA.hasShadow(BC.arg(CB, R)); }
  /// CBLAS passes alpha and beta as values, Fortran through memory.
  bool scalarActive(BlasRole R) override {
    const Value *A = BC.arg(CB, R);
    return BC.byValue() ? AA.isActive(A) : AA.hasShadow(A);
  }

protected:
  const BlasCall &BC;
  const CallBase &CB;
  const ActivityAnalysis &AA;
};

/// Operands as the forward sweep sees them (reverse mode's forward sweep,
/// or a tangent function).
class ForwardOperands : public ActivityOperands {
public:
  ForwardOperands(const BlasCall &BC, const CallBase &CB,
                  const ActivityAnalysis &AA, AdjointBuilder &Adj,
                  ValueToValueMapTy &VMap, TangentMap *Tangents)
      : ActivityOperands(BC, CB, AA), Adj(Adj), VMap(VMap), Tangents(Tangents) {
  }

  Value *number(BlasRole R, IRBuilder<> &B) override {
    Value *A = fwd(BC.arg(CB, R));
    if (BC.byValue())
      return A;
    Value *&L = Loads[static_cast<unsigned>(R)];
    if (!L)
      L = B.CreateLoad(fortranNumberType(R, BC), A, "ad.blas.num");
    return L;
  }
  Value *array(BlasRole R, IRBuilder<> &) override {
    return fwd(BC.arg(CB, R));
  }
  Value *shadow(BlasRole R, IRBuilder<> &) override {
    return Adj.shadowInForward(BC.arg(CB, R));
  }
  Value *scalarTangent(BlasRole R, IRBuilder<> &B) override {
    const Value *A = BC.arg(CB, R);
    if (BC.byValue())
      return Tangents->get(A);
    return B.CreateLoad(BC.Real, Adj.shadowInForward(A), "ad.blas.tangent");
  }
  Value *result(IRBuilder<> &) override { return VMap.lookup(&CB); }
  /// Fortran passes numbers by pointer: reads them all at \p B's point.
  void readFortranNumbers(IRBuilder<> &B) {
    if (BC.byValue())
      return;
    for (BlasRole R : BC.Routine->Params)
      if (R != BlasRole::Layout && !isBlasArray(R) && !isBlasScratch(R))
        number(R, B);
  }

  DenseMap<unsigned, Value *> Loads;

private:
  Value *fwd(const Value *PV) {
    if (isa<Constant>(PV))
      return const_cast<Value *>(PV);
    return VMap.lookup(PV);
  }

  AdjointBuilder &Adj;
  ValueToValueMapTy &VMap;
  TangentMap *Tangents;
};

/// Operands as the reverse sweep sees them.
class ReverseOperands : public ActivityOperands {
public:
  ReverseOperands(const BlasCall &BC, const CallBase &CB,
                  const ActivityAnalysis &AA, AdjointBuilder &Adj,
                  const DenseMap<unsigned, Value *> &Numbers)
      : ActivityOperands(BC, CB, AA), Adj(Adj), Numbers(Numbers) {}

  Value *number(BlasRole R, IRBuilder<> &B) override {
    if (BC.byValue())
      return Adj.primalInReverse(BC.arg(CB, R), B);
    return Adj.forwardValueInReverse(Numbers.lookup(static_cast<unsigned>(R)),
                                     CB.getParent(), B);
  }
  Value *array(BlasRole R, IRBuilder<> &B) override {
    return Adj.primalInReverse(BC.arg(CB, R), B);
  }
  Value *shadow(BlasRole R, IRBuilder<> &B) override {
    return Adj.shadowInReverse(BC.arg(CB, R), B);
  }
  void addScalarAdjoint(BlasRole R, Value *D, IRBuilder<> &B) override {
    const Value *A = BC.arg(CB, R);
    if (BC.byValue()) {
      Adj.addAdjoint(A, D, B);
      return;
    }
    Value *SP = Adj.shadowInReverse(A, B);
    Value *Old = B.CreateLoad(BC.Real, SP);
    B.CreateStore(accumulateAdjoint(B, Old, D), SP);
  }
  Value *result(IRBuilder<> &B) override { return Adj.primalInReverse(&CB, B); }

private:
  AdjointBuilder &Adj;
  const DenseMap<unsigned, Value *> &Numbers;
};

} // namespace

bool BlasDerivatives::relevant(const CallBase &CB, const BlasCall &BC) const {
  if (BC.Routine->ReturnsScalar)
    return AA.isActive(&CB);
  return any_of(BC.writtenArrays(CB),
                [&](const Value *W) { return AA.hasShadow(W); });
}

void BlasDerivatives::prepareForward(Function &P) {
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    std::optional<BlasCall> BC = CB ? matchBlasCall(*CB) : std::nullopt;
    if (!BC || !relevant(*CB, *BC))
      continue;
    Kept &K = Sites.try_emplace(CB).first->second;
    K.Call = *BC;
    auto *Fwd = cast<Instruction>(VMap[CB]);
    IRBuilder<> B(Fwd);
    ForwardOperands Ops(K.Call, *CB, AA, Adj, VMap, nullptr);
    // Fortran passes numbers by pointer: read them while they hold.
    Ops.readFortranNumbers(B);
    K.Numbers = Ops.Loads;
    BlasContext C(K.Call, *CB, Ops, B, Adj);
    const BlasRule &Rule = blasRule(BC->Routine->Stem);
    for (BlasRole R : KeptRoles) {
      if (!BC->Routine->has(R) || !isBlasArray(R) || !Rule.Needs(C, R))
        continue;
      // LAPACK rules read inputs only from copies (BlasContext::input).
      if (BC->Routine->Lapack || C.overwrites(R) ||
          !CA.neverOverwritten(C.primalArg(R), CB))
        K.Packs[static_cast<unsigned>(R)] = C.pack(R);
    }
    if (!Rule.NeedsAfter)
      continue;
    // Results the adjoint reads: in place unless the function overwrites
    // them later (or the call does, in a later iteration).
    B.SetInsertPoint(Fwd->getNextNode());
    for (BlasRole R : KeptRoles)
      if (BC->Routine->has(R) && Rule.NeedsAfter(C, R) &&
          !CA.neverOverwritten(C.primalArg(R), CB))
        K.AfterPacks[static_cast<unsigned>(R)] =
            R == BlasRole::Ipiv ? C.packPivots() : C.pack(R);
  }
}

bool BlasDerivatives::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !matchBlasCall(*CB))
    return false;
  auto It = Sites.find(CB);
  if (It == Sites.end())
    return true; // no derivative flows through it
  Kept &K = It->second;
  ReverseOperands Ops(K.Call, *CB, AA, Adj, K.Numbers);
  BlasContext C(K.Call, *CB, Ops, IRB, Adj);
  SmallVector<Value *, 4> Copies;
  bool Lapack = K.Call.Routine->Lapack;
  for (auto &[Role, Fwd] : K.Packs) {
    Value *Copy = Adj.forwardValueInReverse(Fwd, CB->getParent(), IRB);
    if (Lapack)
      C.useInput(static_cast<BlasRole>(Role), Copy);
    else
      C.usePacked(static_cast<BlasRole>(Role), Copy);
    Copies.push_back(Copy);
  }
  for (auto &[Role, Fwd] : K.AfterPacks) {
    Value *Copy = Adj.forwardValueInReverse(Fwd, CB->getParent(), IRB);
    C.usePacked(static_cast<BlasRole>(Role), Copy);
    Copies.push_back(Copy);
  }
  Value *Seed =
      K.Call.Routine->ReturnsScalar ? Adj.takeAdjoint(CB, IRB) : nullptr;
  blasRule(K.Call.Routine->Stem).Reverse(C, Seed);
  for (Value *Copy : Copies)
    C.release(Copy);
  return true;
}

bool BlasDerivatives::emitTangent(const CallBase &CB, TangentMap &Tangents) {
  std::optional<BlasCall> BC = matchBlasCall(CB);
  if (!BC)
    return false;
  if (!relevant(CB, *BC))
    return true;
  auto *Fwd = cast<Instruction>(VMap[&CB]);
  // Outputs are updated before the call overwrites what they read; a
  // returned number's tangent may use the result.
  IRBuilder<> B(BC->Routine->ReturnsScalar ? Fwd->getNextNode() : Fwd);
  ForwardOperands Ops(*BC, CB, AA, Adj, VMap, &Tangents);
  BlasContext C(*BC, CB, Ops, B, Adj);
  const BlasRule &Rule = blasRule(BC->Routine->Stem);
  if (BC->Routine->Lapack) {
    // LAPACK tangents read the results: read the numbers and copy the
    // inputs they also read, then run after the call.
    Ops.readFortranNumbers(B);
    SmallVector<Value *, 2> Copies;
    for (BlasRole R : KeptRoles)
      if (BC->Routine->has(R) && isBlasArray(R) && Rule.Needs(C, R)) {
        Copies.push_back(C.pack(R));
        C.useInput(R, Copies.back());
      }
    B.SetInsertPoint(Fwd->getNextNode());
    Rule.Forward(C);
    for (Value *Copy : Copies)
      C.release(Copy);
    return true;
  }
  Value *T = Rule.Forward(C);
  if (BC->Routine->ReturnsScalar)
    Tangents.set(&CB, T);
  return true;
}

bool splitBlasLayouts(Function &F) {
  SmallVector<CallBase *, 2> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (std::optional<BlasCall> BC = matchBlasCall(*CB);
          BC && BC->byValue() && BC->Routine->has(BlasRole::Layout) &&
          !isa<Constant>(BC->arg(*CB, BlasRole::Layout)) && isa<CallInst>(CB))
        Calls.push_back(CB);
  for (CallBase *CB : Calls) {
    unsigned Arg = matchBlasCall(*CB)->argIndex(BlasRole::Layout);
    Value *Layout = CB->getArgOperand(Arg);
    IRBuilder<> B(CB);
    Value *Row = B.CreateICmpEQ(
        Layout, ConstantInt::get(Layout->getType(), CblasRowMajor));
    Instruction *Then, *Else;
    SplitBlockAndInsertIfThenElse(Row, CB, &Then, &Else);
    for (auto [At, L] :
         {std::pair(Then, CblasRowMajor), std::pair(Else, CblasColMajor)}) {
      Instruction *Copy = CB->clone();
      Copy->insertBefore(At);
      cast<CallBase>(Copy)->setArgOperand(
          Arg, ConstantInt::get(Layout->getType(), L));
    }
    CB->eraseFromParent();
  }
  return !Calls.empty();
}

void checkBlasCalls(Function &P, const Function &User,
                    const ActivityAnalysis &AA, DiagnosticSink &Diag) {
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    std::optional<BlasCall> BC = CB ? matchBlasCall(*CB) : std::nullopt;
    if (!BC || !AA.blasReadsVaried(*CB, *BC))
      continue;
    StringRef Name = CB->getCalledFunction()->getName();
    if (BC->byValue() && BC->Routine->has(BlasRole::Layout) &&
        !isa<ConstantInt>(BC->arg(*CB, BlasRole::Layout)))
      Diag.error(User, CB,
                 "in '" + User.getName() + "': the layout argument of '" +
                     Name + "' is not a constant; pass " +
                     (BC->Spelling == BlasSpelling::LAPACKE
                          ? "LAPACK_ROW_MAJOR or LAPACK_COL_MAJOR"
                          : "CblasRowMajor or CblasColMajor") +
                     " directly");
    // The runtime reads pivots as 32-bit integers (LP64 LAPACK).
    if (BC->Spelling == BlasSpelling::LAPACKE &&
        !BC->arg(*CB, BlasRole::N)->getType()->isIntegerTy(32))
      Diag.error(User, CB,
                 "in '" + User.getName() + "': '" + Name +
                     "' takes 64-bit integers (an ILP64 LAPACK); ADPass "
                     "differentiates the 32-bit-integer (LP64) interface "
                     "only");
    for (const Value *W : BC->derivedArrays(
             *CB, [&](const Value *V) { return AA.hasShadow(V); }))
      if (!AA.hasShadow(W))
        Diag.error(User, CB,
                   "in '" + User.getName() + "': '" + Name +
                       "' writes derivatives into memory that has no shadow (" +
                       pointerClassName(AA.classify(W)) +
                       " pointer); pass that array as ad_dup");
    for (const Value *R : BC->readArrays(*CB)) {
      PointerClass PC = AA.classify(R);
      if (PC == PointerClass::Mixed || PC == PointerClass::Unknown)
        Diag.error(User, CB,
                   "in '" + User.getName() + "': cannot tell whether '" + Name +
                       "' reads differentiated memory through this " +
                       pointerClassName(PC) +
                       " pointer; compute it from the ad_dup argument "
                       "directly");
    }
  }
}

} // namespace adpass
