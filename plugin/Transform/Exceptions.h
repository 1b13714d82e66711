//===- Exceptions.h - Invokes in differentiated code ------------*- C++ -*-===//
//
// Exceptions are not differentiated: in the normalized clone every invoke
// becomes a call, so that every call is an ordinary instruction of its
// block; an exception then propagates out of the derivative (without the
// cleanups of the differentiated code). A call whose invoke led to a catch
// handler is marked: in the derivative it becomes an invoke again, whose
// landing pad aborts with the call's location, so that a handler the primal
// would run is never silently skipped.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_EXCEPTIONS_H
#define ADPASS_TRANSFORM_EXCEPTIONS_H

namespace llvm {
class Function;
} // namespace llvm

namespace adpass {

/// Turns the invokes of \p C into calls, marking those whose landing pad
/// catches.
void dropUnwindEdges(llvm::Function &C);

/// In derivative \p G of \p Primal: the marked calls become invokes whose
/// landing pad reports the caught exception and aborts.
void guardCaughtCalls(llvm::Function &G, const llvm::Function &Primal);

} // namespace adpass

#endif
