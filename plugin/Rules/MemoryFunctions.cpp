//===- MemoryFunctions.cpp - Allocation and deallocation functions --------===//
#include "Rules/MemoryFunctions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"

#include <algorithm>

using namespace llvm;

namespace adpass {

// Name, size, count, alignment, old block, out pointer.
static const AllocationFunction Allocations[] = {
    {"malloc", 0, -1, -1, -1, -1},
    {"calloc", 1, 0, -1, -1, -1},
    {"aligned_alloc", 1, -1, 0, -1, -1},
    {"realloc", 1, -1, -1, 0, -1},
    {"posix_memalign", 2, -1, 1, -1, 0},
    {"_Znwm", 0, -1, -1, -1, -1}, // new
    {"_Znam", 0, -1, -1, -1, -1}, // new[]
    {"_ZnwmSt11align_val_t", 0, -1, 1, -1, -1},
    {"_ZnamSt11align_val_t", 0, -1, 1, -1, -1},
    {"_ZnwmRKSt9nothrow_t", 0, -1, -1, -1, -1}, // new (std::nothrow)
    {"_ZnamRKSt9nothrow_t", 0, -1, -1, -1, -1},
    {"_ZnwmSt11align_val_tRKSt9nothrow_t", 0, -1, 1, -1, -1},
    {"_ZnamSt11align_val_tRKSt9nothrow_t", 0, -1, 1, -1, -1},
};

static const char *const Deallocations[] = {
    "free",
    "_ZdlPv",
    "_ZdaPv",
    "_ZdlPvm",
    "_ZdaPvm",
    "_ZdlPvSt11align_val_t",
    "_ZdaPvSt11align_val_t",
    "_ZdlPvmSt11align_val_t",
    "_ZdaPvmSt11align_val_t",
    "_ZdlPvRKSt9nothrow_t",
    "_ZdaPvRKSt9nothrow_t",
    "_ZdlPvSt11align_val_tRKSt9nothrow_t",
    "_ZdaPvSt11align_val_tRKSt9nothrow_t",
};

const AllocationFunction *allocationFunction(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return nullptr;
  for (const AllocationFunction &AF : Allocations) {
    if (F->getName() != AF.Name)
      continue;
    // A declaration with an unexpected signature is just an unknown call.
    int Last =
        std::max({AF.SizeArg, AF.CountArg, AF.AlignArg, AF.OldArg, AF.OutArg});
    bool Shaped =
        (int)CB.arg_size() > Last &&
        (AF.OutArg < 0
             ? CB.getType()->isPointerTy()
             : CB.getType()->isIntegerTy() &&
                   CB.getArgOperand(AF.OutArg)->getType()->isPointerTy());
    for (int K : {AF.SizeArg, AF.CountArg, AF.AlignArg})
      Shaped &= K < 0 || CB.getArgOperand(K)->getType()->isIntegerTy();
    Shaped &=
        AF.OldArg < 0 || CB.getArgOperand(AF.OldArg)->getType()->isPointerTy();
    return Shaped ? &AF : nullptr;
  }
  return nullptr;
}

const AllocationFunction *returnedAllocation(const CallBase &CB) {
  const AllocationFunction *AF = allocationFunction(CB);
  return AF && AF->OutArg < 0 ? AF : nullptr;
}

bool isDeallocation(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration() || CB.arg_size() == 0 ||
      !CB.getArgOperand(0)->getType()->isPointerTy())
    return false;
  for (const char *Name : Deallocations)
    if (F->getName() == Name)
      return true;
  return false;
}

Value *allocationBytes(const AllocationFunction &AF, ArrayRef<Value *> Args,
                       IRBuilderBase &B) {
  Value *Size = B.CreateZExtOrTrunc(Args[AF.SizeArg], B.getInt64Ty());
  if (AF.CountArg < 0)
    return Size;
  return B.CreateMul(Size,
                     B.CreateZExtOrTrunc(Args[AF.CountArg], B.getInt64Ty()));
}

} // namespace adpass
