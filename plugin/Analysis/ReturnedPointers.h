//===- ReturnedPointers.h - Where a returned pointer comes from -*- C++ -*-===//
//
// A function returning a pointer (a binary search tree's recursive insert
// returning the subtree's root, a list push returning the new head) gives
// its caller one of its arguments, or a pointer read through one. The
// caller's activity analysis classifies the result from those arguments,
// and the callee's derivative returns the result's shadow beside it.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_RETURNEDPOINTERS_H
#define ADPASS_ANALYSIS_RETURNEDPOINTERS_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// One source of a returned pointer: argument \p Arg itself (or an offset
/// from it), or, when \p Loaded, a pointer read through it.
struct ReturnedPointerSource {
  unsigned Arg;
  bool Loaded;
};

/// The sources of the pointer \p F returns; false when it may return
/// anything else (an allocation, a global, an unknown call's result). Null
/// adds none; \p F's own recursive result, the sources of that call's
/// pointer arguments, themselves or read through.
bool returnedPointerSources(const llvm::Function &F,
                            llvm::SmallVectorImpl<ReturnedPointerSource> &Out);

} // namespace adpass

#endif
