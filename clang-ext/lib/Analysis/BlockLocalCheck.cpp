/// \file
/// block_local checks (see BlockLocalCheck.h). Accesses are collected from
/// the whole nest: a subscript that the staging could not cover is an error
/// wherever it is in the nest.
#include "BlockLocalCheck.h"

#include "NameLookup.h"
#include "orbis/DependenceCheck.h"
#include "orbis/PragmaParser.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace orbis {
namespace {

/// Full subscript chains `v[a][b]...` of variables, outermost first.
class AccessCollector : public RecursiveASTVisitor<AccessCollector> {
public:
  struct Access {
    const ArraySubscriptExpr *Expr;
    const VarDecl *Var;
    std::vector<const clang::Expr *> Indices;
  };

  bool TraverseArraySubscriptExpr(ArraySubscriptExpr *E) {
    // Only the outermost subscript of a chain starts an access.
    SubscriptChain Chain = subscriptChain(E);
    if (Chain.Var) {
      Accesses.push_back({E, Chain.Var, Chain.Indices});
      Used.push_back(Chain.Var);
    } else {
      TraverseStmt(const_cast<Expr *>(Chain.Base));
    }
    // Subscripts may themselves contain accesses.
    for (const Expr *Index : Chain.Indices)
      TraverseStmt(const_cast<Expr *>(Index));
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *Var = dyn_cast<VarDecl>(E->getDecl()))
      Used.push_back(Var);
    return true;
  }

  std::vector<Access> Accesses;
  std::vector<const VarDecl *> Used;
};

} // namespace

std::vector<PendingDiag> checkBlockLocals(TiledNest &Nest,
                                          ASTContext &Ctx) {
  std::vector<PendingDiag> Diags;
  auto error = [&](Diag Id, SourceLocation Loc, std::vector<std::string> A) {
    Diags.push_back(PendingDiag{Id, Loc, std::move(A), {}, 0, {}});
  };
  AccessCollector Collector;
  Collector.TraverseStmt(const_cast<Stmt *>(Nest.root().For->getBody()));

  for (const auto &Loop : Nest.Loops) {
    const std::vector<BlockLocalClause> &Clauses = Loop->Pragma->Dir.BlockLocals;
    for (size_t Index = 0; Index < Clauses.size(); ++Index) {
      const BlockLocalClause &C = Clauses[Index];
      int64_t Halo = C.Halo;
      if (!C.HaloTokens.empty()) {
        ConstantValue V = evaluateConstantExpr(
            C.HaloTokens, [&](StringRef Name) {
              return integerConstantNamed(Name, Nest.Function,
                                          Loop->Pragma->Dir.Loc, Ctx);
            });
        if (V.Kind != ConstantValue::Ok) {
          error(Diag::HaloNotConstant, C.HaloLoc, {});
          return Diags;
        }
        if (V.Value < 0) {
          error(Diag::HaloNegative, C.HaloLoc, {});
          return Diags;
        }
        Halo = V.Value;
      }
      Loop->Halos.push_back(Halo);
      std::vector<const VarDecl *> IndexVars;
      for (const auto &[Name, Loc] : C.Indices) {
        const VarDecl *Found = nullptr;
        for (const auto &L : Nest.Loops)
          if (L->Form.VarName == Name)
            Found = L->Form.Var;
        if (!Found) {
          error(Diag::BlockLocalNotLoopVar, Loc, {Name});
          return Diags;
        }
        if (llvm::is_contained(IndexVars, Found)) {
          // (x, x): one subscript per loop, not the other loop's message.
          error(Diag::BlockLocalRepeatedLoopVar, Loc, {Name});
          return Diags;
        }
        IndexVars.push_back(Found);
      }
      const VarDecl *Staged = nullptr;
      for (const VarDecl *V : Collector.Used)
        if (V->getName() == C.Var)
          Staged = V;
      if (!Staged) {
        error(Diag::BlockLocalUnknownVar, C.VarLoc, {C.Var});
        return Diags;
      }
      QualType StagedType = Staged->getType().getNonReferenceType();
      if (!StagedType->isArrayType() && !StagedType->isPointerType() &&
          !StagedType->isDependentType()) {
        error(Diag::BlockLocalNotArray, C.VarLoc,
              {C.Var, StagedType.getAsString()});
        return Diags;
      }
      for (const auto &A : Collector.Accesses) {
        if (A.Var->getName() != C.Var)
          continue;
        std::string AccessText = sourceText(A.Expr->getSourceRange(), Ctx);
        if (A.Indices.size() != C.Indices.size()) {
          error(Diag::BlockLocalRank, A.Expr->getBeginLoc(),
                {AccessText, std::to_string(A.Indices.size()),
                 std::to_string(C.Indices.size())});
          return Diags;
        }
        for (const Expr *Index : A.Indices) {
          // A loop variable plus a constant, in any form the dependence
          // check reads.
          std::optional<std::pair<unsigned, int64_t>> Affine =
              variablePlusConstant(Index, Ctx, IndexVars);
          if (!Affine) {
            error(Diag::BlockLocalBadSubscript, Index->getBeginLoc(),
                  {sourceText(Index->getSourceRange(), Ctx), C.Var});
            return Diags;
          }
          int64_t Offset = Affine->second;
          if (Offset > Halo || -Offset > Halo) {
            error(Diag::BlockLocalOutsideHalo, A.Expr->getBeginLoc(),
                  {AccessText, std::to_string(Offset < 0 ? -Offset : Offset),
                   std::to_string(Halo)});
            return Diags;
          }
        }
      }
    }
  }
  return Diags;
}

} // namespace orbis
