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

#include "orbis/NestBuilder.h"
#include "orbis/LoopForm.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace orbis {
namespace {

/// An expression without the implicit casts and parentheses around it.
const Expr *bare(const Expr *E) { return E->IgnoreParenImpCasts(); }

/// The accessor name of <orbis/world_access.h> for a scalar type, or "".
std::string accessorName(QualType T) {
  // An enumeration is stored as its integer type (same size and values).
  if (const auto *E = T.getCanonicalType()->getAs<EnumType>())
    return E->getDecl()->isComplete()
               ? accessorName(E->getDecl()->getIntegerType())
               : "";
  if (const auto *C = T.getCanonicalType()->getAs<ComplexType>()) {
    std::string Part = accessorName(C->getElementType());
    return Part == "float" || Part == "double" || Part == "ldouble"
               ? "c" + Part
               : "";
  }
  const auto *B = T.getCanonicalType()->getAs<BuiltinType>();
  if (!B)
    return "";
  switch (B->getKind()) {
  case BuiltinType::Bool:
    return "bool";
  case BuiltinType::LongDouble:
    return "ldouble";
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

/// The accessor name of a structure type: its spelling as an identifier.
std::string structAccessorName(QualType T) {
  std::string Name = "struct_";
  for (char C : T.getUnqualifiedType().getAsString())
    Name += isAsciiIdentifierContinue(C) ? C : '_';
  return Name;
}

std::string elementAccessor(QualType T) {
  std::string Name = accessorName(T);
  return Name.empty() ? structAccessorName(T) : Name;
}

/// What follows `orbis_world_get` / `_put`: `_double`, or for an element type
/// that depends on a template's parameters the generic accessor of C++,
/// `<T>`, instantiated with the template.
std::string accessorSuffix(QualType T) {
  // A C++ class goes through the generic accessors too: no accessors are
  // defined for it (which a local class, or one used in a lambda, broke).
  if (T->isDependentType() ||
      (accessorName(T).empty() && T->getAsCXXRecordDecl()))
    return "<" + T.getUnqualifiedType().getAsString() + ">";
  return "_" + elementAccessor(T);
}

class LoopLowering {
public:
  LoopLowering(const WorldLoop &W, ASTContext &Ctx,
               const LowerOptions &Options, LowerResult &Result,
               StagedTilePlans *Plans, std::set<std::string> &Accessors)
      : W(W), Ctx(Ctx), SM(Ctx.getSourceManager()), Options(Options),
        Result(Result), Plans(Plans), StructAccessors(&Accessors) {}

  void lower() {
    const Directive &Dir = W.Pragma->Dir;
    if (Dir.ScheduleLoc.isValid())
      diag(Diag::WorldClauseNotLowered, Dir.ScheduleLoc, {"schedule"});
    for (const PassThroughClause &C : Dir.Clauses)
      if (C.Name != "schedule" || !parseSchedule(C))
        diag(Diag::WorldClauseNotLowered, C.Loc, {C.Name});
    for (const NestedDirective &S : W.Singles)
      for (const PassThroughClause &C : S.Pragma->Dir.Clauses)
        diag(Diag::WorldSingleClause, C.Loc, {C.Name});
    for (const VarDecl *V : W.Vars)
      addVariable(V);
    if (Failed)
      return;
    findAccesses();
    if (Failed)
      return;
    if (Plans)
      for (const TiledNest *Nest : W.Nests)
        (*Plans)[Nest] = planNest(*Nest);
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

  /// The world loop's `schedule([modifiers:] static|dynamic[, chunk])`
  /// (EXTENSIONS.md 3.2), or false for one it cannot deal.
  bool parseSchedule(const PassThroughClause &C) {
    StringRef T = StringRef(C.Text).trim();
    if (!T.consume_front("schedule") || !(T = T.trim()).consume_front("(") ||
        !T.consume_back(")"))
      return false;
    size_t Colon = T.find(':'), Comma = T.find(',');
    if (Colon != StringRef::npos && (Comma == StringRef::npos || Colon < Comma)) {
      llvm::SmallVector<StringRef, 2> Modifiers;
      T.take_front(Colon).split(Modifiers, ',');
      for (StringRef M : Modifiers)
        if (M.trim() != "monotonic" && M.trim() != "nonmonotonic")
          return false;
      T = T.drop_front(Colon + 1);
      Comma = T.find(',');
    }
    StringRef Kind = T.take_front(Comma).trim();
    if (Kind != "static" && Kind != "dynamic")
      return false;
    ScheduleKind = Kind.str();
    if (Comma != StringRef::npos) {
      ScheduleChunk = T.drop_front(Comma + 1).trim().str();
      if (ScheduleChunk.empty()) { // `schedule(static,)`, as clang says
        size_t Close = StringRef(C.Text).rfind(')');
        diag(Diag::ExpectedExpression,
             C.Loc.isFileID() ? C.Loc.getLocWithOffset(Close) : C.Loc, {});
        return true;
      }
    }
    if (Kind == "static" && ScheduleChunk.empty()) {
      // Blocks of ceil(n / P) need the trip count, counted by running the
      // header alone: only for a canonical loop (no effects but its own).
      LoopFormResult Form = analyzeLoopForm(W.For, Ctx, C.Loc);
      if (!Form.Loop)
        return false;
    }
    return true;
  }

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

  /// The call E is, through implicit conversions (in C++ the result of
  /// omp_world_malloc converts to the target's pointer type by an operator).
  static const CallExpr *callIn(const Expr *E) {
    return dyn_cast<CallExpr>(E->IgnoreUnlessSpelledInSource());
  }

  bool isCallTo(const Expr *E, StringRef Name) {
    const CallExpr *Call = callIn(E);
    if (!Call || Call->getNumArgs() != 1)
      return false;
    if (const FunctionDecl *F = Call->getDirectCallee())
      return F->getName() == Name;
    // In a template, a call with an argument of a dependent type is
    // resolved only when instantiated.
    const auto *U = dyn_cast<UnresolvedLookupExpr>(
        Call->getCallee()->IgnoreParenImpCasts());
    return U && U->getName().getAsString() == Name;
  }

  /// The array or pointer operand of S and its index. Clang tells them
  /// apart by the index's integer type; in a template an index of a
  /// dependent type (a generic lambda's `auto` parameter) makes it take the
  /// index for the base, so the left operand, as written, is taken then.
  static const Expr *baseOf(const ArraySubscriptExpr *S) {
    return S->getRHS()->isTypeDependent() ? S->getLHS() : S->getBase();
  }
  static const Expr *indexOf(const ArraySubscriptExpr *S) {
    return S->getRHS()->isTypeDependent() ? S->getRHS() : S->getIdx();
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
      if (!Slot || bare(baseOf(Slot)) != Ref)
        return diag(Diag::WorldAccessNotElement, Ref->getBeginLoc(),
                    {V.Decl->getNameAsString()});
      A.SlotIndex = indexOf(Slot);
      Cur = Slot;
      P = parentExpr(Cur, Parent);
    }
    while (const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(P)) {
      if (bare(baseOf(Sub)) != Cur)
        break;
      A.Subscripts.push_back(indexOf(Sub));
      Cur = Sub;
      P = parentExpr(Cur, Parent);
    }
    std::string Text = sourceText(Cur);
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(P);
    bool AssignedTo = Assign && Assign->getOpcode() == BO_Assign &&
                      bare(Assign->getLHS()) == Cur;
    // An allocation assigned to world memory: a world pointer, or an error
    // of its own below (a pointer element, a slot not subscripted right).
    if (AssignedTo && isCallTo(Assign->getRHS(), "omp_world_malloc"))
      SlotMallocs.insert(callIn(Assign->getRHS()));
    // In C++ a structure element is assigned by its class's operator=.
    const auto *ClassAssign = dyn_cast_or_null<CXXOperatorCallExpr>(P);
    if (ClassAssign && (!ClassAssign->isAssignmentOp() ||
                        ClassAssign->getNumArgs() != 2 ||
                        bare(ClassAssign->getArg(0)) != Cur))
      ClassAssign = nullptr;
    if (A.Subscripts.empty()) {
      // The world pointer itself.
      if (AssignedTo && isCallTo(Assign->getRHS(), "omp_world_malloc")) {
        A.K = Kind::SlotWrite;
        A.Node = Assign;
        A.Value = callIn(Assign->getRHS())->getArg(0);
        A.Scalar = scalarOf(Cur->getType()->isDependentType()
                                ? worldPointerOf(V)->getPointeeType()
                                : Cur->getType()->getPointeeType());
      } else if (P && isCallTo(P, "omp_world_free") &&
                 bare(cast<CallExpr>(P)->getArg(0)) == Cur) {
        A.K = Kind::SlotFree;
        A.Node = P;
      } else {
        return diag(Diag::WorldAccessNotElement, Cur->getBeginLoc(), {Text});
      }
    } else {
      QualType T = Cur->getType();
      // An index of a dependent type (a generic lambda's `auto` parameter)
      // leaves the access without a type: the variable's elements have it.
      if (T->isSpecificBuiltinType(BuiltinType::Dependent))
        T = scalarOf(worldPointerOf(V)->getPointeeType());
      // An element that is a pointer (`long **dir`): world pointers in
      // world memory (the message used to ask for what the line did).
      if (T->isPointerType())
        return diag(Diag::WorldPointerInWorldMemory, Cur->getBeginLoc(),
                    {Text, V.Decl->getNameAsString()});
      if (T->isArrayType())
        return diag(Diag::WorldAccessNotElement, Cur->getBeginLoc(), {Text});
      // In a template, an element type that depends on its parameters is
      // known only when it is instantiated: the generic C++ accessors of
      // world_access.h check it then.
      if (!T->isDependentType() && accessorName(T).empty()) {
        // A structure: accessors instantiated for it, read whole (a member
        // read takes the member of the element read), written whole.
        const RecordType *R = T.getCanonicalType()->getAs<RecordType>();
        if (!R || !(R->getDecl()->isStruct() || R->getDecl()->isUnion()) ||
            !T.isTriviallyCopyableType(Ctx))
          return diag(Diag::WorldElementType, Cur->getBeginLoc(),
                      {T.getAsString()});
        if (const Expr *Member = memberWrite(Cur))
          return diag(Diag::WorldMemberWrite, Member->getBeginLoc(),
                      {sourceText(Member)});
        if (!inFunction(T) && !Ctx.getLangOpts().CPlusPlus)
          addStructAccessors(T);
      }
      A.Scalar = T;
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(P);
          U && U->getOpcode() == UO_AddrOf)
        return diag(Diag::WorldElementAddress, U->getOperatorLoc(), {Text});
      if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(P))
        if (bare(C->getLHS()) == Cur)
          return diag(Diag::WorldWriteOnce, C->getOperatorLoc(),
                      {C->getOpcodeStr().str()});
      if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
        if (U->isIncrementDecrementOp())
          return diag(Diag::WorldWriteOnce, U->getOperatorLoc(),
                      {UnaryOperator::getOpcodeStr(U->getOpcode()).str()});
      if (ClassAssign && ClassAssign->getOperator() != OO_Equal)
        return diag(Diag::WorldWriteOnce, ClassAssign->getOperatorLoc(),
                    {getOperatorSpelling(ClassAssign->getOperator())});
      if (AssignedTo) {
        A.K = Kind::ElementWrite;
        A.Node = Assign;
        A.Value = Assign->getRHS();
      } else if (ClassAssign) {
        A.K = Kind::ElementWrite;
        A.Node = ClassAssign;
        A.Value = ClassAssign->getArg(1);
      } else {
        A.Node = Cur;
      }
    }
    // The access is rewritten as one piece, and a tile query inside it
    // would be a second edit of the same text.
    if (const CallExpr *Query = tileQueryIn(A.Node))
      return diag(Diag::WorldTileQueryInAccess, Query->getBeginLoc(),
                  {Query->getDirectCallee()->getNameAsString()});
    Accesses[A.Node] = A;
  }

  /// The element an ElementWrite assigns: the left side of `=`, or the
  /// object of a C++ class's operator=.
  static const Expr *assignedElement(const Stmt *Node) {
    if (const auto *B = dyn_cast<BinaryOperator>(Node))
      return B->getLHS();
    return cast<CXXOperatorCallExpr>(Node)->getArg(0);
  }

  static const CallExpr *tileQueryIn(const Stmt *S) {
    if (const auto *Call = dyn_cast<CallExpr>(S); Call && tileQueryOf(Call))
      return Call;
    for (const Stmt *Child : S->children())
      if (Child)
        if (const CallExpr *Found = tileQueryIn(Child))
          return Found;
    return nullptr;
  }

  /// The member expression of E (`C[i].v`, `C[i].a[2]`) that is written
  /// (assigned, incremented, its address taken), or null.
  const Expr *memberWrite(const Expr *E) {
    const Stmt *Parent;
    const Expr *Cur = E, *P = parentExpr(Cur, Parent);
    bool Member = false;
    while (P && (isa<MemberExpr>(P) ||
                 (isa<ArraySubscriptExpr>(P) &&
                  bare(baseOf(cast<ArraySubscriptExpr>(P))) == Cur))) {
      Member |= isa<MemberExpr>(P);
      Cur = P;
      P = parentExpr(Cur, Parent);
    }
    if (!Member)
      return nullptr;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      if (B->isAssignmentOp() && bare(B->getLHS()) == Cur)
        return Cur;
    if (const auto *C = dyn_cast_or_null<CXXOperatorCallExpr>(P))
      if (C->isAssignmentOp() && bare(C->getArg(0)) == Cur)
        return Cur;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        return Cur;
    return nullptr;
  }

  /// The accessors of a structure element type, defined once per file in
  /// front of the function of the first world loop that needs them.
  /// A structure declared in a function: accessors defined in front of
  /// the function cannot name it.
  static bool inFunction(QualType T) {
    const auto *R = T.getCanonicalType()->getAs<RecordType>();
    return R && R->getDecl()->getDeclContext()->isFunctionOrMethod();
  }

  void addStructAccessors(QualType T) {
    std::string Type = T.getUnqualifiedType().getAsString();
    if (!StructAccessors->insert(Type).second)
      return;
    Result.Edits.insert(functionStart(),
                        "ORBIS_WORLD_ACCESSORS(" + structAccessorName(T) +
                            ", " + Type + ")\n",
                        -2000);
  }

  SourceLocation functionStart() {
    const FunctionDecl *F = W.Function;
    SourceLocation Begin = F->getOuterLocStart();
    return SM.getExpansionLoc(Begin);
  }

  /// The type of V's world pointers: V's own, or its array's elements'.
  QualType worldPointerOf(const Variable &V) {
    QualType T = V.Decl->getType();
    if (V.Array)
      if (const ArrayType *A = Ctx.getAsArrayType(T))
        T = A->getElementType();
    return T;
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
      // omp_world_free of something not in world(list) (a malloc'd
      // pointer, say) would reach the library's fallback, which says the
      // call is outside a world loop: name the argument instead.
      bool VisitCallExpr(CallExpr *C) {
        // (C++: the conversion of its result is a call around the call.)
        if (L.isCallTo(C, "omp_world_malloc") && L.callIn(C) == C)
          L.Mallocs.push_back(C);
        if (L.isCallTo(C, "omp_world_free") && C->getNumArgs() == 1) {
          const Expr *Arg = C->getArg(0)->IgnoreParenImpCasts();
          if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Arg))
            Arg = baseOf(Sub)->IgnoreParenImpCasts();
          const auto *Ref = dyn_cast<DeclRefExpr>(Arg);
          if (!Ref || !L.variableOf(Ref))
            L.diag(Diag::WorldFreeNotWorld, C->getArg(0)->getBeginLoc(),
                   {L.sourceText(C->getArg(0))});
        }
        return true;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Stmt *>(W.For->getBody()));
    // World memory belongs to a world pointer: an allocation assigned to
    // anything else (`int *p = omp_world_malloc(8);`) reached the
    // library's fallback, which said the call was outside a world loop.
    // (In a template the assignment's form is known when instantiated.)
    for (const CallExpr *C : Mallocs)
      if (!SlotMallocs.count(C) &&
          !(W.Function && W.Function->isDependentContext()))
        diag(Diag::WorldMallocNotToWorld, C->getBeginLoc(), {});
  }

  /// The calls of omp_world_malloc in the loop, and those whose result is
  /// assigned to a world pointer (a slot of a world variable).
  std::vector<const CallExpr *> Mallocs;
  std::set<const CallExpr *> SlotMallocs;

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
  /// With Marks: where each outermost access went in the result.
  std::string text(const Expr *E,
                   std::vector<StagedWrite::Read> *Marks = nullptr) {
    auto It = Accesses.find(E);
    if (It != Accesses.end()) {
      std::string Rewritten = rewrite(It->second);
      if (Marks) {
        unsigned B = SM.getFileOffset(SM.getExpansionLoc(E->getBeginLoc()));
        Marks->push_back({B, B + unsigned(sourceText(E).size()), 0,
                          Rewritten.size()});
      }
      return Rewritten;
    }
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
      Out += Original.substr(At, B - At);
      std::string Rewritten = rewrite(Accesses.at(I));
      if (Marks)
        Marks->push_back({Base + B, Base + End, Out.size(), Rewritten.size()});
      Out += Rewritten;
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
  std::string slot(const Access &A, const std::string &Place,
                   const std::string &Accessor = "orbis_world_get_ptr") {
    return Accessor + "(" + A.Var->Handle + ", " + slotIndex(A) + ", " +
           Place + ")";
  }
  /// Converted as the element indices are: a signed slot index would raise
  /// -Wsign-conversion on code the user did not write.
  std::string slotIndex(const Access &A) {
    return A.SlotIndex ? "(unsigned long long)(" + text(A.SlotIndex) + ")"
                       : "0";
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

  /// Whether S is a statement of its own (not a value, nor a `for`
  /// header's part).
  bool isStatement(const Stmt *S) {
    auto Parents = Ctx.getParents(*S);
    const Stmt *P = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!P)
      return false;
    if (isa<CompoundStmt, LabelStmt, SwitchCase>(P))
      return true;
    if (const auto *If = dyn_cast<IfStmt>(P))
      return S == If->getThen() || S == If->getElse();
    if (const auto *For = dyn_cast<ForStmt>(P))
      return S == For->getBody();
    if (const auto *While = dyn_cast<WhileStmt>(P))
      return S == While->getBody();
    if (const auto *Do = dyn_cast<DoStmt>(P))
      return S == Do->getBody();
    return false;
  }

  /// A structure element of C declared in a function goes by its bytes in
  /// a statement expression (no accessor can name its type outside).
  bool byBytes(QualType T) const {
    return !Ctx.getLangOpts().CPlusPlus && inFunction(T);
  }
  std::string typeText(QualType T) const {
    return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  }

  std::string rewrite(const Access &A) {
    if (StagedRefs) {
      auto It = StagedRefs->find(A.Node);
      if (It != StagedRefs->end())
        return rewriteStaged(A, It->second);
    }
    std::string Place = place(A.Node->getBeginLoc());
    switch (A.K) {
    case Kind::SlotWrite: {
      return "orbis_world_put_ptr(" + A.Var->Handle + ", " + slotIndex(A) +
             ", orbis_world_malloc_at((" + text(A.Value) + ") * (sizeof(" +
             pointee(A) + ") / sizeof(" + A.Scalar.getAsString() +
             ")), sizeof(" + A.Scalar.getAsString() + "), " + Place + "), " +
             Place + ")";
    }
    case Kind::SlotFree:
      return "orbis_world_free_at(" + slot(A, Place) + ", " + Place + ")";
    case Kind::ElementRead: {
      if (byBytes(A.Scalar))
        return "__extension__ ({ " + typeText(A.Scalar) +
               " __orbis_e; orbis_world_get_into(" + slot(A, Place) + ", " +
               linearIndex(A) + ", &__orbis_e, sizeof __orbis_e, " + Place +
               "); __orbis_e; })";
      std::string Get = "orbis_world_get" + accessorSuffix(A.Scalar) + "(" +
                        slot(A, Place) + ", " + linearIndex(A) + ", " +
                        Place + ")";
      // An enumeration's element comes as its integer type: converted
      // back (C++ has no implicit conversion to an enumeration).
      if (A.Scalar->isEnumeralType())
        return "((" + A.Scalar.getUnqualifiedType().getAsString() + ")" + Get +
               ")";
      return Get;
    }
    case Kind::ElementWrite: {
      // A braced list (C++'s `X[i] = {a, b}`) initializes the parameter as
      // it is; parentheses would make it an expression.
      std::string Value = text(A.Value);
      if (Value.empty() || Value[0] != '{')
        Value = "(" + Value + ")";
      if (const auto *E = A.Scalar.getCanonicalType()->getAs<EnumType>();
          E && Value[0] != '{')
        Value = "(" + E->getDecl()->getIntegerType().getAsString() + ")" +
                Value; // a scoped enumeration converts only when asked
      if (byBytes(A.Scalar)) {
        std::string Store = typeText(A.Scalar) + " __orbis_e = " + Value +
                            "; orbis_world_put_from(" + slot(A, Place) +
                            ", " + linearIndex(A) +
                            ", &__orbis_e, sizeof __orbis_e, " + Place + ");";
        // A statement of its own, or a value (`b = (S[i] = a)`).
        if (isStatement(A.Node))
          return "do { " + Store + " } while (0)";
        return "__extension__ ({ " + Store + " __orbis_e; })";
      }
      // Its value is the value stored (of an enumeration's integer type).
      return "orbis_world_put" + accessorSuffix(A.Scalar) + "(" +
             slot(A, Place) + ", " + linearIndex(A) + ", " + Value + ", " +
             Place + ")";
    }
    }
    llvm_unreachable("unknown access kind");
  }

  void emit() {
    const ForStmt *For = W.For;
    std::string Place = place(W.Pragma->Dir.Loc);
    std::string N = std::to_string(W.Id);
    // The pragma's line goes; the construct opens a scope of its own.
    Result.Edits.replace(W.Pragma->ExtentBegin, W.Pragma->ExtentEnd, "");
    std::string Open =
        "{ orbis_world_init_at(" + Place + ");\n";
    for (const Variable &V : Vars) {
      std::string Name = V.Decl->getNameAsString();
      std::string Count =
          V.Array ? "sizeof(" + Name + ") / sizeof(" + Name + "[0])" : "1";
      Open += "orbis_world_ptr_t " + V.Handle + " = orbis_world_shared_at(" +
              Count + ", sizeof(orbis_world_ptr_t), " + Place + ");\n";
    }
    if (!W.Singles.empty()) {
      // Per `single`: a world integer (who runs it) and a flag (done).
      std::string K = std::to_string(W.Singles.size());
      Open += "orbis_world_ptr_t __orbis_wonce" + N +
              " = orbis_world_shared_atomic_at(" + K + ", " + Place +
              "), __orbis_wdone" + N + " = orbis_world_shared_at(" + K +
              ", 1, " + Place + ");\n";
    }
    // Each process counts the whole iteration space: the same count
    // everywhere, checked at the end.
    Open += "orbis_world_ptr_t __orbis_wcount" + N +
            " = orbis_world_shared_at(1, 8, " + Place + ");\n";
    if (!W.Criticals.empty())
      Open += "orbis_world_ptr_t __orbis_wlock" + N +
              " = orbis_world_shared_atomic_at(" +
              std::to_string(W.CriticalNames.size()) + ", " + Place + ");\n";
    Open += "long long __orbis_wi" + N + " = 0;\n";
    std::string Chunk = "__orbis_wc" + N, Deal;
    if (ScheduleKind.empty()) {
      // Cyclic: the i-th iteration on process i mod P, in increasing order.
      Deal = "if (__orbis_wi" + N +
             "++ % orbis_world_size() != orbis_world_rank()) continue;\n";
    } else if (ScheduleKind == "static") {
      // Chunks of c consecutive iterations, cyclically; without c, P
      // chunks of ceil(n / P) (n counted by running the header alone).
      if (ScheduleChunk.empty()) {
        Open += "long long __orbis_wn" + N + " = 0;\nfor (" +
                headerText() + ") ++__orbis_wn" + N + ";\nconst long long " +
                Chunk + " = __orbis_wn" + N + " > 0 ? (__orbis_wn" + N +
                " - 1) / orbis_world_size() + 1 : 1;\n";
      } else {
        Open += "const long long " + Chunk + " = orbis_world_chunk_at(" +
                ScheduleChunk + ", " + Place + ");\n";
      }
      Deal = "if (__orbis_wi" + N + "++ / " + Chunk +
             " % orbis_world_size() != orbis_world_rank()) continue;\n";
    } else {
      // dynamic: chunks taken from a world counter in increasing order
      // (monotonic), so that an iteration waits only on earlier ones that
      // some process has taken.
      Open += "const long long " + Chunk + " = orbis_world_chunk_at(" +
              (ScheduleChunk.empty() ? "1" : ScheduleChunk) + ", " + Place +
              ");\norbis_world_ptr_t __orbis_wdyn" + N +
              " = orbis_world_shared_atomic_at(1, " + Place +
              ");\nlong long __orbis_wlo" + N + " = 0, __orbis_whi" + N +
              " = 0;\n";
      Deal = "{ const long long __orbis_i = __orbis_wi" + N +
             "++; if (__orbis_i >= __orbis_whi" + N + ") { __orbis_wlo" + N +
             " = orbis_world_next_chunk_at(__orbis_wdyn" + N + ", " + Chunk +
             ", " + Place + "); __orbis_whi" + N + " = __orbis_wlo" + N +
             " + " + Chunk + "; } if (__orbis_i < __orbis_wlo" + N +
             ") continue; }\n";
    }
    Result.Edits.insert(For->getBeginLoc(), Open, -1000);
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
    // Once in the world (EXTENSIONS.md 3.2): one process runs the
    // statement, every other one that reaches it waits until it is done.
    for (size_t I = 0; I < W.Singles.size(); ++I) {
      const NestedDirective &S = W.Singles[I];
      std::string At = place(S.Pragma->Dir.Loc), Index = std::to_string(I);
      Result.Edits.replace(S.Pragma->ExtentBegin, S.Pragma->ExtentEnd,
                           "if (orbis_world_once_at(__orbis_wonce" + N +
                               ", __orbis_wdone" + N + ", " + Index + ", " +
                               At + ")) {");
      Result.Edits.insert(endOf(S.Body),
                          " orbis_world_once_done_at(__orbis_wdone" + N +
                              ", " + Index + ", " + At + "); }",
                          40);
    }
    // World-wide `critical`: the statement between a world lock and its
    // release (a `break`, `continue` or `return` out of it is refused with
    // the loop's other jumps or stays inside it).
    for (size_t I = 0; I < W.Criticals.size(); ++I) {
      const NestedDirective &C = W.Criticals[I];
      std::string At = place(C.Pragma->Dir.Loc),
                  Lock = std::to_string(W.CriticalLock[I]);
      Result.Edits.replace(C.Pragma->ExtentBegin, C.Pragma->ExtentEnd,
                           "{ orbis_world_critical_at(__orbis_wlock" + N +
                               ", " + Lock + ", 1, " + At + ");");
      Result.Edits.insert(endOf(C.Body),
                          " orbis_world_critical_at(__orbis_wlock" + N + ", " +
                              Lock + ", 0, " + At + "); }",
                          40);
    }
    std::string Close = "\norbis_world_same_count_at(__orbis_wcount" + N +
                        ", __orbis_wi" + N + ", " + Place +
                        ");\norbis_world_end_at(" + Place +
                        "); orbis_world_shared_free_at(__orbis_wcount" + N +
                        ", " + Place + ");";
    for (const Variable &V : Vars)
      Close += " orbis_world_shared_free_at(" + V.Handle + ", " + Place + ");";
    if (ScheduleKind == "dynamic")
      Close += " orbis_world_shared_free_at(__orbis_wdyn" + N + ", " + Place +
               ");";
    if (!W.Criticals.empty())
      Close += " orbis_world_shared_free_at(__orbis_wlock" + N + ", " + Place +
               ");";
    if (!W.Singles.empty())
      Close += " orbis_world_shared_free_at(__orbis_wonce" + N + ", " + Place +
               "); orbis_world_shared_free_at(__orbis_wdone" + N + ", " +
               Place + ");";
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
    return statementEnd(S, Ctx, Options.SkippedRanges);
  }

  // ---- Staged tiles (docs/lowering.md, "Staged tiles") ----

  /// An access of an instruction block as its staged tile sees it.
  struct StagedRef {
    unsigned Group;
    std::vector<const Expr *> Trailing; ///< the nest's subscripts
  };

  /// `X`, `X + c`, `c + X` or `X - c` for the loop variable X, c an integer
  /// constant: c in Offset.
  bool offsetFrom(const Expr *E, const VarDecl *X, long long &Offset) {
    E = bare(E);
    if (const auto *D = dyn_cast<DeclRefExpr>(E)) {
      Offset = 0;
      return D->getDecl() == X;
    }
    const auto *B = dyn_cast<BinaryOperator>(E);
    if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
      return false;
    Expr::EvalResult C;
    auto IsVar = [&](const Expr *V) {
      const auto *D = dyn_cast<DeclRefExpr>(bare(V));
      return D && D->getDecl() == X;
    };
    if (IsVar(B->getLHS()) && B->getRHS()->EvaluateAsInt(C, Ctx)) {
      Offset = C.Val.getInt().getExtValue();
      if (B->getOpcode() == BO_Sub)
        Offset = -Offset;
      return true;
    }
    if (B->getOpcode() == BO_Add && IsVar(B->getRHS()) &&
        B->getLHS()->EvaluateAsInt(C, Ctx)) {
      Offset = C.Val.getInt().getExtValue();
      return true;
    }
    return false;
  }

  bool inside(const Stmt *S, SourceLocation Begin, SourceLocation End) {
    unsigned B = SM.getFileOffset(SM.getExpansionLoc(Begin)),
             E = SM.getFileOffset(SM.getExpansionLoc(End));
    unsigned At = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
    return At >= B && At <= E;
  }

  /// Whether E mentions a loop variable of Nest or a variable declared
  /// in [Begin, End] (the instruction block).
  bool variesInNest(const Expr *E, const TiledNest &Nest, SourceLocation Begin,
                    SourceLocation End) {
    struct Finder : RecursiveASTVisitor<Finder> {
      LoopLowering &L;
      const TiledNest &Nest;
      SourceLocation Begin, End;
      bool Found = false;
      Finder(LoopLowering &L, const TiledNest &N, SourceLocation B,
             SourceLocation E)
          : L(L), Nest(N), Begin(B), End(E) {}
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        for (const auto &Loop : Nest.Loops)
          Found |= D->getDecl() == Loop->Form.Var;
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Found |= L.SM.isWrittenInSameFile(V->getLocation(), Begin) &&
                   !V->getLocation().isMacroID() &&
                   L.SM.getFileOffset(V->getLocation()) >=
                       L.SM.getFileOffset(L.SM.getExpansionLoc(Begin)) &&
                   L.SM.getFileOffset(V->getLocation()) <=
                       L.SM.getFileOffset(L.SM.getExpansionLoc(End));
        return true;
      }
    } F(*this, Nest, Begin, End);
    F.TraverseStmt(const_cast<Expr *>(E));
    return F.Found;
  }

  /// Whether S holds a jump or a label (a staged tile must run every
  /// iteration's write).
  static bool hasJump(const Stmt *S) {
    if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
        isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<LabelStmt>(S))
      return true;
    for (const Stmt *C : S->children())
      if (C && hasJump(C))
        return true;
    return false;
  }

  static std::string offsetText(const std::vector<long long> &O) {
    std::string S = "(";
    for (size_t K = 0; K < O.size(); ++K)
      S += (K ? ", " : "") + std::to_string(O[K]);
    return S + ")";
  }

  /// The plan of a blocked nest inside this world loop: the staged tile, or
  /// why there is none.
  StagedTilePlan planNest(const TiledNest &Nest) {
    StagedTilePlan P;
    const size_t D = Nest.Loops.size();
    for (const auto &L : Nest.Loops) {
      const CanonicalLoop &F = L->Form;
      if (!F.Var || !F.Var->getType()->isIntegerType() || F.Direction < 0 ||
          (F.Step && (!F.StepConstant || *F.StepConstant != 1))) {
        P.Reason = "loop '" + F.VarName + "' does not count up by 1";
        return P;
      }
    }
    if (D > 4) {
      P.Reason = "more than 4 levels";
      return P;
    }
    const Stmt *Block = Nest.InstructionBlock
                            ? Nest.InstructionBlock
                            : Nest.Loops.back()->For->getBody();
    if (Block->getBeginLoc().isMacroID() || Block->getEndLoc().isMacroID()) {
      P.Reason = "the instruction block comes from a macro";
      return P;
    }
    SourceLocation Begin = Block->getBeginLoc(), End = endOf(Block);
    std::string Original =
        Lexer::getSourceText(CharSourceRange::getCharRange(Begin, End), SM,
                             Ctx.getLangOpts())
            .str();
    if (Original.find('#') != std::string::npos) {
      P.Reason = "a directive in the instruction block";
      return P;
    }
    if (hasJump(Block)) {
      P.Reason = "a jump or label in the instruction block";
      return P;
    }
    std::map<std::string, unsigned> Keys;
    std::map<const Expr *, StagedRef> Refs;
    // In source order, so that the reason given is the first one.
    std::vector<const Access *> InBlock;
    for (const auto &[Node, A] : Accesses)
      if (inside(Node, Begin, Block->getEndLoc()))
        InBlock.push_back(&A);
    std::sort(InBlock.begin(), InBlock.end(),
              [&](const Access *X, const Access *Y) {
                return SM.getFileOffset(SM.getExpansionLoc(
                           X->Node->getBeginLoc())) <
                       SM.getFileOffset(
                           SM.getExpansionLoc(Y->Node->getBeginLoc()));
              });
    for (const Access *AP : InBlock) {
      const Access &A = *AP;
      std::string Text = sourceText(A.Node);
      if (A.K != Kind::ElementRead && A.K != Kind::ElementWrite) {
        P.Reason = "'" + Text + "' allocates or frees world memory";
        return P;
      }
      const Expr *Elem =
          A.K == Kind::ElementWrite ? bare(assignedElement(A.Node)) : A.Node;
      Text = sourceText(Elem);
      // Each subscript is a loop variable plus a constant (each level once,
      // outermost first) or invariant in the nest. Those before the first
      // loop variable fold into the base; the rest are the box's dimensions
      // (an invariant one is one element wide: `Vs[t][x][0]`).
      const size_t NumSubs = A.Subscripts.size();
      std::vector<int> Level(NumSubs, -1);
      std::vector<long long> At(NumSubs, 0);
      size_t NextLevel = 0, Lead = NumSubs;
      for (size_t J = 0; J < NumSubs; ++J) {
        const Expr *Sub = A.Subscripts[J];
        if (NextLevel < D &&
            offsetFrom(Sub, Nest.Loops[NextLevel]->Form.Var, At[J])) {
          Level[J] = int(NextLevel++);
          Lead = std::min(Lead, J);
        } else if (variesInNest(Sub, Nest, Begin, Block->getEndLoc())) {
          P.Reason = "subscript '" + sourceText(Sub) + "' of '" + Text +
                     "' varies in the nest " +
                     (NextLevel < D ? "and is not '" +
                                          Nest.Loops[NextLevel]->Form.VarName +
                                          "' plus a constant"
                                    : "after every loop variable has its "
                                      "subscript");
          return P;
        }
      }
      if (NextLevel < D) {
        P.Reason = "'" + Text + "' has no subscript '" +
                   Nest.Loops[NextLevel]->Form.VarName + "' plus a constant";
        return P;
      }
      if (NumSubs - Lead > 4) {
        P.Reason = "'" + Text + "' has more than 4 dimensions in the nest";
        return P;
      }
      std::vector<long long> Offset;
      StagedRef R;
      std::string Key = A.Var->Handle + "|" +
                        (A.SlotIndex ? sourceText(A.SlotIndex) : "") + "|" +
                        A.Scalar.getAsString();
      for (size_t J = 0; J < NumSubs; ++J) {
        if (J >= Lead) {
          Offset.push_back(At[J]);
          R.Trailing.push_back(A.Subscripts[J]);
        }
        Key += "|" + (Level[J] < 0 ? sourceText(A.Subscripts[J])
                                   : "L" + std::to_string(Level[J]));
      }
      if (A.SlotIndex &&
          variesInNest(A.SlotIndex, Nest, Begin, Block->getEndLoc())) {
        P.Reason = "the world pointer of '" + Text + "' varies in the nest";
        return P;
      }
      auto [It, New] = Keys.try_emplace(Key, (unsigned)P.Groups.size());
      if (New) {
        StagedGroup G;
        // A slot outside the variable's array (a guarded read) is a null
        // pointer here, not a load: the tile takes the element path.
        G.Pointer = slot(A, place(A.Node->getBeginLoc()),
                         "orbis_world_get_ptr_staged");
        G.Scalar = A.Scalar.getAsString();
        std::string Row = pointee(A), Scalar = "sizeof(" + G.Scalar + ")";
        G.Base = "0";
        for (size_t J = 0; J < NumSubs; ++J) {
          std::string Stride = "(sizeof(" + Row + ") / " + Scalar + ")";
          if (J < Lead) {
            G.Base += " + (unsigned long long)(" + text(A.Subscripts[J]) +
                      ") * " + Stride;
          } else {
            G.Strides.push_back(Stride);
            G.Levels.push_back(Level[J]);
            G.Values.push_back(Level[J] < 0 ? text(A.Subscripts[J]) : "");
          }
          Row += "[0]";
        }
        G.Min = G.Max = Offset;
        P.Groups.push_back(G);
      }
      StagedGroup &G = P.Groups[It->second];
      R.Group = It->second;
      for (size_t K = 0; K < Offset.size(); ++K) {
        G.Min[K] = std::min(G.Min[K], Offset[K]);
        G.Max[K] = std::max(G.Max[K], Offset[K]);
      }
      if (A.K == Kind::ElementWrite) {
        if (!G.Write.empty()) {
          P.Reason = "two writes of one world array ('" + Text + "')";
          return P;
        }
        // Every iteration writes: the tile's write-back stores every
        // element of its box.
        auto Parents = Ctx.getParents(*A.Node);
        const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
        if (A.Node != Block && !(isa<CompoundStmt>(Block) && Parent == Block)) {
          P.Reason = "'" + Text + "' is not written by every iteration (not "
                     "a statement of its own in the instruction block)";
          return P;
        }
        G.Write = Offset;
      } else if (std::find(G.Reads.begin(), G.Reads.end(), Offset) ==
                 G.Reads.end()) {
        G.Reads.push_back(Offset);
      }
      Refs[A.Node] = R;
    }
    if (P.Groups.empty()) {
      P.Reason = "no world access in the instruction block";
      return P;
    }
    // A read of the array the nest writes must find an element written
    // earlier in the tile's order (or outside the tile).
    for (const StagedGroup &G : P.Groups) {
      if (G.Write.empty())
        continue;
      for (const auto &R : G.Reads) {
        long long First = 0;
        for (size_t K = 0; K < R.size() && !First; ++K)
          First = R[K] - G.Write[K];
        if (First >= 0) {
          P.Reason = "a read at offset " + offsetText(R) +
                     " of the world array written at offset " +
                     offsetText(G.Write) + " is not earlier in the tile";
          return P;
        }
      }
    }
    P.Place = place(Block->getBeginLoc());
    StagedRefs = &Refs;
    Write = &P.Write;
    P.Body = "\n#line " +
             std::to_string(SM.getPresumedLoc(SM.getExpansionLoc(Begin))
                                .getLine()) +
             " \"" +
             escapeForStringLiteral(
                 SM.getPresumedLoc(SM.getExpansionLoc(Begin)).getFilename()) +
             "\"\n";
    size_t Head = P.Body.size();
    P.Body += splice(Begin, End, Block);
    if (P.Write.ValueAt != std::string::npos)
      P.Write.ValueAt += Head;
    Write = nullptr;
    StagedRefs = nullptr;
    return P;
  }

  /// Records, while the staged body is spliced, the write's value and the
  /// world reads in it (StagedWrite).
  StagedWrite *Write = nullptr;

  std::string rewriteStaged(const Access &A, const StagedRef &R) {
    std::string G = std::to_string(R.Group), Index;
    for (size_t K = 0; K < R.Trailing.size(); ++K) {
      std::string K1 = std::to_string(K);
      std::string Term = "((long long)(" + text(R.Trailing[K]) +
                         ") - __orbis_sf" + G + "_" + K1 + ")";
      // The pitch: the staging buffer's frame, or the array's own rows when
      // the tile computes in place (WorldStaging.cpp).
      Index = K ? "(" + Index + ") * __orbis_sq" + G + "_" + K1 + " + " + Term
                : Term;
    }
    std::string Elem = "__orbis_sb" + G + "[" + Index + "]";
    if (A.K != Kind::ElementWrite)
      return Elem;
    std::string Value;
    if (StagedWrite *W = Write) {
      // Only the value's own reads are marked, not those in subscripts.
      Write = nullptr;
      Value = text(A.Value, &W->Reads);
      Write = W;
      W->Target = Elem;
      W->Value = Value;
    } else {
      Value = text(A.Value);
    }
    return "(" + Elem + " = (" + Value + "))";
  }

  /// The text of [Begin, End) (holding S) with every world access rewritten.
  std::string splice(SourceLocation Begin, SourceLocation End, const Stmt *S) {
    std::vector<const Expr *> Inner;
    if (const auto *E = dyn_cast<Expr>(S); E && Accesses.count(E))
      Inner.push_back(E);
    else
      collectOutermost(S, Inner);
    std::string Original =
        Lexer::getSourceText(CharSourceRange::getCharRange(Begin, End), SM,
                             Ctx.getLangOpts())
            .str();
    unsigned Base = SM.getFileOffset(SM.getExpansionLoc(Begin));
    std::string Out;
    unsigned At = 0;
    for (const Expr *I : Inner) {
      unsigned B = SM.getFileOffset(SM.getExpansionLoc(I->getBeginLoc())) - Base;
      unsigned E = SM.getFileOffset(endOfToken(I->getEndLoc())) - Base;
      Out += Original.substr(At, B - At);
      const Access &A = Accesses.at(I);
      std::string Rewritten = rewrite(A);
      // The staged write is `(Target = (Value))`.
      if (Write && A.K == Kind::ElementWrite && !Write->Target.empty())
        Write->ValueAt = Out.size() + Write->Target.size() + 5;
      Out += Rewritten;
      At = E;
    }
    return Out + Original.substr(At);
  }

  /// The loop's header, `init; cond; inc`, as written.
  std::string headerText() {
    const ForStmt *F = W.For;
    return Lexer::getSourceText(
               CharSourceRange::getCharRange(
                   SM.getExpansionLoc(F->getLParenLoc()).getLocWithOffset(1),
                   SM.getExpansionLoc(F->getRParenLoc())),
               SM, Ctx.getLangOpts())
        .str();
  }

  const WorldLoop &W;
  ASTContext &Ctx;
  SourceManager &SM;
  const LowerOptions &Options;
  LowerResult &Result;
  StagedTilePlans *Plans;
  std::set<std::string> *StructAccessors; ///< types with accessors already
  std::string ScheduleKind, ScheduleChunk; ///< empty: cyclic
  const std::map<const Expr *, StagedRef> *StagedRefs = nullptr;
  std::vector<Variable> Vars;
  std::map<const Expr *, Access> Accesses;
  bool Failed = false;
};

} // namespace

void lowerWorldLoops(const NestModel &Model, ASTContext &Ctx,
                     const LowerOptions &Options, LowerResult &Result,
                     StagedTilePlans *Plans) {
  if (Model.WorldLoops.empty())
    return;
  reportWorldVariablesOutsideLoops(Model, Ctx, Result.Diags);
  Result.Prologue += "#include <orbis/world_access.h>\n";
  Result.Libraries.push_back("orbis_world");
  std::set<std::string> StructAccessors;
  for (const auto &World : Model.WorldLoops)
    LoopLowering(*World, Ctx, Options, Result, Plans, StructAccessors).lower();
}

} // namespace orbis
