//===- LibmCalls.cpp - Derivative math intrinsics as libm calls -----------===//
#include "Transform/LibmCalls.h"
#include "Rules/Expr.h"

#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace adpass {

/// The libm (or compiler runtime, for powi) function computing \p II, empty
/// when there is none to call.
static std::string libmName(const IntrinsicInst &II) {
  Type *Ty = II.getType();
  const char *Suffix = Ty->isFloatTy()      ? "f"
                       : Ty->isDoubleTy()   ? ""
                       : Ty->isX86_FP80Ty() ? "l"
                                            : nullptr;
  if (!Suffix)
    return {};
  switch (II.getIntrinsicID()) {
  case Intrinsic::sin:
    return std::string("sin") + Suffix;
  case Intrinsic::cos:
    return std::string("cos") + Suffix;
  case Intrinsic::exp:
    return std::string("exp") + Suffix;
  case Intrinsic::log:
    return std::string("log") + Suffix;
  case Intrinsic::pow:
    return std::string("pow") + Suffix;
  case Intrinsic::powi:
    // The helpers code generation calls for powi, with an int exponent.
    if (!II.getArgOperand(1)->getType()->isIntegerTy(32))
      return {};
    return Ty->isFloatTy()    ? "__powisf2"
           : Ty->isDoubleTy() ? "__powidf2"
                              : "__powixf2";
  default:
    return {};
  }
}

static bool replaceWithCall(IntrinsicInst &II) {
  std::string Name = libmName(II);
  if (Name.empty())
    return false;
  Module &M = *II.getModule();
  SmallVector<Type *, 2> Params;
  SmallVector<Value *, 2> Args;
  for (Value *Arg : II.args()) {
    Params.push_back(Arg->getType());
    Args.push_back(Arg);
  }
  auto *Ty = FunctionType::get(II.getType(), Params, false);
  // The module's own function of that name (another type, or a definition,
  // perhaps internal) is not the library's: leave the intrinsic.
  if (Function *Existing = M.getFunction(Name);
      Existing &&
      (Existing->getFunctionType() != Ty || !Existing->isDeclaration()))
    return false;
  FunctionCallee Fn = M.getOrInsertFunction(Name, Ty);
  auto *Call = CallInst::Create(Fn, Args, "", II.getIterator());
  Call->takeName(&II);
  Call->setDebugLoc(II.getDebugLoc());
  Call->setDoesNotAccessMemory();
  Call->setDoesNotThrow();
  Call->addFnAttr(Attribute::WillReturn);
  // Not a builtin: sin and cos would otherwise become libcall nodes again.
  Call->addFnAttr(Attribute::NoBuiltin);
  II.replaceAllUsesWith(Call);
  II.eraseFromParent();
  return true;
}

PreservedAnalyses ADLibmCallsPass::run(Module &M, ModuleAnalysisManager &) {
  // Only the calls of intrinsic declarations, not every instruction.
  SmallVector<IntrinsicInst *, 16> Marked;
  for (Function &F : M)
    if (F.isIntrinsic() && !F.getReturnType()->isVectorTy())
      for (User *U : F.users())
        if (auto *II = dyn_cast<IntrinsicInst>(U);
            II && II->getCalledFunction() == &F &&
            II->hasFnAttr(DerivativeMathAttr))
          Marked.push_back(II);
  bool Changed = false;
  for (IntrinsicInst *II : Marked)
    Changed |= replaceWithCall(*II);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace adpass
