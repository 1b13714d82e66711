//===- TbaaTypes.cpp - What clang's TBAA tags say an access reads ---------===//
#include "Support/TbaaTypes.h"

#include "llvm/IR/Instruction.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Type.h"

using namespace llvm;

namespace adpass {

StringRef tbaaScalarName(const MDNode *Tag) {
  if (!Tag || Tag->getNumOperands() < 1)
    return "";
  const MDNode *Node = Tag;
  if (Node->getNumOperands() >= 3 && isa<MDNode>(Node->getOperand(0)) &&
      isa<MDNode>(Node->getOperand(1)))
    Node = cast<MDNode>(Node->getOperand(1));
  const auto *Name = dyn_cast<MDString>(Node->getOperand(0));
  return Name ? Name->getString() : "";
}

Type *tbaaFloatType(const Instruction &I) {
  return tbaaFloatType(I.getMetadata(LLVMContext::MD_tbaa), I.getContext());
}

Type *tbaaFloatType(const MDNode *Tag, LLVMContext &Ctx) {
  StringRef N = tbaaScalarName(Tag);
  if (N == "double")
    return Type::getDoubleTy(Ctx);
  if (N == "float")
    return Type::getFloatTy(Ctx);
  if (N == "long double")
    return Type::getX86_FP80Ty(Ctx);
  return nullptr;
}

bool tbaaNamesOtherType(const Instruction &I) {
  StringRef N = tbaaScalarName(I.getMetadata(LLVMContext::MD_tbaa));
  return !N.empty() && N != "omnipotent char" && !tbaaFloatType(I);
}

} // namespace adpass
