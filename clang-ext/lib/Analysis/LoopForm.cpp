/// \file
/// Canonical loop recognition (see LoopForm.h). Handles both ordinary and
/// template-dependent ASTs: in a template, comparisons and increments may be
/// CXXOperatorCallExprs rather than built-in operators.
#include "orbis/LoopForm.h"

#include "VariableWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "orbis/PragmaLexer.h"

using namespace clang;

namespace orbis {

std::string sourceText(SourceRange Range, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Chars = SM.getExpansionRange(Range);
  return Lexer::getSourceText(Chars, SM, Ctx.getLangOpts()).str();
}

const VarDecl *asVarRef(const Expr *E) {
  if (!E)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

namespace {

/// The references to one variable inside a statement: all of them, or only
/// the first (enough to know whether there is one).
class RefFinder : public RecursiveASTVisitor<RefFinder> {
public:
  RefFinder(const VarDecl *Var, bool FirstOnly)
      : Var(Var), FirstOnly(FirstOnly) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == Var)
      Found.push_back(E);
    return !(FirstOnly && !Found.empty());
  }
  const VarDecl *Var;
  bool FirstOnly;
  std::vector<const DeclRefExpr *> Found;
};

std::vector<const DeclRefExpr *> findReferences(const Stmt *S,
                                                const VarDecl *Var,
                                                bool FirstOnly) {
  if (!S)
    return {};
  RefFinder F(Var, FirstOnly);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Found);
}

/// A binary operation, built-in or (in templates) overloaded.
struct BinaryView {
  enum Kind { None, Less, LessEq, Greater, GreaterEq, NotEq, Assign, AddAssign,
              SubAssign, Add, Sub } Op = None;
  const Expr *LHS = nullptr, *RHS = nullptr;
};

/// E without parentheses and the full-expression nodes that wrap a loop part
/// holding temporaries (`i < std::min(n, 500)`).
const Expr *stripped(const Expr *E) {
  if (const auto *Full = dyn_cast<FullExpr>(E->IgnoreParens()))
    return stripped(Full->getSubExpr());
  return E->IgnoreParens();
}

BinaryView viewBinary(const Expr *E) {
  BinaryView V;
  E = stripped(E);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    V.LHS = B->getLHS();
    V.RHS = B->getRHS();
    switch (B->getOpcode()) {
    case BO_LT: V.Op = BinaryView::Less; break;
    case BO_LE: V.Op = BinaryView::LessEq; break;
    case BO_GT: V.Op = BinaryView::Greater; break;
    case BO_GE: V.Op = BinaryView::GreaterEq; break;
    case BO_NE: V.Op = BinaryView::NotEq; break;
    case BO_Assign: V.Op = BinaryView::Assign; break;
    case BO_AddAssign: V.Op = BinaryView::AddAssign; break;
    case BO_SubAssign: V.Op = BinaryView::SubAssign; break;
    case BO_Add: V.Op = BinaryView::Add; break;
    case BO_Sub: V.Op = BinaryView::Sub; break;
    default: break;
    }
    return V;
  }
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (C->getNumArgs() != 2)
      return V;
    V.LHS = C->getArg(0);
    V.RHS = C->getArg(1);
    switch (C->getOperator()) {
    case OO_Less: V.Op = BinaryView::Less; break;
    case OO_LessEqual: V.Op = BinaryView::LessEq; break;
    case OO_Greater: V.Op = BinaryView::Greater; break;
    case OO_GreaterEqual: V.Op = BinaryView::GreaterEq; break;
    case OO_ExclaimEqual: V.Op = BinaryView::NotEq; break;
    case OO_Equal: V.Op = BinaryView::Assign; break;
    case OO_PlusEqual: V.Op = BinaryView::AddAssign; break;
    case OO_MinusEqual: V.Op = BinaryView::SubAssign; break;
    case OO_Plus: V.Op = BinaryView::Add; break;
    case OO_Minus: V.Op = BinaryView::Sub; break;
    default: break;
    }
  }
  return V;
}

/// ++var, var++, --var, var-- (built-in or overloaded): +1, -1 or 0.
int unitIncrement(const Expr *E, const VarDecl *Var) {
  E = stripped(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (asVarRef(U->getSubExpr()) != Var)
      return 0;
    if (U->isIncrementOp())
      return +1;
    if (U->isDecrementOp())
      return -1;
  }
  if (const auto *C = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (C->getNumArgs() < 1 || asVarRef(C->getArg(0)) != Var)
      return 0;
    if (C->getOperator() == OO_PlusPlus)
      return +1;
    if (C->getOperator() == OO_MinusMinus)
      return -1;
  }
  return 0;
}

class LoopFormChecker {
public:
  LoopFormChecker(const ForStmt *For, ASTContext &Ctx, SourceLocation Pragma)
      : For(For), Ctx(Ctx), PragmaLoc(Pragma) {}

  LoopFormResult run() {
    LoopFormResult R;
    CanonicalLoop L;
    L.For = For;
    if (!checkInit(L) || !checkType(L) || !checkCond(L) || !checkIncr(L) ||
        !checkInvariance(L) || !checkStepSign(L) || !checkBodyKeepsHeader(L)) {
      R.Diags = std::move(Diags);
      return R;
    }
    R.Loop = std::move(L);
    return R;
  }

private:
  const ForStmt *For;
  ASTContext &Ctx;
  SourceLocation PragmaLoc;
  std::vector<PendingDiag> Diags;

  bool fail(Diag Id, std::vector<std::string> Args, SourceLocation PartLoc,
            const char *Part) {
    Diags.push_back(PendingDiag{Id, PragmaLoc, std::move(Args), {}, 0, {}});
    if (PartLoc.isValid())
      Diags.push_back(
          PendingDiag{Diag::LoopPartHere, PartLoc, {Part}, {}, 0, {}});
    return false;
  }

  std::string text(const Stmt *S) { return sourceText(S->getSourceRange(), Ctx); }

  bool checkInit(CanonicalLoop &L) {
    const Stmt *Init = For->getInit();
    SourceLocation Where = Init ? Init->getBeginLoc() : For->getLParenLoc();
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(Init)) {
      if (DS->isSingleDecl())
        if (const auto *VD = dyn_cast<VarDecl>(DS->getSingleDecl()))
          if (VD->hasInit()) {
            L.Var = VD;
            L.DeclaredInInit = true;
            L.Init = VD->getInit();
          }
    } else if (const auto *E = dyn_cast_or_null<Expr>(Init)) {
      BinaryView B = viewBinary(E);
      if (B.Op == BinaryView::Assign && asVarRef(B.LHS)) {
        L.Var = asVarRef(B.LHS);
        L.Init = B.RHS;
      }
    }
    if (!L.Var)
      return fail(Diag::NonCanonicalInit, {}, Where, "the initialization");
    L.VarName = L.Var->getName().str();
    L.InitText = text(L.Init);
    return true;
  }

  bool checkType(CanonicalLoop &L) {
    QualType T = L.Var->getType();
    L.IsPointer = T->isPointerType();
    bool Integer = T->isIntegerType() && !T->isBooleanType();
    if (!L.IsPointer && !Integer && !T->isDependentType())
      return fail(Diag::NonCanonicalVarType, {L.VarName}, L.Var->getLocation(),
                  "the loop variable");
    if (Integer && Ctx.getTypeSize(T) > 64)
      return fail(Diag::LoopVarTooWide,
                  {L.VarName, std::to_string(Ctx.getTypeSize(T))},
                  L.Var->getLocation(), "the loop variable");
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressScope = false;
    L.VarType = T.getUnqualifiedType().getAsString(Policy);
    return true;
  }

  /// Where a missing condition would go: after the initialization's `;`.
  SourceLocation missingConditionLoc() {
    const SourceManager &SM = Ctx.getSourceManager();
    const LangOptions &LO = Ctx.getLangOpts();
    const Stmt *Init = For->getInit();
    // A declaration's range ends at its ';'; an expression's does not.
    SourceLocation From = Init ? Init->getEndLoc() : For->getLParenLoc();
    unsigned Semicolons = Init && isa<DeclStmt>(Init) ? 1 : 2;
    for (unsigned I = 0; I < Semicolons; ++I) {
      std::optional<Token> Next = Lexer::findNextToken(From, SM, LO);
      if (!Next)
        return For->getLParenLoc();
      From = Next->getLocation();
      if (!Next->is(tok::semi))
        --I; // skip tokens until the next ';'
    }
    return From;
  }

  bool checkCond(CanonicalLoop &L) {
    const Expr *Cond = For->getCond();
    SourceLocation Where = Cond ? Cond->getBeginLoc() : missingConditionLoc();
    if (!Cond)
      return fail(Diag::NonCanonicalCond, {L.VarName}, Where, "the condition");
    BinaryView B = viewBinary(Cond);
    bool Swapped = false;
    const Expr *Bound = nullptr;
    if (asVarRef(B.LHS) == L.Var) {
      Bound = B.RHS;
    } else if (asVarRef(B.RHS) == L.Var) {
      Bound = B.LHS;
      Swapped = true;
    }
    LoopCompare C;
    switch (B.Op) {
    case BinaryView::Less: C = Swapped ? LoopCompare::GT : LoopCompare::LT; break;
    case BinaryView::LessEq: C = Swapped ? LoopCompare::GE : LoopCompare::LE; break;
    case BinaryView::Greater: C = Swapped ? LoopCompare::LT : LoopCompare::GT; break;
    case BinaryView::GreaterEq: C = Swapped ? LoopCompare::LE : LoopCompare::GE; break;
    case BinaryView::NotEq: C = LoopCompare::NE; break;
    default: Bound = nullptr; break;
    }
    if (!Bound)
      return fail(Diag::NonCanonicalCond, {L.VarName}, Where, "the condition");
    L.Compare = C;
    L.Bound = Bound;
    L.BoundText = text(Bound);
    return checkNotFloating(Bound, "bound", L);
  }

  bool checkIncr(CanonicalLoop &L) {
    const Expr *Inc = For->getInc();
    SourceLocation Where = Inc ? Inc->getBeginLoc() : For->getRParenLoc();
    if (!Inc)
      return fail(Diag::NonCanonicalIncr, {L.VarName}, Where, "the increment");
    L.IncText = text(Inc);
    if (int Unit = unitIncrement(Inc, L.Var)) {
      L.Direction = Unit;
      L.StepText = "1";
      return true;
    }
    BinaryView B = viewBinary(Inc);
    if (asVarRef(B.LHS) == L.Var) {
      if (B.Op == BinaryView::AddAssign || B.Op == BinaryView::SubAssign) {
        L.Direction = B.Op == BinaryView::AddAssign ? +1 : -1;
        L.Step = B.RHS;
      } else if (B.Op == BinaryView::Assign) {
        // `v = v + s` for a variable narrower than int converts the sum
        // back to the variable's type.
        BinaryView R = viewBinary(B.RHS->IgnoreParenImpCasts());
        if (R.Op == BinaryView::Add && asVarRef(R.LHS) == L.Var)
          L.Step = R.RHS;
        else if (R.Op == BinaryView::Add && asVarRef(R.RHS) == L.Var)
          L.Step = R.LHS;
        else if (R.Op == BinaryView::Sub && asVarRef(R.LHS) == L.Var) {
          L.Step = R.RHS;
          L.Direction = -1;
        }
      }
    }
    if (!L.Step)
      return fail(Diag::NonCanonicalIncr, {L.VarName}, Where, "the increment");
    L.StepText = text(L.Step);
    return checkNotFloating(L.Step, "step", L);
  }

  /// A bound or step of floating type: C compares and adds in that type
  /// (`i < 10.5f` runs i = 10 too), which the tiles' integer count would
  /// not (it truncated the bound), so such loops are refused.
  bool checkNotFloating(const Expr *Part, const char *What,
                        const CanonicalLoop &L) {
    QualType T = Part->IgnoreParenImpCasts()->getType();
    if (T.isNull() || T->isDependentType() ||
        !(T->isRealFloatingType() || T->isAnyComplexType()))
      return true;
    std::string Type =
        T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Diags.push_back(PendingDiag{Diag::NonCanonicalFloatingPart,
                                PragmaLoc,
                                {What, L.VarName, Type},
                                {},
                                0,
                                {}});
    Diags.push_back(PendingDiag{Diag::LoopPartHere,
                                Part->getBeginLoc(),
                                {std::string("the ") + What},
                                {},
                                0,
                                {}});
    return false;
  }

  bool checkInvariance(CanonicalLoop &L) {
    if (refersTo(L.Bound, L.Var))
      return fail(Diag::NonCanonicalVariant, {"bound", L.VarName},
                  L.Bound->getBeginLoc(), "the bound");
    if (L.Step && refersTo(L.Step, L.Var))
      return fail(Diag::NonCanonicalVariant, {"step", L.VarName},
                  L.Step->getBeginLoc(), "the step");
    return true;
  }

  /// The body must not change the loop variable, nor a variable the bound
  /// or the step reads: the tiles are computed from the header once, before
  /// any iteration (OpenMP's canonical form asks the same; clang does not
  /// check it).
  bool checkBodyKeepsHeader(CanonicalLoop &L) {
    for (const VariableWrite &W : variableWrites(For->getBody())) {
      if (!countsAsChange(W))
        continue;
      // Read, not only named: `sizeof A / sizeof A[0]` reads nothing of A.
      const std::set<const VarDecl *> Written = {W.Var};
      const char *What = W.Var == L.Var                  ? "loop variable"
                         : refersToAny(L.Bound, Written) ? "the bound's variable"
                         : L.Step && refersToAny(L.Step, Written)
                             ? "the step's variable"
                             : nullptr;
      if (!What)
        continue;
      Diags.push_back(PendingDiag{Diag::NonCanonicalChanged, PragmaLoc,
                                  {What, W.Var->getNameAsString()}, {}, 0, {}});
      Diags.push_back(PendingDiag{Diag::VariableSetHere, W.Loc,
                                  {W.Var->getNameAsString()}, {}, 0, {}});
      return false;
    }
    return true;
  }

  /// A constant step must move towards the bound.
  bool checkStepSign(CanonicalLoop &L) {
    int64_t Step = 1;
    if (L.Step) {
      if (L.Step->isValueDependent())
        return true;
      Expr::EvalResult R;
      if (!L.Step->EvaluateAsInt(R, Ctx))
        return true;
      L.StepConstant = R.Val.getInt();
      Step = R.Val.getInt().getSExtValue();
    }
    Step *= L.Direction;
    bool Up = L.Compare == LoopCompare::LT || L.Compare == LoopCompare::LE;
    bool Down = L.Compare == LoopCompare::GT || L.Compare == LoopCompare::GE;
    static const char *const OpNames[] = {"<", "<=", ">", ">=", "!="};
    if (Step == 0)
      return fail(Diag::NonCanonicalStepZero, {L.VarName},
                  For->getInc()->getBeginLoc(), "the increment");
    if ((Up && Step < 0) || (Down && Step > 0))
      return fail(Diag::NonCanonicalStepSign,
                  {L.VarName, OpNames[static_cast<int>(L.Compare)]},
                  For->getInc()->getBeginLoc(), "the increment");
    return true;
  }
};

} // namespace

std::optional<CharSourceRange> fileRangeOf(const Stmt *S, ASTContext &Ctx) {
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Range.isInvalid())
    return std::nullopt;
  return Range;
}

SourceLocation statementEnd(const Stmt *S, ASTContext &Ctx,
                            llvm::ArrayRef<SourceRange> Skipped) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // The statement the text ends with.
  for (;;) {
    if (const auto *F = dyn_cast<ForStmt>(S))
      S = F->getBody();
    else if (const auto *W = dyn_cast<WhileStmt>(S))
      S = W->getBody();
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      S = R->getBody();
    else if (const auto *I = dyn_cast<IfStmt>(S))
      S = I->getElse() ? I->getElse() : I->getThen();
    else if (const auto *L = dyn_cast<LabelStmt>(S))
      S = L->getSubStmt();
    else if (const auto *A = dyn_cast<AttributedStmt>(S))
      S = A->getSubStmt();
    else if (const auto *C = dyn_cast<SwitchCase>(S))
      S = C->getSubStmt();
    else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      S = Sw->getBody();
    else if (const auto *T = dyn_cast<CXXTryStmt>(S))
      S = T->getHandler(T->getNumHandlers() - 1)->getHandlerBlock();
    else
      break;
  }
  // Its last token in the file: a macro's name or closing ')' when it ends
  // with a macro expansion.
  SourceLocation Last = SM.getExpansionRange(S->getEndLoc()).getEnd();
  SourceLocation After = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (isa<CompoundStmt>(S))
    return After;
  Token Tok;
  if (!Lexer::getRawToken(Last, Tok, SM, LO) && Tok.is(tok::semi))
    return After;
  // The first token the parser saw after it, past directive lines and the
  // branches the preprocessor skipped (an `#include` line is not a `;`).
  SourceLocation Next = nextCodeToken(SM, LO, After, Skipped);
  if (Next.isValid() && *SM.getCharacterData(Next) == ';')
    return Next.getLocWithOffset(1);
  return After;
}

SubscriptChain subscriptChain(const ArraySubscriptExpr *E) {
  SubscriptChain C;
  const Expr *Base = E;
  while (const auto *Sub =
             dyn_cast<ArraySubscriptExpr>(Base->IgnoreParenImpCasts())) {
    C.Indices.insert(C.Indices.begin(), Sub->getIdx());
    Base = Sub->getBase();
  }
  C.Base = Base;
  const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  C.Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return C;
}

bool refersTo(const Stmt *E, const VarDecl *Var) {
  return !findReferences(E, Var, /*FirstOnly=*/true).empty();
}

std::vector<const DeclRefExpr *> referencesTo(const Stmt *S,
                                              const VarDecl *Var) {
  return findReferences(S, Var, /*FirstOnly=*/false);
}

const char *elementLoopTest(const CanonicalLoop &L, ASTContext &Ctx) {
  QualType T = L.Var->getType();
  if (!T->isSignedIntegerType() || Ctx.getTypeSize(T) < Ctx.getTypeSize(Ctx.IntTy))
    return "!=";
  switch (L.Compare) {
  case LoopCompare::LT:
  case LoopCompare::LE:
    return "<";
  case LoopCompare::GT:
  case LoopCompare::GE:
    return ">";
  case LoopCompare::NE:
    if (!L.Step)
      return L.Direction > 0 ? "<" : ">";
    if (L.StepConstant)
      return L.StepConstant->isNegative() == (L.Direction > 0) ? ">" : "<";
    return "!=";
  }
  return "!=";
}

LoopFormResult analyzeLoopForm(const ForStmt *For, ASTContext &Ctx,
                               SourceLocation PragmaLoc) {
  return LoopFormChecker(For, Ctx, PragmaLoc).run();
}

} // namespace orbis
