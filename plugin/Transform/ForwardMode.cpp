//===- ForwardMode.cpp - Tangent functions --------------------------------===//
//
// Layout of the generated function:
//
//   ad.entry:   stack slots (custom derivatives' results), zeroed shadows of
//               globals
//   <primal blocks, cloned>   each active value followed by its tangent;
//                             each store through a shadowed pointer by the
//                             store of its tangent into the shadow
//
// Tangent phis are made first, so that loops need nothing else: the walk in
// reverse post-order finds every other operand's tangent made already.
//
//===----------------------------------------------------------------------===//
#include "Transform/ForwardMode.h"

#include "Analysis/ActivityAnalysis.h"
#include "Analysis/CacheAnalysis.h"
#include "Analysis/TypeAnalysis.h"
#include "Rules/ComplexRules.h"
#include "Rules/MemoryFunctions.h"
#include "Rules/RuleTable.h"
#include "Support/Diagnostics.h"
#include "Transform/ActiveConstructs.h"
#include "Transform/AdjointBuilder.h"
#include "Transform/CallTangents.h"
#include "Transform/HeapAdjoints.h"
#include "Transform/Library/BlasDerivatives.h"
#include "Transform/LibraryAdjoints.h"
#include "Transform/MemoryAdjoints.h"
#include "Transform/Parallel/MpiDerivatives.h"
#include "Transform/Parallel/OpenMpDerivatives.h"
#include "Transform/Parallel/OpenMpRegions.h"
#include "Transform/PrimalClone.h"
#include "Transform/ReverseMode.h"
#include "Transform/TangentMap.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

bool returnsTangent(const Function &Fn) {
  return isDifferentiableType(Fn.getReturnType());
}

FunctionType *tangentFunctionType(const Function &Fn,
                                  const DerivativeRequest &Req) {
  SmallVector<Type *, 8> Params;
  for (const Argument &A : Fn.args()) {
    Params.push_back(A.getType());
    if (hasShadowParam(Req.Args[A.getArgNo()]))
      Params.append(Req.Width, A.getType());
  }
  Type *RT = Fn.getReturnType();
  // (a float result's tangent, or a pointer result's shadow after it)
  if (returnsTangent(Fn) || Req.ReturnShadow)
    RT = StructType::get(
        Fn.getContext(),
        {RT, Req.Width == 1 ? RT : ArrayType::get(RT, Req.Width)});
  return FunctionType::get(RT, Params, false);
}

namespace {

class TangentGenerator {
public:
  TangentGenerator(Function &T, Function &P, const Function &User,
                   const DerivativeRequest &Req, const ActivityAnalysis &AA,
                   CacheAnalysis &CA, DerivativeCache &Cache,
                   DiagnosticSink &Diag, SmallVectorImpl<WeakVH> *PrimalCopies)
      : T(T), P(P), User(User), Req(Req), AA(AA), CA(CA), Cache(Cache),
        Diag(Diag), PrimalCopies(PrimalCopies), Tangents(AA) {}

  bool run();
  GradientStats stats() const;

private:
  void createFunction();
  void makePhis();
  void emit(Instruction &I);
  void emitStore(StoreInst &S);
  void emitMemIntrinsic(MemIntrinsic &MI);
  void emitReturn(ReturnInst &R);
  bool emitStructural(Instruction &I, Instruction &FI);
  void emitRule(Instruction &I, Instruction &FI, const DerivativeRule &R);
  Value *bitsTangent(const Value *V, IRBuilder<> &IRB);
  Value *fwd(const Value *PV) const;
  Value *shadow(const Value *PPtr) { return Adj->shadowInForward(PPtr); }
  void error(const Instruction *I, const Twine &Msg) {
    Diag.error(User, I, "in '" + User.getName() + "': " + Msg);
  }

  Function &T, &P;
  const Function &User;
  const DerivativeRequest &Req;
  const ActivityAnalysis &AA;
  CacheAnalysis &CA;
  DerivativeCache &Cache;
  DiagnosticSink &Diag;
  SmallVectorImpl<WeakVH> *PrimalCopies;
  TangentMap Tangents;

  ValueToValueMapTy VMap;
  BasicBlock *AllocaBB = nullptr;
  std::unique_ptr<LoopTapes> Tapes; ///< never used: AdjointBuilder wants one
  std::unique_ptr<AdjointBuilder> Adj;
  std::unique_ptr<TypeAnalysis> TA;
  std::unique_ptr<HeapAdjoints> Heap;
  std::unique_ptr<MemoryAdjoints> Mem;
  std::unique_ptr<LibraryAdjoints> Library;
  std::unique_ptr<BlasDerivatives> Blas;
  std::unique_ptr<MpiDerivatives> Mpi;
  std::unique_ptr<CallTangents> Calls;
  DenseMap<const Value *, Value *> BitsTangents;

  bool refuseInErrorEstimate(const CallBase &CB);
};

Value *TangentGenerator::fwd(const Value *PV) const {
  if (isa<Constant>(PV) || isa<MetadataAsValue>(PV) || isa<InlineAsm>(PV))
    return const_cast<Value *>(PV);
  return VMap.lookup(PV);
}

void TangentGenerator::createFunction() {
  SmallVector<Argument *, 8> Shadows = clonePrimalInto(T, P, Req, VMap);
  if (PrimalCopies) // before any derivative code exists
    for (Instruction &I : instructions(T))
      PrimalCopies->push_back(&I);
  BasicBlock *Entry = &T.getEntryBlock();
  AllocaBB = BasicBlock::Create(T.getContext(), "ad.entry", &T, Entry);
  Tapes = std::make_unique<LoopTapes>(
      T, AllocaBB, CA.loopInfo(), VMap, LoopPlans(),
      ConstantPointerNull::get(PointerType::get(T.getContext(), 0)));
  Adj = std::make_unique<AdjointBuilder>(T, AllocaBB, AA, CA, *Tapes, VMap);
  for (Argument &A : P.args())
    if (Argument *S = Shadows[A.getArgNo()]) {
      if (A.getType()->isPointerTy())
        Adj->setArgumentShadow(&A, S);
      else
        Tangents.set(&A, S);
    }
  TA = std::make_unique<TypeAnalysis>(P, AA.pointsTo());
  Heap = std::make_unique<HeapAdjoints>(P, User, AA, *TA, *Adj, VMap,
                                        CA.loopInfo(), AllocaBB, Diag);
  Adj->setAllocationShadower(
      [this](const CallBase &CB) { return Heap->allocationShadow(CB); });
  Heap->setFreeAtOnce();
  if (Req.OwnedHeap)
    Heap->setOwnedArguments();
  Heap->prepareForward();
  Mem = std::make_unique<MemoryAdjoints>(P, User, AA, *TA, *Adj, VMap, Diag);
  Library = std::make_unique<LibraryAdjoints>(P, User, AA, *Adj, VMap, Diag);
  Library->prepareForward();
  Library->emitTangents();
  Blas = std::make_unique<BlasDerivatives>(AA, CA, *Adj, VMap);
  Mpi = std::make_unique<MpiDerivatives>(AA, *Adj, VMap);
  Calls = std::make_unique<CallTangents>(User, AA, *Adj, VMap, Tangents, Cache,
                                         Diag);
  Calls->setErrorEstimate(Req.ErrorEstimate);
  Calls->setArgumentsOwned(Req.OwnedHeap);
}

GradientStats TangentGenerator::stats() const {
  return primalStats(P, AA, VMap);
}

bool TangentGenerator::run() {
  if (!checkActiveConstructs(P, User, AA, Req, Diag))
    return false;
  createFunction();
  makePhis();
  ReversePostOrderTraversal<Function *> RPOT(&P);
  for (BasicBlock *B : RPOT)
    for (Instruction &I : *B)
      emit(I);
  // Incoming tangents, now that every block has its own.
  for (BasicBlock &B : P)
    for (PHINode &Phi : B.phis())
      if (auto *TP = dyn_cast_or_null<PHINode>(Tangents.get(&Phi)))
        for (unsigned K = 0; K != Phi.getNumIncomingValues(); ++K)
          TP->addIncoming(Tangents.get(Phi.getIncomingValue(K)),
                          cast<BasicBlock>(VMap[Phi.getIncomingBlock(K)]));
  Adj->finish(cast<BasicBlock>(VMap[&P.getEntryBlock()]));
  if (const Value *V = Tangents.missing(); V && !Diag.hasErrors())
    Diag.error(User, dyn_cast<Instruction>(V),
               "internal error: in '" + User.getName() +
                   "': a tangent was needed before it was made; please "
                   "report it with this input");
  if (Diag.hasErrors()) {
    T.deleteBody();
    return false;
  }
  return true;
}

void TangentGenerator::makePhis() {
  for (BasicBlock &B : P)
    for (PHINode &Phi : B.phis()) {
      if (!AA.isActive(&Phi))
        continue;
      auto *FPhi = cast<PHINode>(VMap[&Phi]);
      Tangents.set(&Phi,
                   PHINode::Create(FPhi->getType(), Phi.getNumIncomingValues(),
                                   Phi.getName() + ".tangent",
                                   FPhi->getParent()->getFirstNonPHIIt()));
    }
}

void TangentGenerator::emit(Instruction &I) {
  if (isa<PHINode>(I))
    return;
  if (auto *R = dyn_cast<ReturnInst>(&I))
    return emitReturn(*R);
  if (auto *S = dyn_cast<StoreInst>(&I))
    return emitStore(*S);
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    // An omp atomic update; anything else is refused by checkOpenMpCalls.
    if (RMW->isFloatingPointOperation() && AA.isVaried(RMW->getValOperand()) &&
        AA.hasShadow(RMW->getPointerOperand()))
      emitAtomicTangent(*RMW, *cast<Instruction>(VMap[RMW]),
                        shadow(RMW->getPointerOperand()),
                        Tangents.get(RMW->getValOperand()));
    return;
  }
  if (auto *MI = dyn_cast<MemIntrinsic>(&I))
    return emitMemIntrinsic(*MI);
  const DerivativeRule *Rule = lookupRule(I);
  if (auto *CB = dyn_cast<CallBase>(&I)) {
    if (isBookkeepingIntrinsic(*CB) || isHeapCall(*CB) || isSortCall(*CB) ||
        isPermutationCall(*CB))
      return; // nothing, or HeapAdjoints' and LibraryAdjoints' work
    if (!Rule && Req.ErrorEstimate && !refuseInErrorEstimate(*CB))
      return;
    if (!Rule && (Blas->emitTangent(*CB, Tangents) || Mpi->emitTangent(*CB) ||
                  Calls->emit(*CB)))
      return;
  }
  if (!AA.isActive(&I))
    return;
  auto *FI = cast<Instruction>(VMap[&I]);
  if (auto *L = dyn_cast<LoadInst>(&I)) {
    IRBuilder<> IRB(FI->getNextNode());
    Tangents.set(
        L, IRB.CreateAlignedLoad(L->getType(), shadow(L->getPointerOperand()),
                                 L->getAlign(), L->getName() + ".tangent"));
    return;
  }
  if (emitStructural(I, *FI))
    return;
  if (Rule)
    return emitRule(I, *FI, *Rule);
  if (auto *CB = dyn_cast<CallBase>(&I); CB && isComplexCall(*CB)) {
    IRBuilder<> IRB(FI->getNextNode());
    auto Primal = [&](unsigned J) { return fwd(CB->getArgOperand(J)); };
    auto Result = [&](unsigned) -> Value * { return FI; };
    auto Tangent = [&](unsigned J) -> Value * {
      const Value *A = CB->getArgOperand(J);
      return AA.isActive(A) ? Tangents.get(A) : nullptr;
    };
    Tangents.set(CB, complexTangent(*CB, IRB, Primal, Result, Tangent));
    return;
  }
  refuseInstruction(User, I, Diag);
}

/// |r - r'|, r' being r with the lowest bit of its representation flipped
/// (Enzyme's ulp of the error estimates), lane by lane.
static Value *unitInLastPlace(Value *R, IRBuilder<> &IRB) {
  Type *T = R->getType();
  const DataLayout &DL = IRB.GetInsertBlock()->getModule()->getDataLayout();
  Type *Bits = IRB.getIntNTy(DL.getTypeSizeInBits(T->getScalarType()));
  if (auto *VT = dyn_cast<VectorType>(T))
    Bits = VectorType::get(Bits, VT->getElementCount());
  Value *Neighbor = IRB.CreateBitCast(
      IRB.CreateXor(IRB.CreateBitCast(R, Bits), ConstantInt::get(Bits, 1)), T);
  return IRB.CreateUnaryIntrinsic(Intrinsic::fabs, IRB.CreateFSub(R, Neighbor));
}

/// The tangent of a result is the sum of its operands' contributions, each
/// seeded with the operand's tangent.
///
/// Error estimates (Enzyme's __enzyme_error_estimate, after Sanchez-Stern
/// et al., PLDI 2018) carry in place of tangents an estimate of each
/// value's error: through an operation with a rule, err(r) =
/// max(ulp(r), sum_i |dr/dx_i * err(x_i) * x_i / r|), each operand's
/// contribution seeded with err(x_i) x_i / r; conversions, moves, memory
/// and calls carry them as tangents.
void TangentGenerator::emitRule(Instruction &I, Instruction &FI,
                                const DerivativeRule &R) {
  IRBuilder<> IRB(FI.getNextNode());
  bool Error = Req.ErrorEstimate && !isa<CastInst>(I);
  unsigned NumOps =
      isa<CallBase>(I) ? cast<CallBase>(I).arg_size() : I.getNumOperands();
  Value *Sum = nullptr;
  for (unsigned K = 0; K != NumOps && K != R.Contribs.size(); ++K) {
    Value *Op = I.getOperand(K);
    if (!R.Contribs[K] || !AA.isActive(Op))
      continue;
    Value *Seed = Tangents.get(Op);
    if (Error)
      Seed = IRB.CreateFDiv(IRB.CreateFMul(Seed, fwd(Op)), &FI);
    RuleArgs Args(
        IRB, [&](unsigned J) { return fwd(I.getOperand(J)); },
        [&](unsigned) { return &FI; }, Seed);
    Value *C = Adj->convert(R.Contribs[K](Args).value(), I.getType(), IRB);
    if (Error)
      C = IRB.CreateUnaryIntrinsic(Intrinsic::fabs, C);
    Sum = Sum ? IRB.CreateFAdd(Sum, C) : C;
  }
  if (Error && Sum)
    Sum = IRB.CreateBinaryIntrinsic(Intrinsic::maxnum,
                                    unitInLastPlace(&FI, IRB), Sum);
  Tangents.set(&I, Sum ? Sum : Constant::getNullValue(I.getType()));
}

/// Calls whose derivatives carry tangents only (BLAS, MPI, OpenMP regions,
/// complex arithmetic in the library, registered forward derivatives): an
/// error estimate through them is refused. Returns whether \p CB may go on.
bool TangentGenerator::refuseInErrorEstimate(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  bool Active = AA.isActive(&CB) || any_of(CB.args(), [&](const Use &A) {
                  return AA.isActive(A) ||
                         (A->getType()->isPointerTy() && AA.hasShadow(A));
                });
  if (!Active || (F && !F->isDeclaration() && !hasCustomForward(*F) &&
                  !isParallelRegion(*F)))
    return true;
  if (F && F->isIntrinsic())
    return true;
  Diag.error(User, &CB,
             "in '" + User.getName() + "': __enzyme_error_estimate: the call " +
                 (F ? "to '" + F->getName() + "' " : Twine("")) +
                 "on an active path has a derivative but no error "
                 "propagation (library and registered derivatives, OpenMP "
                 "regions and MPI carry tangents only)");
  return false;
}

/// Lane and field moves, selects and casts between floating-point vectors:
/// the same instruction on the tangents (a select's rule would give a sum
/// of two).
bool TangentGenerator::emitStructural(Instruction &I, Instruction &FI) {
  if (!isa<ExtractValueInst>(I) && !isa<InsertValueInst>(I) &&
      !isa<SelectInst>(I) && !isa<ExtractElementInst>(I) &&
      !isa<InsertElementInst>(I) && !isa<ShuffleVectorInst>(I) &&
      // (a bitcast that keeps the element type: <1 x double> and double;
      // other layouts are refused)
      !(isa<BitCastInst>(I) && I.getType()->isFPOrFPVectorTy() &&
        I.getOperand(0)->getType()->isFPOrFPVectorTy() &&
        I.getType()->getScalarType() ==
            I.getOperand(0)->getType()->getScalarType()))
    return false;
  Instruction *TI = FI.clone();
  TI->setName(I.getName() + ".tangent");
  for (unsigned K = 0; K != I.getNumOperands(); ++K)
    if (isDifferentiableType(I.getOperand(K)->getType()))
      TI->setOperand(K, Tangents.get(I.getOperand(K)));
  TI->insertAfter(&FI);
  Tangents.set(&I, TI);
  return true;
}

/// The tangent of an integer that holds the bits of differentiated data (a
/// copy through integer loads and stores): the same bits of the shadow.
Value *TangentGenerator::bitsTangent(const Value *V, IRBuilder<> &IRB) {
  if (Value *Made = BitsTangents.lookup(V))
    return Made;
  Value *R = nullptr;
  if (const auto *L = dyn_cast<LoadInst>(V);
      L && AA.hasShadow(L->getPointerOperand())) {
    auto *FL = cast<Instruction>(VMap[L]);
    IRBuilder<> LB(FL->getNextNode());
    R = LB.CreateAlignedLoad(L->getType(), shadow(L->getPointerOperand()),
                             L->getAlign(), L->getName() + ".bits.tangent");
  } else if (const auto *BC = dyn_cast<BitCastInst>(V);
             BC && isDifferentiableType(BC->getOperand(0)->getType())) {
    R = IRB.CreateBitCast(Tangents.get(BC->getOperand(0)), V->getType());
  } else if (const auto *PI = dyn_cast<PtrToIntInst>(V);
             PI && AA.hasShadow(PI->getOperand(0))) {
    R = IRB.CreatePtrToInt(shadow(PI->getOperand(0)), V->getType());
  } else {
    return Constant::getNullValue(V->getType());
  }
  BitsTangents[V] = R;
  return R;
}

void TangentGenerator::emitStore(StoreInst &S) {
  const Value *Ptr = S.getPointerOperand(), *V = S.getValueOperand();
  if (!AA.hasShadow(Ptr))
    return; // checkActiveConstructs refused what matters
  Type *Ty = V->getType();
  if (Ty->isPointerTy())
    return Mem->storeShadowPointer(S);
  auto *FS = cast<StoreInst>(VMap[&S]);
  IRBuilder<> IRB(FS->getNextNode());
  Value *TV = nullptr;
  if (isDifferentiableType(Ty)) {
    TV = Tangents.get(V);
  } else if (Ty->isIntOrIntVectorTy()) {
    TV = bitsTangent(V, IRB);
  } else {
    TV = Constant::getNullValue(Ty);
  }
  IRB.CreateAlignedStore(TV, shadow(Ptr), S.getAlign(), S.isVolatile());
}

void TangentGenerator::emitMemIntrinsic(MemIntrinsic &MI) {
  const Value *Dst = MI.getDest();
  auto *FMI = cast<MemIntrinsic>(VMap[&MI]);
  IRBuilder<> IRB(FMI->getNextNode());
  auto *MT = dyn_cast<MemTransferInst>(&MI);
  bool SrcShadow = MT && AA.hasShadow(MT->getSource());
  if (!AA.hasShadow(Dst)) {
    if (SrcShadow &&
        TA->objectType(MT->getSource()).Kind != MemoryType::Integer)
      error(&MI, "differentiated data is copied into memory without shadow; "
                 "pass the destination as ad_dup");
    return;
  }
  if (SrcShadow) {
    // Tangents and pointer shadows move as the bytes do.
    auto *TMI = cast<MemTransferInst>(FMI->clone());
    TMI->setDest(shadow(Dst));
    TMI->setSource(shadow(MT->getSource()));
    IRB.Insert(TMI);
    return;
  }
  if (MT && (TA->objectType(MT->getSource()).Kind == MemoryType::Pointer ||
             TA->objectType(Dst).Kind == MemoryType::Pointer)) {
    error(&MI, "pointers without shadow are copied into differentiated "
               "memory; pass what they point to as ad_dup");
    return;
  }
  // Constants (or a memset) overwrite the destination: zero tangents.
  IRB.CreateMemSet(shadow(Dst), IRB.getInt8(0), FMI->getLength(),
                   FMI->getDestAlign());
}

void TangentGenerator::emitReturn(ReturnInst &R) {
  auto *FR = cast<ReturnInst>(VMap[&R]);
  IRBuilder<> IRB(FR);
  Heap->finish(IRB);
  Value *V = R.getReturnValue();
  if (V && Req.ReturnShadow) {
    if (!AA.hasShadow(V) && !isNullLikePointer(V))
      Diag.error(User, &R,
                 "in '" + User.getName() +
                     "': the pointer returned here has no shadow, but the "
                     "caller uses it as pointing into differentiated "
                     "memory; return it through a pointer argument");
    Value *Pair = PoisonValue::get(T.getReturnType());
    Pair = IRB.CreateInsertValue(Pair, FR->getReturnValue(), 0);
    Value *S = AA.hasShadow(V) ? Adj->shadowInForward(V)
                               : ConstantPointerNull::get(IRB.getPtrTy());
    FR->setOperand(0, IRB.CreateInsertValue(Pair, S, 1));
    return;
  }
  if (!V || !returnsTangent(P))
    return;
  Value *Pair = PoisonValue::get(T.getReturnType());
  Pair = IRB.CreateInsertValue(Pair, FR->getReturnValue(), 0);
  // + 0.0 turns the -0.0 an untouched tangent may be into 0.0 (for the
  // user; a caller's tangent sums do not care).
  Value *D = Tangents.get(V);
  if (!Req.Nested && V->getType()->isFPOrFPVectorTy())
    D = IRB.CreateFAdd(D, ConstantFP::get(V->getType(), 0.0));
  Pair = IRB.CreateInsertValue(Pair, D, 1);
  FR->setOperand(0, Pair);
}

} // namespace

bool generateTangent(Function &T, Function &Primal, const Function &UserFn,
                     const DerivativeRequest &Req, const ActivityAnalysis &AA,
                     CacheAnalysis &CA, DerivativeCache &Cache,
                     DiagnosticSink &Diag, GradientStats &Stats,
                     SmallVectorImpl<WeakVH> *PrimalCopies) {
  TangentGenerator Gen(T, Primal, UserFn, Req, AA, CA, Cache, Diag,
                       PrimalCopies);
  bool Done = Gen.run();
  Stats = Gen.stats();
  return Done;
}

} // namespace adpass
