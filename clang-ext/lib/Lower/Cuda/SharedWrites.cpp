/// \file
/// The check that keeps the intra-tile copies of pre/post-blocks from
/// writing memory all tiles share (EXTENSIONS.md 2). In the copies every
/// thread of a tile runs its own copy of the pre/post-blocks on its
/// sub-tile, with tile-local copies of the variables they assign. A write
/// through a pointer or array those copies do not re-point (a mapped
/// pointer, a global array) would reach the memory the inter-tile level
/// uses, once per thread and with sub-tile values: a count added twice, a
/// tile size overwritten. Rows in lockstep, where only the leader runs the
/// inner pre/post-blocks, are refused for such a nest by the analysis
/// (RowSchedule), and every thread runs the outermost pre/post-blocks in
/// both schedules: the write is an error naming the variable.
#include "NestEmitter.h"

using namespace clang;

namespace orbis::cuda {

namespace {

/// The variable whose memory an lvalue writes (baseVariable), or null for
/// a plain variable: its copy is tile-local.
const VarDecl *writtenThrough(const Expr *E) {
  if (isa<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return nullptr;
  return baseVariable(E);
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS(), B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      note(U->getSubExpr(), U);
    return true;
  }
  std::vector<std::pair<const VarDecl *, const Expr *>> Writes;

private:
  void note(const Expr *LHS, const Expr *Write) {
    if (const VarDecl *V = writtenThrough(LHS))
      Writes.push_back({V, Write});
  }
};

} // namespace

bool CudaNestEmitter::checkSharedWrites() {
  bool Ok = true;
  for (const auto &L : Nest.Loops)
    for (const auto *Part : {&L->PreBlock, &L->PostBlock})
      for (const Stmt *S : *Part) {
        WriteFinder Finder;
        Finder.TraverseStmt(const_cast<Stmt *>(S));
        for (const auto &W : Finder.Writes) {
          const VarDecl *Var = W.first;
          const Expr *Write = W.second;
          // Variables of the nest's device state: shared unless the
          // pre/post-blocks assign them (then each tile points them at
          // its own allocation).
          auto It = llvm::find_if(
              Vars, [&](const DeviceVariable &D) { return D.Var == Var; });
          if (It == Vars.end() || It->TileLocal)
            continue;
          std::string Name = Var->getNameAsString();
          diag(Diag::CudaUnsupportedConstruct, Write->getExprLoc(),
               {"a write through '" + Name + "' in a pre/post-block",
                "each thread of a tile runs a copy of " +
                    std::string(L->Level > 0
                                    ? "this pre/post-block on its sub-tile "
                                      "(rows cannot run in lockstep here: " +
                                          Rows.Reason + ")"
                                    : "the outermost pre/post-blocks") +
                    ", and '" + Name +
                    "' reaches memory all tiles share; write it in the "
                    "instruction block, or through a pointer that a "
                    "'single' of the pre-block allocates (EXTENSIONS.md 2)"});
          Ok = false;
        }
      }
  return Ok;
}

} // namespace orbis::cuda
