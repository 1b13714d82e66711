//===- DerivativeCache.h - One derivative per request ----------*- C++ -*-===//
//
// Generates each requested derivative once per module: normalize a private
// clone, analyse it, generate, clean up.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_DERIVATIVECACHE_H
#define ADPASS_TRANSFORM_DERIVATIVECACHE_H

#include "Frontend/DerivativeRequest.h"
#include "Transform/SplitMode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/ValueHandle.h"

#include <map>

namespace adpass {

class DiagnosticSink;

class DerivativeCache {
public:
  explicit DerivativeCache(llvm::FunctionAnalysisManager &FAM) : FAM(FAM) {}

  /// The derivative for \p Req, or null after a diagnostic.
  llvm::Function *get(const DerivativeRequest &Req, DiagnosticSink &Diag);
  /// The augmented forward and reverse for \p Req (Mode Split), or nulls
  /// after a diagnostic.
  SplitPair getSplit(const DerivativeRequest &Req, DiagnosticSink &Diag);
  /// Whether getSplit() was asked for \p Req already.
  bool hasSplit(const DerivativeRequest &Req) const {
    return SplitDone.count(Req);
  }
  /// The request \p F is one half of (\p Augmented: which), if getSplit()
  /// made it.
  const DerivativeRequest *splitRequestOf(const llvm::Function *F,
                                          bool &Augmented) const {
    auto It = SplitOf.find(F);
    if (It == SplitOf.end())
      return nullptr;
    Augmented = It->second.second;
    return &It->second.first;
  }
  /// The request \p F is the derivative of, if get() made it.
  const DerivativeRequest *requestOf(const llvm::Function *F) const {
    auto It = RequestOf.find(F);
    return It == RequestOf.end() ? nullptr : &It->second;
  }

private:
  bool generate(llvm::Function &G, const DerivativeRequest &Req,
                DiagnosticSink &Diag);
  bool generateInLanes(
      llvm::Function &G, const DerivativeRequest &Req,
      llvm::function_ref<bool(llvm::Function &, const DerivativeRequest &,
                              llvm::SmallVectorImpl<llvm::WeakVH> &)>
          Scalar,
      DiagnosticSink &Diag);
  bool verified(const llvm::Function &UserFn, llvm::Function &F,
                DiagnosticSink &Diag);
  static void stub(llvm::Function &F);

  llvm::FunctionAnalysisManager &FAM;
  std::map<DerivativeRequest, llvm::Function *> Done;
  llvm::DenseMap<const llvm::Function *, DerivativeRequest> RequestOf;
  llvm::DenseMap<const llvm::Function *, std::pair<DerivativeRequest, bool>>
      SplitOf;
  std::map<DerivativeRequest, SplitPair> SplitDone;
  llvm::SmallPtrSet<llvm::Function *, 2> Failed;
};

/// Whether \p F is a derivative this pass generated (gradient, tangent,
/// augmented forward or reverse), by the names DerivativeCache gives them.
bool isGeneratedDerivative(const llvm::Function &F);

} // namespace adpass

#endif
