//===- MemoryFunctions.h - Allocation and deallocation functions -*- C++ -*-//
//
// The heap functions differentiated code may call, as data: how to get the
// size of an allocation from its arguments, and which function frees it.
//
//===----------------------------------------------------------------------===//
#ifndef ADPASS_RULES_MEMORYFUNCTIONS_H
#define ADPASS_RULES_MEMORYFUNCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class CallBase;
class IRBuilderBase;
class Value;
} // namespace llvm

namespace adpass {

struct AllocationFunction {
  llvm::StringRef Name;
  int SizeArg;      ///< argument holding the size in bytes
  int CountArg;     ///< calloc: the element count multiplied in, else -1
  int AlignArg;     ///< argument holding the alignment, or -1
  int OldArg;       ///< realloc: the block whose contents move, or -1
  int OutArg;       ///< posix_memalign: where the new pointer is stored, or -1
  int KeptArg = -1; ///< a realloc that keeps only this many bytes, or -1
  /// A realloc whose old block stays allocated (its own free ends it): the
  /// runtime's shadow realloc, which the reverse sweep reads the old from.
  bool KeepsOld = false;
};

/// The allocation \p CB performs, or null (malloc, calloc, aligned_alloc,
/// realloc, posix_memalign, operator new and new[] in their common
/// manglings). For posix_memalign the call stands for the block it stores
/// through its first argument; everything else returns the block.
const AllocationFunction *allocationFunction(const llvm::CallBase &CB);

/// An allocation that returns its block (all but posix_memalign).
const AllocationFunction *returnedAllocation(const llvm::CallBase &CB);

struct DeallocationFunction {
  llvm::StringRef Name;
  int FreedArg;          ///< the block freed
  llvm::StringRef Later; ///< frees it alone, deferred; empty: cannot be
  int WorkspaceArg;      ///< the tape runtime's workspace, or -1
};

/// The deallocation \p CB performs, or null.
const DeallocationFunction *deallocationFunction(const llvm::CallBase &CB);

/// Whether \p CB frees a block (free, operator delete and delete[], sized or
/// not, and the tape runtime's __ad_tape_free, met in a derivative that is
/// itself differentiated).
bool isDeallocation(const llvm::CallBase &CB);

/// The block a deallocation frees.
llvm::Value *deallocatedPointer(const llvm::CallBase &CB);

/// Whether \p CB is the runtime's `__ad_defer_free(list, fn, primal,
/// shadow)` (a block freed at the end of a reverse sweep) or
/// `__ad_free_deferred(list)` (that end), met in an inner derivative.
bool isDeferredFree(const llvm::CallBase &CB);
bool isDeferredFreeRun(const llvm::CallBase &CB);

/// The element type's size in bytes (8 or 4) if \p CB is the runtime's
/// reverse of a copy, `__ad_memmove_adjoint_f64/f32(dsrc, ddst, bytes)`
/// (dsrc += ddst; ddst = 0, element by element), met in an inner
/// derivative; else 0.
unsigned adjointMoveElementSize(const llvm::CallBase &CB);

/// Whether \p CB only allocates or frees: any of the above but the adjoint
/// move. It keeps no pointer and moves no differentiated data.
bool isHeapCall(const llvm::CallBase &CB);

/// Bytes allocated by \p CB, from its (emitted) argument values \p Args.
llvm::Value *allocationBytes(const AllocationFunction &AF,
                             llvm::ArrayRef<llvm::Value *> Args,
                             llvm::IRBuilderBase &B);

} // namespace adpass

#endif
