//===- CallCheckpoint.h - Calls recomputed in the reverse sweep -*- C++ -*-===//
//
// AD_CHECKPOINT on a function (jax.checkpoint's idea): its calls keep no
// tape; the caller's reverse sweep runs the callee's combined gradient,
// which computes the callee again from its inputs. That is exact only when
// running the callee again reads the same inputs and writes the same
// values where it wrote them: it writes only through pointer arguments it
// does not read, and nothing else changes what it reads or wrote. A call
// that does not qualify is split (taped) as usual, with a warning saying
// why.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_CHECKPOINT_CALLCHECKPOINT_H
#define ADPASS_TRANSFORM_CHECKPOINT_CALLCHECKPOINT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallBitVector.h"

#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Function;
class Value;
} // namespace llvm

namespace adpass {

/// Function attribute of the functions marked AD_CHECKPOINT.
inline constexpr const char *CheckpointAttr = "ad-checkpoint";

bool isCheckpointed(const llvm::Function &F);

/// The arguments through which \p F (and its callees) may write, when it
/// writes nothing else (no global, no memory reached through a loaded
/// pointer, no unknown function); nullopt otherwise.
std::optional<llvm::SmallBitVector> argumentsWritten(const llvm::Function &F);

/// Why the call \p CB of a checkpointed function cannot be computed again in
/// the caller's reverse sweep, or nullopt when it can. \p WrittenBesides
/// tells whether something in the caller other than \p CB may write the
/// memory a pointer points into.
std::optional<std::string> whyNotRecomputable(
    const llvm::CallBase &CB,
    llvm::function_ref<bool(const llvm::Value *)> WrittenBesides);

} // namespace adpass

#endif
