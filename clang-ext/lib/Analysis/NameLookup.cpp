/// \file
/// Looking up names of pragmas in the AST (see NameLookup.h).
#include "NameLookup.h"

#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace orbis {
namespace {

/// Declarations in `DC` (and in the enums it declares) named `Name`.
void collect(const DeclContext *DC, StringRef Name,
             std::vector<const ValueDecl *> &Out) {
  for (const Decl *D : DC->decls()) {
    if (const auto *E = dyn_cast<EnumDecl>(D)) {
      if (!E->isScoped())
        for (const EnumConstantDecl *C : E->enumerators())
          if (C->getName() == Name)
            Out.push_back(C);
      continue;
    }
    const auto *V = dyn_cast<ValueDecl>(D);
    if (V && V->getIdentifier() && V->getName() == Name &&
        (isa<VarDecl>(V) || isa<EnumConstantDecl>(V)))
      Out.push_back(V);
  }
}

/// The function a lambda's call operator F is written in (null when F is
/// not one).
const FunctionDecl *enclosingOfLambda(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!M || !M->getParent()->isLambda())
    return nullptr;
  return dyn_cast_or_null<FunctionDecl>(
      M->getParent()->getDeclContext()->getNonClosureAncestor());
}

} // namespace

const ValueDecl *lookupValue(StringRef Name, const FunctionDecl *Function,
                             SourceLocation Where, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // A lambda's own names first, then those of the functions it is written
  // in (which it captures).
  for (; Function; Function = enclosingOfLambda(Function)) {
    std::vector<const ValueDecl *> Local;
    for (const ParmVarDecl *P : Function->parameters())
      if (P->getIdentifier() && P->getName() == Name)
        Local.push_back(P);
    collect(Function, Name, Local);
    const ValueDecl *Best = nullptr;
    for (const ValueDecl *D : Local)
      if (SM.isBeforeInTranslationUnit(D->getLocation(), Where) &&
          (!Best || SM.isBeforeInTranslationUnit(Best->getLocation(),
                                                 D->getLocation())))
        Best = D;
    if (Best)
      return Best;
  }
  std::vector<const ValueDecl *> Global;
  for (const NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
    if (const auto *V = dyn_cast<ValueDecl>(D))
      if (isa<VarDecl>(V) || isa<EnumConstantDecl>(V))
        Global.push_back(V);
  // Enumerators of enums at file scope (C keeps them in the enum's context).
  if (Global.empty())
    collect(Ctx.getTranslationUnitDecl(), Name, Global);
  return Global.empty() ? nullptr : Global.front();
}

std::optional<int64_t> integerConstantNamed(StringRef Name,
                                            const FunctionDecl *Function,
                                            SourceLocation Where,
                                            ASTContext &Ctx) {
  const ValueDecl *D = lookupValue(Name, Function, Where, Ctx);
  if (const auto *E = dyn_cast_or_null<EnumConstantDecl>(D))
    return E->getInitVal().getExtValue();
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  if (!V || !V->getType()->isIntegerType() ||
      !(V->getType().isConstQualified() || V->isConstexpr()) || !V->getInit())
    return std::nullopt;
  Expr::EvalResult R;
  if (V->getInit()->isValueDependent() ||
      !V->getInit()->EvaluateAsInt(R, Ctx) ||
      R.Val.getInt().getSignificantBits() > 63)
    return std::nullopt;
  return R.Val.getInt().getSExtValue();
}

} // namespace orbis
