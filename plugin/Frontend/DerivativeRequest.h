//===- DerivativeRequest.h - What derivative a call site asks for -*- C++ -*-//
//
// The one value that flows from the front end (call lowering) to the
// generators: which function, how each argument is differentiated, and in
// which mode. It is also the memoization key of the derivative cache.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_DERIVATIVEREQUEST_H
#define ADPASS_FRONTEND_DERIVATIVEREQUEST_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <tuple>

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// How one argument of the differentiated function is treated.
enum class ArgActivity {
  Const,     ///< no derivative
  Dup,       ///< pointer with a shadow of the same layout; in forward mode
             ///< also a floating-point scalar with its tangent
  DupNoNeed, ///< as Dup; the primal results written through it are not needed
  Out,       ///< active scalar whose derivative is returned
};

llvm::StringRef activityName(ArgActivity A);

enum class DiffMode {
  Reverse, ///< one gradient function: forward sweep, then reverse sweep
  Split,   ///< an augmented forward returning a tape, and a reverse taking it
  Forward, ///< a tangent function: primal and directional derivative at once
};

struct DerivativeRequest {
  llvm::Function *Fn = nullptr;
  llvm::SmallVector<ArgActivity, 8> Args;
  bool ReturnActive = false; ///< seed the floating-point result with 1
  bool Workspace = false;    ///< tapes come from a caller-owned workspace
  bool SeedParam = false;    ///< the return's seed is a parameter (callees)
  bool Nested = false;     ///< for a call inside another derivative (shares its
                           ///< caller's global shadows)
  bool Parallel = false;   ///< runs on every thread of an OpenMP team: adjoints
                           ///< of shared memory are added atomically
  bool Checkpoint = false; ///< a tape budget: long loops are checkpointed
  unsigned Width = 1;      ///< directions per call (vector forward mode): each
                           ///< shadow or tangent parameter comes N times
  bool ErrorEstimate = false; ///< forward mode carrying floating-point error
                              ///< estimates (Enzyme's __enzyme_error_estimate)
  bool OwnedHeap = false;     ///< (callees) every block the pointer arguments
                              ///< reach, through memory too, was allocated by
                              ///< the differentiated code: a free of one is
                              ///< deferred to the end of the outermost sweep
  bool ReturnShadow = false;  ///< (callees) the function returns a pointer
                              ///< into differentiated memory: its
                              ///< derivative returns the shadow beside it
  DiffMode Mode = DiffMode::Reverse;

  bool operator<(const DerivativeRequest &O) const {
    return std::tie(Fn, Args, ReturnActive, Workspace, SeedParam, Nested,
                    Parallel, Checkpoint, Width, ErrorEstimate, OwnedHeap,
                    ReturnShadow, Mode) <
           std::tie(O.Fn, O.Args, O.ReturnActive, O.Workspace, O.SeedParam,
                    O.Nested, O.Parallel, O.Checkpoint, O.Width,
                    O.ErrorEstimate, O.OwnedHeap, O.ReturnShadow, O.Mode);
  }
};

} // namespace adpass

#endif
