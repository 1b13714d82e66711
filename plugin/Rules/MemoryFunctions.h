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
  int SizeArg;  ///< argument holding the size in bytes
  int CountArg; ///< calloc: the element count multiplied in, else -1
  int AlignArg; ///< argument holding the alignment, or -1
  int OldArg;   ///< realloc: the block whose contents move, or -1
  int OutArg;   ///< posix_memalign: where the new pointer is stored, or -1
};

/// The allocation \p CB performs, or null (malloc, calloc, aligned_alloc,
/// realloc, posix_memalign, operator new and new[] in their common
/// manglings). For posix_memalign the call stands for the block it stores
/// through its first argument; everything else returns the block.
const AllocationFunction *allocationFunction(const llvm::CallBase &CB);

/// An allocation that returns its block (all but posix_memalign).
const AllocationFunction *returnedAllocation(const llvm::CallBase &CB);

/// Whether \p CB frees its first argument (free, operator delete and
/// delete[], sized or not).
bool isDeallocation(const llvm::CallBase &CB);

/// Bytes allocated by \p CB, from its (emitted) argument values \p Args.
llvm::Value *allocationBytes(const AllocationFunction &AF,
                             llvm::ArrayRef<llvm::Value *> Args,
                             llvm::IRBuilderBase &B);

} // namespace adpass

#endif
