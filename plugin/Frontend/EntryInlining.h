//===- EntryInlining.h - Derivatives inlined where they were asked -*- C++ -*-//
//
// ADPass runs after the pipeline's inliner: a derivative called from the one
// place that asked for it would stay a call, and the caller's code around it
// (a wrapper returning the gradient) would not be optimized with it. Each
// derivative asked for once is inlined into the asking function, as the
// inliner would have done with a static function called once.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_ENTRYINLINING_H
#define ADPASS_FRONTEND_ENTRYINLINING_H

namespace llvm {
class Module;
} // namespace llvm

namespace adpass {

/// Inlines every generated derivative (gradient, tangent, augmented forward
/// or reverse) with a single direct call from user code, unless it calls
/// itself. Returns whether anything changed.
bool inlineEntryDerivatives(llvm::Module &M);

} // namespace adpass

#endif
