//===- OpenMpRegions.cpp - Parallel regions and their derivatives ---------===//
#include "Transform/Parallel/OpenMpRegions.h"

#include "Rules/OpenMpRoutines.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"
#include "Transform/DerivativeCache.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace adpass {

static constexpr const char *RegionAttr = "ad-omp-region";
static constexpr const char *PrivateAttr = "ad-omp-private";

bool isPrivateShared(const Argument &A) {
  return A.getParent()->getAttributes().hasParamAttr(A.getArgNo(), PrivateAttr);
}

bool isParallelRegion(const Function &F) {
  return F.hasFnAttribute(RegionAttr);
}

/// The fork in region \p W's body.
static CallInst *forkOf(const Function &W) {
  for (const Instruction &I : instructions(W))
    if (const auto *CI = dyn_cast<CallInst>(&I); CI && forkedMicrotask(*CI))
      return const_cast<CallInst *>(CI);
  return nullptr;
}

static FunctionCallee forkFunction(Module &M) {
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0);
  return M.getOrInsertFunction(
      "__kmpc_fork_call",
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Type::getInt32Ty(Ctx), Ptr},
                        true));
}

bool onlyReadThrough(const Argument &A) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 8> Seen{&A};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *Us = U.getUser();
      if (const auto *L = dyn_cast<LoadInst>(Us)) {
        if (L->isVolatile())
          return false;
        continue;
      }
      if (isa<GetElementPtrInst>(Us)) {
        if (Seen.insert(Us).second)
          Work.push_back(Us);
        continue;
      }
      const auto *S = dyn_cast<StoreInst>(Us);
      const auto *Slot =
          S ? dyn_cast<AllocaInst>(S->getPointerOperand()) : nullptr;
      if (!Slot || U.getOperandNo() != 0)
        return false;
      for (const User *SU : Slot->users()) {
        if (SU == S)
          continue;
        if (const auto *II = dyn_cast<IntrinsicInst>(SU);
            II && II->isLifetimeStartOrEnd())
          continue;
        if (!isa<LoadInst>(SU))
          return false;
        if (Seen.insert(SU).second)
          Work.push_back(SU);
      }
    }
  }
  return true;
}

/// The region function forking \p Micro at \p Loc with arguments of
/// \p Params; one per fork site shape, shared by the clones.
static Function *regionFor(Module &M, Constant *Loc, Function *Micro,
                           ArrayRef<Type *> Params) {
  for (Function &F : M)
    if (isParallelRegion(F) && F.getFunctionType()->params() == Params)
      if (CallInst *Fork = forkOf(F); Fork && Fork->getArgOperand(0) == Loc &&
                                      forkedMicrotask(*Fork) == Micro)
        return &F;
  LLVMContext &Ctx = M.getContext();
  Function *W = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), Params, false),
      GlobalValue::InternalLinkage, "__ad_omp_region." + Micro->getName(), M);
  W->addFnAttr(Attribute::NoInline);
  W->addFnAttr(Attribute::NoUnwind);
  W->addFnAttr(RegionAttr);
  // What the region does to the variables it shares, for the analyses of
  // its callers.
  for (Argument &A : W->args())
    if (A.getType()->isPointerTy() && Micro->arg_size() == 2 + W->arg_size() &&
        onlyReadThrough(*Micro->getArg(2 + A.getArgNo()))) {
      A.addAttr(Attribute::ReadOnly);
      A.addAttr(Attribute::NoCapture);
    }
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", W));
  SmallVector<Value *, 8> Args{Loc, B.getInt32(Params.size()), Micro};
  for (Argument &A : W->args())
    Args.push_back(&A);
  B.CreateCall(forkFunction(M), Args);
  B.CreateRetVoid();
  return W;
}

/// Whether \p V, passed to \p Fork, is a local of the forking function
/// that nothing else points to: loaded and stored directly, forked.
static bool isPrivateLocal(const Value *V, const CallBase &Fork) {
  if (!isa<AllocaInst>(V))
    return false;
  return all_of(V->uses(), [&](const Use &U) {
    const User *Us = U.getUser();
    if (const auto *S = dyn_cast<StoreInst>(Us))
      return U.getOperandNo() == S->getPointerOperandIndex();
    if (const auto *II = dyn_cast<IntrinsicInst>(Us))
      return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
    return isa<LoadInst>(Us) || Us == &Fork;
  });
}

/// Marks the microtask parameters that every fork passes a private local
/// of its function: no other shared variable can point into them (the
/// analyses of the microtask's derivative use it; the optimizer ignores
/// the attribute).
static void markPrivateShared(Function &Micro) {
  for (unsigned K = 2; K < Micro.arg_size(); ++K) {
    bool Private = true, Forked = false;
    for (const User *U : Micro.users()) {
      const auto *CB = dyn_cast<CallBase>(U);
      if (!CB || forkedMicrotask(*CB) != &Micro || CB->arg_size() <= K + 1) {
        Private = false;
        break;
      }
      if (isParallelRegion(*CB->getFunction()))
        continue; // made from a fork checked here before
      Forked = true;
      Private &= isPrivateLocal(CB->getArgOperand(K + 1), *CB);
    }
    if (Private && Forked)
      Micro.addParamAttr(K, Attribute::get(Micro.getContext(), PrivateAttr));
  }
}

/// A copy of microtask \p Micro that takes the address of each parameter
/// in \p ByAddress (parameter -> the floating-point type it holds)
/// instead of its value, and reads it at its start: a firstprivate
/// floating-point value, which clang passes as the bits of an integer (the
/// runtime passes microtask arguments in integer registers), where no
/// derivative can follow it. Through memory it is a shared variable only
/// read, whose adjoint the derivative adds atomically.
static Function *
byAddressMicrotask(Function &Micro,
                   ArrayRef<std::pair<unsigned, Type *>> ByAddress) {
  Module &M = *Micro.getParent();
  std::string Name = (Micro.getName() + ".ad.byaddr").str();
  for (auto &[K, T] : ByAddress)
    Name += "." + std::to_string(K);
  if (Function *F = M.getFunction(Name))
    return F;
  LLVMContext &Ctx = M.getContext();
  SmallVector<Type *, 8> Params(Micro.getFunctionType()->params());
  for (auto &[K, T] : ByAddress)
    Params[K] = PointerType::get(Ctx, 0);
  Function *N =
      Function::Create(FunctionType::get(Micro.getReturnType(), Params, false),
                       GlobalValue::InternalLinkage, Name, M);
  ValueToValueMapTy VMap;
  SmallVector<std::pair<Instruction *, Type *>, 2> Reads;
  for (Argument &A : Micro.args()) {
    Argument *NA = N->getArg(A.getArgNo());
    NA->setName(A.getName());
    VMap[&A] = NA;
    for (auto &[K, T] : ByAddress)
      if (K == A.getArgNo()) {
        // The integer the parameter was, placed in the copy once made.
        auto *Bits = CastInst::CreateZExtOrBitCast(
            PoisonValue::get(IntegerType::get(
                Ctx, T->getPrimitiveSizeInBits().getFixedValue())),
            A.getType(), A.getName() + ".bits");
        VMap[&A] = Bits;
        Reads.push_back({Bits, T});
      }
  }
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(N, &Micro, VMap, CloneFunctionChangeType::LocalChangesOnly,
                    Returns);
  BasicBlock &Entry = N->getEntryBlock();
  for (auto &[K, T] : ByAddress) {
    N->removeParamAttrs(K, AttributeFuncs::typeIncompatible(Params[K]));
    N->addParamAttr(K, Attribute::NoCapture);
    N->addParamAttr(K, Attribute::ReadOnly);
  }
  for (unsigned R = 0; R != Reads.size(); ++R) {
    auto [Bits, T] = Reads[R];
    IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
    Argument *Slot = N->getArg(ByAddress[R].first);
    Value *V = B.CreateLoad(T, Slot, Slot->getName() + ".value");
    Value *Int = B.CreateBitCast(V, B.getIntNTy(T->getPrimitiveSizeInBits()));
    Bits->setOperand(0, Int);
    B.Insert(Bits);
    // The microtask's own unpacking (trunc, bitcast) folds back to the value.
    SmallVector<Instruction *, 4> Work{Bits};
    while (!Work.empty()) {
      Instruction *I = Work.pop_back_val();
      for (User *U : make_early_inc_range(I->users()))
        if (auto *UI = dyn_cast<Instruction>(U))
          if (Value *S = simplifyInstruction(UI, M.getDataLayout())) {
            UI->replaceAllUsesWith(S);
            if (auto *SI = dyn_cast<Instruction>(S))
              Work.push_back(SI);
            UI->eraseFromParent();
          }
    }
  }
  return N;
}

/// The floating-point value of type \p T whose bits \p Bits holds, at
/// \p B: the value itself when Bits was made from it.
static Value *floatOfBits(Value *Bits, Type *T, IRBuilder<> &B) {
  Value *Narrow = Bits;
  if (auto *Z = dyn_cast<ZExtInst>(Bits))
    Narrow = Z->getOperand(0);
  if (auto *BC = dyn_cast<BitCastInst>(Narrow);
      BC && BC->getOperand(0)->getType() == T)
    return BC->getOperand(0);
  unsigned Size = T->getPrimitiveSizeInBits();
  return B.CreateBitCast(B.CreateZExtOrTrunc(Bits, B.getIntNTy(Size)), T);
}

/// Passes the firstprivate floating-point values of \p Fork (integer bits
/// the microtask reads as a float) by address, to a copy of its microtask.
static void firstprivateByAddress(CallInst &Fork) {
  auto *Micro = const_cast<Function *>(forkedMicrotask(Fork));
  SmallVector<std::pair<unsigned, Type *>, 2> ByAddress;
  for (unsigned K = 2; K < Micro->arg_size(); ++K)
    if (Micro->getArg(K)->getType()->isIntegerTy())
      if (Type *T = paramBitsReadAsFloat(*Micro, K);
          T && T->isFloatingPointTy() &&
          T->getPrimitiveSizeInBits() <=
              Micro->getArg(K)->getType()->getPrimitiveSizeInBits())
        ByAddress.push_back({K, T});
  if (ByAddress.empty() || Fork.arg_size() != Micro->arg_size() + 1)
    return;
  Function *N = byAddressMicrotask(*Micro, ByAddress);
  Function &C = *Fork.getFunction();
  IRBuilder<> B(&Fork);
  for (auto &[K, T] : ByAddress) {
    Value *Bits = Fork.getArgOperand(K + 1);
    AllocaInst *Slot = new AllocaInst(T, 0, Bits->getName() + ".firstprivate",
                                      C.getEntryBlock().getFirstInsertionPt());
    B.CreateStore(floatOfBits(Bits, T, B), Slot);
    Fork.setArgOperand(K + 1, Slot);
  }
  Fork.setArgOperand(2, N);
}

void wrapParallelRegions(Function &C) {
  SmallVector<CallInst *, 4> Forks;
  for (Instruction &I : instructions(C))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (const Function *Micro = forkedMicrotask(*CI);
          Micro && !Micro->isDeclaration() &&
          isa<Constant>(CI->getArgOperand(0)) &&
          isa<ConstantInt>(CI->getArgOperand(1)))
        Forks.push_back(CI);
  for (CallInst *CI : Forks) {
    firstprivateByAddress(*CI);
    markPrivateShared(*const_cast<Function *>(forkedMicrotask(*CI)));
    SmallVector<Type *, 8> Params;
    SmallVector<Value *, 8> Shared;
    for (unsigned K = 3; K != CI->arg_size(); ++K) {
      Shared.push_back(CI->getArgOperand(K));
      Params.push_back(Shared.back()->getType());
    }
    Function *W =
        regionFor(*C.getParent(), cast<Constant>(CI->getArgOperand(0)),
                  const_cast<Function *>(forkedMicrotask(*CI)), Params);
    CallInst *New = CallInst::Create(W, Shared, "", CI->getIterator());
    New->setDebugLoc(CI->getDebugLoc());
    CI->eraseFromParent();
  }
}

void lockReductions(Function &C) {
  SmallVector<std::pair<CallInst *, const OmpRoutine *>, 4> Calls;
  for (Instruction &I : instructions(C))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (const OmpRoutine *R = lookupOpenMp(*CI);
          R && (R->Kind == OmpKind::Reduce || R->Kind == OmpKind::EndReduce))
        Calls.push_back({CI, R});
  if (Calls.empty())
    return;
  Module &M = *C.getParent();
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::get(Ctx, 0), *I32 = Type::getInt32Ty(Ctx);
  Type *Void = Type::getVoidTy(Ctx);
  FunctionCallee Enter =
      M.getOrInsertFunction("__kmpc_critical", Void, Ptr, I32, Ptr);
  FunctionCallee Leave =
      M.getOrInsertFunction("__kmpc_end_critical", Void, Ptr, I32, Ptr);
  FunctionCallee Barrier =
      M.getOrInsertFunction("__kmpc_barrier", Void, Ptr, I32);
  for (auto [CI, R] : Calls) {
    IRBuilder<> B(CI);
    Value *Loc = CI->getArgOperand(0), *Gtid = CI->getArgOperand(1);
    // (loc, gtid, nvars, size, list, combiner, lock): every thread combines
    // its copy itself, the case the runtime numbers 1.
    if (R->Kind == OmpKind::Reduce && CI->arg_size() == 7) {
      B.CreateCall(Enter, {Loc, Gtid, CI->getArgOperand(6)})
          ->setDebugLoc(CI->getDebugLoc());
      CI->replaceAllUsesWith(B.getInt32(1));
      CI->eraseFromParent();
    } else if (R->Kind == OmpKind::EndReduce && CI->arg_size() == 3) {
      B.CreateCall(Leave, {Loc, Gtid, CI->getArgOperand(2)})
          ->setDebugLoc(CI->getDebugLoc());
      if (R->Blocking)
        B.CreateCall(Barrier, {Loc, Gtid})->setDebugLoc(CI->getDebugLoc());
      CI->eraseFromParent();
    }
  }
}

namespace {

/// Builds the derivatives of one region function.
class RegionBuilder {
public:
  RegionBuilder(const DerivativeRequest &Req, DerivativeCache &Cache,
                DiagnosticSink &Diag)
      : Req(Req), Cache(Cache), Diag(Diag), W(*Req.Fn), M(*W.getParent()),
        Ctx(M.getContext()), Ptr(PointerType::get(Ctx, 0)),
        I32(Type::getInt32Ty(Ctx)), Void(Type::getVoidTy(Ctx)) {}

  bool init();
  bool buildTangent(Function &G);
  bool buildSplit(SplitPair Pair);
  bool buildCombined(Function &G);

private:
  DerivativeRequest microRequest(DiffMode Mode) const;
  Function *newTask(StringRef Prefix, ArrayRef<Type *> Shared);
  CallInst *fork(IRBuilder<> &B, Function *Task, ArrayRef<Value *> Shared);
  FunctionCallee runtime(StringRef Name, Type *Ret, ArrayRef<Type *> Params) {
    return M.getOrInsertFunction(Name, FunctionType::get(Ret, Params, false));
  }
  /// omp_get_thread_num() and omp_get_num_threads() in \p B's task.
  std::pair<Value *, Value *> thisThread(IRBuilder<> &B);

  const DerivativeRequest &Req;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  Function &W;
  Module &M;
  LLVMContext &Ctx;
  Type *Ptr, *I32, *Void;
  Function *Micro = nullptr;
  Constant *Loc = nullptr;
};

bool RegionBuilder::init() {
  CallInst *Fork = forkOf(W);
  Micro = Fork ? const_cast<Function *>(forkedMicrotask(*Fork)) : nullptr;
  if (!Micro) {
    Diag.error(W, nullptr, "internal error: parallel region without a fork");
    return false;
  }
  Loc = cast<Constant>(Fork->getArgOperand(0));
  for (ArgActivity A : Req.Args)
    if (A == ArgActivity::Out) {
      // clang shares variables by address: not reached from C or C++.
      Diag.error(*Micro, nullptr,
                 "in '" + Micro->getName() +
                     "': a parallel region receives a floating-point value "
                     "by value, which ADPass does not differentiate");
      return false;
    }
  return true;
}

DerivativeRequest RegionBuilder::microRequest(DiffMode Mode) const {
  DerivativeRequest R;
  R.Fn = Micro;
  // The thread ids, then the shared variables.
  R.Args = {ArgActivity::Const, ArgActivity::Const};
  R.Args.append(Req.Args.begin(), Req.Args.end());
  R.Nested = true;
  R.Parallel = true;
  R.Mode = Mode;
  return R;
}

Function *RegionBuilder::newTask(StringRef Prefix, ArrayRef<Type *> Shared) {
  SmallVector<Type *, 8> Params{Ptr, Ptr};
  Params.append(Shared.begin(), Shared.end());
  Function *T = Function::Create(FunctionType::get(Void, Params, false),
                                 GlobalValue::InternalLinkage,
                                 Prefix + Micro->getName(), M);
  T->addFnAttr(Attribute::NoUnwind);
  return T;
}

CallInst *RegionBuilder::fork(IRBuilder<> &B, Function *Task,
                              ArrayRef<Value *> Shared) {
  SmallVector<Value *, 8> Args{Loc, B.getInt32(Shared.size()), Task};
  Args.append(Shared.begin(), Shared.end());
  return B.CreateCall(forkFunction(M), Args);
}

std::pair<Value *, Value *> RegionBuilder::thisThread(IRBuilder<> &B) {
  return {B.CreateCall(runtime("omp_get_thread_num", I32, {}), {}, "tid"),
          B.CreateCall(runtime("omp_get_num_threads", I32, {}), {}, "nth")};
}

bool RegionBuilder::buildTangent(Function &G) {
  // The microtask's tangent is itself a microtask: (gtid, btid, shared
  // variables each followed by its shadow).
  Function *T = Cache.get(microRequest(DiffMode::Forward), Diag);
  if (!T)
    return false;
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &G));
  SmallVector<Value *, 8> Shared;
  for (Argument &A : G.args())
    Shared.push_back(&A);
  fork(B, T, Shared);
  B.CreateRetVoid();
  return true;
}

bool RegionBuilder::buildSplit(SplitPair Pair) {
  SplitPair Task = Cache.getSplit(microRequest(DiffMode::Split), Diag);
  if (!Task.Aug)
    return false;
  // Augmented: every thread runs the microtask's augmented forward and
  // files its tape under its thread number.
  SmallVector<Type *, 8> Shared(Pair.Aug->getFunctionType()->params());
  Shared.push_back(Ptr);
  Function *AugTask = newTask("__ad_omp_aug.", Shared);
  {
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", AugTask));
    SmallVector<Value *, 8> Args;
    for (Argument &A : AugTask->args())
      Args.push_back(&A);
    Value *Tapes = Args.pop_back_val();
    Value *Tape = B.CreateCall(Task.Aug, Args, "tape");
    auto [Tid, Threads] = thisThread(B);
    B.CreateCall(runtime("__ad_omp_tapes_keep", Void, {Ptr, I32, I32, Ptr}),
                 {Tapes, Tid, Threads, Tape});
    B.CreateRetVoid();
  }
  {
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Pair.Aug));
    Value *Tapes =
        B.CreateCall(runtime("__ad_omp_tapes_new", Ptr, {}), {}, "tapes");
    SmallVector<Value *, 8> Args;
    for (Argument &A : Pair.Aug->args())
      Args.push_back(&A);
    Args.push_back(Tapes);
    fork(B, AugTask, Args);
    B.CreateRet(Tapes);
  }
  // Reverse: as many threads, each reversing what its thread did.
  Function *RevTask = newTask("__ad_omp_rev.", {Ptr});
  {
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", RevTask));
    auto [Tid, Threads] = thisThread(B);
    Value *Tape =
        B.CreateCall(runtime("__ad_omp_tapes_take", Ptr, {Ptr, I32, I32}),
                     {RevTask->getArg(2), Tid, Threads}, "tape");
    B.CreateCall(Task.Rev, {Tape});
    B.CreateRetVoid();
  }
  {
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Pair.Rev));
    Value *Tapes = Pair.Rev->getArg(0);
    Value *Threads = B.CreateCall(runtime("__ad_omp_tapes_threads", I32, {Ptr}),
                                  {Tapes}, "nth");
    Value *Gtid = B.CreateCall(runtime("__kmpc_global_thread_num", I32, {Ptr}),
                               {Loc}, "gtid");
    B.CreateCall(runtime("__kmpc_push_num_threads", Void, {Ptr, I32, I32}),
                 {Loc, Gtid, Threads});
    fork(B, RevTask, {Tapes});
    B.CreateCall(runtime("__ad_omp_tapes_free", Void, {Ptr}), {Tapes});
    B.CreateRetVoid();
  }
  return true;
}

bool RegionBuilder::buildCombined(Function &G) {
  DerivativeRequest SplitReq = Req;
  SplitReq.Mode = DiffMode::Split;
  SplitReq.Workspace = false;
  SplitPair Pair = Cache.getSplit(SplitReq, Diag);
  if (!Pair.Aug)
    return false;
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &G));
  SmallVector<Value *, 8> Args;
  for (unsigned K = 0; K != Pair.Aug->arg_size(); ++K)
    Args.push_back(G.getArg(K));
  B.CreateCall(Pair.Rev, {B.CreateCall(Pair.Aug, Args)});
  B.CreateRetVoid();
  return true;
}

} // namespace

bool generateRegionDerivative(Function &G, const DerivativeRequest &Req,
                              DerivativeCache &Cache, DiagnosticSink &Diag) {
  RegionBuilder RB(Req, Cache, Diag);
  if (!RB.init())
    return false;
  return Req.Mode == DiffMode::Forward ? RB.buildTangent(G)
                                       : RB.buildCombined(G);
}

bool generateRegionSplit(SplitPair Pair, const DerivativeRequest &Req,
                         DerivativeCache &Cache, DiagnosticSink &Diag) {
  RegionBuilder RB(Req, Cache, Diag);
  return RB.init() && RB.buildSplit(Pair);
}

} // namespace adpass
