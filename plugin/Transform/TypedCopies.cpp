//===- TypedCopies.cpp - Copies of floats and pointers as integers --------===//
#include "Transform/TypedCopies.h"
#include "Support/TbaaTypes.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {

/// The floating-point type of \p Bits bits that memory of \p C accessed
/// through \p Ptr is read or written as, if any, and no pointer is kept in
/// that memory.
static Type *floatTypeOfMemory(Function &C, const Value *Ptr, unsigned Bits) {
  const Value *Obj = getUnderlyingObject(Ptr);
  Type *FT = nullptr;
  for (Instruction &I : instructions(C)) {
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I))
      continue;
    if (getUnderlyingObject(getLoadStorePointerOperand(&I)) != Obj)
      continue;
    Type *T = getLoadStoreType(&I)->getScalarType();
    if (T->isPointerTy())
      return nullptr;
    if (T->isFloatingPointTy() && T->getPrimitiveSizeInBits() == Bits)
      FT = T;
  }
  return FT;
}

/// The floating-point type with the shape of integer type \p T (i64 ->
/// double, <2 x i64> -> <2 x double>) whose scalar is \p FP.
static Type *floatShaped(Type *T, Type *FP) {
  // (By size: <4 x i32> read as doubles is <2 x double>.)
  unsigned Lanes = T->getPrimitiveSizeInBits() / FP->getScalarSizeInBits();
  return Lanes == 1 && !T->isVectorTy() ? FP : FixedVectorType::get(FP, Lanes);
}

/// The values an integer load's bits flow through unchanged: the loads,
/// phis and selects of one type connected by phis and selects.
struct IntegerWeb {
  SmallVector<LoadInst *, 4> Loads;
  SmallVector<Instruction *, 8> Merges; ///< phis and selects
  SmallPtrSet<Value *, 16> Members;
  SmallVector<Value *, 16> Ordered; ///< Members in the order found
};

/// An integer load that may carry floats: i16, i32, i64, vectors of them,
/// or a wider integer holding several (SROA's i128 for two doubles).
static bool isIntegerCarrier(const LoadInst *L) {
  Type *S = L->getType()->getScalarType();
  // (Floats in scalable vectors are refused anyway.)
  if (!L->isSimple() || !S->isIntegerTy() ||
      isa<ScalableVectorType>(L->getType()))
    return false;
  unsigned Bits = S->getIntegerBitWidth();
  return Bits == 16 || Bits == 32 || Bits == 64 ||
         (!L->getType()->isVectorTy() && Bits % 64 == 0 && Bits <= 512);
}

static IntegerWeb integerWeb(LoadInst *Root) {
  IntegerWeb W;
  SmallVector<Value *, 8> Work{Root};
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!W.Members.insert(V).second)
      continue;
    W.Ordered.push_back(V);
    if (auto *L = dyn_cast<LoadInst>(V))
      W.Loads.push_back(L);
    else
      W.Merges.push_back(cast<Instruction>(V));
    for (User *U : V->users())
      if ((isa<PHINode>(U) ||
           (isa<SelectInst>(U) && cast<SelectInst>(U)->getCondition() != V)) &&
          U->getType() == Root->getType())
        Work.push_back(U);
    // Loads merged with V carry the same kind of bits.
    if (auto *M = dyn_cast<Instruction>(V); M && !isa<LoadInst>(M))
      for (Value *Op : M->operands())
        if (auto *L = dyn_cast<LoadInst>(Op);
            L && L->getType() == Root->getType() && isIntegerCarrier(L))
          Work.push_back(L);
  }
  return W;
}

/// InstCombine turns `memcpy(y, x, sizeof(double))` into `i = load i64 x;
/// store i64 i, y` (and a later read of y into `bitcast i64 i to double`),
/// and SROA moves a matrix's doubles through `<2 x i64>` phis when some
/// are also masked (fabs as an `and`): integers that carry floats, which no
/// derivative follows. When such an integer is also used as a float, or
/// only copies memory that is read or written as floats elsewhere, load,
/// merge and store the float instead (bit for bit the same).
void retypeFloatCopies(Function &C) {
  SmallVector<LoadInst *, 8> Loads;
  for (Instruction &I : instructions(C))
    if (auto *L = dyn_cast<LoadInst>(&I); L && isIntegerCarrier(L))
      Loads.push_back(L);
  SmallPtrSet<LoadInst *, 8> Done;
  for (LoadInst *Root : Loads) {
    if (Done.count(Root))
      continue;
    IntegerWeb W = integerWeb(Root);
    Done.insert(W.Loads.begin(), W.Loads.end());
    Type *IT = Root->getType();
    unsigned Bits = IT->getScalarSizeInBits();
    // The float size: a wide integer holds doubles or floats.
    auto FloatBits = [&](Type *T) {
      return T->getScalarType()->isFloatingPointTy() &&
             T->getPrimitiveSizeInBits() == IT->getPrimitiveSizeInBits();
    };
    // What the bits are: a float where the web is cast to one, or where it
    // only copies memory that is otherwise accessed as floats.
    Type *FP = nullptr;
    bool OnlyCopied = true;
    SmallVector<StoreInst *, 4> Stores;
    for (Value *V : W.Ordered)
      for (Use &U : V->uses()) {
        auto *UI = cast<Instruction>(U.getUser());
        if (W.Members.count(UI))
          continue;
        if (isa<BitCastInst>(UI) && FloatBits(UI->getType()))
          FP = UI->getType()->getScalarType();
        else if (auto *S = dyn_cast<StoreInst>(UI);
                 S && S->isSimple() && U.getOperandNo() == 0)
          Stores.push_back(S);
        else
          OnlyCopied = false;
      }
    // A scalar loaded and used as an integer too is a float only where it
    // is cast to one; a copy, a merge or a vector also where its memory is
    // accessed as floats.
    // What clang's TBAA says the copied bytes are: not floats if it names
    // another type (Eigen's Index fields next to its matrices).
    if (any_of(W.Loads, [](LoadInst *L) { return tbaaNamesOtherType(*L); }) ||
        any_of(Stores, [](StoreInst *S) { return tbaaNamesOtherType(*S); }))
      continue;
    auto TaggedFloat = [&](Instruction *I) {
      Type *T = tbaaFloatType(*I);
      return T && Bits % T->getPrimitiveSizeInBits() == 0 ? T : nullptr;
    };
    for (LoadInst *L : W.Loads)
      if (!FP)
        FP = TaggedFloat(L);
    for (StoreInst *S : Stores)
      if (!FP)
        FP = TaggedFloat(S);
    if (!FP && (OnlyCopied || !W.Merges.empty() || IT->isVectorTy())) {
      for (unsigned Elem : {64u, 32u, 16u}) {
        if (Bits % Elem != 0 || (IT->isVectorTy() && Bits != Elem))
          continue;
        for (LoadInst *L : W.Loads)
          if (!FP)
            FP = floatTypeOfMemory(C, L->getPointerOperand(), Elem);
        for (StoreInst *S : Stores)
          if (!FP)
            FP = floatTypeOfMemory(C, S->getPointerOperand(), Elem);
      }
    }
    if (!FP)
      continue;
    Type *FT = floatShaped(IT, FP);
    DenseMap<Value *, Value *> New;
    for (LoadInst *L : W.Loads) {
      auto *LF = new LoadInst(FT, L->getPointerOperand(), L->getName() + ".fp",
                              L->isVolatile(), L->getAlign(), L->getIterator());
      LF->setDebugLoc(L->getDebugLoc());
      New[L] = LF;
    }
    for (Instruction *M : W.Merges) {
      Instruction *NM = nullptr;
      if (auto *Phi = dyn_cast<PHINode>(M))
        NM = PHINode::Create(FT, Phi->getNumIncomingValues(),
                             Phi->getName() + ".fp", Phi->getIterator());
      else
        NM = SelectInst::Create(M->getOperand(0), PoisonValue::get(FT),
                                PoisonValue::get(FT), M->getName() + ".fp",
                                M->getIterator());
      NM->setDebugLoc(M->getDebugLoc());
      New[M] = NM;
    }
    // An operand from outside the web, as a float.
    auto AsFloat = [&](Value *V, Instruction *Before) -> Value * {
      if (Value *NV = New.lookup(V))
        return NV;
      if (auto *K = dyn_cast<Constant>(V))
        return ConstantExpr::getBitCast(K, FT);
      return CastInst::Create(Instruction::BitCast, V, FT, V->getName() + ".fp",
                              Before->getIterator());
    };
    for (Instruction *M : W.Merges) {
      if (auto *Phi = dyn_cast<PHINode>(M)) {
        auto *NP = cast<PHINode>(New[M]);
        for (unsigned K = 0; K != Phi->getNumIncomingValues(); ++K)
          NP->addIncoming(AsFloat(Phi->getIncomingValue(K),
                                  Phi->getIncomingBlock(K)->getTerminator()),
                          Phi->getIncomingBlock(K));
      } else {
        auto *NS = cast<SelectInst>(New[M]);
        NS->setTrueValue(AsFloat(M->getOperand(1), NS));
        NS->setFalseValue(AsFloat(M->getOperand(2), NS));
      }
    }
    // Uses outside the web: casts to the float, stores, or (as an integer)
    // the rest.
    for (Value *V : W.Ordered) {
      Instruction *NV = cast<Instruction>(New[V]);
      Value *AsInt = nullptr;
      for (Use &U : make_early_inc_range(V->uses())) {
        auto *UI = cast<Instruction>(U.getUser());
        if (W.Members.count(UI))
          continue;
        if (isa<BitCastInst>(UI) && UI->getType() == FT) {
          UI->replaceAllUsesWith(NV);
          UI->eraseFromParent();
        } else if (auto *S = dyn_cast<StoreInst>(UI);
                   S && S->isSimple() && U.getOperandNo() == 0) {
          S->setOperand(0, NV);
        } else {
          if (!AsInt)
            AsInt = CastInst::Create(
                Instruction::BitCast, NV, IT, V->getName(),
                isa<PHINode>(NV) ? NV->getParent()->getFirstInsertionPt()
                                 : std::next(NV->getIterator()));
          U.set(AsInt);
        }
      }
    }
    for (Value *V : W.Ordered)
      V->replaceAllUsesWith(PoisonValue::get(IT)); // only web members left
    for (Value *V : W.Ordered)
      cast<Instruction>(V)->eraseFromParent();
  }
}

/// Eigen's evaluators keep a pointer as an integer (`ptrtoint`, stored)
/// and read it back as a pointer: stored so, its shadow would not follow
/// it. Storing the pointer itself writes the same bytes.
void storePointersAsPointers(Function &C) {
  const DataLayout &DL = C.getDataLayout();
  for (Instruction &I : instructions(C))
    if (auto *S = dyn_cast<StoreInst>(&I))
      if (auto *P2I = dyn_cast<PtrToIntInst>(S->getValueOperand());
          P2I && DL.getTypeSizeInBits(P2I->getType()) ==
                     DL.getTypeSizeInBits(P2I->getPointerOperand()->getType()))
        S->setOperand(0, P2I->getPointerOperand());
}

} // namespace adpass
