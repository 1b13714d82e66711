//===- EnzymeEntries.h - Enzyme's API around its entry points ---*- C++ -*-===//
//
// What Enzyme's C API adds around the derivative entry points that ADPass
// shares with it: the tape markers of its split mode, the size query
// `__enzyme_augmentsize`, and located errors for every other `__enzyme_*`
// name (never ignored).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_FRONTEND_ENZYMEENTRIES_H
#define ADPASS_FRONTEND_ENZYMEENTRIES_H

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
class Module;
class Value;
} // namespace llvm

namespace adpass {

/// The size of what `__enzyme_augmentfwd` hands over as its tape: ADPass's
/// tape is a heap block, and the caller's tape memory holds its address.
inline constexpr uint64_t EnzymeTapeHandleBytes = 8;

/// Enzyme's split-mode markers among a call's arguments.
struct EnzymeTapeMarkers {
  llvm::Value *Slot = nullptr;       ///< `enzyme_tape, p`
  std::optional<uint64_t> Allocated; ///< `enzyme_allocated, bytes`
};

/// Reads `enzyme_tape, p` and `enzyme_allocated, bytes` among \p CB's
/// arguments [First, End) into \p Out; returns an error message when one is
/// malformed.
std::optional<std::string> readEnzymeTapeMarkers(const llvm::CallBase &CB,
                                                 unsigned First, unsigned End,
                                                 EnzymeTapeMarkers &Out);

/// Replaces each `__enzyme_augmentsize(fn, markers...)` call with the size
/// of the tape handle. Returns whether any was found.
bool lowerEnzymeAugmentSize(llvm::Module &M);

/// Replaces each `__enzyme_virtualreverse(fn)` (Enzyme's shadow of a
/// function pointer, for the shadows of vtables and callback tables) with
/// the pointer fn itself: ADPass dispatches indirect calls on the primal
/// pointer, and a function pointer's shadow is the pointer. Returns whether any
/// was found.
bool lowerEnzymeVirtualReverse(llvm::Module &M);

/// Located errors for Enzyme's API beyond the entry points ADPass accepts:
/// other `__enzyme_*` calls, and `__enzyme_*` globals (registrations of
/// custom derivatives, inactive functions), which it would otherwise
/// ignore. Once per module.
void refuseUnknownEnzymeNames(llvm::Module &M);

} // namespace adpass

#endif
