//===- EnzymeBatch.cpp - Enzyme's __enzyme_batch --------------------------===//
#include "Frontend/EnzymeBatch.h"

#include "Frontend/Markers.h"
#include "Frontend/ResultPlacement.h"
#include "Support/CallABI.h"
#include "Support/Diagnostics.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

namespace {

StringRef markerName(const Value *V) {
  const GlobalVariable *GV = markerGlobal(V);
  return GV && GV->getName().starts_with("enzyme_") ? GV->getName() : "";
}

class BatchLowerer {
public:
  explicit BatchLowerer(CallBase &CB) : CB(CB) {}
  bool run();

private:
  bool parse();
  void error(const Twine &Msg) {
    Diag.error(*CB.getFunction(), &CB,
               CB.getCalledOperand()->getName() + ": " + Msg);
  }

  CallBase &CB;
  DiagnosticSink Diag;
  Function *Fn = nullptr;
  unsigned Width = 0;
  /// Lanes[k]: the arguments of f for lane k.
  SmallVector<SmallVector<Value *, 8>, 8> Lanes;
};

bool BatchLowerer::parse() {
  unsigned First =
      CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet);
  if (CB.arg_size() <= First ||
      !(Fn = namedFunction(CB.getArgOperand(First)))) {
    error("the first argument must be a function (possibly cast to void *)");
    return false;
  }
  if (Fn->isVarArg() ||
      (Fn->arg_size() > 0 && Fn->hasParamAttribute(0, Attribute::StructRet))) {
    error("'" + Fn->getName() +
          "' is variadic or returns a struct through memory, which batching "
          "does not support");
    return false;
  }
  for (unsigned K = First + 1; K + 1 < CB.arg_size(); ++K)
    if (markerName(CB.getArgOperand(K)) == "enzyme_width")
      if (const auto *N =
              dyn_cast<ConstantInt>(throughLocals(CB.getArgOperand(K + 1)));
          N && !N->isNegative() && !N->isZero() && N->getZExtValue() <= 64)
        Width = N->getZExtValue();
  if (!Width) {
    error("needs 'enzyme_width, N' with a constant N from 1 to 64");
    return false;
  }
  Lanes.resize(Width);
  IRBuilder<> IRB(&CB);
  unsigned Param = 0;
  for (unsigned K = First + 1; K < CB.arg_size();) {
    StringRef Marker = markerName(CB.getArgOperand(K));
    if (Marker == "enzyme_width") {
      K += 2;
      continue;
    }
    if (Param == Fn->arg_size()) {
      error("'" + Fn->getName() + "' takes " + Twine(Fn->arg_size()) +
            " argument(s) but the call passes more");
      return false;
    }
    Type *PT = Fn->getArg(Param)->getType();
    Value *Stride = nullptr;
    bool Vector = Width > 1;
    if (Marker == "enzyme_scalar" || Marker == "enzyme_vector") {
      Vector = Marker == "enzyme_vector";
      ++K;
    } else if (Marker == "enzyme_buffer") {
      if (K + 2 >= CB.arg_size() ||
          !CB.getArgOperand(K + 1)->getType()->isIntegerTy() ||
          !PT->isPointerTy()) {
        error("enzyme_buffer must be followed by a stride in bytes and a "
              "pointer argument");
        return false;
      }
      Stride = IRB.CreateSExtOrTrunc(CB.getArgOperand(K + 1), IRB.getInt64Ty());
      K += 2;
    } else if (!Marker.empty()) {
      error("marker '" + Marker +
            "' is not one of __enzyme_batch's "
            "(enzyme_width, enzyme_vector, enzyme_scalar, enzyme_buffer)");
      return false;
    }
    unsigned Given = Vector && !Stride ? Width : 1;
    if (K + Given > CB.arg_size()) {
      error("argument " + Twine(Param + 1) + " of '" + Fn->getName() +
            "' needs " + Twine(Given) + " value(s)");
      return false;
    }
    for (unsigned L = 0; L != Width; ++L) {
      Value *V = CB.getArgOperand(K + (Given == 1 ? 0 : L));
      if (Stride)
        V = IRB.CreateGEP(IRB.getInt8Ty(), V,
                          IRB.CreateMul(Stride, IRB.getInt64(L)));
      Value *C = unpromoteVariadic(V, PT, IRB);
      if (!C) {
        error("argument " + Twine(Param + 1) + " of '" + Fn->getName() +
              "' must be convertible to its parameter type");
        return false;
      }
      Lanes[L].push_back(C);
    }
    K += Given;
    ++Param;
  }
  if (Param != Fn->arg_size()) {
    error("'" + Fn->getName() + "' takes " + Twine(Fn->arg_size()) +
          " argument(s) but the call passes " + Twine(Param));
    return false;
  }
  return true;
}

bool BatchLowerer::run() {
  if (!parse())
    return false;
  IRBuilder<> IRB(&CB);
  IRB.SetCurrentDebugLocation(CB.getDebugLoc());
  Type *RT = Fn->getReturnType();
  Value *Results =
      RT->isVoidTy() ? nullptr : PoisonValue::get(ArrayType::get(RT, Width));
  for (unsigned L = 0; L != Width; ++L) {
    CallInst *Call = IRB.CreateCall(Fn, Lanes[L]);
    Call->setCallingConv(Fn->getCallingConv());
    if (Results)
      Results = IRB.CreateInsertValue(Results, Call, L);
  }
  bool SRet = CB.arg_size() > 0 && CB.paramHasAttr(0, Attribute::StructRet);
  ResultFit Fit =
      placeResult(CB, SRet ? CB.getArgOperand(0) : nullptr,
                  SRet ? CB.getParamStructRetType(0) : nullptr, Results, IRB);
  if (Fit.Problem == ResultProblem::NotFloat) {
    error("the call's result type must hold only floating-point values");
    return false;
  }
  if (Fit.Problem == ResultProblem::Count) {
    error("the call's result type holds " + Twine(Fit.Slots) +
          " values but the batch returns " + Twine(Fit.Values));
    return false;
  }
  // The markers' loads die with the call (the marker globals are never
  // defined).
  // (One load may stand for several markers: once each.)
  SmallSetVector<Instruction *, 8> Markers;
  for (Value *Arg : CB.args())
    if (auto *L = dyn_cast<LoadInst>(Arg); L && !markerName(L).empty())
      Markers.insert(L);
  CB.eraseFromParent();
  for (Instruction *L : Markers)
    if (L->use_empty())
      L->eraseFromParent();
  return true;
}

} // namespace

bool isEnzymeBatchName(StringRef Name) {
  return Name.starts_with("__enzyme_batch") ||
         (Name.starts_with("_Z") && Name.contains("__enzyme_batch"));
}

bool lowerEnzymeBatchCalls(Module &M) {
  SmallVector<CallBase *, 4> Calls;
  for (Function &F : M)
    if (F.isDeclaration() && isEnzymeBatchName(F.getName()))
      for (User *U : F.users())
        if (auto *CB = dyn_cast<CallBase>(U);
            CB && CB->getCalledOperand() == &F) {
          if (isa<CallInst>(CB))
            Calls.push_back(CB);
          else // a C++ caller with cleanups, and a throwing declaration
            DiagnosticSink().error(
                *CB->getFunction(), CB,
                F.getName() + ": called where an exception could unwind "
                              "(a C++ caller with cleanups); declare it "
                              "noexcept");
        }
  for (CallBase *CB : Calls)
    BatchLowerer(*CB).run();
  return !Calls.empty();
}

} // namespace adpass
