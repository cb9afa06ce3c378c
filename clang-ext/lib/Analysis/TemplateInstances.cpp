/// \file
/// Instantiations of templated functions (see TemplateInstances.h).
#include "TemplateInstances.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace orbis {

std::vector<const FunctionDecl *> instantiationsOf(const FunctionDecl *F) {
  std::vector<const FunctionDecl *> Out;
  if (!F)
    return Out;
  if (const FunctionTemplateDecl *T = F->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Spec : T->specializations())
      if (Spec->hasBody())
        Out.push_back(Spec);
    return Out;
  }
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  if (!M)
    return Out;
  const ClassTemplateDecl *C = M->getParent()->getDescribedClassTemplate();
  if (!C)
    return Out;
  for (const ClassTemplateSpecializationDecl *Spec : C->specializations())
    for (const Decl *D : Spec->decls())
      if (const auto *I = dyn_cast<FunctionDecl>(D))
        if (I->getTemplateInstantiationPattern() == F && I->hasBody())
          Out.push_back(I);
  return Out;
}

namespace {
class VariableFinder : public RecursiveASTVisitor<VariableFinder> {
public:
  explicit VariableFinder(SourceLocation Loc) : Loc(Loc) {}
  bool VisitVarDecl(VarDecl *V) {
    if (V->getLocation() != Loc)
      return true;
    Found = V;
    return false;
  }
  SourceLocation Loc;
  const VarDecl *Found = nullptr;
};
} // namespace

const VarDecl *variableAt(const FunctionDecl *Instance, SourceLocation Loc) {
  VariableFinder F(Loc);
  F.TraverseDecl(const_cast<FunctionDecl *>(Instance));
  return F.Found;
}

} // namespace orbis
