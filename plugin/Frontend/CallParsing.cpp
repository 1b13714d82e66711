//===- CallParsing.cpp - Reading an entry-point call
//-----------------------===//
//
// Reads a `__ad_autodiff*(fn, [marker] arg, ...)` call (and the other entry
// points, Enzyme's spellings included): fn, each argument's activity and
// shadows or tangents, the markers that are not arguments (workspace, tape
// budget, width, seeds, Enzyme's return and tape markers), checked against
// fn's signature with located errors.
//
//===----------------------------------------------------------------------===//
#include "Frontend/CallLowerer.h"

#include "Analysis/ActivityAnalysis.h"
#include "Support/CallABI.h"
#include "Transform/DerivativeCache.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// Whether every scalar \p T holds is floating point.
bool onlyFloats(Type *T) {
  if (auto *ST = dyn_cast<StructType>(T))
    return ST->getNumElements() && all_of(ST->elements(), onlyFloats);
  if (auto *AT = dyn_cast<ArrayType>(T))
    return onlyFloats(AT->getElementType());
  return T->isFPOrFPVectorTy();
}

std::string typeName(const Type *T) {
  std::string S;
  raw_string_ostream OS(S);
  T->print(OS, /*IsForDebug=*/false, /*NoDetails=*/true);
  return S;
}

/// __enzyme_reverse: after f's arguments come the seed of f's result (when
/// it is active) and the tape (unless `enzyme_tape, p` gives it).
CallLowerer::Extra CallLowerer::takeEnzymeExtra(Value *V) {
  if (Kind != EntryKind::Reverse || !enzymeSplit() || markerOf(V))
    return Extra::No;
  if (Req.SeedParam && !DiffRet) {
    IRBuilder<> IRB(&CB);
    DiffRet = unpromoteVariadic(V, Req.Fn->getReturnType(), IRB);
    if (DiffRet)
      return Extra::Taken;
    error("the seed of the result of '" + Req.Fn->getName() +
          "' (after its arguments) must be a " +
          typeName(Req.Fn->getReturnType()) + ", but the call passes " +
          typeName(V->getType()));
    return Extra::Bad;
  }
  if (TapeMarkers.Slot || Tape)
    return Extra::No;
  if (V->getType()->isPointerTy()) {
    Tape = V;
    return Extra::Taken;
  }
  error("the tape (after the arguments of '" + Req.Fn->getName() +
        (Req.SeedParam ? "' and the seed of its result" : "'") +
        ") must be the pointer __enzyme_augmentfwd returned, but the call "
        "passes " +
        typeName(V->getType()));
  return Extra::Bad;
}

/// The tape is the last argument of __ad_reverse; `ad_result, &r` may
/// appear among those of __ad_augmentfwd and __ad_fwddiff.
bool CallLowerer::parseModeArguments(unsigned First) {
  Req.Mode = Kind == EntryKind::Forward ? DiffMode::Forward : DiffMode::Split;
  // Forward mode whose tangents are error estimates (docs/enzyme.md).
  Req.ErrorEstimate =
      CB.getCalledOperand()->getName().contains("__enzyme_error_estimate");
  if (enzymeSplit()) {
    if (auto Problem =
            readEnzymeTapeMarkers(CB, First + 1, CB.arg_size(), TapeMarkers)) {
      error(*Problem);
      return false;
    }
  } else if (Kind == EntryKind::Reverse) {
    Value *Last = CB.getArgOperand(CB.arg_size() - 1);
    if (CB.arg_size() < First + 2 || !Last->getType()->isPointerTy() ||
        markerOf(Last)) {
      error("the last argument must be the tape returned by __ad_augmentfwd");
      return false;
    }
    Tape = Last;
    --EndArg;
  }
  for (unsigned K = First + 1; K < EndArg; ++K) {
    Value *V = CB.getArgOperand(K);
    if (!isResultMarker(V))
      continue;
    if ((Kind != EntryKind::Augment && Kind != EntryKind::Forward) ||
        K + 1 == EndArg || !CB.getArgOperand(K + 1)->getType()->isPointerTy()) {
      error("marker 'ad_result' belongs to __ad_augmentfwd and __ad_fwddiff "
            "and must be followed by a pointer to the result");
      return false;
    }
    if (Req.Fn->getReturnType()->isVoidTy() && !SRetFnTy) {
      error("ad_result is given but '" + Req.Fn->getName() +
            "' returns nothing");
      return false;
    }
    ResultPtr = CB.getArgOperand(K + 1);
  }
  return true;
}

bool CallLowerer::parse() {
  unsigned First = 0;
  if (CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet)) {
    SRet = CB.getArgOperand(0);
    SRetTy = CB.getParamStructRetType(0);
    First = 1;
  }
  if (CB.arg_size() <= First) {
    error("the first argument must be the function to differentiate");
    return false;
  }
  Function *Fn = namedFunction(CB.getArgOperand(First));
  if (!Fn) {
    error("the first argument must be a function (possibly cast to void *), "
          "not a computed pointer");
    return false;
  }
  if (Fn->isDeclaration()) {
    error("'" + Fn->getName() +
          "' has no body in this translation unit; AD needs its definition");
    return false;
  }
  if (Fn->isVarArg()) {
    error("'" + Fn->getName() + "' is variadic, which is not supported");
    return false;
  }
  if (Fn->arg_size() > 0 && Fn->hasParamAttribute(0, Attribute::StructRet)) {
    SRetFnTy = Fn->getParamStructRetType(0);
    if (Kind == EntryKind::Augment || Kind == EntryKind::Reverse ||
        !onlyFloats(SRetFnTy)) {
      error("'" + Fn->getName() + "' returns " + typeName(SRetFnTy) +
            " through memory (sret)" +
            (onlyFloats(SRetFnTy)
                 ? ", which split mode does not support"
                 : ", which holds values that are not floating point") +
            "; return it through an ad_dup pointer instead");
      return false;
    }
  }
  // A struct returned through memory is f's first argument, hidden: the
  // derivative takes it as a pointer with a shadow, made here.
  Type *RT = SRetFnTy ? SRetFnTy : Fn->getReturnType();
  // Forward mode returns the tangent of a struct or vector result; reverse
  // mode takes its seed from `ad_seed, &s`.
  bool AggregateResult =
      RT->isVectorTy() || (RT->isStructTy() && isDifferentiableType(RT));
  const Value *SeedMarker = nullptr;
  for (unsigned K = First + 1; K < CB.arg_size(); ++K) {
    if (isSeedMarker(CB.getArgOperand(K)))
      SeedMarker = CB.getArgOperand(K);
    ReturnMarker RM = returnMarkerOf(CB.getArgOperand(K));
    if (RM == ReturnMarker::Const)
      ConstReturn = true;
    bool Forward = Kind == EntryKind::Forward;
    if ((RM == ReturnMarker::Primal && !RT->isFloatingPointTy()) ||
        (RM == ReturnMarker::Primal && Kind != EntryKind::Gradient &&
         !Forward) ||
        (RM == ReturnMarker::Dup && !Forward) ||
        (RM == ReturnMarker::Active && Forward)) {
      error("marker '" + markerGlobal(CB.getArgOperand(K))->getName() +
            "' is not supported here (see docs/enzyme.md: "
            "enzyme_primal_return is supported for a floating-point "
            "result in __enzyme_autodiff and __enzyme_fwddiff; use ad_result "
            "in split mode)");
      return false;
    }
    PrimalReturn |= RM == ReturnMarker::Primal;
    NoRet |= RM == ReturnMarker::NoRet;
  }
  if (SeedMarker && (Kind != EntryKind::Gradient || !AggregateResult)) {
    error("marker 'ad_seed' gives the seed of a struct or vector result in "
          "__ad_autodiff; '" +
          Fn->getName() + "' returns " + typeName(RT));
    return false;
  }
  if (enzymeSplit() && !ConstReturn &&
      (AggregateResult ||
       (RT->isPointerTy() && Kind == EntryKind::Augment && !NoRet))) {
    error("'" + Fn->getName() + "' returns " + typeName(RT) +
          (AggregateResult
               ? "; Enzyme's split mode is supported for a void or "
                 "floating-point result, or with enzyme_const_return"
               : ", whose shadow ADPass does not return; pass "
                 "enzyme_const_return (or enzyme_noret)"));
    return false;
  }
  if (Kind != EntryKind::Forward && AggregateResult && !SeedMarker &&
      !ConstReturn) {
    error("'" + Fn->getName() + "' returns " + typeName(RT) +
          "; in reverse mode pass the seed of each of its values with "
          "'ad_seed, &seed' (a variable of the result's type), or return a "
          "scalar (forward mode returns the tangent of such a result)");
    return false;
  }
  Req.Fn = Fn;
  Req.ReturnActive = Kind == EntryKind::Forward ? isDifferentiableType(RT)
                     : ConstReturn              ? false
                     : AggregateResult          ? true
                                                : RT->isFloatingPointTy();
  Req.SeedParam =
      (Kind == EntryKind::Gradient && AggregateResult && !ConstReturn) ||
      (enzymeSplit() && Req.ReturnActive);
  if (SRetFnTy) // f returns nothing: its result's seed is in its shadow
    Req.ReturnActive = Req.SeedParam = false;
  EndArg = CB.arg_size();
  if (Kind != EntryKind::Gradient && !parseModeArguments(First))
    return false;
  if (Kind == EntryKind::Gradient && PrimalReturn)
    Req.Mode = DiffMode::Split; // see emitCall
  if (!parseWidth(First))
    return false;
  if (Req.ErrorEstimate && Req.Width > 1) {
    error("enzyme_width is not supported with __enzyme_error_estimate; make "
          "one call per direction");
    return false;
  }
  if (Req.ErrorEstimate && CB.getModule()->getFunction("enzymeLogError")) {
    error("the program defines enzymeLogError, which ADPass's "
          "__enzyme_error_estimate does not call (it returns the estimate "
          "only); remove it or rename it");
    return false;
  }

  NextArg = First + 1;
  unsigned NumParams = Fn->arg_size(), Param = 0;
  if (SRetFnTy) {
    if (Req.Width > 1) {
      error("'" + Fn->getName() + "' returns " + typeName(SRetFnTy) +
            " through memory (sret), which vector mode does not support yet; "
            "make one call per direction");
      return false;
    }
    bindSRet();
    Param = Hidden = 1;
  }
  while (NextArg < EndArg) {
    Value *V = CB.getArgOperand(NextArg++);
    if (isPadMarker(V) || returnMarkerOf(V) != ReturnMarker::None)
      continue;
    if (isSeedMarker(V)) {
      if (NextArg >= EndArg ||
          !CB.getArgOperand(NextArg)->getType()->isPointerTy()) {
        error("marker 'ad_seed' must be followed by a pointer to the seed");
        return false;
      }
      SeedPtr = CB.getArgOperand(NextArg++);
      continue;
    }
    if ((isTapeMarker(V) || isAllocatedMarker(V)) && !enzymeSplit()) {
      error("marker '" + markerGlobal(V)->getName() +
            "' belongs to Enzyme's split mode (__enzyme_augmentfwd, "
            "__enzyme_reverse)");
      return false;
    }
    if (isResultMarker(V) || isWidthMarker(V) || isTapeMarker(V) ||
        isAllocatedMarker(V)) {
      ++NextArg; // checked by parseModeArguments, parseWidth
      continue;
    }
    if (isDupvMarker(V)) {
      if (NextArg + 2 > EndArg ||
          !CB.getArgOperand(NextArg)->getType()->isIntegerTy()) {
        error("marker 'ad_dupv' must be followed by a stride in bytes, the "
              "pointer and its first shadow");
        return false;
      }
      if (Param == NumParams) {
        error("'" + Fn->getName() + "' takes " + Twine(NumParams - Hidden) +
              " argument(s) but the call passes more");
        return false;
      }
      DupvStride = CB.getArgOperand(NextArg++);
      bool Bound =
          bindArgument(Param++, CB.getArgOperand(NextArg++), ArgActivity::Dup);
      DupvStride = nullptr;
      if (!Bound)
        return false;
      continue;
    }
    if (isWorkspaceMarker(V)) {
      if (Kind == EntryKind::Forward) {
        error("forward mode keeps no tape and takes no workspace");
        return false;
      }
      if (Kind != EntryKind::Gradient || PrimalReturn) {
        error(PrimalReturn ? "enzyme_primal_return and ad_workspace cannot be "
                             "combined"
                           : "split mode does not take a workspace (its tape "
                             "outlives the call)");
        return false;
      }
      if (NextArg >= EndArg ||
          !CB.getArgOperand(NextArg)->getType()->isPointerTy()) {
        error("marker 'ad_workspace' must be followed by a workspace "
              "pointer (from ad_workspace_create)");
        return false;
      }
      Workspace = CB.getArgOperand(NextArg++);
      Req.Workspace = true;
      continue;
    }
    if (isTapeBudgetMarker(V)) {
      if (Kind != EntryKind::Gradient) {
        error(Kind == EntryKind::Forward
                  ? "forward mode keeps no tape and takes no tape budget"
                  : "split mode does not take a tape budget (its tape "
                    "outlives the call); use __ad_autodiff");
        return false;
      }
      if (NextArg >= EndArg ||
          !CB.getArgOperand(NextArg)->getType()->isIntegerTy()) {
        error("marker 'ad_tape_budget' must be followed by a size in bytes");
        return false;
      }
      Budget = CB.getArgOperand(NextArg++);
      Req.Checkpoint = true;
      continue;
    }
    if (Param == NumParams) {
      if (Extra E = takeEnzymeExtra(V); E != Extra::No) {
        if (E == Extra::Bad)
          return false;
        continue;
      }
      error("'" + Fn->getName() + "' takes " + Twine(NumParams - Hidden) +
            " argument(s) but the call passes more");
      return false;
    }
    std::optional<ArgActivity> Act = markerOf(V);
    if (const GlobalVariable *GV = markerGlobal(V);
        !Act && GV && GV->isDeclaration() &&
        (GV->getName().starts_with("enzyme_") ||
         GV->getName().starts_with("ad_"))) {
      // A marker ADPass does not know (Enzyme's enzyme_width,
      // enzyme_runtime_activity, ...): never read it as an argument.
      error("unknown marker '" + GV->getName() +
            "'; ADPass knows ad_dup, ad_dupnoneed, ad_dupv, ad_const, ad_out, "
            "ad_workspace, ad_tape_budget, ad_width, ad_result, ad_seed, "
            "ad_runtime_activity (and Enzyme's enzyme_dup, enzyme_dupnoneed, "
            "enzyme_dupv, enzyme_const, enzyme_out, enzyme_width, "
            "enzyme_runtime_activity)");
      return false;
    }
    if (Act) {
      if (NextArg >= EndArg) {
        error("activity marker '" + markerGlobal(V)->getName() +
              "' is not followed by an argument");
        return false;
      }
      V = CB.getArgOperand(NextArg++);
    } else if (!(Act = defaultActivity(Param))) {
      return false;
    }
    if (!bindArgument(Param++, V, *Act))
      return false;
  }
  if (Param != NumParams) {
    error("'" + Fn->getName() + "' takes " + Twine(NumParams - Hidden) +
          " argument(s) but the call passes " + Twine(Param - Hidden));
    return false;
  }
  if (Kind == EntryKind::Reverse && enzymeSplit() &&
      ((Req.SeedParam && !DiffRet) || (!TapeMarkers.Slot && !Tape))) {
    bool NoSeed = Req.SeedParam && !DiffRet,
         NoTape = !TapeMarkers.Slot && !Tape;
    error(Twine("after the arguments of '") + Fn->getName() + "', pass " +
          (NoSeed ? "the seed of its result" : "") +
          (NoSeed && NoTape ? ", then " : "") +
          (NoTape ? "the tape __enzyme_augmentfwd returned (or 'enzyme_tape, "
                    "p' among the arguments)"
                  : ""));
    return false;
  }
  if (Req.Width > 1 && (SeedPtr || Budget)) {
    error(SeedPtr ? "ad_seed and ad_width cannot be combined yet: seed the "
                    "result through an ad_dup output instead"
                  : "ad_tape_budget and ad_width cannot be combined yet; "
                    "make one call per direction");
    return false;
  }
  if (SRetFnTy) {
    // The result's shadow: its seed in reverse mode, zeros in forward mode.
    IRBuilder<> IRB(&CB);
    const DataLayout &DL = Caller.getDataLayout();
    uint64_t Size = DL.getTypeAllocSize(SRetFnTy);
    Align A = DL.getPrefTypeAlign(SRetFnTy);
    if (SeedPtr)
      IRB.CreateMemCpy(SRetShadow, A, SeedPtr, Align(1), Size);
    else
      IRB.CreateMemSet(SRetShadow, IRB.getInt8(0), Size, A);
  } else if (SeedPtr) {
    // The result's type in registers is its layout in memory.
    IRBuilder<> IRB(&CB);
    GradArgs.push_back(IRB.CreateLoad(Fn->getReturnType(), SeedPtr, "ad.seed"));
  }
  if (Workspace)
    GradArgs.push_back(Workspace);
  return true;
}

/// Without a marker: floats are ad_out (reverse mode; forward mode needs to
/// be told), integers ad_const, pointers ad_dup.
std::optional<ArgActivity> CallLowerer::defaultActivity(unsigned Param) {
  Type *PT = Req.Fn->getArg(Param)->getType();
  if (PT->isPointerTy())
    return ArgActivity::Dup;
  if (!PT->isFloatingPointTy())
    return ArgActivity::Const;
  if (Kind != EntryKind::Forward)
    return ArgActivity::Out;
  // Enzyme's forward mode: the value, then its tangent.
  if (isEnzymeEntry(CB.getCalledOperand()->getName()))
    return ArgActivity::Dup;
  error("argument " + Twine(Param + 1 - Hidden) + " of '" + Req.Fn->getName() +
        "' is floating point and has no marker; in forward mode give its "
        "tangent with 'ad_dup, x, dx', or mark it 'ad_const'");
  return std::nullopt;
}

Value *CallLowerer::convertArgument(unsigned Param, Value *V) {
  Type *PT = Req.Fn->getArg(Param)->getType();
  Type *VT = V->getType();
  IRBuilder<> IRB(&CB);
  if (Value *C = unpromoteVariadic(V, PT, IRB))
    return C;
  error("argument " + Twine(Param + 1 - Hidden) + " of '" + Req.Fn->getName() +
        "' has type " + typeName(PT) + " but the call passes " + typeName(VT));
  return nullptr;
}

/// f's hidden sret pointer: a slot for the result and one for its shadow,
/// at the caller's entry.
void CallLowerer::bindSRet() {
  BasicBlock &Entry = Caller.getEntryBlock();
  IRBuilder<> IRB(&Entry, Entry.getFirstInsertionPt());
  SRetSlot = IRB.CreateAlloca(SRetFnTy, nullptr, "ad.sret");
  SRetShadow = IRB.CreateAlloca(SRetFnTy, nullptr, "ad.sret.shadow");
  Req.Args.push_back(ArgActivity::Dup);
  GradArgs.push_back(SRetSlot);
  GradArgs.push_back(SRetShadow);
}

bool CallLowerer::bindArgument(unsigned Param, Value *V, ArgActivity Act) {
  Type *PT = Req.Fn->getArg(Param)->getType();
  std::string Which = ("argument " + Twine(Param + 1 - Hidden) + " of '" +
                       Req.Fn->getName() + "'")
                          .str();
  if (Act == ArgActivity::Out && Kind == EntryKind::Forward) {
    error("ad_out on " + Which +
          " belongs to reverse mode; in forward mode give its tangent with "
          "'ad_dup, x, dx', or mark it 'ad_const'");
    return false;
  }
  bool ScalarTangent =
      Kind == EntryKind::Forward && PT->isFloatingPointTy() &&
      (Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed);
  if (Act == ArgActivity::Out && !PT->isFloatingPointTy()) {
    error("ad_out on " + Which + ", which has type " + typeName(PT) +
          " and cannot be active; use ad_const");
    return false;
  }
  if ((Act == ArgActivity::Dup || Act == ArgActivity::DupNoNeed) &&
      !PT->isPointerTy() && !ScalarTangent) {
    error("ad_dup on " + Which + ", which has type " + typeName(PT) +
          (Kind == EntryKind::Forward
               ? "; only pointers and floating-point values have tangents"
               : "; only pointers have shadows"));
    return false;
  }
  Value *Primal = convertArgument(Param, V);
  if (!Primal)
    return false;
  Req.Args.push_back(Act);
  GradArgs.push_back(Primal);
  if (Act != ArgActivity::Dup && Act != ArgActivity::DupNoNeed)
    return true;
  if (NextArg >= EndArg) {
    error(Which + (ScalarTangent
                       ? " needs its tangent after it"
                       : " is a pointer and needs its shadow after it"));
    return false;
  }
  if (DupvStride && !PT->isPointerTy()) {
    error("ad_dupv on " + Which + ", which has type " + typeName(PT) +
          "; only pointers have strided shadows");
    return false;
  }
  // Vector mode: one shadow or tangent per direction, or strided shadows.
  unsigned Given = DupvStride ? 1 : Req.Width;
  if (NextArg + Given > EndArg) {
    if (Given == 1)
      error(Which + (ScalarTangent
                         ? " needs its tangent after it"
                         : " is a pointer and needs its shadow after it"));
    else
      error(Which + " needs " + Twine(Given) +
            (ScalarTangent ? " tangents" : " shadows") +
            " after it (one "
            "per direction of ad_width)");
    return false;
  }
  for (unsigned K = 0; K != Given; ++K) {
    Value *Shadow = CB.getArgOperand(NextArg++);
    if (ScalarTangent) {
      if (markerOf(Shadow) || !Shadow->getType()->isFloatingPointTy()) {
        error("the tangent of " + Which + " must be a floating-point value");
        return false;
      }
      Value *Tangent = convertArgument(Param, Shadow);
      if (!Tangent)
        return false;
      GradArgs.push_back(Tangent);
      continue;
    }
    if (Shadow->getType() != Primal->getType() || markerOf(Shadow)) {
      error("the shadow of " + Which +
            " must be a pointer like its primal, "
            "but the call passes " +
            (markerOf(Shadow) ? std::string("an activity marker")
                              : typeName(Shadow->getType())));
      return false;
    }
    GradArgs.push_back(Shadow);
    if (!DupvStride)
      continue;
    IRBuilder<> IRB(&CB);
    Value *Stride = IRB.CreateSExtOrTrunc(DupvStride, IRB.getInt64Ty());
    for (unsigned L = 1; L != Req.Width; ++L)
      GradArgs.push_back(IRB.CreateGEP(IRB.getInt8Ty(), Shadow,
                                       IRB.CreateMul(Stride, IRB.getInt64(L))));
  }
  return true;
}

/// `ad_width, N` anywhere among the arguments: N directions, so each
/// shadow or tangent comes N times (forward mode).
bool CallLowerer::parseWidth(unsigned First) {
  for (unsigned K = First + 1; K < EndArg; ++K) {
    if (!isWidthMarker(CB.getArgOperand(K)))
      continue;
    const auto *N =
        K + 1 < EndArg
            ? dyn_cast<ConstantInt>(throughLocals(CB.getArgOperand(K + 1)))
            : nullptr;
    StringRef Marker = markerGlobal(CB.getArgOperand(K))->getName();
    if (!N || N->isNegative() || N->isZero() || N->getZExtValue() > 64) {
      error("marker '" + Marker +
            "' must be followed by a constant number of directions, from 1 "
            "to 64");
      return false;
    }
    if (Kind != EntryKind::Forward &&
        (Kind != EntryKind::Gradient || PrimalReturn)) {
      error(Marker + " (vector mode) is supported in __ad_fwddiff and "
                     "__ad_autodiff; split mode takes one direction per "
                     "call");
      return false;
    }
    Req.Width = N->getZExtValue();
  }
  return true;
}

} // namespace adpass
