//===- DerivativeCache.cpp - One derivative per request -------------------===//
#include "Transform/DerivativeCache.h"
#include "Transform/Exceptions.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Support/Diagnostics.h"
#include "Transform/Checkpoint/LoopCheckpoint.h"
#include "Transform/ForwardMode.h"
#include "Transform/Normalize.h"
#include "Transform/Parallel/OpenMpRegions.h"
#include "Transform/ReverseMode.h"
#include "Transform/StackLifetimes.h"
#include "Transform/Tape.h"
#include "Transform/Vector/LaneSplit.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace adpass {

/// Straight-line code of tens of thousands of statements becomes one huge
/// reverse block, on which the SLP vectorizer's cost grows faster than
/// linearly (minutes for 60,000 instructions). Such blocks are left scalar:
/// `noimplicitfloat` is the attribute that turns SLP off for a function (it
/// changes no semantics).
static constexpr size_t MaxVectorizedBlock = 10000;

static void limitVectorizerWork(Function &G) {
  for (const BasicBlock &B : G)
    if (B.size() > MaxVectorizedBlock) {
      G.addFnAttr(Attribute::NoImplicitFloat);
      return;
    }
}

/// `-Rpass-analysis=ad`: what the derivative of \p Fn cost.
static void remark(Function &Fn, StringRef Kind, const GradientStats &S,
                   unsigned Size) {
  unsigned Dropped = count_if(S.ForwardCopies, [](const WeakVH &V) {
    return !V || !isa<Instruction>(V);
  });
  OptimizationRemarkEmitter ORE(&Fn);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis("ad", "Derivative", &Fn)
           << Kind << " of '" << ore::NV("Function", Fn.getName())
           << "': " << ore::NV("Active", S.Active) << " of "
           << ore::NV("Primal", S.PrimalInstructions)
           << " instructions active, " << ore::NV("Dropped", Dropped)
           << " primal instructions dropped, " << ore::NV("Taped", S.Taped)
           << " values taped, " << ore::NV("Recomputed", S.Recomputed)
           << " recomputed; " << ore::NV("Size", Size)
           << " instructions after cleanup";
  });
}

/// The region generators take one direction.
static bool refusedInLanes(const DerivativeRequest &Req, DiagnosticSink &Diag) {
  if (Req.Width == 1 || !isParallelRegion(*Req.Fn))
    return false;
  Diag.error(*Req.Fn, nullptr,
             "vector mode (ad_width) does not differentiate OpenMP "
             "parallel regions yet; make one call per direction");
  return true;
}

static constexpr char GradientPrefix[] = "__ad_grad.";
static constexpr char TangentPrefix[] = "__ad_fwd.";
static constexpr char AugmentedPrefix[] = "__ad_aug.";
static constexpr char ReversePrefix[] = "__ad_rev.";

bool isGeneratedDerivative(const Function &F) {
  StringRef N = F.getName();
  return N.starts_with(GradientPrefix) || N.starts_with(TangentPrefix) ||
         N.starts_with(AugmentedPrefix) || N.starts_with(ReversePrefix);
}

Function *DerivativeCache::get(const DerivativeRequest &Req,
                               DiagnosticSink &Diag) {
  auto It = Done.find(Req);
  if (It != Done.end())
    return Failed.count(It->second) ? nullptr : It->second;
  // Declared before it is generated: a recursive function's derivative
  // calls itself.
  bool Forward = Req.Mode == DiffMode::Forward;
  std::string Prefix = Forward ? TangentPrefix : GradientPrefix;
  if (Req.ErrorEstimate)
    Prefix += "err.";
  if (Req.Width > 1)
    Prefix += "x" + utostr(Req.Width) + ".";
  Function *G =
      Function::Create(Forward ? tangentFunctionType(*Req.Fn, Req)
                               : gradientFunctionType(*Req.Fn, Req),
                       GlobalValue::InternalLinkage, Prefix + Req.Fn->getName(),
                       Req.Fn->getParent());
  Done[Req] = G;
  RequestOf[G] = Req;
  if (!refusedInLanes(Req, Diag) &&
      (isParallelRegion(*Req.Fn)
           ? generateRegionDerivative(*G, Req, *this, Diag) &&
                 verified(*Req.Fn, *G, Diag)
           : generate(*G, Req, Diag)))
    return G;
  stub(*G);
  Failed.insert(G);
  return nullptr;
}

/// Callers generated meanwhile may refer to a failed derivative: leave a
/// valid stub.
void DerivativeCache::stub(Function &F) {
  F.deleteBody();
  F.setAttributes(AttributeList());
  new UnreachableInst(F.getContext(),
                      BasicBlock::Create(F.getContext(), "", &F));
}

SplitPair DerivativeCache::getSplit(const DerivativeRequest &Req,
                                    DiagnosticSink &Diag) {
  auto It = SplitDone.find(Req);
  if (It != SplitDone.end())
    return Failed.count(It->second.Aug) ? SplitPair() : It->second;
  // Declared first: a recursive function's derivative calls them.
  Module &M = *Req.Fn->getParent();
  std::string Name = Req.Fn->getName().str();
  if (Req.Width > 1)
    Name = "x" + utostr(Req.Width) + "." + Name;
  SplitPair Pair{
      Function::Create(augmentedFunctionType(*Req.Fn, Req),
                       GlobalValue::InternalLinkage, AugmentedPrefix + Name, M),
      Function::Create(reverseFunctionType(*Req.Fn, Req),
                       GlobalValue::InternalLinkage, ReversePrefix + Name, M)};
  SplitDone[Req] = Pair;
  SplitOf[Pair.Aug] = {Req, true};
  SplitOf[Pair.Rev] = {Req, false};
  bool Split;
  if (refusedInLanes(Req, Diag)) {
    Split = false;
  } else if (isParallelRegion(*Req.Fn)) {
    Split = generateRegionSplit(Pair, Req, *this, Diag);
  } else {
    Function *G =
        Function::Create(gradientFunctionType(*Req.Fn, Req),
                         GlobalValue::InternalLinkage, "__ad_split." + Name, M);
    Split = generate(*G, Req, Diag) && splitGradient(*G, Pair, Req, Diag);
    eraseFunction(*G, FAM);
  }
  if (Split)
    Split = verified(*Req.Fn, *Pair.Aug, Diag) &&
            verified(*Req.Fn, *Pair.Rev, Diag);
  if (Split) {
    for (Function *F : {Pair.Aug, Pair.Rev}) {
      cleanupDerivative(*F, FAM);
      limitVectorizerWork(*F);
    }
    return Pair;
  }
  stub(*Pair.Aug);
  stub(*Pair.Rev);
  Failed.insert(Pair.Aug);
  return SplitPair();
}

bool DerivativeCache::verified(const Function &UserFn, Function &F,
                               DiagnosticSink &Diag) {
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (!verifyFunction(F, &OS))
    return true;
  // For ADPass developers: the malformed function itself.
  if (std::getenv("ADPASS_DUMP_MALFORMED"))
    F.print(errs());
  Diag.error(UserFn, nullptr,
             "internal error: the derivative of '" + UserFn.getName() +
                 "' is malformed; please report it with this input (" +
                 StringRef(Problems).take_front(300) + ")");
  FAM.clear(F, F.getName());
  return false;
}

/// Whether \p T holds floating-point values in a scalable vector.
static bool isScalableFloat(Type *T) {
  if (auto *VT = dyn_cast<ScalableVectorType>(T))
    return VT->getElementType()->isFloatingPointTy();
  if (auto *ST = dyn_cast<StructType>(T))
    return any_of(ST->elements(), isScalableFloat);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return isScalableFloat(AT->getElementType());
  return false;
}

/// Floating-point scalable vectors (SVE, RVV) have no rules yet: refused
/// where they appear, before any analysis asks for their size.
static bool refuseScalableFloats(Function &P, const Function &User,
                                 DiagnosticSink &Diag) {
  bool Found = false;
  for (Instruction &I : instructions(P)) {
    bool Scalable =
        isScalableFloat(I.getType()) || any_of(I.operands(), [](const Use &U) {
          return isScalableFloat(U->getType());
        });
    if (!Scalable)
      continue;
    Diag.error(User, &I,
               "in '" + User.getName() +
                   "': floating-point values in scalable vectors (vscale) "
                   "are not differentiated; compute them with fixed-length "
                   "vectors");
    Found = true;
  }
  return !Found;
}

/// Shadow globals start each top-level derivative call at zero. Callee
/// derivatives share them with their caller and never zero them: the
/// top-level derivative zeroes, on entry, every shadow global made here that
/// it or a derivative it calls refers to.
static void zeroCalleeGlobalShadows(Function &G) {
  SmallSetVector<GlobalVariable *, 4> Shadows;
  SmallPtrSet<const Function *, 8> Seen{&G};
  SmallVector<const Function *, 8> Work{&G};
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F))
      for (const Use &U : I.operands()) {
        if (auto *GV = dyn_cast_or_null<GlobalVariable>(
                U->getType()->isPointerTy() && isa<Constant>(U.get())
                    ? getUnderlyingObject(U.get())
                    : nullptr);
            GV && GV->getName().starts_with("__ad_shadow."))
          Shadows.insert(GV);
        if (auto *Callee = dyn_cast<Function>(U.get());
            Callee && !Callee->isDeclaration() &&
            Callee->getName().starts_with("__ad_") &&
            Seen.insert(Callee).second)
          Work.push_back(Callee);
      }
  }
  IRBuilder<> B(&*G.getEntryBlock().getFirstInsertionPt());
  const DataLayout &DL = G.getDataLayout();
  for (GlobalVariable *S : Shadows)
    B.CreateMemSet(S, B.getInt8(0),
                   DL.getTypeAllocSize(S->getValueType()).getFixedValue(),
                   S->getAlign());
}

/// Vector mode: the scalar derivative, generated by \p Scalar for this
/// purpose only (it must still tell primal from derivative code), split in
/// lanes.
bool DerivativeCache::generateInLanes(
    Function &G, const DerivativeRequest &Req,
    function_ref<bool(Function &, const DerivativeRequest &,
                      SmallVectorImpl<WeakVH> &)>
        Scalar,
    DiagnosticSink &Diag) {
  DerivativeRequest One = Req;
  One.Width = 1;
  bool Forward = Req.Mode == DiffMode::Forward;
  Function *S =
      Function::Create(Forward ? tangentFunctionType(*Req.Fn, One)
                               : gradientFunctionType(*Req.Fn, One),
                       GlobalValue::InternalLinkage,
                       "__ad_scalar." + Req.Fn->getName(), Req.Fn->getParent());
  SmallVector<WeakVH, 64> PrimalCopies;
  bool Done = Scalar(*S, One, PrimalCopies) &&
              splitLanes(*S, G, Req, PrimalCopies, *this, Diag);
  eraseFunction(*S, FAM);
  return Done;
}

bool DerivativeCache::generate(Function &G, const DerivativeRequest &Req,
                               DiagnosticSink &Diag) {
  Function *Primal = normalizedClone(*Req.Fn, FAM);
  // For ADPass developers: the function as the analyses see it.
  if (std::getenv("ADPASS_DUMP_PRIMAL"))
    errs() << *Primal;
  if (!refuseScalableFloats(*Primal, *Req.Fn, Diag)) {
    eraseFunction(*Primal, FAM);
    return false;
  }
  if (Req.Mode != DiffMode::Forward) {
    // Split mode's reverse sweep runs after the augmented forward returned:
    // its stack is gone.
    extendStackLifetimes(*Primal, Req.Mode == DiffMode::Split);
    dropInnerWorkspaces(*Primal);
    FAM.invalidate(*Primal, PreservedAnalyses::none());
  }
  if (Req.Checkpoint && Req.Mode == DiffMode::Reverse)
    checkpointLoops(*Primal, *Req.Fn, Req.Args, FAM, *this, Diag);
  bool Generated = false;
  GradientStats Stats;
  SmallVector<const GlobalVariable *, 4> Shared =
      sharedGlobals(*Primal, Req.Nested);
  {
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*Primal);
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*Primal);
    CacheAnalysis CA(*Primal, LI, SE);
    CA.setReverseRunsLater(Req.Mode == DiffMode::Split);
    if (Req.Mode == DiffMode::Forward) {
      // A float with a tangent is an input the analysis calls active.
      SmallVector<ArgActivity, 8> Acts(Req.Args);
      for (Argument &A : Primal->args())
        if (!A.getType()->isPointerTy() &&
            Acts[A.getArgNo()] != ArgActivity::Const)
          Acts[A.getArgNo()] = ArgActivity::Out;
      ActivityAnalysis AA(*Primal, Acts, Req.ReturnActive, Shared);
      Generated =
          Req.Width == 1
              ? generateTangent(G, *Primal, *Req.Fn, Req, AA, CA, *this, Diag,
                                Stats)
              : generateInLanes(
                    G, Req,
                    [&](Function &S, const DerivativeRequest &One,
                        SmallVectorImpl<WeakVH> &Copies) {
                      return generateTangent(S, *Primal, *Req.Fn, One, AA, CA,
                                             *this, Diag, Stats, &Copies);
                    },
                    Diag);
    } else {
      DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(*Primal);
      LoopPlans Plans = planLoops(*Primal, LI, SE, DT);
      ActivityAnalysis AA(*Primal, Req.Args, Req.ReturnActive, Shared);
      Generated =
          Req.Width == 1
              ? generateGradient(G, *Primal, *Req.Fn, Req, AA, CA,
                                 std::move(Plans), *this, Diag, Stats)
              : generateInLanes(
                    G, Req,
                    [&](Function &S, const DerivativeRequest &One,
                        SmallVectorImpl<WeakVH> &Copies) {
                      return generateGradient(S, *Primal, *Req.Fn, One, AA, CA,
                                              std::move(Plans), *this, Diag,
                                              Stats, &Copies, Req.Width);
                    },
                    Diag);
    }
  }
  eraseFunction(*Primal, FAM);
  // (split mode: the exception propagates; the pair has no landing pads)
  if (Generated && Req.Mode != DiffMode::Split)
    guardCaughtCalls(G, *Req.Fn);
  if (Generated)
    restoreUnwindEdges(G, /*Keep=*/true);
  if (!Generated || !verified(*Req.Fn, G, Diag))
    return false;
  if (!Req.Nested)
    zeroCalleeGlobalShadows(G);
  // Split mode cleans up before splitting too: fewer values cross.
  cleanupDerivative(G, FAM);
  limitVectorizerWork(G);
  remark(*Req.Fn, Req.Mode == DiffMode::Forward ? "tangent" : "gradient", Stats,
         G.getInstructionCount());
  return true;
}

} // namespace adpass
