//===- OwnedHeap.h - Blocks the differentiated code allocated ---*- C++ -*-===//
//
// A callee that frees blocks read from memory (std::map's recursive
// _M_erase, a destructor walking a tree) cannot trace them to their
// allocation, which is in its caller. When the caller can tell that every
// block its pointer arguments reach was allocated by the differentiated
// code, the callee's derivative may free them (and their shadows): not in
// its own reverse sweep, since the caller's reverse sweep still reads them,
// but at the end of the outermost one (DerivativeRequest::OwnedHeap).
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_ANALYSIS_OWNEDHEAP_H
#define ADPASS_ANALYSIS_OWNEDHEAP_H

#include "Frontend/DerivativeRequest.h"

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class CallBase;
class Function;
class Value;
} // namespace llvm

namespace adpass {

class LocalPointsTo;

/// Whether \p Ptr comes from the function's arguments and what is read
/// through them (loads, offsets, phis), or is null.
bool derivedFromArguments(const llvm::Value *Ptr);

/// Whether \p F stores pointers only into its own stack (so that the
/// pointers it reads through its arguments are those its caller stored)
/// and calls nothing that could store one elsewhere (but itself, or
/// \p Original, the function \p F is a copy of).
bool storesPointersOnlyOnStack(const llvm::Function &F,
                               const llvm::Function &Original);

/// Whether every block \p Ptr may point to, and every block reachable from
/// those through the pointers stored in them, is the function's own: a
/// stack slot or an allocation of the function (\p PT) or, when
/// \p ArgumentsOwned, reached through the function's arguments.
bool pointsOnlyToOwnedBlocks(const llvm::Value *Ptr, const LocalPointsTo &PT,
                             bool ArgumentsOwned);

/// Whether the callee of \p CB frees memory (itself or a function it
/// calls) and the pointer arguments that \p Args duplicate reach only
/// owned blocks (pointsOnlyToOwnedBlocks): DerivativeRequest::OwnedHeap.
bool calleeReachesOnlyOwnedBlocks(const llvm::CallBase &CB,
                                  llvm::ArrayRef<ArgActivity> Args,
                                  const LocalPointsTo &PT, bool ArgumentsOwned);

} // namespace adpass

#endif
