//===- LibraryAdjoints.cpp - Library calls that move differentiated data --===//
#include "Transform/LibraryAdjoints.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Rules/MemoryFunctions.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

bool isSortCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F && F->isDeclaration() && F->getName() == "qsort" &&
         CB.arg_size() == 4 && CB.getArgOperand(0)->getType()->isPointerTy();
}

bool isPermutationCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  if (!F || !F->isDeclaration() || CB.arg_size() != 4 ||
      !CB.getArgOperand(0)->getType()->isPointerTy())
    return false;
  return StringSwitch<bool>(F->getName())
      .Cases("__ad_qsort", "__ad_qsort_tangent", "__ad_qsort_tangent_keep",
             "__ad_qsort_adjoint", "__ad_qsort_adjoint_keep", true)
      .Default(false);
}

/// Whether \p F may read or write a pointer in the memory \p Ptr points into.
static bool accessesPointersIn(Function &F, const Value *Ptr) {
  const Value *Obj = getUnderlyingObject(Ptr);
  for (Instruction &I : instructions(F)) {
    if (!isa<LoadInst>(I) && !isa<StoreInst>(I))
      continue;
    if (getLoadStoreType(&I)->getScalarType()->isPointerTy() &&
        mayShareMemory(getUnderlyingObject(getLoadStorePointerOperand(&I)),
                       Obj))
      return true;
  }
  return false;
}

void LibraryAdjoints::prepareForward() {
  SmallVector<CallBase *, 2> Sorts;
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (CB && isSortCall(*CB) && AA.hasShadow(CB->getArgOperand(0)))
      Sorts.push_back(CB);
    // Adding differentiated data into memory without a shadow loses it.
    if (CB && adjointMoveElementSize(*CB) &&
        AA.hasShadow(CB->getArgOperand(1)) &&
        !AA.hasShadow(CB->getArgOperand(0)))
      Diag.error(User, CB,
                 "in '" + User.getName() +
                     "': an inner derivative adds differentiated adjoints "
                     "into memory without a shadow (" +
                     pointerClassName(AA.classify(CB->getArgOperand(0))) +
                     "); pass the inner shadow buffers as ad_dup");
  }
  for (CallBase *CB : Sorts) {
    // Adjoints move with their elements as bytes; the shadows of pointers
    // would have to move in the forward sweep already.
    if (accessesPointersIn(P, CB->getArgOperand(0))) {
      Diag.error(User, CB,
                 "in '" + User.getName() +
                     "': qsort of differentiated memory that holds "
                     "pointers; only elements of numbers are supported "
                     "(sort an array of indices instead)");
      continue;
    }
    auto *Fwd = cast<CallBase>(VMap[CB]);
    IRBuilder<> IRB(Fwd);
    Module &M = *P.getParent();
    FunctionCallee Sort = M.getOrInsertFunction(
        "__ad_qsort", IRB.getPtrTy(), IRB.getPtrTy(), IRB.getInt64Ty(),
        IRB.getInt64Ty(), IRB.getPtrTy());
    Value *Perm = IRB.CreateCall(
        Sort,
        {Fwd->getArgOperand(0),
         IRB.CreateZExtOrTrunc(Fwd->getArgOperand(1), IRB.getInt64Ty()),
         IRB.CreateZExtOrTrunc(Fwd->getArgOperand(2), IRB.getInt64Ty()),
         Fwd->getArgOperand(3)},
        "ad.sort.perm");
    Fwd->eraseFromParent();
    Permutations[CB] = Perm;
  }
}

/// `__ad_memmove_adjoint_f64/f32`, or its transpose in the reverse sweep.
static FunctionCallee adjointMove(Module &M, unsigned Size, bool Transpose) {
  Type *Ptr = PointerType::get(M.getContext(), 0);
  std::string Name = std::string("__ad_memmove_adjoint_") +
                     (Transpose ? "transpose_" : "") +
                     (Size == 8 ? "f64" : "f32");
  return M.getOrInsertFunction(Name, Type::getVoidTy(M.getContext()), Ptr, Ptr,
                               Type::getInt64Ty(M.getContext()));
}

/// Whether an inner sweep's adjoint move \p CB works on differentiated
/// buffers (both, by the activity analysis); else nothing to do.
static bool movesDifferentiated(const CallBase &CB,
                                const ActivityAnalysis &AA) {
  return AA.hasShadow(CB.getArgOperand(0)) && AA.hasShadow(CB.getArgOperand(1));
}

void LibraryAdjoints::emitTangents() {
  // An inner sweep's adjoint move is linear: its tangent is the same move.
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    unsigned Size = CB ? adjointMoveElementSize(*CB) : 0;
    if (!Size || !movesDifferentiated(*CB, AA))
      continue;
    auto *Fwd = cast<CallBase>(VMap[CB]);
    IRBuilder<> IRB(Fwd->getNextNode());
    IRB.CreateCall(
        adjointMove(*P.getParent(), Size, false),
        {Adj.shadowInForward(CB->getArgOperand(0)),
         Adj.shadowInForward(CB->getArgOperand(1)),
         IRB.CreateZExtOrTrunc(Fwd->getArgOperand(2), IRB.getInt64Ty())});
  }
  // An inner derivative's sort and moves by its permutation: the same
  // moves of the tangents, before the permutation may be freed.
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || !isPermutationCall(*CB) || !AA.hasShadow(CB->getArgOperand(0)))
      continue;
    auto *Fwd = cast<CallBase>(VMap[CB]);
    StringRef Name = CB->getCalledFunction()->getName();
    bool Sort = Name == "__ad_qsort";
    IRBuilder<> IRB(Sort ? Fwd->getNextNode() : Fwd);
    std::string Keep = Sort || Name.starts_with("__ad_qsort_tangent")
                           ? "__ad_qsort_tangent_keep"
                           : "__ad_qsort_adjoint_keep";
    FunctionCallee Move = P.getParent()->getOrInsertFunction(
        Keep, IRB.getVoidTy(), IRB.getPtrTy(), IRB.getInt64Ty(),
        IRB.getInt64Ty(), IRB.getPtrTy());
    IRB.CreateCall(
        Move, {Adj.shadowInForward(CB->getArgOperand(0)),
               IRB.CreateZExtOrTrunc(Fwd->getArgOperand(1), IRB.getInt64Ty()),
               IRB.CreateZExtOrTrunc(Fwd->getArgOperand(2), IRB.getInt64Ty()),
               Sort ? Fwd : Fwd->getArgOperand(3)});
  }
  for (auto &[CB, Perm] : Permutations) {
    auto *Sort = cast<Instruction>(Perm);
    IRBuilder<> IRB(Sort->getNextNode());
    FunctionCallee Tangent = P.getParent()->getOrInsertFunction(
        "__ad_qsort_tangent", IRB.getVoidTy(), IRB.getPtrTy(), IRB.getInt64Ty(),
        IRB.getInt64Ty(), IRB.getPtrTy());
    IRB.CreateCall(Tangent, {Adj.shadowInForward(CB->getArgOperand(0)),
                             Sort->getOperand(1), Sort->getOperand(2), Perm});
  }
}

bool LibraryAdjoints::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  if (unsigned Size = CB ? adjointMoveElementSize(*CB) : 0) {
    if (!movesDifferentiated(*CB, AA))
      return true;
    Value *N = Adj.primalInReverse(CB->getArgOperand(2), IRB);
    CallInst *Call =
        IRB.CreateCall(adjointMove(*P.getParent(), Size, true),
                       {Adj.shadowInReverse(CB->getArgOperand(0), IRB),
                        Adj.shadowInReverse(CB->getArgOperand(1), IRB),
                        IRB.CreateZExtOrTrunc(N, IRB.getInt64Ty())});
    Adj.adoptLocation(Call, CB);
    return true;
  }
  if (!CB || !isSortCall(*CB))
    return false;
  auto It = Permutations.find(CB);
  if (It == Permutations.end())
    return true; // inactive data, or refused
  FunctionCallee Adjoint = P.getParent()->getOrInsertFunction(
      "__ad_qsort_adjoint", IRB.getVoidTy(), IRB.getPtrTy(), IRB.getInt64Ty(),
      IRB.getInt64Ty(), IRB.getPtrTy());
  Value *N = Adj.primalInReverse(CB->getArgOperand(1), IRB);
  Value *Size = Adj.primalInReverse(CB->getArgOperand(2), IRB);
  CallInst *Call = IRB.CreateCall(
      Adjoint, {Adj.shadowInReverse(CB->getArgOperand(0), IRB),
                IRB.CreateZExtOrTrunc(N, IRB.getInt64Ty()),
                IRB.CreateZExtOrTrunc(Size, IRB.getInt64Ty()),
                Adj.forwardValueInReverse(It->second, CB->getParent(), IRB)});
  Adj.adoptLocation(Call, CB);
  return true;
}

} // namespace adpass
