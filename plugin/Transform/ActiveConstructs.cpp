//===- ActiveConstructs.cpp - What no derivative can be made of -----------===//
#include "Transform/ActiveConstructs.h"
#include "Transform/IndirectCalls.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Analysis/DeclaredLayout.h"
#include "Analysis/ReturningBlocks.h"
#include "Rules/ComplexRules.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Support/TbaaTypes.h"
#include "Transform/Library/BlasDerivatives.h"
#include "Transform/LibraryAdjoints.h"
#include "Transform/Parallel/MpiDerivatives.h"
#include "Transform/Parallel/OpenMpDerivatives.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace adpass {

/// What an inner derivative's runtime routine \p Name does for the user's
/// code, or empty when \p Name is none of ADPass's.
static std::string innerRoutineOrigin(StringRef Name) {
  if (!Name.consume_front("__ad_"))
    return "";
  if (Name.starts_with("qsort"))
    return "a qsort";
  if (Name.starts_with("checkpoint"))
    return "checkpointing (ad_tape_budget, AD_CHECKPOINT)";
  if (Name.consume_front("blas_") && Name.size() > 1) {
    StringRef Stem = Name.drop_front().split('_').first;
    return ("LAPACK's " + Stem).str();
  }
  return ""; // (an entry point: a function differentiating itself)
}

static void checkOpaqueCalls(const Function &P, const Function &User,
                             const ActivityAnalysis &AA,
                             const DerivativeRequest &Req,
                             DiagnosticSink &Diag) {
  StringRef Register = Req.Mode == DiffMode::Forward
                           ? "AD_REGISTER_FORWARD"
                           : "AD_REGISTER_REVERSE or AD_REGISTER_AUGMENTED";
  SmallPtrSet<const BasicBlock *, 32> Returning = returningBlocks(P);
  for (const CallBase *CB : AA.opaqueCalls()) {
    if (!Returning.count(CB->getParent()))
      continue; // (a path that throws or aborts: no gradient is returned)
    if (isDifferentiableCall(*CB) || isSortCall(*CB) ||
        (Req.Mode == DiffMode::Forward && isPermutationCall(*CB)))
      continue; // the generator's call handling does it (or refuses)
    const Function *Callee = CB->getCalledFunction();
    if (Callee && (isMpiFunction(Callee->getName()) ||
                   Callee->getName().starts_with("__kmpc_")))
      continue; // checkMpiCalls, checkOpenMpCalls say why

    std::string What = CB->isInlineAsm() ? std::string("inline assembly")
                       : Callee ? ("call to '" + Callee->getName() + "'").str()
                                : std::string("indirect call");
    if (!Callee && !CB->isInlineAsm())
      if (std::string Why = whyIndirect(*CB); !Why.empty())
        What += " (" + Why + ")";
    bool TakesShadowed = any_of(CB->args(), [&](const Value *Arg) {
      return Arg->getType()->isPointerTy() && AA.hasShadow(Arg);
    });
    bool TakesVaried =
        any_of(CB->args(), [&](const Value *Arg) { return AA.isVaried(Arg); });
    if (!AA.isUseful(CB) && !TakesShadowed &&
        (!TakesVaried || CB->onlyReadsMemory()))
      continue;
    if (std::string Origin =
            Callee ? innerRoutineOrigin(Callee->getName()) : "";
        !Origin.empty())
      Diag.error(User, CB,
                 "in '" + User.getName() +
                     "': a derivative of a derivative through " + Origin +
                     " is not supported yet (the inner derivative calls "
                     "the runtime routine '" +
                     Callee->getName() +
                     "', which has no derivative); keep that call out of "
                     "the code differentiated twice (see "
                     "docs/higher-order.md)");
    else if (Callee && !Callee->isDeclaration() && Callee->isVarArg())
      Diag.error(User, CB,
                 "in '" + User.getName() + "': " + What +
                     " on an active path: a variadic function (va_arg) is "
                     "not differentiated; pass its values in an array, or "
                     "mark it AD_INACTIVE if it does not influence the "
                     "result");
    else if (isUnsupportedComplexCall(*CB))
      Diag.error(User, CB,
                 "in '" + User.getName() + "': " + What +
                     " (complex arithmetic) passes or returns its complex "
                     "values in memory on this target, which ADPass does "
                     "not differentiate; compute in double complex or float "
                     "complex, or on the real and imaginary parts");
    else
      Diag.error(User, CB,
                 "in '" + User.getName() + "': " + What +
                     " on an active path has no derivative; give the callee a "
                     "body in this translation unit, register one with " +
                     Register +
                     " (ad.h), mark it AD_INACTIVE if it does not influence "
                     "the result, or pass its inputs as ad_const");
  }
}

/// The varied floating-point values the function stores at constant
/// offsets from each base pointer, found once for the checks below (which
/// ask about every load).
class FloatStores {
public:
  FloatStores(const Function &P, const ActivityAnalysis &AA)
      : DL(P.getDataLayout()) {
    for (const Instruction &I : instructions(P))
      if (const auto *S = dyn_cast<StoreInst>(&I);
          S && S->getValueOperand()->getType()->isFPOrFPVectorTy() &&
          AA.isVaried(S->getValueOperand())) {
        int64_t Off = 0;
        const Value *Base =
            GetPointerBaseWithConstantOffset(S->getPointerOperand(), Off, DL);
        Type *T = S->getValueOperand()->getType();
        ByBase[Base].push_back({Off, Off + int64_t(DL.getTypeStoreSize(T)), T});
      }
  }

  /// Whether \p L reads bytes of one of them that \p Differs from what L
  /// reads (its type and L's offset from it).
  bool readBy(const LoadInst &L,
              function_ref<bool(Type *, int64_t Delta)> Differs) const {
    if (ByBase.empty())
      return false;
    int64_t Off = 0;
    const Value *Base =
        GetPointerBaseWithConstantOffset(L.getPointerOperand(), Off, DL);
    auto It = ByBase.find(Base);
    if (It == ByBase.end())
      return false;
    int64_t End = Off + int64_t(DL.getTypeStoreSize(L.getType()));
    return any_of(It->second, [&](const Stored &S) {
      return S.Off < End && Off < S.End && Differs(S.Ty, Off - S.Off);
    });
  }

  const DataLayout &DL;

private:
  struct Stored {
    int64_t Off, End;
    Type *Ty;
  };
  DenseMap<const Value *, SmallVector<Stored, 2>> ByBase;
};

/// Whether load \p L reads, as an integer, bytes that hold varied
/// floating-point values: differentiated memory its TBAA says holds
/// floats, or memory the function stores such a value over.
static bool loadsFloatBits(const LoadInst &L, const FloatStores &Stores,
                           const ActivityAnalysis &AA) {
  if (AA.hasShadow(L.getPointerOperand()) && tbaaFloatType(L))
    return true;
  return Stores.readBy(L, [](Type *, int64_t) { return true; });
}

/// Whether the integer \p V carries the bits of a varied floating-point
/// value, through the operations that pack bits (casts, shifts, masks,
/// phis, and selects and phis of floats cast from such bits): a small
/// struct of floats and integers passed by value, which the ABI coerces to
/// an i64 ({float, int}), or a float moved as an int.
/// \p ReadAsFloat: where the value goes reads its bits as floating point
/// (a callee's parameter), so any integer load of differentiated memory
/// counts (at -O0 a float is loaded as an i32 when nothing else says what
/// the memory holds), unless its TBAA tag names another type.
static bool carriesFloatBits(const Value *V, const FloatStores &Stores,
                             const ActivityAnalysis &AA, bool ReadAsFloat) {
  SmallVector<const Value *, 8> Work{V};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !Seen.insert(I).second)
      continue;
    if (const auto *L = dyn_cast<LoadInst>(I)) {
      if (L->getType()->isFPOrFPVectorTy()) // (a float: not bits)
        continue;
      if ((ReadAsFloat && AA.hasShadow(L->getPointerOperand()) &&
           !tbaaNamesOtherType(*L)) ||
          loadsFloatBits(*L, Stores, AA))
        return true;
      continue;
    }
    switch (I->getOpcode()) {
    case Instruction::BitCast:
      if (I->getOperand(0)->getType()->isFPOrFPVectorTy()) {
        if (AA.isVaried(I->getOperand(0)))
          return true;
        // (A float that is itself a varied float's bits, merged: the
        // analysis sees no derivative reach it.)
        Work.push_back(I->getOperand(0));
        continue;
      }
      break;
    case Instruction::ZExt:
    case Instruction::SExt:
    case Instruction::Trunc:
    case Instruction::Add: // (the exponent bits, moved)
    case Instruction::Sub:
    case Instruction::Or:
    case Instruction::And:
    case Instruction::Xor:
    case Instruction::Shl:
    case Instruction::LShr:
    case Instruction::AShr:
    case Instruction::PHI:
    case Instruction::Select:
    case Instruction::InsertElement:
    case Instruction::ExtractElement:
    case Instruction::ShuffleVector:
      break;
    default:
      continue;
    }
    for (const Use &Op : I->operands())
      if ((Op->getType()->isIntOrIntVectorTy() &&
           !Op->getType()->isIntegerTy(1)) ||
          (Op->getType()->isFPOrFPVectorTy() && !isa<Constant>(Op)))
        Work.push_back(Op);
  }
  return false;
}

/// Whether the integer \p V is the bits of memory that may hold a varied
/// float, copied unchanged (through phis and selects): an integer load of
/// differentiated memory without a TBAA tag that names another type, over a
/// stored varied float, or a varied float cast to an integer.
static bool copiesFloatBits(const Value *V, const FloatStores &Stores,
                            const ActivityAnalysis &AA) {
  SmallVector<const Value *, 8> Work{V};
  SmallPtrSet<const Value *, 8> Seen;
  while (!Work.empty()) {
    const Value *X = Work.pop_back_val();
    if (!Seen.insert(X).second)
      continue;
    if (const auto *Phi = dyn_cast<PHINode>(X))
      Work.append(Phi->incoming_values().begin(), Phi->incoming_values().end());
    else if (const auto *Sel = dyn_cast<SelectInst>(X))
      Work.append({Sel->getTrueValue(), Sel->getFalseValue()});
    else if (const auto *BC = dyn_cast<BitCastInst>(X);
             BC && BC->getSrcTy()->isFPOrFPVectorTy() &&
             AA.isVaried(BC->getOperand(0)))
      return true;
    else if (const auto *L = dyn_cast<LoadInst>(X);
             L && (loadsFloatBits(*L, Stores, AA) ||
                   (AA.hasShadow(L->getPointerOperand()) &&
                    !tbaaNamesOtherType(*L))))
      return true;
  }
  return false;
}

/// The integer stores of bits that may be a varied float's (an integer
/// load of differentiated memory, or bits known to be a float's, maybe
/// changed as integers): when a float load reads them back, the derivative
/// does not follow the copy (TypedCopies retypes the copies whose type it
/// can tell). Only a float load over them counts, which reads their bits
/// as floats.
class IntegerCopies {
public:
  IntegerCopies(const Function &P, const FloatStores &Stores,
                const ActivityAnalysis &AA)
      : DL(Stores.DL) {
    for (const Instruction &I : instructions(P))
      if (const auto *S = dyn_cast<StoreInst>(&I)) {
        const Value *V = S->getValueOperand();
        if (!V->getType()->isIntOrIntVectorTy() ||
            V->getType()->isIntegerTy(1) ||
            isa<ScalableVectorType>(V->getType()) ||
            !(copiesFloatBits(V, Stores, AA) ||
              carriesFloatBits(V, Stores, AA, /*ReadAsFloat=*/true)) ||
            declaredNotFloat(*S))
          continue;
        Copy C;
        C.Base =
            GetPointerBaseWithConstantOffset(S->getPointerOperand(), C.Off, DL);
        C.Object = getUnderlyingObject(S->getPointerOperand());
        C.Size = int64_t(DL.getTypeStoreSize(V->getType()));
        C.Lane = int64_t(DL.getTypeStoreSize(V->getType()->getScalarType()));
        Copies.push_back(C);
      }
  }

  /// Whether the type declared for the bytes \p S writes (at -O0, clang's
  /// struct types) says they hold no float: an integer field.
  bool declaredNotFloat(const StoreInst &S) const {
    SmallVector<MemoryField, 4> Fields;
    return declaredFields(S.getPointerOperand(), 0,
                          DL.getTypeStoreSize(S.getValueOperand()->getType()),
                          DL, Fields) &&
           none_of(Fields, [](const MemoryField &F) {
             return F.Type.Kind == MemoryType::Float;
           });
  }

  /// Whether float load \p L may read bytes of one of them: overlapping at
  /// constant offsets from one base, or of the same size or lane size in
  /// one object.
  bool readBy(const LoadInst &L) const {
    if (Copies.empty() || isa<ScalableVectorType>(L.getType()))
      return false;
    int64_t Off = 0;
    const Value *Base =
        GetPointerBaseWithConstantOffset(L.getPointerOperand(), Off, DL);
    const Value *Object = getUnderlyingObject(L.getPointerOperand());
    int64_t Size = int64_t(DL.getTypeStoreSize(L.getType()));
    int64_t Lane = int64_t(DL.getTypeStoreSize(L.getType()->getScalarType()));
    return any_of(Copies, [&](const Copy &C) {
      if (C.Base == Base)
        return C.Off < Off + Size && Off < C.Off + C.Size;
      // (Lanes of a vector stored, or stores of a vector's lanes.)
      return C.Object == Object && (C.Size == Size || C.Lane == Lane);
    });
  }

private:
  struct Copy {
    const Value *Base = nullptr, *Object = nullptr;
    int64_t Off = 0, Size = 0, Lane = 0;
  };
  const DataLayout &DL;
  SmallVector<Copy, 4> Copies;
};

/// The mutable global \p Ptr was read from (through offsets), if any: a
/// pointer kept in a global, which the user may know to point to
/// constants.
static const GlobalVariable *pointerFromGlobal(const Value *Ptr) {
  // (also through pointers read from what it points to: a global model
  // object's std::vector of weights)
  for (unsigned Depth = 0; Depth != 4; ++Depth) {
    const auto *L = dyn_cast<LoadInst>(getUnderlyingObject(Ptr));
    if (!L)
      return nullptr;
    const Value *Obj = getUnderlyingObject(L->getPointerOperand());
    if (const auto *II = dyn_cast<IntrinsicInst>(Obj);
        II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
      Obj = II->getArgOperand(0);
    if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
      return GV->isConstant() ? nullptr : GV;
    Ptr = L->getPointerOperand();
  }
  return nullptr;
}

/// The name the source gives \p GV (the optimizer splits a global struct
/// into globals named model.0, model.1).
static std::string sourceName(const GlobalVariable &GV) {
  SmallVector<DIGlobalVariableExpression *, 1> Exprs;
  GV.getDebugInfo(Exprs);
  if (!Exprs.empty() && Exprs.front()->getVariable())
    return Exprs.front()->getVariable()->getName().str();
  return GV.getName().str();
}

/// Floating-point values packed in an integer argument or result lose
/// their derivative: integers have none.
static void checkPackedFloats(Function &P, const Function &User,
                              const ActivityAnalysis &AA,
                              DiagnosticSink &Diag) {
  FloatStores Stores(P, AA);
  IntegerCopies Copies(P, Stores, AA);
  for (Instruction &I : instructions(P)) {
    // Float bits changed as an integer and read back as a float (an
    // exponent incremented, a mask known only at run time): the sign-bit
    // masks that are negation, absolute value or copysign were rewritten
    // already (FloatBits).
    if (auto *BC = dyn_cast<BitCastInst>(&I);
        BC && BC->getType()->isFPOrFPVectorTy() &&
        BC->getSrcTy()->isIntOrIntVectorTy() && AA.isUseful(BC) &&
        carriesFloatBits(BC->getOperand(0), Stores, AA,
                         /*ReadAsFloat=*/true)) {
      Diag.error(User, BC,
                 "in '" + User.getName() +
                     "': the bits of an active floating-point value are "
                     "changed as an integer and read back as a float "
                     "(bitcast), which has no derivative; write the "
                     "operation in floating point (ldexp, copysign, fabs, "
                     "a select)");
      continue;
    }
    // A float read over a stored float of another layout.
    if (auto *L = dyn_cast<LoadInst>(&I);
        L && L->getType()->isFPOrFPVectorTy() && AA.isUseful(L) &&
        Stores.readBy(*L, [&](Type *W, int64_t D) {
          return W->getScalarType() != L->getType()->getScalarType() ||
                 D % int64_t(Stores.DL.getTypeStoreSize(W->getScalarType())) !=
                     0;
        })) {
      Diag.error(User, L,
                 "in '" + User.getName() +
                     "': the bits of an active floating-point value are "
                     "reinterpreted as another type (bitcast), which has "
                     "no derivative; read the value with the type it was "
                     "written with");
      continue;
    }
    // A float read back from an integer copy of one.
    if (auto *L = dyn_cast<LoadInst>(&I); L &&
                                          L->getType()->isFPOrFPVectorTy() &&
                                          AA.isUseful(L) && Copies.readBy(*L)) {
      Diag.error(User, L,
                 "in '" + User.getName() +
                     "': this reads a floating-point value back from memory "
                     "where an active one was copied as an integer, which "
                     "no derivative follows (nothing tells ADPass that the "
                     "integer holds a float); copy it as a floating-point "
                     "value (an assignment of the double, or a memcpy of "
                     "the whole object)");
      continue;
    }
    if (auto *R = dyn_cast<ReturnInst>(&I)) {
      Value *V = R->getReturnValue();
      if (V && V->getType()->isIntOrIntVectorTy() &&
          carriesFloatBits(V, Stores, AA, /*ReadAsFloat=*/false))
        Diag.error(User, R,
                   "in '" + User.getName() +
                       "': the result packs floating-point values in an "
                       "integer (a small struct of floats and integers "
                       "returned by value, coerced so by the ABI); their "
                       "derivative would be lost; return the struct through "
                       "a pointer");
      continue;
    }
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || isa<IntrinsicInst>(CB))
      continue;
    const Function *Callee = CB->getCalledFunction();
    if (Callee && isKnownInactiveFunction(Callee->getName()))
      continue; // (a sanitizer's report of a value it checked)
    for (const Use &A : CB->args())
      if (A->getType()->isIntOrIntVectorTy() && !A->getType()->isIntegerTy(1) &&
          (carriesFloatBits(A, Stores, AA, /*ReadAsFloat=*/false) ||
           (Callee && carriesFloatBits(A, Stores, AA, /*ReadAsFloat=*/true) &&
            paramBitsReadAsFloat(*Callee, A.getOperandNo())))) {
        Diag.error(User, CB,
                   "in '" + User.getName() + "': " +
                       (Callee ? "'" + Callee->getName() + "'"
                               : Twine("an indirect call")) +
                       " receives floating-point values packed in integer "
                       "argument " +
                       Twine(A.getOperandNo() + 1) +
                       " (a small struct of floats and integers passed by "
                       "value, coerced so by the ABI); their derivative "
                       "would be lost; pass the struct by pointer or "
                       "reference");
        break;
      }
  }
}

static void checkLostStores(Function &P, const Function &User,
                            const ActivityAnalysis &AA, DiagnosticSink &Diag) {
  for (const StoreInst *S : AA.lostStores()) {
    // Harmless when nothing reads that memory back into the computation.
    const Value *Base = getUnderlyingObject(S->getPointerOperand());
    // A global the user marked inactive: only its own loads read it back.
    const auto *Inactive = dyn_cast<GlobalVariable>(Base);
    if (Inactive && !Inactive->hasMetadata(InactiveGlobalMD))
      Inactive = nullptr;
    bool ReadBack = any_of(instructions(P), [&](const Instruction &I) {
      const auto *L = dyn_cast<LoadInst>(&I);
      const Value *From =
          L ? getUnderlyingObject(L->getPointerOperand()) : nullptr;
      return L && isDifferentiableType(L->getType()) &&
             (Inactive ? From == Inactive : mayShareMemory(From, Base));
    });
    if (ReadBack && Inactive)
      Diag.error(User, S,
                 "in '" + User.getName() +
                     "': an active value is stored into '" +
                     Inactive->getName() +
                     "', a global marked inactive, and read back: its "
                     "derivative would be lost; do not mark it inactive");
    else if (ReadBack)
      Diag.error(User, S,
                 "in '" + User.getName() +
                     "': an active value is stored to memory that has no "
                     "shadow (" +
                     pointerClassName(AA.classify(S->getPointerOperand())) +
                     " pointer) and read back; pass that pointer as ad_dup");
  }
}

/// Whether \p F, or a function it calls, loads, stores or copies memory
/// that may hold floating-point values.
static bool accessesFloatMemory(const Function &F) {
  SmallPtrSet<const Function *, 8> Seen{&F};
  SmallVector<const Function *, 8> Work{&F};
  while (!Work.empty())
    for (const Instruction &I : instructions(*Work.pop_back_val())) {
      if (isa<MemTransferInst>(I))
        return true;
      const Value *V = nullptr;
      if (const auto *L = dyn_cast<LoadInst>(&I))
        V = L;
      else if (const auto *S = dyn_cast<StoreInst>(&I))
        V = S->getValueOperand();
      if (V && isDifferentiableType(V->getType()))
        return true;
      if (const auto *CB = dyn_cast<CallBase>(&I)) {
        const Function *G = CB->getCalledFunction();
        if (!G ||
            (G->isDeclaration() && !isBookkeepingIntrinsic(*CB) &&
             !isHeapCall(*CB) && !isKnownInactiveFunction(G->getName()) &&
             !CB->onlyReadsMemory() && !isKnownMathFunction(G->getName())))
          return true; // (an unknown callee may)
        if (!G->isDeclaration() && Seen.size() < 64 && Seen.insert(G).second)
          Work.push_back(G);
      }
    }
  return false;
}

static void checkPointers(Function &P, const Function &User,
                          const ActivityAnalysis &AA,
                          const DerivativeRequest &Req, DiagnosticSink &Diag) {
  // An integer address's shadow is its base's, which must be at hand.
  DominatorTree DT(P);
  for (const Instruction &I : instructions(P))
    if (isa<IntToPtrInst>(&I) && AA.hasShadow(&I)) {
      const auto *Base =
          dyn_cast<Instruction>(AA.provenance().intToPtrBase(&I));
      if (Base && !DT.dominates(Base, &I))
        Diag.error(User, &I,
                   "in '" + User.getName() +
                       "': this integer address comes from a pointer that "
                       "is not available where the address is made; compute "
                       "it from the pointer directly");
    }
  // A float read through a pointer of unknown provenance may come from
  // differentiated memory: refuse rather than miss its derivative.
  bool HasShadows = false;
  for (const Argument &A : P.args()) {
    ArgActivity Act = Req.Args[A.getArgNo()];
    HasShadows |= A.getType()->isPointerTy() &&
                  (Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed);
  }
  // (or the function's own buffers that hold active values, which a
  // pointer returned by a callee may point into)
  HasShadows |= AA.shadowsObjects();
  // (or memory a differentiated callee made from active values and
  // returned a pointer to)
  for (const Instruction &I : instructions(P))
    if (const auto *CB = dyn_cast<CallBase>(&I);
        CB && CB->getType()->isPointerTy() && CB->getCalledFunction() &&
        !CB->getCalledFunction()->isDeclaration())
      HasShadows |= any_of(CB->args(), [&](const Value *A) {
        return A->getType()->isPointerTy() ? AA.hasShadow(A)
                                           : AA.isActive(A) || AA.isVaried(A);
      });
  SmallPtrSet<const GlobalVariable *, 2> NamedGlobals;
  bool NestedOpenMp = false;
  // A use at \p At of \p Ptr (of class \p C), read through or passed to
  // \p Callee, that may reach differentiated memory without its shadow.
  auto RefuseUnknown = [&](const Instruction &At, const Value *Ptr,
                           PointerClass C, const Function *Callee) {
    std::string What =
        ("in '" + User.getName() + "': cannot tell whether this " +
         pointerClassName(C) + " pointer" +
         (Callee ? ", passed to '" + Callee->getName() + "'," : Twine()) +
         " points into differentiated memory (")
            .str();
    // An inner reverse derivative of an OpenMP region passes its per-thread
    // tapes (a runtime object) to the region's two halves.
    if (const auto *Tapes = dyn_cast<CallBase>(Ptr->stripPointerCasts());
        Tapes && Tapes->getCalledFunction() &&
        Tapes->getCalledFunction()->getName().starts_with("__ad_omp_tapes")) {
      if (!NestedOpenMp) // (once, located at the inner derivative)
        Diag.error(User, Tapes->getDebugLoc() ? Tapes : &At,
                   "in '" + User.getName() +
                       "': a derivative of a derivative through an OpenMP "
                       "parallel region is not supported yet (the inner "
                       "reverse sweep's per-thread tapes have no "
                       "derivative); keep the region out of the code "
                       "differentiated twice, or differentiate a serial "
                       "version of it (see docs/higher-order.md)");
      NestedOpenMp = true;
      return;
    }
    if (const GlobalVariable *GV = pointerFromGlobal(Ptr)) {
      if (NamedGlobals.insert(GV).second) // (once per global)
        Diag.error(User, &At,
                   What + "it is read from the global '" + sourceName(*GV) +
                       "'); if what the global points to is not "
                       "differentiated, mark the global AD_INACTIVE_GLOBAL "
                       "(ad.h), else pass the pointer as an argument");
      return;
    }
    Diag.error(User, &At,
               What + (Callee ? "it comes from a call that returns a "
                                "pointer, integer arithmetic, or mixes "
                                "differentiated and other memory); compute "
                                "it from the ad_dup argument directly, or "
                                "return it through a pointer argument"
                              : "it comes from integer arithmetic, an "
                                "unknown call, or mixes differentiated and "
                                "other memory); compute it from the ad_dup "
                                "argument directly"));
  };
  for (const Instruction &I : instructions(P)) {
    // A copy moves derivatives whatever its type: both ends must be known.
    if (const auto *MT = dyn_cast<MemTransferInst>(&I)) {
      for (const Value *End : {MT->getSource(), MT->getDest()})
        if (AA.classify(End) == PointerClass::Mixed)
          Diag.error(User, MT,
                     "in '" + User.getName() +
                         "': cannot tell whether this copy moves "
                         "differentiated memory (it copies through a pointer "
                         "that mixes differentiated and other memory); copy "
                         "from the ad_dup argument directly");
      continue;
    }
    // A store that may overwrite differentiated memory must reset its
    // shadow, and one of an active value must reach it.
    if (const auto *S = dyn_cast<StoreInst>(&I)) {
      if (isDifferentiableType(S->getValueOperand()->getType()) &&
          AA.classify(S->getPointerOperand()) == PointerClass::Mixed)
        Diag.error(User, S,
                   "in '" + User.getName() +
                       "': cannot tell whether this store writes "
                       "differentiated memory (it writes through a pointer "
                       "that mixes differentiated and other memory); write "
                       "through the ad_dup argument directly");
      continue;
    }
    // A callee given such a pointer would read or write the memory as
    // constant (its derivative has no shadow for it).
    if (const auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = CB->getCalledFunction();
      if (!Callee || Callee->isDeclaration() || !isDifferentiableCall(*CB) ||
          hasCustomDerivative(*Callee) || !accessesFloatMemory(*Callee))
        continue;
      for (const Value *A : CB->args()) {
        if (!A->getType()->isPointerTy())
          continue;
        PointerClass C = AA.classify(A);
        if (C != PointerClass::Mixed &&
            (C != PointerClass::Unknown || !HasShadows))
          continue;
        RefuseUnknown(*CB, A, C, Callee);
        break;
      }
      continue;
    }
    const auto *L = dyn_cast<LoadInst>(&I);
    if (!L || !isDifferentiableType(L->getType()) || !AA.isUseful(L))
      continue;
    PointerClass C = AA.classify(L->getPointerOperand());
    if (C != PointerClass::Mixed && (C != PointerClass::Unknown || !HasShadows))
      continue;
    RefuseUnknown(*L, L->getPointerOperand(), C, nullptr);
  }
}

void refuseInstruction(const Function &User, const Instruction &I,
                       DiagnosticSink &Diag) {
  // Not a missing rule: the bits of one floating-point layout read as
  // another (a double stored and read back as two floats) have no
  // derivative.
  if (isa<BitCastInst>(I)) {
    Diag.error(User, &I,
               "in '" + User.getName() +
                   "': the bits of an active floating-point value are "
                   "reinterpreted as another type (bitcast), which has no "
                   "derivative; read the value with the type it was "
                   "written with");
    return;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << I.getOpcodeName();
  if (const auto *CB = dyn_cast<CallBase>(&I))
    if (const Function *Callee = CB->getCalledFunction())
      OS << " of '" << Callee->getName() << "'";
  Diag.error(User, &I,
             "in '" + User.getName() + "': cannot differentiate '" + Text +
                 "' on an active path; please report it, or compute this "
                 "value outside the differentiated function");
}

bool checkActiveConstructs(Function &P, const Function &User,
                           const ActivityAnalysis &AA,
                           const DerivativeRequest &Req, DiagnosticSink &Diag) {
  checkOpaqueCalls(P, User, AA, Req, Diag);
  checkLostStores(P, User, AA, Diag);
  checkPackedFloats(P, User, AA, Diag);
  checkPointers(P, User, AA, Req, Diag);
  checkBlasCalls(P, User, AA, Diag);
  checkMpiCalls(P, User, AA, Diag);
  checkOpenMpCalls(P, User, Req, AA, Diag);
  return !Diag.hasErrors();
}

} // namespace adpass
