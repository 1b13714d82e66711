//===- EnzymeBatch.h - Enzyme's __enzyme_batch ------------------*- C++ -*-===//
//
// `__enzyme_batch(f, enzyme_width, N, args...)` evaluates f for N sets of
// arguments at once: each parameter takes N values (enzyme_vector, the
// default), one value shared by all (enzyme_scalar), or a pointer whose N
// lanes are `stride` bytes apart (enzyme_buffer, stride, p). The call
// returns the N results in the struct the caller declares. ADPass runs f
// once per lane, in order: the same values as a batched evaluation of
// independent lanes.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_ENZYMEBATCH_H
#define ADPASS_FRONTEND_ENZYMEBATCH_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class Module;
} // namespace llvm

namespace adpass {

/// Replaces every `__enzyme_batch*` call of \p M; errors are located
/// diagnostics. Returns whether the module changed.
bool lowerEnzymeBatchCalls(llvm::Module &M);

/// Whether \p Name is `__enzyme_batch*` (C) or a C++ function named so.
bool isEnzymeBatchName(llvm::StringRef Name);

} // namespace adpass

#endif
