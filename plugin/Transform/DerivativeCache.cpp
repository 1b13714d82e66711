//===- DerivativeCache.cpp - One derivative per request -------------------===//
#include "Transform/DerivativeCache.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Support/Diagnostics.h"
#include "Transform/Normalize.h"
#include "Transform/ReverseMode.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace adpass {

/// `-Rpass-analysis=ad`: what the derivative of \p Fn cost.
static void remark(Function &Fn, const GradientStats &S, unsigned Size) {
  OptimizationRemarkEmitter ORE(&Fn);
  ORE.emit([&] {
    return OptimizationRemarkAnalysis("ad", "Derivative", &Fn)
           << "gradient of '" << ore::NV("Function", Fn.getName())
           << "': " << ore::NV("Active", S.Active) << " of "
           << ore::NV("Primal", S.PrimalInstructions)
           << " instructions active, "
           << ore::NV("Inactive", S.PrimalInstructions - S.Active)
           << " without derivative, " << ore::NV("Taped", S.Taped)
           << " values taped, " << ore::NV("Recomputed", S.Recomputed)
           << " recomputed; " << ore::NV("Size", Size)
           << " instructions after cleanup";
  });
}

Function *DerivativeCache::get(const DerivativeRequest &Req,
                               DiagnosticSink &Diag) {
  auto It = Done.find(Req);
  if (It != Done.end())
    return It->second;
  Function *G = generate(Req, Diag);
  Done[Req] = G;
  return G;
}

Function *DerivativeCache::generate(const DerivativeRequest &Req,
                                    DiagnosticSink &Diag) {
  Function *Primal = normalizedClone(*Req.Fn, FAM);
  Function *G = nullptr;
  GradientStats Stats;
  {
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*Primal);
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(*Primal);
    CacheAnalysis CA(*Primal, LI, SE);
    LoopPlans Plans = planLoops(*Primal, LI, SE);
    ActivityAnalysis AA(*Primal, Req.Args, Req.ReturnActive);
    G = generateGradient(*Primal, *Req.Fn, Req, AA, CA, std::move(Plans),
                         Diag, Stats);
  }
  eraseFunction(*Primal, FAM);
  if (!G)
    return nullptr;
  std::string Problems;
  raw_string_ostream OS(Problems);
  if (verifyFunction(*G, &OS)) {
    Diag.error(*Req.Fn, nullptr,
               "internal error: the derivative of '" + Req.Fn->getName() +
                   "' is malformed; please report it with this input (" +
                   StringRef(Problems).take_front(300) + ")");
    eraseFunction(*G, FAM);
    return nullptr;
  }
  cleanupDerivative(*G, FAM);
  remark(*Req.Fn, Stats, G->getInstructionCount());
  return G;
}

} // namespace adpass
