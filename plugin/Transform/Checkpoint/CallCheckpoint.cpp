//===- CallCheckpoint.cpp - Calls recomputed in the reverse sweep ---------===//
#include "Transform/Checkpoint/CallCheckpoint.h"

#include "Analysis/CacheAnalysis.h"
#include "Frontend/Markers.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"

#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace adpass {

bool isCheckpointed(const Function &F) {
  return F.hasFnAttribute(CheckpointAttr);
}

namespace {

/// Which of the checkpointed function's pointer arguments its code (and
/// that of its callees) reads and writes through.
struct ArgumentAccess {
  SmallBitVector Read, Written;
  SmallPtrSet<const GlobalVariable *, 4> Globals; ///< read
  std::string Problem; ///< an access through anything else
};

class AccessScan {
public:
  explicit AccessScan(const Function &Root) {
    Out.Read.resize(Root.arg_size());
    Out.Written.resize(Root.arg_size());
  }

  /// Scans \p F, whose argument k is the root's argument Roots[k] (-1: the
  /// root's local memory, or not a pointer).
  void scan(const Function &F, ArrayRef<int> Roots);
  ArgumentAccess take() { return std::move(Out); }

private:
  /// The root argument \p Ptr points into, -1 for local memory, -2 for
  /// anything else. Globals are -3 (read: checked by the caller).
  int rootOf(const Value *Ptr, ArrayRef<int> Roots) const {
    const Value *Obj = getUnderlyingObject(Ptr);
    // -O0: an argument spilled to its stack slot and loaded back.
    for (int Depth = 0; Depth != 4 && isa<LoadInst>(Obj); ++Depth)
      Obj = getUnderlyingObject(throughLocals(Obj));
    if (const auto *A = dyn_cast<Argument>(Obj))
      return Roots[A->getArgNo()];
    if (isa<AllocaInst>(Obj))
      return -1;
    if (const auto *CB = dyn_cast<CallBase>(Obj); CB && allocationFunction(*CB))
      return -1;
    if (isa<GlobalVariable>(Obj))
      return -3;
    return -2;
  }
  void read(const Value *Ptr, ArrayRef<int> Roots, const Function &F) {
    int R = rootOf(Ptr, Roots);
    if (R == -3)
      Out.Globals.insert(cast<GlobalVariable>(getUnderlyingObject(Ptr)));
    if (R >= 0)
      Out.Read.set(R);
    else if (R == -2)
      problem("'" + F.getName().str() +
              "' reads memory through a pointer that is not one of its "
              "arguments");
  }
  void write(const Value *Ptr, ArrayRef<int> Roots, const Function &F) {
    int R = rootOf(Ptr, Roots);
    if (R >= 0)
      Out.Written.set(R);
    else if (R != -1)
      problem("'" + F.getName().str() +
              "' writes memory other than through its pointer arguments");
  }
  void problem(std::string Why) {
    if (Out.Problem.empty())
      Out.Problem = std::move(Why);
  }

  ArgumentAccess Out;
  SmallPtrSet<const Function *, 8> Active;
};

void AccessScan::scan(const Function &F, ArrayRef<int> Roots) {
  if (!Active.insert(&F).second)
    return; // recursion: the same accesses again
  for (const Instruction &I : instructions(F)) {
    if (const auto *L = dyn_cast<LoadInst>(&I)) {
      read(L->getPointerOperand(), Roots, F);
    } else if (const auto *S = dyn_cast<StoreInst>(&I)) {
      write(S->getPointerOperand(), Roots, F);
    } else if (const auto *MI = dyn_cast<MemIntrinsic>(&I)) {
      write(MI->getDest(), Roots, F);
      if (const auto *MT = dyn_cast<MemTransferInst>(MI))
        read(MT->getSource(), Roots, F);
    } else if (const auto *CB = dyn_cast<CallBase>(&I)) {
      const Function *Callee = CB->getCalledFunction();
      // AD_INACTIVE functions are scanned too: one that advances a random
      // generator's state would draw other numbers when run again.
      if (isBookkeepingIntrinsic(*CB) || isHeapCall(*CB))
        continue;
      bool NoUserWrites =
          CB->onlyReadsMemory() ||
          (Callee && (isKnownMathFunction(Callee->getName()) ||
                      (isKnownInactiveFunction(Callee->getName()) &&
                       !writesThroughArguments(Callee->getName()))));
      if (NoUserWrites) {
        for (const Value *A : CB->args())
          if (A->getType()->isPointerTy())
            read(A, Roots, F);
        continue;
      }
      if (!Callee || Callee->isDeclaration()) {
        problem("'" + F.getName().str() + "' calls " +
                (Callee ? "'" + Callee->getName().str() + "'"
                        : std::string("a function through a pointer")) +
                ", which may write memory ADPass cannot see");
        continue;
      }
      SmallVector<int, 8> Inner;
      for (const Value *A : CB->args()) {
        if (!A->getType()->isPointerTy()) {
          Inner.push_back(-1);
          continue;
        }
        int R = rootOf(A, Roots);
        if (R == -2 || R == -3)
          problem("'" + F.getName().str() + "' passes '" +
                  Callee->getName().str() +
                  "' a pointer that is not one of its arguments");
        Inner.push_back(R < 0 ? -1 : R);
      }
      scan(*Callee, Inner);
    } else if (I.mayWriteToMemory()) {
      problem("'" + F.getName().str() +
              "' has atomic or volatile accesses, or fences");
    }
  }
  Active.erase(&F);
}

/// Whether \p CB may run more than once in its function (it is in a cycle).
bool inCycle(const CallBase &CB) {
  const BasicBlock *BB = CB.getParent();
  for (const BasicBlock *Succ : successors(BB))
    if (isPotentiallyReachable(Succ, BB))
      return true;
  return false;
}

} // namespace

/// \p F scanned with each argument its own root.
static ArgumentAccess accessOf(const Function &F) {
  AccessScan Scan(F);
  SmallVector<int, 8> Roots;
  for (unsigned K = 0; K != F.arg_size(); ++K)
    Roots.push_back(K);
  Scan.scan(F, Roots);
  return Scan.take();
}

std::optional<SmallBitVector> argumentsWritten(const Function &F) {
  ArgumentAccess Acc = accessOf(F);
  if (!Acc.Problem.empty())
    return std::nullopt;
  return Acc.Written;
}

std::optional<std::string>
whyNotRecomputable(const CallBase &CB,
                   function_ref<bool(const Value *)> WrittenBesides) {
  ArgumentAccess Acc = accessOf(*CB.getCalledFunction());
  if (!Acc.Problem.empty())
    return Acc.Problem;
  auto Arg = [&](unsigned K) { return "argument " + std::to_string(K + 1); };
  for (const GlobalVariable *GV : Acc.Globals)
    if (WrittenBesides(GV))
      return "it reads '" + GV->getName().str() +
             "', which may be written after the call";
  bool Writes = Acc.Written.any();
  if (Writes && inCycle(CB))
    return std::string("it writes memory and is called in a loop (each "
                       "iteration's writes would be replayed)");
  for (unsigned K = 0; K != CB.arg_size(); ++K) {
    if (K >= Acc.Read.size() || (!Acc.Read[K] && !Acc.Written[K]))
      continue;
    if (Acc.Read[K] && Acc.Written[K])
      return "it reads and writes through its " + Arg(K) +
             " (an update in place cannot run again)";
    if (WrittenBesides(CB.getArgOperand(K)))
      return "the memory its " + Arg(K) + " points to may be written " +
             "after the call";
    if (!Acc.Written[K])
      continue;
    for (unsigned J = 0; J != CB.arg_size(); ++J)
      if (J != K && J < Acc.Read.size() && Acc.Read[J] &&
          mayShareMemory(getUnderlyingObject(CB.getArgOperand(K)),
                         getUnderlyingObject(CB.getArgOperand(J))))
        return "its " + Arg(K) + " (written) and " + Arg(J) +
               " (read) may point into the same memory";
  }
  return std::nullopt;
}

} // namespace adpass
