//===- MpiDerivatives.cpp - MPI calls in the generated derivatives --------===//
#include "Transform/Parallel/MpiDerivatives.h"

#include "Analysis/ActivityAnalysis.h"
#include "Support/Diagnostics.h"
#include "Transform/AdjointBuilder.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {
namespace {

bool isBuffer(MpiRole R) {
  return R == MpiRole::SendBuf || R == MpiRole::RecvBuf || R == MpiRole::Buf;
}

bool isStatus(MpiRole R) {
  return R == MpiRole::Status || R == MpiRole::Statuses;
}

bool isRequest(MpiRole R) {
  return R == MpiRole::Request || R == MpiRole::Requests;
}

/// Whether the forward sweep files a record after the call (a posted
/// request) rather than before it.
bool recordsAfter(const MpiCall &MC) {
  return MC.Routine->Record == MpiRecord::AfterPost;
}

/// Whether a call's derivative must be mirrored: it moves numbers, or is a
/// wait (which completes calls that may).
bool mirrored(const CallBase &CB, const MpiCall &MC) {
  return MC.Routine->Record == MpiRecord::BeforeWait ||
         MC.data(CB) == MpiData::Real;
}

/// Whether the forward sweep files a record for \p CB: a sum needs none
/// (only MAX and MIN read the values reduced).
bool filesRecord(const CallBase &CB, const MpiCall &MC) {
  if (MC.Routine->Record != MpiRecord::Values)
    return MC.Routine->Record != MpiRecord::None;
  const auto *Op = dyn_cast<ConstantInt>(MC.arg(CB, MpiRole::Op));
  return !Op || Op->getSExtValue() != mpich::Sum;
}

/// Whether \p F reads floating-point numbers from the object \p Ptr
/// points into.
bool holdsNumbers(Function &F, const Value *Ptr) {
  const Value *Obj = getUnderlyingObject(Ptr);
  return any_of(instructions(F), [&](const Instruction &I) {
    const auto *L = dyn_cast<LoadInst>(&I);
    return L && L->getType()->isFPOrFPVectorTy() &&
           getUnderlyingObject(L->getPointerOperand()) == Obj;
  });
}

} // namespace

FunctionCallee MpiDerivatives::runtime(const CallBase &CB, const MpiCall &MC,
                                       StringRef Kind, ArrayRef<Value *> Args,
                                       Type *Result) {
  SmallVector<Type *, 12> Types;
  for (Value *A : Args)
    Types.push_back(A->getType());
  Module &M = *const_cast<Module *>(CB.getModule());
  std::string Name = ("__ad_mpi_" + MC.Routine->Stem + "_" + Kind).str();
  return M.getOrInsertFunction(Name, FunctionType::get(Result, Types, false));
}

Value *MpiDerivatives::forwardShadow(const Value *Buf, IRBuilder<> &B) {
  if (mpich::isInPlace(Buf))
    return const_cast<Value *>(Buf);
  if (!AA.hasShadow(Buf))
    return ConstantPointerNull::get(B.getPtrTy());
  return Adj.shadowInForward(Buf);
}

SmallVector<Value *, 12> MpiDerivatives::forwardArgs(const CallBase &CB,
                                                     const MpiCall &MC,
                                                     IRBuilder<> &B) {
  auto Fwd = [&](const Value *V) -> Value * {
    if (isa<Constant>(V))
      return const_cast<Value *>(V);
    return VMap.lookup(V);
  };
  SmallVector<Value *, 12> Args;
  for (auto [I, R] : enumerate(MC.Routine->Params)) {
    const Value *A = CB.getArgOperand(I);
    if (isStatus(R))
      continue;
    Args.push_back(Fwd(A));
    if (isBuffer(R))
      Args.push_back(forwardShadow(A, B));
  }
  return Args;
}

void MpiDerivatives::prepareForward(Function &P) {
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    std::optional<MpiCall> MC = CB ? matchMpiCall(*CB) : std::nullopt;
    if (!MC || !mirrored(*CB, *MC) || !filesRecord(*CB, *MC))
      continue;
    auto *Fwd = cast<Instruction>(VMap[CB]);
    IRBuilder<> B(recordsAfter(*MC) ? Fwd->getNextNode() : Fwd);
    SmallVector<Value *, 12> Args = forwardArgs(*CB, *MC, B);
    CallInst *Rec = B.CreateCall(
        runtime(*CB, *MC, "record", Args, B.getPtrTy()), Args, "ad.mpi.record");
    Adj.adoptLocation(Rec, CB);
    Records[CB] = Rec;
  }
}

bool MpiDerivatives::emitReverse(Instruction &I, IRBuilder<> &IRB) {
  auto *CB = dyn_cast<CallBase>(&I);
  std::optional<MpiCall> MC = CB ? matchMpiCall(*CB) : std::nullopt;
  if (!MC)
    return false;
  if (!mirrored(*CB, *MC))
    return true;
  SmallVector<Value *, 12> Args;
  if (MC->Routine->Record != MpiRecord::BeforeWait) {
    for (auto [Idx, R] : enumerate(MC->Routine->Params)) {
      const Value *A = CB->getArgOperand(Idx);
      if (isStatus(R) || isRequest(R))
        continue;
      if (!isBuffer(R))
        Args.push_back(Adj.primalInReverse(A, IRB));
      else if (mpich::isInPlace(A))
        Args.push_back(const_cast<Value *>(A));
      else if (AA.hasShadow(A))
        Args.push_back(Adj.shadowInReverse(A, IRB));
      else
        Args.push_back(ConstantPointerNull::get(IRB.getPtrTy()));
    }
  } else if (const Value *N = MC->arg(*CB, MpiRole::NumRequests)) {
    Args.push_back(Adj.primalInReverse(N, IRB));
  }
  if (Value *Rec = Records.lookup(CB))
    Args.push_back(Adj.forwardValueInReverse(Rec, CB->getParent(), IRB));
  else if (MC->Routine->Record != MpiRecord::None)
    Args.push_back(ConstantPointerNull::get(IRB.getPtrTy()));
  CallInst *Call =
      IRB.CreateCall(runtime(*CB, *MC, "reverse", Args, IRB.getVoidTy()), Args);
  Adj.adoptLocation(Call, CB);
  return true;
}

bool MpiDerivatives::emitTangent(const CallBase &CB) {
  std::optional<MpiCall> MC = matchMpiCall(CB);
  if (!MC)
    return false;
  if (!mirrored(CB, *MC))
    return true;
  auto *Fwd = cast<Instruction>(VMap[&CB]);
  IRBuilder<> B(MC->Routine->TangentBefore ? Fwd : Fwd->getNextNode());
  SmallVector<Value *, 12> Args = forwardArgs(CB, *MC, B);
  B.CreateCall(runtime(CB, *MC, "tangent", Args, B.getVoidTy()), Args);
  return true;
}

void checkMpiCalls(Function &P, const Function &User,
                   const ActivityAnalysis &AA, DiagnosticSink &Diag) {
  bool Moves = false; // whether any call moves differentiated numbers
  for (Instruction &I : instructions(P))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (std::optional<MpiCall> MC = matchMpiCall(*CB))
        Moves |= MC->data(*CB) == MpiData::Real;
  for (Instruction &I : instructions(P)) {
    auto *CB = dyn_cast<CallBase>(&I);
    const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
    if (!Callee || !isMpiFunction(Callee->getName()))
      continue;
    StringRef Name = Callee->getName();
    std::string In = "in '" + User.getName().str() + "': ";
    std::optional<MpiCall> MC = matchMpiCall(*CB);
    if (!MC) {
      // A routine that moves data ADPass does not mirror would lose the
      // derivatives other ranks send, or leave their mirrors unmatched.
      // Integers (ranks, counts, communicators) are harmless; memory that
      // holds shadows or floating-point numbers is not.
      bool MayMoveNumbers = any_of(CB->args(), [&](const Value *A) {
        return A->getType()->isPointerTy() && !isa<Constant>(A) &&
               (AA.hasShadow(A) || (Moves && holdsNumbers(P, A)));
      });
      if (!isInactiveMpiFunction(Name) && MayMoveNumbers)
        Diag.error(User, CB,
                   In + "'" + Name +
                       "' has no derivative in ADPass, and it may move "
                       "differentiated numbers; use "
                       "MPI_Send/Recv/Sendrecv, Isend/Irecv/Wait/Waitall, "
                       "Bcast, Reduce, Allreduce, Gather, Scatter or "
                       "Allgather");
      continue;
    }
    if (const Value *Comm = MC->arg(*CB, MpiRole::Comm);
        Comm && !Comm->getType()->isIntegerTy(32)) {
      Diag.error(User, CB,
                 In + "'" + Name +
                     "' takes pointer handles (Open MPI's interface); ADPass "
                     "differentiates MPI programs built with MPICH");
      continue;
    }
    MpiData D = MC->data(*CB);
#ifndef ADPASS_HAVE_MPI
    if (D != MpiData::NotReal) {
      Diag.error(User, CB,
                 In + "'" + Name +
                     "' moves numbers to differentiate, and this ADPass was "
                     "built without MPI (install MPICH's libmpich-dev and "
                     "rebuild ADPass)");
      continue;
    }
#endif
    if (D == MpiData::Unknown) {
      Diag.error(User, CB,
                 In + "the datatype of '" + Name +
                     "' is not a constant; ADPass must know at compile time "
                     "whether a message carries numbers to differentiate "
                     "(pass MPI_DOUBLE or MPI_FLOAT, or an integer type, "
                     "directly)");
      continue;
    }
    if (D == MpiData::NotReal) {
      for (const Value *B : MC->receivedBuffers(*CB))
        if (AA.hasShadow(B))
          Diag.error(User, CB,
                     In + "'" + Name +
                         "' writes a datatype other than MPI_DOUBLE or "
                         "MPI_FLOAT into differentiated memory; send "
                         "floating-point numbers as MPI_DOUBLE or MPI_FLOAT");
      continue;
    }
    for (const Value *B : MC->receivedBuffers(*CB)) {
      PointerClass PC = AA.classify(B);
      if (!AA.hasShadow(B) && !mpich::isInPlace(B))
        Diag.error(User, CB,
                   In + "'" + Name +
                       "' receives numbers to differentiate into memory that "
                       "has no shadow (" +
                       pointerClassName(PC) +
                       " pointer); receive into an ad_dup argument or a "
                       "local buffer");
    }
    for (MpiRole R : {MpiRole::Source, MpiRole::Tag, MpiRole::RecvTag}) {
      const auto *C = dyn_cast_or_null<ConstantInt>(MC->arg(*CB, R));
      bool Any =
          C &&
          ((R == MpiRole::Source && C->getSExtValue() == mpich::AnySource) ||
           (R != MpiRole::Source && MC->Routine->has(MpiRole::Source) &&
            C->getSExtValue() == mpich::AnyTag));
      if (Any)
        Diag.error(
            User, CB,
            In + "'" + Name + "' matches " +
                (R == MpiRole::Source ? "MPI_ANY_SOURCE" : "MPI_ANY_TAG") +
                "; its derivative must answer the rank and tag the "
                "message came with, name them explicitly");
    }
    if (const auto *Op =
            dyn_cast_or_null<ConstantInt>(MC->arg(*CB, MpiRole::Op));
        Op && Op->getSExtValue() != mpich::Sum &&
        Op->getSExtValue() != mpich::Max && Op->getSExtValue() != mpich::Min)
      Diag.error(User, CB,
                 In + "'" + Name +
                     "' reduces with an operation other than MPI_SUM, "
                     "MPI_MAX and MPI_MIN, which has no derivative in ADPass");
  }
}

} // namespace adpass
