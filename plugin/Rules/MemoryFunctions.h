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
};

/// The allocation \p CB performs, or null (malloc, calloc, aligned_alloc,
/// operator new and new[] in their common manglings).
const AllocationFunction *allocationFunction(const llvm::CallBase &CB);

/// Whether \p CB frees its first argument (free, operator delete and
/// delete[], sized or not).
bool isDeallocation(const llvm::CallBase &CB);

/// Bytes allocated by \p CB, from its (emitted) argument values \p Args.
llvm::Value *allocationBytes(const AllocationFunction &AF,
                             llvm::ArrayRef<llvm::Value *> Args,
                             llvm::IRBuilderBase &B);

} // namespace adpass

#endif
