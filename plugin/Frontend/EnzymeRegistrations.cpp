//===- EnzymeRegistrations.cpp - Enzyme's registration globals ------------===//
//
// Enzyme's custom derivatives see every argument of the function they
// differentiate followed, unless it is floating point, by its shadow (an
// integer by itself again); floating-point arguments' adjoints are returned,
// in order, by the reverse. ADPass's (ad.h) pass primals first, then shadows,
// adjoints through pointers, the result through a pointer. The adapters
// below translate, so that the rest of ADPass sees only its own convention.
//
//===----------------------------------------------------------------------===//
#include "Frontend/EnzymeRegistrations.h"

#include "Rules/RuleTable.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace adpass {
namespace {

constexpr const char *AdoptedMD = "ad.enzyme.adopted";

std::string typeText(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS);
  return S;
}

/// The constants a registration global lists (an array or struct of them,
/// or a single pointer), each stripped of casts.
SmallVector<Constant *, 3> entries(GlobalVariable &GV) {
  SmallVector<Constant *, 3> Out;
  if (!GV.hasInitializer())
    return Out;
  Constant *Init = GV.getInitializer();
  if (auto *CA = dyn_cast<ConstantAggregate>(Init))
    for (const Use &U : CA->operands())
      Out.push_back(cast<Constant>(U.get()->stripPointerCasts()));
  else
    Out.push_back(Init->stripPointerCasts());
  return Out;
}

/// The C string a registration entry points to ("log1p"), or "".
StringRef stringEntry(Constant *C) {
  auto *GV = dyn_cast<GlobalVariable>(C);
  if (!GV || !GV->hasInitializer())
    return "";
  auto *Data = dyn_cast<ConstantDataArray>(GV->getInitializer());
  return Data && Data->isCString() ? Data->getAsCString() : "";
}

/// A call to one of the user's Enzyme-convention functions. A result the
/// C ABI returns through memory (sret) is loaded back into a value.
struct EnzymeCall {
  Function &Callee;
  bool SRet;

  explicit EnzymeCall(Function &F)
      : Callee(F),
        SRet(F.arg_size() > 0 && F.hasParamAttribute(0, Attribute::StructRet)) {
  }
  unsigned numArgs() const { return Callee.arg_size() - (SRet ? 1 : 0); }
  Type *argType(unsigned K) const {
    return Callee.getArg(K + (SRet ? 1 : 0))->getType();
  }
  Type *resultType() const {
    return SRet ? Callee.getParamStructRetType(0) : Callee.getReturnType();
  }
  /// Whether \p Args fit the callee's parameters (after fitting).
  bool accepts(ArrayRef<Value *> Args) const {
    if (Args.size() != numArgs() || Callee.isVarArg())
      return false;
    for (unsigned K = 0; K != Args.size(); ++K)
      if (!fits(Args[K]->getType(), argType(K)))
        return false;
    return true;
  }
  static bool fits(Type *From, Type *To) {
    return From == To || (From->isIntegerTy() && To->isIntegerTy()) ||
           (From->isFloatingPointTy() && To->isFloatingPointTy());
  }
  Value *emit(IRBuilder<> &IRB, ArrayRef<Value *> Args) const {
    SmallVector<Value *, 8> Fitted;
    AllocaInst *Slot = nullptr;
    if (SRet) {
      Slot = IRB.CreateAlloca(resultType());
      Fitted.push_back(Slot);
    }
    for (unsigned K = 0; K != Args.size(); ++K) {
      Type *To = argType(K);
      Value *V = Args[K];
      if (V->getType()->isIntegerTy() && To != V->getType())
        V = IRB.CreateSExtOrTrunc(V, To);
      else if (V->getType()->isFloatingPointTy() && To != V->getType())
        V = IRB.CreateFPCast(V, To);
      Fitted.push_back(V);
    }
    CallInst *Call = createCallWithABI(IRB, &Callee, Fitted);
    if (Slot)
      return IRB.CreateLoad(resultType(), Slot);
    return Callee.getReturnType()->isVoidTy() ? nullptr : Call;
  }
};

/// The floating-point scalars of \p V (a scalar, or a struct, array or
/// vector of them), in order; false if it holds anything else.
bool flattenScalars(IRBuilder<> &IRB, Value *V, SmallVectorImpl<Value *> &Out) {
  Type *T = V->getType();
  if (T->isFloatingPointTy()) {
    Out.push_back(V);
    return true;
  }
  if (auto *VT = dyn_cast<FixedVectorType>(T)) {
    if (!VT->getElementType()->isFloatingPointTy())
      return false;
    for (unsigned K = 0; K != VT->getNumElements(); ++K)
      Out.push_back(IRB.CreateExtractElement(V, K));
    return true;
  }
  unsigned N = 0;
  if (auto *ST = dyn_cast<StructType>(T))
    N = ST->getNumElements();
  else if (auto *AT = dyn_cast<ArrayType>(T))
    N = AT->getNumElements();
  else
    return false;
  for (unsigned K = 0; K != N; ++K)
    if (!flattenScalars(IRB, IRB.CreateExtractValue(V, K), Out))
      return false;
  return true;
}

/// The two members of a pair result (a two-element struct, or a vector of
/// two: the C ABI's form of a struct of two floats), or {} if not a pair.
std::pair<Value *, Value *> pairOf(IRBuilder<> &IRB, Value *V) {
  Type *T = V->getType();
  if (auto *ST = dyn_cast<StructType>(T); ST && ST->getNumElements() == 2)
    return {IRB.CreateExtractValue(V, 0), IRB.CreateExtractValue(V, 1)};
  if (auto *VT = dyn_cast<FixedVectorType>(T); VT && VT->getNumElements() == 2)
    return {IRB.CreateExtractElement(V, uint64_t(0)),
            IRB.CreateExtractElement(V, 1)};
  return {nullptr, nullptr};
}

/// An adapter's parameters in ADPass's convention: fn's arguments, then
/// (from parameter \p First on) one companion (shadow, tangent or adjoint
/// pointer) per argument that has one: pointers always, floats when
/// \p FloatCompanions.
struct AdapterParams {
  SmallVector<Value *, 8> Primals;
  SmallVector<Value *, 8> Companion; ///< per argument, or null
  unsigned Next;                     ///< the first parameter after them

  AdapterParams(Function &A, FunctionType *FT, unsigned First,
                bool FloatCompanions)
      : Next(First) {
    for (unsigned K = 0; K != FT->getNumParams(); ++K) {
      Type *T = FT->getParamType(K);
      Primals.push_back(A.getArg(K));
      bool Has =
          T->isPointerTy() || (FloatCompanions && T->isFloatingPointTy());
      Companion.push_back(Has ? A.getArg(Next++) : nullptr);
    }
  }

  /// Enzyme's argument list: each argument, then its companion; a float
  /// without one is alone, another argument (an integer) comes twice.
  /// \p FloatCompanions: whether floats' companions are passed.
  SmallVector<Value *, 8> enzymeArgs(FunctionType *FT,
                                     bool FloatCompanions) const {
    // (Floats' adjoint pointers of a reverse adapter are not passed: the
    // gradient returns those adjoints.)
    SmallVector<Value *, 8> Args;
    for (unsigned K = 0; K != FT->getNumParams(); ++K) {
      Args.push_back(Primals[K]);
      if (FT->getParamType(K)->isFloatingPointTy()) {
        if (FloatCompanions)
          Args.push_back(Companion[K]);
      } else {
        Args.push_back(Companion[K] ? Companion[K] : Primals[K]);
      }
    }
    return Args;
  }
};

class Adopter {
public:
  Adopter(Module &M, GlobalVariable &GV) : M(M), GV(GV), Ctx(M.getContext()) {}

  void gradient(Function &Fn, Function &Aug, Function &Grad);
  void forward(Function &Fn, Function &Fwd);

private:
  Function *newFunction(FunctionType *FT, const Twine &Name) {
    Function *F = Function::Create(FT, GlobalValue::InternalLinkage, Name, &M);
    F->addFnAttr(Attribute::NoUnwind);
    BasicBlock::Create(Ctx, "entry", F);
    return F;
  }
  /// Registers \p Fns in ADPass's form (ad.h's AD_REGISTER_* globals).
  void registerAs(StringRef Kind, const Function &Fn,
                  ArrayRef<Constant *> Fns) {
    auto *T = ArrayType::get(PointerType::get(Ctx, 0), Fns.size());
    auto *Reg = new GlobalVariable(
        M, T, /*isConstant=*/true, GlobalValue::InternalLinkage,
        ConstantArray::get(T, Fns), Kind + Fn.getName());
    appendToCompilerUsed(M, {Reg});
  }
  void error(const Function &At, const Twine &Msg) {
    DiagnosticSink().error(At, nullptr, Msg);
  }
  bool checkArgs(const EnzymeCall &C, ArrayRef<Value *> Args,
                 const Function &Fn, StringRef What);

  Module &M;
  GlobalVariable &GV;
  LLVMContext &Ctx;
};

bool Adopter::checkArgs(const EnzymeCall &C, ArrayRef<Value *> Args,
                        const Function &Fn, StringRef What) {
  if (C.accepts(Args))
    return true;
  std::string Want;
  for (unsigned K = 0; K != Args.size(); ++K)
    Want += (K ? ", " : "") + typeText(Args[K]->getType());
  error(C.Callee,
        "the " + What + " '" + C.Callee.getName() + "' registered for '" +
            Fn.getName() + "' in '" + GV.getName() + "' must take (" + Want +
            ") in Enzyme's convention: each argument of '" + Fn.getName() +
            "' followed by its shadow unless it is floating point");
  return false;
}

/// `__enzyme_register_gradient_<fn> = {fn, augment, gradient}` becomes
/// AD_REGISTER_AUGMENTED(fn, aug', rev') with adapters around them.
void Adopter::gradient(Function &Fn, Function &EAug, Function &EGrad) {
  FunctionType *FT = Fn.getFunctionType();
  Type *R = FT->getReturnType();
  Type *Ptr = PointerType::get(Ctx, 0);
  unsigned N = FT->getNumParams();

  // aug'(A..., S for each pointer A, [R *result]) -> tape
  Function *Aug =
      newFunction(customAugmentedType(FT), "__ad_enzyme_aug." + Fn.getName());
  IRBuilder<> IRB(&Aug->getEntryBlock());
  AdapterParams AugP(*Aug, FT, N, /*FloatCompanions=*/false);
  Value *ResultPtr = R->isVoidTy() ? nullptr : Aug->getArg(AugP.Next);
  EnzymeCall AugCall(EAug), GradCall(EGrad);
  SmallVector<Value *, 8> AugArgs = AugP.enzymeArgs(FT, false);
  if (!checkArgs(AugCall, AugArgs, Fn, "augmented forward")) {
    Aug->eraseFromParent();
    return;
  }
  Value *Ret = AugCall.emit(IRB, AugArgs);
  // What Enzyme's augmented forward returns: nothing, fn's result, a
  // tape, or {tape, result}, {result, shadow result}, {tape, result,
  // shadow result}.
  Value *Tape = nullptr, *Primal = nullptr, *ShadowResult = nullptr;
  Type *RT = Ret ? Ret->getType() : nullptr;
  auto *ST = dyn_cast_or_null<StructType>(RT);
  if (!Ret) {
  } else if (!R->isVoidTy() && RT == R) {
    Primal = Ret;
  } else if (!R->isVoidTy() && ST && ST->getNumElements() == 3) {
    Tape = IRB.CreateExtractValue(Ret, 0);
    Primal = IRB.CreateExtractValue(Ret, 1);
    ShadowResult = IRB.CreateExtractValue(Ret, 2);
  } else if (!R->isVoidTy() && ST && ST->getNumElements() == 2 &&
             ST->getElementType(0) == ST->getElementType(1) &&
             ST->getElementType(0) == R) {
    Primal = IRB.CreateExtractValue(Ret, 0);
    ShadowResult = IRB.CreateExtractValue(Ret, 1);
  } else if (!R->isVoidTy() && ST && ST->getNumElements() == 2) {
    Tape = IRB.CreateExtractValue(Ret, 0);
    Primal = IRB.CreateExtractValue(Ret, 1);
  } else {
    Tape = Ret;
  }
  auto Fail = [&](const Twine &Msg) {
    error(EAug, Msg);
    Aug->eraseFromParent();
  };
  if (!R->isVoidTy() && (!Primal || !EnzymeCall::fits(Primal->getType(), R))) {
    Fail("the augmented forward '" + EAug.getName() + "' registered for '" +
         Fn.getName() + "' returns " + (RT ? typeText(RT) : "void") +
         ", which does not hold the result of '" + Fn.getName() + "' (" +
         typeText(R) +
         "); return it, or a struct {tape, result} (Enzyme's convention)");
    return;
  }
  if (ShadowResult && !R->isFloatingPointTy()) {
    Fail("the augmented forward '" + EAug.getName() + "' registered for '" +
         Fn.getName() +
         "' returns a shadow of a non-floating-point result, which ADPass's "
         "custom derivatives do not support");
    return;
  }
  if (Primal) {
    if (Primal->getType() != R)
      Primal = R->isIntegerTy() ? IRB.CreateSExtOrTrunc(Primal, R)
                                : IRB.CreateFPCast(Primal, R);
    IRB.CreateStore(Primal, ResultPtr);
  }
  // A tape that is not a pointer travels in a heap block.
  bool Boxed = Tape && !Tape->getType()->isPointerTy();
  Type *TapeTy = Tape ? Tape->getType() : nullptr;
  if (Boxed) {
    uint64_t Size = M.getDataLayout().getTypeAllocSize(TapeTy);
    FunctionCallee Malloc = M.getOrInsertFunction(
        "malloc", FunctionType::get(Ptr, {IRB.getInt64Ty()}, false));
    Value *Block = IRB.CreateCall(Malloc, {IRB.getInt64(Size ? Size : 1)});
    IRB.CreateStore(Tape, Block);
    Tape = Block;
  }
  IRB.CreateRet(Tape ? Tape : ConstantPointerNull::get(cast<PointerType>(Ptr)));

  // rev'(A..., [R seed], D for each float or pointer A, tape)
  Function *Rev = newFunction(customAugmentedReverseType(FT),
                              "__ad_enzyme_rev." + Fn.getName());
  IRB.SetInsertPoint(&Rev->getEntryBlock());
  bool HasSeed = R->isFloatingPointTy();
  AdapterParams RevP(*Rev, FT, N + HasSeed, /*FloatCompanions=*/true);
  Value *Seed = HasSeed ? Rev->getArg(N) : nullptr;
  Value *RevTape = Rev->getArg(RevP.Next);
  SmallVector<Value *, 8> GradArgs = RevP.enzymeArgs(FT, false);
  if (Seed)
    GradArgs.push_back(Seed);
  if (TapeTy)
    GradArgs.push_back(Boxed ? IRB.CreateLoad(TapeTy, RevTape) : RevTape);
  auto DiscardBoth = [&] {
    Rev->eraseFromParent();
    Aug->eraseFromParent();
  };
  if (!checkArgs(GradCall, GradArgs, Fn,
                 Seed && TapeTy ? "gradient (then the result's seed and the "
                                  "tape)"
                 : Seed         ? "gradient (then the result's seed)"
                 : TapeTy       ? "gradient (then the tape)"
                                : "gradient")) {
    DiscardBoth();
    return;
  }
  Value *Adjoints = GradCall.emit(IRB, GradArgs);
  SmallVector<Value *, 4> Scalars;
  unsigned NumFloats = 0;
  for (Type *T : FT->params())
    NumFloats += T->isFloatingPointTy();
  if ((Adjoints && !flattenScalars(IRB, Adjoints, Scalars)) ||
      Scalars.size() != NumFloats) {
    error(EGrad,
          "the gradient '" + EGrad.getName() + "' registered for '" +
              Fn.getName() + "' returns " + typeText(GradCall.resultType()) +
              "; it must return the " + Twine(NumFloats) +
              " adjoint(s) of the floating-point arguments of '" +
              Fn.getName() + "' (a struct of them; nothing if there are none)");
    DiscardBoth();
    return;
  }
  unsigned Idx = 0;
  for (unsigned K = 0; K != N; ++K) {
    Type *T = FT->getParamType(K);
    if (!T->isFloatingPointTy())
      continue;
    Value *D = RevP.Companion[K];
    Value *Old = IRB.CreateLoad(T, D);
    IRB.CreateStore(IRB.CreateFAdd(Old, IRB.CreateFPCast(Scalars[Idx++], T)),
                    D);
  }
  if (Boxed)
    IRB.CreateCall(M.getOrInsertFunction("free", IRB.getVoidTy(), Ptr),
                   {RevTape});
  IRB.CreateRetVoid();
  registerAs("__ad_custom_aug_", Fn, {&Fn, Aug, Rev});
}

/// `__enzyme_register_derivative_<fn> = {fn, fwd}` becomes
/// AD_REGISTER_FORWARD(fn, fwd') with an adapter around it.
void Adopter::forward(Function &Fn, Function &EFwd) {
  FunctionType *FT = Fn.getFunctionType();
  Type *R = FT->getReturnType();
  unsigned N = FT->getNumParams();
  // fwd'(A..., T for each float or pointer A, [R *result]) -> [tangent]
  Function *Fwd =
      newFunction(customForwardType(FT), "__ad_enzyme_fwd." + Fn.getName());
  IRBuilder<> IRB(&Fwd->getEntryBlock());
  AdapterParams P(*Fwd, FT, N, /*FloatCompanions=*/true);
  Value *ResultPtr = R->isVoidTy() ? nullptr : Fwd->getArg(P.Next);
  SmallVector<Value *, 8> Args = P.enzymeArgs(FT, true);
  EnzymeCall Call(EFwd);
  if (!checkArgs(Call, Args, Fn, "forward derivative")) {
    Fwd->eraseFromParent();
    return;
  }
  Value *Ret = Call.emit(IRB, Args);
  if (R->isVoidTy()) {
    IRB.CreateRetVoid();
    registerAs("__ad_custom_fwd_", Fn, {&Fn, Fwd});
    return;
  }
  auto [Primal, Tangent] =
      Ret ? pairOf(IRB, Ret) : std::pair<Value *, Value *>{nullptr, nullptr};
  if (!Primal || !EnzymeCall::fits(Primal->getType(), R) ||
      !EnzymeCall::fits(Tangent->getType(), R) || !R->isFloatingPointTy()) {
    error(EFwd, "the forward derivative '" + EFwd.getName() +
                    "' registered for '" + Fn.getName() + "' returns " +
                    typeText(Call.resultType()) +
                    (R->isFloatingPointTy()
                         ? "; it must return a struct of the result of '" +
                               Fn.getName() + "' and its tangent (" +
                               typeText(R) + " each, Enzyme's convention)"
                         : "; a custom forward derivative of a function "
                           "returning " +
                               typeText(R) + " is not supported"));
    Fwd->eraseFromParent();
    return;
  }
  IRB.CreateStore(IRB.CreateFPCast(Primal, R), ResultPtr);
  IRB.CreateRet(IRB.CreateFPCast(Tangent, R));
  registerAs("__ad_custom_fwd_", Fn, {&Fn, Fwd});
}

/// The function entry \p K of \p E, or null after a located error.
Function *functionEntry(GlobalVariable &GV, ArrayRef<Constant *> E, unsigned K,
                        const Function *At) {
  Function *F = K < E.size() ? dyn_cast<Function>(E[K]) : nullptr;
  if (!F && At)
    DiagnosticSink().error(*At, nullptr,
                           "'" + GV.getName() + "' must list " + Twine(K + 1) +
                               " function(s); entry " + Twine(K + 1) +
                               " is not a function");
  return F;
}

} // namespace

bool isAdoptedEnzymeGlobal(const GlobalVariable &GV) {
  return GV.hasMetadata(AdoptedMD);
}

void adoptEnzymeRegistrations(Module &M) {
  SmallVector<GlobalVariable *, 4> Regs;
  for (GlobalVariable &GV : M.globals())
    if (GV.getName().contains("__enzyme_") && !isAdoptedEnzymeGlobal(GV) &&
        GV.hasInitializer())
      Regs.push_back(&GV);
  for (GlobalVariable *GV : Regs) {
    StringRef Name = GV->getName();
    SmallVector<Constant *, 3> E = entries(*GV);
    auto *First = E.empty() ? nullptr : dyn_cast<Function>(E[0]);
    const Function *At = First ? First : anyDefinition(M);
    if (!At)
      continue;
    auto Mark = [&] {
      GV->setMetadata(AdoptedMD, MDNode::get(M.getContext(), {}));
    };
    if (Name.contains("__enzyme_register_gradient")) {
      Mark();
      Function *Aug = functionEntry(*GV, E, 1, At);
      Function *Grad = Aug ? functionEntry(*GV, E, 2, At) : nullptr;
      if (First && Aug && Grad)
        Adopter(M, *GV).gradient(*First, *Aug, *Grad);
    } else if (Name.contains("__enzyme_register_derivative")) {
      Mark();
      if (Function *Fwd = functionEntry(*GV, E, 1, At); First && Fwd)
        Adopter(M, *GV).forward(*First, *Fwd);
    } else if (Name.contains("__enzyme_inactivefn")) {
      Mark();
      for (Constant *C : E)
        if (auto *F = dyn_cast<Function>(C)) {
          F->addFnAttr(InactiveAttr);
          keepCallsOf(*F);
        } else
          DiagnosticSink().error(*At, nullptr,
                                 "'" + Name + "' must list functions");
    } else if (Name.contains("__enzyme_inactive_global")) {
      Mark();
      for (Constant *C : E)
        if (auto *G = dyn_cast<GlobalVariable>(C))
          G->setMetadata(InactiveGlobalMD, MDNode::get(M.getContext(), {}));
        else
          DiagnosticSink().error(*At, nullptr,
                                 "'" + Name + "' must list global variables");
    } else if (Name.contains("__enzyme_function_like")) {
      Mark();
      StringRef Like = E.size() == 2 ? stringEntry(E[1]) : "";
      std::string Why = "'" + Name.str() +
                        "' must be {(void *)function, \"name of a math "
                        "function\"}";
      if (First && !Like.empty() && markFunctionLike(*First, Like, Why))
        continue;
      DiagnosticSink().error(*At, nullptr, Why);
    } else if (Name.contains("__enzyme_nofree") ||
               Name.contains("__enzyme_shouldrecompute") ||
               Name.contains("__enzyme_sparse_accumulate")) {
      // Hints about efficiency that do not change any value: ADPass
      // frees, recomputes and accumulates by its own analyses.
      Mark();
    }
    // Anything else is refused by refuseUnknownEnzymeNames.
  }
}

void keepCallsOf(Function &F) {
  if (F.isDeclaration())
    return;
  F.removeFnAttr(Attribute::AlwaysInline);
  F.addFnAttr(Attribute::NoInline);
}

void keepRegisteredFunctions(Module &M) {
  for (GlobalVariable &GV : M.globals()) {
    StringRef Name = GV.getName();
    if (!Name.contains("__ad_custom_") &&
        !(Name.contains("__enzyme_") && isAdoptedEnzymeGlobal(GV)))
      continue;
    SmallVector<Constant *, 3> E = entries(GV);
    if (auto *F = E.empty() ? nullptr : dyn_cast<Function>(E[0]))
      keepCallsOf(*F);
  }
}

} // namespace adpass
