//===- OpenMpRoutines.h - The OpenMP runtime calls ADPass knows -*- C++ -*-===//
//
// clang lowers OpenMP pragmas to calls into libomp (`__kmpc_*`) and the
// user calls the `omp_*` API. Each routine ADPass accepts is described here
// once, by what its derivative does with it: nothing (thread queries, loop
// scheduling, which write integers only), a mirror in the reverse sweep
// (a barrier stays a barrier; entering a critical section or a lock becomes
// leaving it, and the reverse), a parallel region (the fork), or a
// reduction that the derivative performs under the reduction's lock.
// Routines not in the table are refused where they appear.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_OPENMPROUTINES_H
#define ADPASS_RULES_OPENMPROUTINES_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallBase;
class Function;
} // namespace llvm

namespace adpass {

enum class OmpKind : unsigned char {
  Inactive,     ///< no derivative, no mirror
  Barrier,      ///< mirrored by a barrier
  EnterSection, ///< critical/lock: mirrored by leaving it (Partner)
  LeaveSection, ///< mirrored by entering it (Partner)
  Fork,         ///< __kmpc_fork_call: a parallel region
  Reduce,       ///< __kmpc_reduce[_nowait]: done under the lock instead
  EndReduce,    ///< __kmpc_end_reduce[_nowait]
};

struct OmpRoutine {
  const char *Name;
  OmpKind Kind;
  /// For sections: the routine that mirrors this one; the lock is its last
  /// argument, as here. For Reduce and EndReduce: whether a barrier
  /// follows (the blocking reduction).
  const char *Partner = nullptr;
  bool Blocking = false;
};

/// The table entry of \p Name, or null.
const OmpRoutine *lookupOpenMp(llvm::StringRef Name);
/// The entry of \p CB's callee, or null.
const OmpRoutine *lookupOpenMp(const llvm::CallBase &CB);
/// The function \p CB runs on a team of threads, if it is a fork of a
/// known one.
const llvm::Function *forkedMicrotask(const llvm::CallBase &CB);
/// Whether \p Name belongs to the OpenMP runtime or API (known or not).
bool isOpenMpFunction(llvm::StringRef Name);
/// Whether \p Name is known and has neither derivative nor mirror.
bool isInactiveOpenMpFunction(llvm::StringRef Name);
/// Whether \p Name is known and moves no user data (everything in the
/// table but the fork, whose region does).
bool isNeutralOpenMpFunction(llvm::StringRef Name);

} // namespace adpass

#endif
