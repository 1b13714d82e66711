//===- LaneSplit.h - Vector forward mode from the scalar tangent -*- C++
//-*-===//
//
// The tangent function of width N (`ad_width, N`) computes the primal once
// and N directional derivatives. It is made from the scalar tangent
// function, generated privately for it: the derivative code that depends on
// a direction (a tangent or shadow parameter, a shadow allocation, a stack
// slot of the derivative, the shadow of a global) is repeated once per lane
// with the lane's operands; the primal copy, and the derivative code that
// depends on primal values only (partials such as cos(x)), stay single. A
// call of a callee's tangent becomes one call of the callee's width-N
// tangent. What cannot be split that way (a primal instruction reading a
// tangent, a call with effects the lanes would repeat) is refused.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_VECTOR_LANESPLIT_H
#define ADPASS_TRANSFORM_VECTOR_LANESPLIT_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/ValueHandle.h"

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

class DerivativeCache;
class DiagnosticSink;

/// Moves the body of \p Scalar, the scalar tangent of Req.Fn (Width 1),
/// into \p Wide, of tangentFunctionType(*Req.Fn, Req), split in Req.Width
/// lanes. \p PrimalCopies are Scalar's copies of the primal instructions.
/// Returns false after a diagnostic.
bool splitLanes(llvm::Function &Scalar, llvm::Function &Wide,
                const DerivativeRequest &Req,
                llvm::ArrayRef<llvm::WeakVH> PrimalCopies,
                DerivativeCache &Cache, DiagnosticSink &Diag);

} // namespace adpass

#endif
