//===- Exceptions.h - Invokes in differentiated code ------------*- C++ -*-===//
//
// Exceptions are not differentiated, but one that leaves a derivative must
// run the primal's cleanups (destructors) and release what the derivative
// allocated. In the normalized clone every invoke becomes a call, so that
// every call is an ordinary instruction of its block:
//
// - An invoke whose landing pad only cleans up (no catch), outside loops,
//   keeps its cleanup code as ordinary code behind an opaque branch right
//   after the call: `br i1 @__ad_unwinds(id), %cleanup, %normal`. The
//   landing pad becomes `@__ad_landingpad(personality)`, each `resume` a
//   call of `@__ad_resume` before `unreachable`; the call carries
//   `!ad.unwind !{id}`. The analyses see a branch to a path that never
//   returns (no reverse sweep, frees at once), and the loops of the function
//   keep their exits. restoreUnwindEdges turns this back into an invoke and
//   a landing pad in the derivative.
// - Other invokes inside loops lose their unwind edge: the exception leaves
//   without the primal's cleanups (loops keep computable trip counts).
// - A call whose invoke led to a catch handler is marked: in the derivative
//   it becomes an invoke again, whose landing pad aborts with the call's
//   location, so that a handler the primal would run is never silently
//   skipped.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_TRANSFORM_EXCEPTIONS_H
#define ADPASS_TRANSFORM_EXCEPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class CallBase;
class CallInst;
class Instruction;
class Function;
class Module;
class Value;
} // namespace llvm

namespace adpass {

/// Turns the invokes of \p C into calls, keeping cleanups (above) and
/// marking the calls whose landing pad catches.
void dropUnwindEdges(llvm::Function &C);

/// In derivative \p G of \p Primal: the marked calls become invokes whose
/// landing pad reports the caught exception and aborts.
void guardCaughtCalls(llvm::Function &G, const llvm::Function &Primal);

/// Whether \p CB may unwind into its caller (a call, not an intrinsic or
/// a call of ADPass's runtime).
bool mayUnwind(const llvm::CallBase &CB);

/// Hands the unwind path of \p From to \p To, which replaces it in a
/// derivative.
void moveUnwindPath(const llvm::CallBase &From, llvm::CallBase &To);

/// Before \p CB (a call with an unwind path) is inlined: the invoke it was,
/// whose landing pad joins its cleanup path, so that the inliner gives its
/// body's calls and resumes that path. Returns the invoke (or \p CB).
llvm::CallBase *reinvoke(llvm::CallBase &CB);

/// \p New (calls replacing \p Old, which has an unwind path and is about to
/// go) become invokes whose landing pads join Old's cleanup path.
void shareUnwindPath(llvm::CallBase &Old, llvm::ArrayRef<llvm::CallInst *> New);

/// Whether \p CB (a call of the normalized clone) has an unwind path.
bool hasUnwindPath(const llvm::CallBase &CB);

/// Whether \p CB is an `@__ad_resume` call (the end of a cleanup path) or
/// an `@__ad_landingpad` call (its start).
bool isUnwindResume(const llvm::CallBase &CB);
bool isUnwindLandingPad(const llvm::CallBase &CB);

/// Gives each call of \p Calls (in one function, which has no unwind path
/// after them yet) an unwind path to one new block that runs \p Release
/// (inserting before the given instruction) and resumes unwinding, in the
/// form restoreUnwindEdges turns into a landing pad. \p Personality: the
/// personality function of the user's code.
void addReleasePaths(llvm::ArrayRef<llvm::CallBase *> Calls,
                     llvm::Value *Personality,
                     llvm::function_ref<void(llvm::Instruction *)> Release);

/// The personality function of \p F, or of the module's C++ code when \p F
/// has none; null in a module without exceptions.
llvm::Value *personalityFor(const llvm::Function &F);

/// Turns the opaque unwind branches of derivative \p G (above) into invokes
/// with cleanup landing pads, and the resume calls into `resume`; or, unless
/// \p Keep, drops them (the exception then leaves without the cleanups).
void restoreUnwindEdges(llvm::Function &G, bool Keep);

/// restoreUnwindEdges in every function of \p M that still has them.
void restoreUnwindEdges(llvm::Module &M);

} // namespace adpass

#endif
