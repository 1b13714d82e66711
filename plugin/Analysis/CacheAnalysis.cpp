//===- CacheAnalysis.cpp - How the reverse sweep gets primal values -------===//
#include "Analysis/CacheAnalysis.h"
#include "Rules/BlasRoutines.h"
#include "Rules/MpiRoutines.h"

#include "Rules/RuleTable.h"

#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace adpass {

/// Recomputation chains longer than this are taped instead.
static constexpr unsigned MaxRecomputeDepth = 8;

StringRef cacheKindName(CacheKind K) {
  switch (K) {
  case CacheKind::Available:
    return "available";
  case CacheKind::Recompute:
    return "recompute";
  case CacheKind::Tape:
    return "tape";
  }
  return "?";
}

static bool writesMemory(const Function &F,
                         SmallPtrSetImpl<const Function *> &Seen) {
  if (!Seen.insert(&F).second)
    return false; // recursion: judged by the rest of the cycle
  for (const Instruction &I : instructions(F)) {
    if (const auto *S = dyn_cast<StoreInst>(&I)) {
      if (!isa<AllocaInst>(getUnderlyingObject(S->getPointerOperand())))
        return true;
    } else if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      if (!isa<AllocaInst>(getUnderlyingObject(MI->getDest())))
        return true;
    } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = CB->getCalledFunction();
      if (CB->onlyReadsMemory() ||
          (Callee && (isKnownMathFunction(Callee->getName()) ||
                      (isKnownInactiveFunction(Callee->getName()) &&
                       !writesThroughArguments(Callee->getName())))))
        continue;
      if (isBookkeepingIntrinsic(*CB))
        continue;
      if (!Callee || Callee->isDeclaration() || writesMemory(*Callee, Seen))
        return true;
    } else if (I.mayWriteToMemory()) {
      return true;
    }
  }
  return false;
}

bool writesMemory(const Function &F) {
  SmallPtrSet<const Function *, 8> Seen;
  return writesMemory(F, Seen);
}

/// Calls that cannot write memory the differentiated code reads.
static bool writesNoUserMemory(const CallBase &CB) {
  if (CB.onlyReadsMemory())
    return true;
  if (isa<IntrinsicInst>(CB))
    return isBookkeepingIntrinsic(CB);
  const Function *Callee = CB.getCalledFunction();
  if (Callee && !Callee->isDeclaration() && !writesMemory(*Callee))
    return true;
  if (Callee && isKnownMathFunction(Callee->getName()) && lookupRule(CB))
    return true; // libm: errno only
  // Printing and the like. An AD_INACTIVE function is promised not to
  // touch differentiated values, but what it writes (an index, say) may
  // still be read back: it counts as a write unless its body shows none.
  return Callee && isKnownInactiveFunction(Callee->getName()) &&
         !writesThroughArguments(Callee->getName());
}

CacheAnalysis::CacheAnalysis(Function &F, LoopInfo &LI, ScalarEvolution &SE)
    : F(F), LI(LI) {
  for (Instruction &I : instructions(F)) {
    if (auto *S = dyn_cast<StoreInst>(&I)) {
      Writes.push_back({getUnderlyingObject(S->getPointerOperand()), S});
    } else if (auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      Writes.push_back({getUnderlyingObject(MI->getDest()), MI});
    } else if (auto *CB = dyn_cast<CallBase>(&I)) {
      if (std::optional<BlasCall> BC = matchBlasCall(*CB)) {
        for (const Value *W : BC->writtenMemory(*CB))
          Writes.push_back({getUnderlyingObject(W), CB});
      } else if (std::optional<MpiCall> MC = matchMpiCall(*CB)) {
        for (const Value *W : MC->writtenMemory(*CB))
          Writes.push_back({getUnderlyingObject(W), CB});
      } else if (!writesNoUserMemory(*CB)) {
        WritesAnything = true;
      } else if (!CB->onlyReadsMemory() && !isa<IntrinsicInst>(CB)) {
        // Runtime calls that write only what they are given (the bounds
        // __kmpc_for_static_init sets, frexp's exponent), directly or
        // through pointers kept in memory.
        for (const Use &A : CB->args())
          if (A->getType()->isPointerTy() &&
              !CB->onlyReadsMemory(CB->getArgOperandNo(&A)))
            Writes.push_back({getUnderlyingObject(A), CB});
        ArgumentWriters.push_back(CB);
      }
    } else if (I.mayWriteToMemory()) {
      WritesAnything = true; // atomics, fences
    }
  }
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isLoopSimplifyForm())
      continue; // inductions need a preheader and a latch
    for (PHINode &Phi : L->getHeader()->phis()) {
      InductionDescriptor ID;
      if (InductionDescriptor::isInductionPHI(&Phi, L, &SE, ID) &&
          ID.getKind() != InductionDescriptor::IK_FpInduction &&
          ID.getConstIntStepValue())
        Inductions[&Phi] = ID;
    }
  }
}

Loop *CacheAnalysis::loopOf(const Value *V) const {
  const auto *I = dyn_cast<Instruction>(V);
  return I ? LI.getLoopFor(I->getParent()) : nullptr;
}

const InductionDescriptor *CacheAnalysis::induction(const PHINode *Phi) const {
  auto It = Inductions.find(Phi);
  return It == Inductions.end() ? nullptr : &It->second;
}

/// Whether two underlying objects may share memory. Objects that
/// getUnderlyingObject could not resolve (phis, loads, calls) may be anything.
bool mayShareMemory(const Value *A, const Value *B) {
  if (A == B)
    return true;
  auto Identified = [](const Value *V) {
    return isa<Argument>(V) || isa<AllocaInst>(V) || isa<GlobalVariable>(V);
  };
  if (!Identified(A) || !Identified(B))
    return true;
  if (isa<AllocaInst>(A) || isa<AllocaInst>(B))
    return false;
  if (isa<GlobalVariable>(A) && isa<GlobalVariable>(B))
    return false;
  // A noalias argument is the only way to its object.
  for (const Value *V : {A, B})
    if (const auto *Arg = dyn_cast<Argument>(V); Arg && Arg->hasNoAliasAttr())
      return false;
  return true;
}

bool CacheAnalysis::mayRunAfter(const Instruction *From,
                                const Instruction *To) {
  const BasicBlock *A = From->getParent(), *B = To->getParent();
  if (A == B && !LI.getLoopFor(A))
    return From != To && From->comesBefore(To);
  auto [It, New] = Reaches.try_emplace({A, B}, true);
  if (New)
    It->second = A == B || isPotentiallyReachable(A, B, nullptr, nullptr, &LI);
  return It->second;
}

bool CacheAnalysis::neverOverwritten(const Value *Ptr, const Instruction *At) {
  if (WritesAnything)
    return false;
  const Value *Obj = getUnderlyingObject(Ptr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj); GV && GV->isConstant())
    return true;
  if (ReverseRunsLater && !isa<AllocaInst>(Obj))
    return false;
  for (auto [W, Writer] : Writes)
    if (mayShareMemory(Obj, W) && (!At || mayRunAfter(At, Writer)))
      return false;
  if (!ArgumentWriters.empty() && mayEscape(Obj))
    for (const CallBase *CB : ArgumentWriters)
      if (!At || mayRunAfter(At, CB))
        return false;
  return true;
}

bool CacheAnalysis::mayEscape(const Value *Obj) {
  if (!isa<AllocaInst>(Obj) && !isa<Argument>(Obj))
    return true;
  auto [It, New] = Escapes.try_emplace(Obj, true);
  if (New)
    It->second = PointerMayBeCaptured(Obj, /*ReturnCaptures=*/false,
                                      /*StoreCaptures=*/true);
  return It->second;
}

bool CacheAnalysis::operandReady(const Value *V, unsigned Depth) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !loopOf(I))
    return true;
  return recomputable(I, Depth + 1);
}

bool CacheAnalysis::recomputable(const Instruction *I, unsigned Depth) {
  if (Depth > MaxRecomputeDepth)
    return false;
  if (const auto *Phi = dyn_cast<PHINode>(I))
    return induction(Phi);
  if (const auto *L = dyn_cast<LoadInst>(I))
    return L->isSimple() && neverOverwritten(L->getPointerOperand(), L) &&
           operandReady(L->getPointerOperand(), Depth);
  if (const auto *II = dyn_cast<IntrinsicInst>(I)) {
    // As cheap as the arithmetic below (clang contracts a*b+c into fmuladd;
    // fma may be a libcall without FMA hardware: taped).
    switch (II->getIntrinsicID()) {
    case Intrinsic::fmuladd:
    case Intrinsic::fabs:
    case Intrinsic::copysign:
    case Intrinsic::minnum:
    case Intrinsic::maxnum:
    case Intrinsic::minimum:
    case Intrinsic::maximum:
    case Intrinsic::smin:
    case Intrinsic::smax:
    case Intrinsic::umin:
    case Intrinsic::umax:
    case Intrinsic::abs:
      break;
    default:
      return false;
    }
  } else if (const auto *BO = dyn_cast<BinaryOperator>(I)) {
    switch (BO->getOpcode()) {
    case Instruction::FDiv:
    case Instruction::FRem:
    case Instruction::SDiv:
    case Instruction::UDiv:
    case Instruction::SRem:
    case Instruction::URem:
      return false;
    default:
      break;
    }
  } else if (!isa<CastInst>(I) && !isa<GetElementPtrInst>(I) &&
             !isa<CmpInst>(I) && !isa<SelectInst>(I) &&
             !isa<ExtractValueInst>(I) && !isa<ExtractElementInst>(I) &&
             !isa<UnaryOperator>(I) && !isa<FreezeInst>(I)) {
    return false;
  }
  return all_of(I->operands(),
                [&](const Value *Op) { return operandReady(Op, Depth); });
}

CacheKind CacheAnalysis::kind(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !loopOf(I))
    return CacheKind::Available;
  auto It = Kinds.find(V);
  if (It != Kinds.end())
    return It->second;
  CacheKind K = recomputable(I, 0) ? CacheKind::Recompute : CacheKind::Tape;
  Kinds[V] = K;
  return K;
}

void CacheAnalysis::print(raw_ostream &OS) {
  OS << "cache of '" << F.getName() << "'\n";
  for (Instruction &I : instructions(F)) {
    if (I.getType()->isVoidTy())
      continue;
    OS << "  " << cacheKindName(kind(&I)) << ":";
    I.print(OS);
    OS << "\n";
  }
}

void CacheAnalysis::printFunction(Function &F, FunctionAnalysisManager &FAM,
                                  raw_ostream &OS) {
  CacheAnalysis(F, FAM.getResult<LoopAnalysis>(F),
                FAM.getResult<ScalarEvolutionAnalysis>(F))
      .print(OS);
}

} // namespace adpass
