/// \file
/// World loops on the element path (see WorldLowering.h). For
///
/// \code
///   #pragma omp world_parallel for world(Vs)
///   for (int t = 1; t <= T; t++) { ... Vs[t][x][y] = ... Vs[t - 1][x][y] ...; }
/// \endcode
///
/// the lowered code is
///
/// \code
///   { orbis_world_init_at(F, L);
///     orbis_world_ptr_t __orbis_w0_Vs = orbis_world_shared_at(
///         sizeof(Vs) / sizeof(Vs[0]), sizeof(orbis_world_ptr_t), F, L);
///     long long __orbis_wi0 = 0;
///   for (int t = 1; t <= T; t++) {
///     if (__orbis_wi0++ % orbis_world_size() != orbis_world_rank()) continue;
///     ... orbis_world_put_double(orbis_world_get_ptr(__orbis_w0_Vs, t, F, L),
///                                (x) * <row> + (y), <value>, F, L) ...; }
///   orbis_world_end_at(F, L); orbis_world_shared_free_at(__orbis_w0_Vs, F, L); }
/// \endcode
///
/// where <row> is `sizeof` of the pointee's row in scalars, from the type of
/// the user's variable (which stays declared, unused, for the types).
#include "WorldLowering.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <map>

using namespace clang;

namespace orbis {
namespace {

/// An expression without the implicit casts and parentheses around it.
const Expr *bare(const Expr *E) { return E->IgnoreParenImpCasts(); }

/// The accessor name of <orbis/world_access.h> for a scalar type, or "".
std::string accessorName(QualType T) {
  const auto *B = T.getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return "";
  switch (B->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
    return "char";
  case BuiltinType::SChar:
    return "schar";
  case BuiltinType::UChar:
    return "uchar";
  case BuiltinType::Short:
    return "short";
  case BuiltinType::UShort:
    return "ushort";
  case BuiltinType::Int:
    return "int";
  case BuiltinType::UInt:
    return "uint";
  case BuiltinType::Long:
    return "long";
  case BuiltinType::ULong:
    return "ulong";
  case BuiltinType::LongLong:
    return "llong";
  case BuiltinType::ULongLong:
    return "ullong";
  case BuiltinType::Float:
    return "float";
  case BuiltinType::Double:
    return "double";
  default:
    return "";
  }
}

class LoopLowering {
public:
  LoopLowering(const WorldLoop &W, ASTContext &Ctx, LowerResult &Result)
      : W(W), Ctx(Ctx), SM(Ctx.getSourceManager()), Result(Result) {}

  void lower() {
    const Directive &Dir = W.Pragma->Dir;
    if (Ctx.getLangOpts().CPlusPlus)
      return diag(Diag::WorldCxxNotLowered, Dir.Loc, {});
    if (Dir.ScheduleLoc.isValid())
      diag(Diag::WorldClauseNotLowered, Dir.ScheduleLoc, {"schedule"});
    for (const PassThroughClause &C : Dir.Clauses)
      diag(Diag::WorldClauseNotLowered, C.Loc, {C.Name});
    // Run by every process as plain code would be wrong: an error.
    for (const CollectedDirective *S : W.Singles)
      diag(Diag::WorldSingleNotLowered, S->Dir.Loc, {});
    if (!W.Nests.empty()) {
      diag(Diag::WorldNestNotLowered, W.Nests.front()->Loops.front()->Pragma
                                          ->Dir.Loc,
           {});
      return;
    }
    for (const VarDecl *V : W.Vars)
      addVariable(V);
    if (Failed)
      return;
    findAccesses();
    if (Failed)
      return;
    emit();
  }

private:
  enum class Kind { SlotWrite, SlotFree, ElementRead, ElementWrite };
  struct Variable {
    const VarDecl *Decl;
    bool Array; ///< an array of world pointers (else one world pointer)
    std::string Handle;
  };
  /// One access to world memory, at its outermost expression (Node).
  struct Access {
    Kind K;
    const Expr *Node;
    const Variable *Var;
    const Expr *SlotIndex = nullptr; ///< V[SlotIndex]; null for a pointer V
    std::vector<const Expr *> Subscripts; ///< into the pointee
    const Expr *Value = nullptr; ///< what is stored, or malloc's count
    QualType Scalar;             ///< the element type
  };

  void diag(Diag Id, SourceLocation Loc, std::vector<std::string> Args) {
    Failed = true;
    // A macro argument used twice is two accesses at one place: one error.
    Loc = SM.getFileLoc(Loc);
    for (const PendingDiag &D : Result.Diags)
      if (D.Id == Id && D.Loc == Loc && D.Args == Args)
        return;
    Result.Diags.push_back(PendingDiag{Id, Loc, std::move(Args), {}, 0, {}});
  }

  void addVariable(const VarDecl *V) {
    QualType T = V->getType().getCanonicalType();
    bool Array = false;
    if (const ArrayType *A = Ctx.getAsArrayType(T)) {
      Array = true;
      T = A->getElementType().getCanonicalType();
    }
    if (!T->isPointerType()) {
      // At the name in the clause.
      SourceLocation Loc = W.Pragma->Dir.Loc;
      for (const auto &[Name, NameLoc] : W.Pragma->Dir.WorldVars)
        if (Name == V->getName())
          Loc = NameLoc;
      diag(Diag::WorldVariableType, Loc,
           {V->getNameAsString(), V->getType().getAsString()});
      return;
    }
    Vars.push_back({V, Array,
                    "__orbis_w" + std::to_string(W.Id) + "_" +
                        V->getNameAsString()});
  }

  const Variable *variableOf(const Expr *E) {
    const auto *D = dyn_cast<DeclRefExpr>(bare(E));
    if (!D)
      return nullptr;
    for (const Variable &V : Vars)
      if (D->getDecl() == V.Decl)
        return &V;
    return nullptr;
  }

  /// The parent of E that is not an implicit cast or parentheses.
  const Expr *parentExpr(const Expr *E, const Stmt *&Parent) {
    const Stmt *Child = E;
    for (;;) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.empty()) {
        Parent = nullptr;
        return nullptr;
      }
      Parent = Parents[0].get<Stmt>();
      const auto *PE = dyn_cast_or_null<Expr>(Parent);
      if (PE && (isa<ImplicitCastExpr>(PE) || isa<ParenExpr>(PE))) {
        Child = PE;
        continue;
      }
      return PE;
    }
  }

  bool isCallTo(const Expr *E, StringRef Name) {
    const auto *Call = dyn_cast<CallExpr>(bare(E));
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    return F && F->getName() == Name && Call->getNumArgs() == 1;
  }

  /// Classifies the access whose variable reference is Ref.
  void classify(const DeclRefExpr *Ref, const Variable &V) {
    if (Ref->getBeginLoc().isMacroID())
      return diag(Diag::WorldFromMacro, Ref->getBeginLoc(), {});
    Access A{Kind::ElementRead, nullptr, &V};
    const Expr *Cur = Ref;
    const Stmt *Parent;
    const Expr *P = parentExpr(Cur, Parent);
    if (V.Array) {
      const auto *Slot = dyn_cast_or_null<ArraySubscriptExpr>(P);
      if (!Slot || bare(Slot->getBase()) != Ref)
        return diag(Diag::WorldAccessNotElement, Ref->getBeginLoc(),
                    {V.Decl->getNameAsString()});
      A.SlotIndex = Slot->getIdx();
      Cur = Slot;
      P = parentExpr(Cur, Parent);
    }
    while (const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
      if (bare(Sub->getBase()) != Cur)
        break;
      A.Subscripts.push_back(Sub->getIdx());
      Cur = Sub;
      P = parentExpr(Cur, Parent);
    }
    std::string Text = sourceText(Cur);
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(P);
    bool AssignedTo = Assign && Assign->getOpcode() == BO_Assign &&
                      bare(Assign->getLHS()) == Cur;
    if (A.Subscripts.empty()) {
      // The world pointer itself.
      if (AssignedTo && isCallTo(Assign->getRHS(), "omp_world_malloc")) {
        A.K = Kind::SlotWrite;
        A.Node = Assign;
        A.Value = cast<CallExpr>(bare(Assign->getRHS()))->getArg(0);
        A.Scalar = scalarOf(Cur->getType()->getPointeeType());
      } else if (P && isCallTo(P, "omp_world_free") &&
                 bare(cast<CallExpr>(P)->getArg(0)) == Cur) {
        A.K = Kind::SlotFree;
        A.Node = P;
      } else {
        return diag(Diag::WorldAccessNotElement, Cur->getBeginLoc(), {Text});
      }
    } else {
      QualType T = Cur->getType();
      if (T->isArrayType() || T->isPointerType())
        return diag(Diag::WorldAccessNotElement, Cur->getBeginLoc(), {Text});
      if (accessorName(T).empty())
        return diag(Diag::WorldElementType, Cur->getBeginLoc(),
                    {T.getAsString()});
      A.Scalar = T;
      if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(P))
        if (bare(C->getLHS()) == Cur)
          return diag(Diag::WorldWriteOnce, C->getOperatorLoc(),
                      {C->getOpcodeStr().str()});
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
        if (U->isIncrementDecrementOp())
          return diag(Diag::WorldWriteOnce, U->getOperatorLoc(),
                      {UnaryOperator::getOpcodeStr(U->getOpcode()).str()});
      if (AssignedTo) {
        A.K = Kind::ElementWrite;
        A.Node = Assign;
        A.Value = Assign->getRHS();
      } else {
        A.Node = Cur;
      }
    }
    Accesses[A.Node] = A;
  }

  /// The scalar at the bottom of the array type T.
  QualType scalarOf(QualType T) {
    while (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType();
    return T;
  }

  void findAccesses() {
    struct Finder : RecursiveASTVisitor<Finder> {
      LoopLowering &L;
      explicit Finder(LoopLowering &L) : L(L) {}
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (const Variable *V = L.variableOf(D))
          L.classify(D, *V);
        return true;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Stmt *>(W.For->getBody()));
  }

  std::string sourceText(const Expr *E) {
    return Lexer::getSourceText(
               CharSourceRange::getTokenRange(E->getSourceRange()), SM,
               Ctx.getLangOpts())
        .str();
  }

  /// `"file", line` of Loc for the accessors.
  std::string place(SourceLocation Loc) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    return "\"" + escapeForStringLiteral(P.getFilename()) + "\", " +
           std::to_string(P.getLine());
  }

  /// The text of E with every world access inside it rewritten.
  std::string text(const Expr *E) {
    auto It = Accesses.find(E);
    if (It != Accesses.end())
      return rewrite(It->second);
    // The outermost accesses strictly inside E, spliced into its text.
    std::vector<const Expr *> Inner;
    collectOutermost(E, Inner);
    std::string Original = sourceText(E);
    unsigned Base = SM.getFileOffset(SM.getExpansionLoc(E->getBeginLoc()));
    std::string Out;
    unsigned At = 0;
    for (const Expr *I : Inner) {
      unsigned B = SM.getFileOffset(SM.getExpansionLoc(I->getBeginLoc())) - Base;
      unsigned End =
          SM.getFileOffset(Lexer::getLocForEndOfToken(
              SM.getExpansionLoc(I->getEndLoc()), 0, SM, Ctx.getLangOpts())) -
          Base;
      Out += Original.substr(At, B - At) + rewrite(Accesses.at(I));
      At = End;
    }
    return Out + Original.substr(At);
  }

  void collectOutermost(const Stmt *S, std::vector<const Expr *> &Out) {
    for (const Stmt *Child : S->children()) {
      if (!Child)
        continue;
      const auto *E = dyn_cast<Expr>(Child);
      if (E && Accesses.count(E)) {
        Out.push_back(E);
        continue;
      }
      collectOutermost(Child, Out);
    }
  }

  /// The world pointer an access goes through.
  std::string slot(const Access &A, const std::string &Place) {
    std::string Index = A.SlotIndex ? "(" + text(A.SlotIndex) + ")" : "0";
    return "orbis_world_get_ptr(" + A.Var->Handle + ", " + Index + ", " +
           Place + ")";
  }

  /// `*(__typeof__(V[0]))0`: an expression of the pointee's type, for its
  /// sizes (never evaluated for a constant size).
  std::string pointee(const Access &A) {
    std::string Name = A.Var->Decl->getNameAsString();
    return "(*(__typeof__(" + Name + (A.Var->Array ? "[0]" : "") + "))0)";
  }

  std::string linearIndex(const Access &A) {
    std::string Scalar = "sizeof(" + A.Scalar.getAsString() + ")";
    std::string Row = pointee(A), Index;
    for (size_t J = 0; J < A.Subscripts.size(); ++J) {
      if (J)
        Index += " + ";
      Index += "(unsigned long long)(" + text(A.Subscripts[J]) + ") * (sizeof(" +
               Row + ") / " + Scalar + ")";
      Row += "[0]";
    }
    return Index;
  }

  std::string rewrite(const Access &A) {
    std::string Place = place(A.Node->getBeginLoc());
    switch (A.K) {
    case Kind::SlotWrite: {
      std::string Index = A.SlotIndex ? "(" + text(A.SlotIndex) + ")" : "0";
      return "orbis_world_put_ptr(" + A.Var->Handle + ", " + Index +
             ", orbis_world_malloc_at((" + text(A.Value) + ") * (sizeof(" +
             pointee(A) + ") / sizeof(" + A.Scalar.getAsString() +
             ")), sizeof(" + A.Scalar.getAsString() + "), " + Place + "), " +
             Place + ")";
    }
    case Kind::SlotFree:
      return "orbis_world_free_at(" + slot(A, Place) + ", " + Place + ")";
    case Kind::ElementRead:
      return "orbis_world_get_" + accessorName(A.Scalar) + "(" +
             slot(A, Place) + ", " + linearIndex(A) + ", " + Place + ")";
    case Kind::ElementWrite:
      return "orbis_world_put_" + accessorName(A.Scalar) + "(" +
             slot(A, Place) + ", " + linearIndex(A) + ", (" + text(A.Value) +
             "), " + Place + ")";
    }
    llvm_unreachable("unknown access kind");
  }

  void emit() {
    const ForStmt *For = W.For;
    std::string Place = place(W.Pragma->Dir.Loc);
    std::string N = std::to_string(W.Id);
    // The pragma's line goes; the construct opens a scope of its own.
    Result.Edits.replace(W.Pragma->ExtentBegin, W.Pragma->ExtentEnd, "");
    std::string Open = "{ orbis_world_init_at(" + Place + ");\n";
    for (const Variable &V : Vars) {
      std::string Name = V.Decl->getNameAsString();
      std::string Count =
          V.Array ? "sizeof(" + Name + ") / sizeof(" + Name + "[0])" : "1";
      Open += "orbis_world_ptr_t " + V.Handle + " = orbis_world_shared_at(" +
              Count + ", sizeof(orbis_world_ptr_t), " + Place + ");\n";
    }
    Open += "long long __orbis_wi" + N + " = 0;\n";
    Result.Edits.insert(For->getBeginLoc(), Open, -1000);
    // Cyclic: the i-th iteration on process i mod P, in increasing order.
    std::string Deal = "if (__orbis_wi" + N +
                       "++ % orbis_world_size() != orbis_world_rank()) "
                       "continue;\n";
    const Stmt *Body = For->getBody();
    if (const auto *C = dyn_cast<CompoundStmt>(Body)) {
      Result.Edits.insert(C->getLBracLoc().getLocWithOffset(1), " " + Deal,
                          1000);
    } else {
      Result.Edits.insert(Body->getBeginLoc(), "{ " + Deal, 1000);
      Result.Edits.insert(endOf(Body), " }", -1000);
    }
    for (const auto &[Node, A] : Accesses)
      if (isOutermost(Node))
        Result.Edits.replace(SM.getExpansionLoc(Node->getBeginLoc()),
                             endOfToken(Node->getEndLoc()), rewrite(A));
    std::string Close = "\norbis_world_end_at(" + Place + ");";
    for (const Variable &V : Vars)
      Close += " orbis_world_shared_free_at(" + V.Handle + ", " + Place + ");";
    Result.Edits.insert(endOf(For), Close + " }", 1000);
  }

  bool isOutermost(const Expr *Node) {
    const Stmt *Child = Node;
    for (;;) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return true;
      const Stmt *P = Parents[0].get<Stmt>();
      if (!P || P == W.For)
        return true;
      if (const auto *E = dyn_cast<Expr>(P); E && Accesses.count(E))
        return false;
      Child = P;
    }
  }

  SourceLocation endOfToken(SourceLocation Loc) {
    return Lexer::getLocForEndOfToken(SM.getExpansionLoc(Loc), 0, SM,
                                      Ctx.getLangOpts());
  }
  /// Just past a statement (its `;` included).
  SourceLocation endOf(const Stmt *S) {
    SourceLocation End = endOfToken(S->getEndLoc());
    if (isa<Expr>(S) || isa<DeclStmt>(S) || isa<ReturnStmt>(S)) {
      std::optional<Token> Next =
          Lexer::findNextToken(SM.getExpansionLoc(S->getEndLoc()), SM,
                               Ctx.getLangOpts());
      if (Next && Next->is(tok::semi))
        End = Next->getEndLoc();
    }
    return End;
  }

  const WorldLoop &W;
  ASTContext &Ctx;
  SourceManager &SM;
  LowerResult &Result;
  std::vector<Variable> Vars;
  std::map<const Expr *, Access> Accesses;
  bool Failed = false;
};

} // namespace

void lowerWorldLoops(const NestModel &Model, ASTContext &Ctx,
                     LowerResult &Result) {
  if (Model.WorldLoops.empty())
    return;
  Result.Prologue += "#include <orbis/world_access.h>\n";
  Result.Libraries.push_back("orbis_world");
  for (const auto &World : Model.WorldLoops)
    LoopLowering(*World, Ctx, Result).lower();
}

} // namespace orbis
