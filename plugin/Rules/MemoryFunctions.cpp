//===- MemoryFunctions.cpp - Allocation and deallocation functions --------===//
#include "Rules/MemoryFunctions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace adpass {

static const AllocationFunction Allocations[] = {
    {"malloc", 0, -1},
    {"calloc", 1, 0},
    {"aligned_alloc", 1, -1},
    {"_Znwm", 0, -1}, // new
    {"_Znam", 0, -1}, // new[]
    {"_ZnwmSt11align_val_t", 0, -1},
    {"_ZnamSt11align_val_t", 0, -1},
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
};

const AllocationFunction *allocationFunction(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return nullptr;
  for (const AllocationFunction &AF : Allocations)
    if (F->getName() == AF.Name)
      return &AF;
  return nullptr;
}

bool isDeallocation(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration() || CB.arg_size() == 0)
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
