//===- ForwardMode.h - Tangent functions -----------------------*- C++ -*-===//
//
// Generates the tangent function of a normalized primal: the primal body,
// with the tangent of each active value computed right after the value
// (from the same rule table the reverse mode uses: the tangent of a result
// is the sum of each operand's contribution, seeded with that operand's
// tangent). Shadow memory holds tangents: loads read them, stores write
// them. No tape, no reverse sweep.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_FORWARDMODE_H
#define ADPASS_TRANSFORM_FORWARDMODE_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/ValueHandle.h"

namespace llvm {
class Function;
class FunctionType;
} // namespace llvm

namespace adpass {

class ActivityAnalysis;
class CacheAnalysis;
class DerivativeCache;
class DiagnosticSink;
struct GradientStats;

/// Whether the tangent of \p Fn returns {result, tangent of the result}:
/// for results that hold floating-point values (a scalar, a vector, a
/// struct in registers).
bool returnsTangent(const llvm::Function &Fn);

/// The type of the tangent function of \p Fn under \p Req: Fn's parameters,
/// each ad_dup one followed by its shadow (pointers) or tangent (floats),
/// Req.Width of them in vector mode; it returns {result, tangent} (the
/// tangent an array of Req.Width in vector mode) when returnsTangent(Fn),
/// else Fn's result.
llvm::FunctionType *tangentFunctionType(const llvm::Function &Fn,
                                        const DerivativeRequest &Req);

/// Fills \p T, a function of tangentFunctionType(), with the tangent of
/// \p Primal (a normalized private clone of \p UserFn). Returns false,
/// leaving T empty, after reporting through \p Diag. \p CA only serves the
/// shared shadow machinery; \p Cache provides the tangents of callees.
/// \p PrimalCopies, if given, receives the instructions of T that copy the
/// primal (everything else in T is derivative code; see LaneSplit).
bool generateTangent(
    llvm::Function &T, llvm::Function &Primal, const llvm::Function &UserFn,
    const DerivativeRequest &Req, const ActivityAnalysis &AA, CacheAnalysis &CA,
    DerivativeCache &Cache, DiagnosticSink &Diag, GradientStats &Stats,
    llvm::SmallVectorImpl<llvm::WeakVH> *PrimalCopies = nullptr);

} // namespace adpass

#endif
