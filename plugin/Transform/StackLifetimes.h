//===- StackLifetimes.h - Stack memory the reverse sweep reads --*- C++ -*-===//
//
// The reverse sweep runs after the forward sweep has left every scope: stack
// memory the primal releases early (lifetime.end, stackrestore of a
// variable-length array) must stay readable until the sweep that reads it.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_STACKLIFETIMES_H
#define ADPASS_TRANSFORM_STACKLIFETIMES_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Extends the lifetime of the stack memory of \p F (a normalized clone
/// about to be differentiated in reverse mode) to the whole call: lifetime
/// markers and stack restores are dropped; a variable-length array made in
/// a loop (or, when \p ToHeap, any) becomes a heap block freed where the
/// primal released it, so that each iteration keeps its own (the reverse
/// sweep reads them all) without growing the stack.
void extendStackLifetimes(llvm::Function &F, bool ToHeap);

} // namespace adpass

#endif
