/// \file
/// Uses of a world variable outside the world loops that name it. Inside
/// them it lives in world memory; outside, its name is the C variable,
/// which no world loop sets, so a read there gave garbage or a crash
/// (after the loop, or in a function the loop calls, for a global).
#include "WorldLowering.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

#include <map>
#include <set>

using namespace clang;

namespace orbis {
namespace {

class OutsideUses : public RecursiveASTVisitor<OutsideUses> {
public:
  OutsideUses(const NestModel &Model, ASTContext &Ctx,
              std::vector<PendingDiag> &Diags)
      : SM(Ctx.getSourceManager()), Diags(Diags) {
    for (const auto &World : Model.WorldLoops)
      for (const VarDecl *V : World->Vars)
        Loops[V].push_back(World.get());
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    auto It = V ? Loops.find(V) : Loops.end();
    if (It == Loops.end() || Reported.count(V))
      return true;
    SourceLocation At = SM.getExpansionLoc(Ref->getLocation());
    auto Inside = [&](const WorldLoop *World) {
      return !SM.isBeforeInTranslationUnit(
                 At, SM.getExpansionLoc(World->For->getBeginLoc())) &&
             !SM.isBeforeInTranslationUnit(
                 SM.getExpansionLoc(World->For->getEndLoc()), At);
    };
    if (llvm::any_of(It->second, Inside))
      return true;
    Reported.insert(V);
    Diags.push_back(PendingDiag{Diag::WorldVariableOutsideLoop,
                                At,
                                {V->getNameAsString()},
                                {},
                                0,
                                {}});
    Diags.push_back(PendingDiag{Diag::WorldVariableNamedHere,
                                It->second.front()->Pragma->Dir.Loc,
                                {V->getNameAsString()},
                                {},
                                0,
                                {}});
    return true;
  }

  // Unevaluated operands read no value: `sizeof A`, `__typeof__(A)`.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc, bool = false) {
    return true;
  }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc, bool = false) {
    return true;
  }

private:
  const SourceManager &SM;
  std::vector<PendingDiag> &Diags;
  std::map<const VarDecl *, std::vector<const WorldLoop *>> Loops;
  std::set<const VarDecl *> Reported; ///< one error per variable
};

} // namespace

void reportWorldVariablesOutsideLoops(const NestModel &Model, ASTContext &Ctx,
                                      std::vector<PendingDiag> &Diags) {
  if (Model.WorldLoops.empty())
    return;
  OutsideUses(Model, Ctx, Diags).TraverseAST(Ctx);
}

} // namespace orbis
