//===- StructuralAdjoints.cpp - Adjoints of lane and field moves ----------===//
//
// Instructions that only move values between lanes or fields have a 0/1
// Jacobian that is not diagonal, so they are not partial-derivative rules:
// each entry here says where the adjoint of the result goes back to.
//
//===----------------------------------------------------------------------===//
#include "Analysis/ActivityAnalysis.h"
#include "Transform/AdjointBuilder.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace adpass {
namespace {

using StructuralFn = void (*)(Instruction &, Value *D, AdjointBuilder &,
                              IRBuilder<> &);

void extractValueAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                         IRBuilder<> &IRB) {
  auto &EV = cast<ExtractValueInst>(I);
  Value *Agg = EV.getAggregateOperand();
  Value *Zero = adjointZero(Agg->getType());
  Adj.addAdjoint(Agg, IRB.CreateInsertValue(Zero, D, EV.getIndices()), IRB);
}

void insertValueAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                        IRBuilder<> &IRB) {
  auto &IV = cast<InsertValueInst>(I);
  Value *Elt = IV.getInsertedValueOperand();
  if (isDifferentiableType(Elt->getType()))
    Adj.addAdjoint(Elt, IRB.CreateExtractValue(D, IV.getIndices()), IRB);
  Value *Rest =
      IRB.CreateInsertValue(D, adjointZero(Elt->getType()), IV.getIndices());
  Adj.addAdjoint(IV.getAggregateOperand(), Rest, IRB);
}

void extractElementAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                           IRBuilder<> &IRB) {
  auto &EE = cast<ExtractElementInst>(I);
  Value *Vec = EE.getVectorOperand();
  Value *Idx = Adj.primalInReverse(EE.getIndexOperand(), IRB);
  Value *Zero = adjointZero(Vec->getType());
  Adj.addAdjoint(Vec, IRB.CreateInsertElement(Zero, D, Idx), IRB);
}

void insertElementAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                          IRBuilder<> &IRB) {
  auto &IE = cast<InsertElementInst>(I);
  Value *Idx = Adj.primalInReverse(IE.getOperand(2), IRB);
  Value *Elt = IE.getOperand(1);
  Adj.addAdjoint(Elt, IRB.CreateExtractElement(D, Idx), IRB);
  Value *Rest = IRB.CreateInsertElement(D, adjointZero(Elt->getType()), Idx);
  Adj.addAdjoint(IE.getOperand(0), Rest, IRB);
}

/// A select of aggregates (structs returned in registers chosen by `?:`):
/// the adjoint goes to the operand chosen. (Floating-point selects are a
/// rule of the table.)
void selectAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                   IRBuilder<> &IRB) {
  auto &S = cast<SelectInst>(I);
  Value *C = Adj.primalInReverse(S.getCondition(), IRB);
  Value *Zero = adjointZero(S.getType());
  Adj.addAdjoint(S.getTrueValue(), IRB.CreateSelect(C, D, Zero), IRB);
  Adj.addAdjoint(S.getFalseValue(), IRB.CreateSelect(C, Zero, D), IRB);
}

void shuffleAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                    IRBuilder<> &IRB) {
  auto &SV = cast<ShuffleVectorInst>(I);
  auto *InTy = cast<FixedVectorType>(SV.getOperand(0)->getType());
  unsigned N = InTy->getNumElements();
  // Each result lane came from one input lane; several may share one.
  Value *Acc[2] = {adjointZero(InTy), adjointZero(InTy)};
  ArrayRef<int> Mask = SV.getShuffleMask();
  for (unsigned K = 0; K != Mask.size(); ++K) {
    if (Mask[K] < 0)
      continue;
    unsigned Src = unsigned(Mask[K]) / N, Lane = unsigned(Mask[K]) % N;
    Value *Old = IRB.CreateExtractElement(Acc[Src], Lane);
    Value *New = accumulateAdjoint(IRB, Old, IRB.CreateExtractElement(D, K));
    Acc[Src] = IRB.CreateInsertElement(Acc[Src], New, Lane);
  }
  Adj.addAdjoint(SV.getOperand(0), Acc[0], IRB);
  Adj.addAdjoint(SV.getOperand(1), Acc[1], IRB);
}

/// A bitcast between floating-point types of one element type (<1 x double>
/// and double, say) moves values without changing them.
void bitcastAdjoint(Instruction &I, Value *D, AdjointBuilder &Adj,
                    IRBuilder<> &IRB) {
  Value *Op = I.getOperand(0);
  Adj.addAdjoint(Op, IRB.CreateBitCast(D, Op->getType()), IRB);
}

const std::pair<unsigned, StructuralFn> StructuralRules[] = {
    {Instruction::ExtractValue, extractValueAdjoint},
    {Instruction::InsertValue, insertValueAdjoint},
    {Instruction::ExtractElement, extractElementAdjoint},
    {Instruction::InsertElement, insertElementAdjoint},
    {Instruction::ShuffleVector, shuffleAdjoint},
    {Instruction::Select, selectAdjoint},
    {Instruction::BitCast, bitcastAdjoint},
};

bool isValueBitcast(const Instruction &I) {
  Type *From = I.getOperand(0)->getType(), *To = I.getType();
  return From->isFPOrFPVectorTy() && To->isFPOrFPVectorTy() &&
         From->getScalarType() == To->getScalarType();
}

} // namespace

bool AdjointBuilder::emitStructural(Instruction &I, IRBuilder<> &IRB) {
  if (isa<BitCastInst>(I) && !isValueBitcast(I))
    return false;
  if (isa<ShuffleVectorInst>(I) &&
      !isa<FixedVectorType>(I.getOperand(0)->getType()))
    return false;
  if (isa<SelectInst>(I) && !I.getType()->isAggregateType())
    return false;
  for (const auto &[Opcode, Fn] : StructuralRules) {
    if (I.getOpcode() != Opcode)
      continue;
    Fn(I, takeAdjoint(&I, IRB), *this, IRB);
    return true;
  }
  return false;
}

} // namespace adpass
