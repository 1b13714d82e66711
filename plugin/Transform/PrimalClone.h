//===- PrimalClone.h - The primal body inside a derivative -----*- C++ -*-===//
//
// Both generators start the same way: the normalized primal is cloned into
// the derivative function, whose parameters are the primal's with each
// ad_dup one followed by its shadow (or, in forward mode, a scalar's
// tangent).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_PRIMALCLONE_H
#define ADPASS_TRANSFORM_PRIMALCLONE_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

namespace llvm {
class Argument;
class Function;
} // namespace llvm

namespace adpass {

/// Clones \p P into \p G, mapping P's values in \p VMap, and gives G P's
/// attributes minus those a derivative does not satisfy. Returns, per
/// parameter of P, G's argument holding its shadow or tangent (null when it
/// has none); G's arguments after those are the caller's to name.
llvm::SmallVector<llvm::Argument *, 8>
clonePrimalInto(llvm::Function &G, llvm::Function &P,
                const DerivativeRequest &Req, llvm::ValueToValueMapTy &VMap);

/// Whether \p A is passed with a shadow (or tangent) after it.
inline bool hasShadowParam(ArgActivity A) {
  return A == ArgActivity::Dup || A == ArgActivity::DupNoNeed;
}

} // namespace adpass

#endif
