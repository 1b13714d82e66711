//===- RuntimeActivity.h - Enzyme's enzyme_runtime_activity ----*- C++ -*-===//
//
// With `enzyme_runtime_activity`, a pointer passed as its own shadow is
// inactive: the derivative neither reads nor accumulates into it (without
// the marker, the primal memory would receive the adjoints). ADPass decides
// activity at compile time, so the call becomes a dispatch on which pointer
// arguments equal their shadows, each case an entry call where those are
// `enzyme_const`.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_RUNTIMEACTIVITY_H
#define ADPASS_FRONTEND_RUNTIMEACTIVITY_H

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class CallBase;
} // namespace llvm

namespace adpass {

class DiagnosticSink;

/// Whether \p CB passes `enzyme_runtime_activity` (or `ad_runtime_activity`).
bool hasRuntimeActivity(const llvm::CallBase &CB);

/// Replaces \p CB, which passes the marker, with the dispatch and returns the
/// entry calls it made (CB is erased). \p Forward: CB is a forward-mode
/// entry. Returns nothing after a located error (CB stays).
llvm::SmallVector<llvm::CallBase *, 8>
dispatchRuntimeActivity(llvm::CallBase &CB, bool Forward, DiagnosticSink &Diag);

} // namespace adpass

#endif
