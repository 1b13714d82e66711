//===- MemoryFunctions.cpp - Allocation and deallocation functions --------===//
#include "Rules/MemoryFunctions.h"

#include "llvm/ADT/STLExtras.h"
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
    // The tape runtime (workspace, old block, old bytes, new bytes), in an
    // inner derivative of a nested one.
    {"__ad_tape_realloc", 3, -1, -1, 1, -1},
    {"__ad_tape_shadow_realloc", 3, -1, -1, 1, -1},
    // Shadows, the runtime's and the user's (ad.h).
    {"ad_shadow_alloc", 0, -1, -1, -1, -1},
    {"__ad_shadow_alloc_aligned", 1, -1, 0, -1, -1},
    {"__ad_shadow_realloc_keep", 2, -1, -1, 0, -1, 1, true},
    {"ad_shadow_realloc", 2, -1, -1, 0, -1, 1},
    {"__ad_split_alloc", 0, -1, 1, -1, -1},
};

// Name, freed argument, what frees the block later (when the reverse sweep
// still reads it: a function of the block alone; none for over-aligned
// delete, whose alignment would be lost), workspace argument.
static const DeallocationFunction Deallocations[] = {
    {"free", 0, "free", -1},
    {"ad_shadow_free", 0, "ad_shadow_free", -1},
    {"_ZdlPv", 0, "_ZdlPv", -1},
    {"_ZdaPv", 0, "_ZdaPv", -1},
    {"_ZdlPvm", 0, "_ZdlPv", -1},
    {"_ZdaPvm", 0, "_ZdaPv", -1},
    {"_ZdlPvSt11align_val_t", 0, "", -1},
    {"_ZdaPvSt11align_val_t", 0, "", -1},
    {"_ZdlPvmSt11align_val_t", 0, "", -1},
    {"_ZdaPvmSt11align_val_t", 0, "", -1},
    {"_ZdlPvRKSt9nothrow_t", 0, "_ZdlPv", -1},
    {"_ZdaPvRKSt9nothrow_t", 0, "_ZdaPv", -1},
    {"_ZdlPvSt11align_val_tRKSt9nothrow_t", 0, "", -1},
    {"_ZdaPvSt11align_val_tRKSt9nothrow_t", 0, "", -1},
    // The tape runtime (workspace, block), in an inner derivative.
    {"__ad_tape_free", 1, "__ad_tape_free_deferred", 0},
    {"__ad_tape_shadow_free", 1, "__ad_tape_free_deferred", 0},
};

const AllocationFunction *allocationFunction(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return nullptr;
  for (const AllocationFunction &AF : Allocations) {
    if (F->getName() != AF.Name)
      continue;
    // A declaration with an unexpected signature is just an unknown call.
    int Last = std::max({AF.SizeArg, AF.CountArg, AF.AlignArg, AF.OldArg,
                         AF.OutArg, AF.KeptArg});
    bool Shaped =
        (int)CB.arg_size() > Last &&
        (AF.OutArg < 0
             ? CB.getType()->isPointerTy()
             : CB.getType()->isIntegerTy() &&
                   CB.getArgOperand(AF.OutArg)->getType()->isPointerTy());
    for (int K : {AF.SizeArg, AF.CountArg, AF.AlignArg, AF.KeptArg})
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

const DeallocationFunction *deallocationFunction(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration())
    return nullptr;
  for (const DeallocationFunction &DF : Deallocations)
    if (F->getName() == DF.Name)
      return (int)CB.arg_size() > DF.FreedArg &&
                     CB.getArgOperand(DF.FreedArg)->getType()->isPointerTy()
                 ? &DF
                 : nullptr;
  return nullptr;
}

bool isDeallocation(const CallBase &CB) { return deallocationFunction(CB); }

static bool isRuntimeCall(const CallBase &CB, StringRef Name, unsigned Args) {
  const Function *F = CB.getCalledFunction();
  return F && F->isDeclaration() && F->getName() == Name &&
         CB.arg_size() == Args && all_of(CB.args(), [](const Use &A) {
           return A->getType()->isPointerTy();
         });
}

bool isDeferredFree(const CallBase &CB) {
  return isRuntimeCall(CB, "__ad_defer_free", 4);
}

bool isDeferredFreeRun(const CallBase &CB) {
  return isRuntimeCall(CB, "__ad_free_deferred", 1);
}

bool isHeapCall(const CallBase &CB) {
  return allocationFunction(CB) || isDeallocation(CB) || isDeferredFree(CB) ||
         isDeferredFreeRun(CB);
}

unsigned adjointMoveElementSize(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration() || CB.arg_size() != 3 ||
      !CB.getArgOperand(0)->getType()->isPointerTy() ||
      !CB.getArgOperand(1)->getType()->isPointerTy() ||
      !CB.getArgOperand(2)->getType()->isIntegerTy())
    return 0;
  return F->getName() == "__ad_memmove_adjoint_f64"   ? 8
         : F->getName() == "__ad_memmove_adjoint_f32" ? 4
                                                      : 0;
}

Value *deallocatedPointer(const CallBase &CB) {
  const DeallocationFunction *DF = deallocationFunction(CB);
  assert(DF && "not a deallocation");
  return CB.getArgOperand(DF->FreedArg);
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
