/// \file
/// Tiling legality from dependence distances (see DependenceCheck.h).
///
/// A write `A[x + a0][y + a1]` and an access `A[x + b0][y + b1]` of the same
/// variable touch the same element when the second runs `a - b` iterations
/// after the first (per level, in iteration counts: times -1 for a loop that
/// counts down). The lexicographically positive one of `a - b` and `b - a`
/// is the dependence distance D from the earlier to the later access.
/// Rectangular tiles run the tiles of every level in order, so D is reversed
/// exactly when, with p the first positive and q the first negative
/// component, source and sink can share their tile on every level in
/// [p, q) (tile size above D there) and then fall into different tiles at
/// level q, where the sink's tile comes first.
#include "orbis/DependenceCheck.h"

#include "orbis/LoopForm.h"
#include "TemplateInstances.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <set>

using namespace clang;

namespace orbis {
namespace {

/// The nest level whose loop variable `E` is, if it is one.
std::optional<unsigned> loopLevelOf(const TiledNest &Nest, const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!Ref)
    return std::nullopt;
  for (const auto &L : Nest.Loops)
    if (Ref->getDecl() == L->Form.Var)
      return L->Level;
  return std::nullopt;
}

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  if (E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx) || R.Val.getInt().getSignificantBits() > 63)
    return std::nullopt;
  return R.Val.getInt().getSExtValue();
}

bool mentionsLoopVar(const TiledNest &Nest, const Expr *E) {
  for (const auto &L : Nest.Loops)
    if (refersTo(E, L->Form.Var))
      return true;
  return false;
}

/// `v`, `v + c`, `c + v`, `v - c` or `c`.
/// Whether the nest may change V (unknown to the model: it may).
bool writtenInNest(const TiledNest &Nest, const VarDecl *V) {
  for (const VariableUse &U : Nest.Variables)
    if (U.Var == V)
      return U.Written;
  return true;
}

/// `V`, `V + c`, `c + V` or `V - c` for a variable V: V, with c in Offset.
const VarDecl *invariantPlusConstant(const Expr *E, int64_t &Offset,
                                     ASTContext &Ctx) {
  auto VarOf = [](const Expr *X) -> const VarDecl * {
    const auto *D = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  };
  E = E->IgnoreParenImpCasts();
  Offset = 0;
  if (const VarDecl *V = VarOf(E))
    return V;
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
    return nullptr;
  if (const VarDecl *V = VarOf(B->getLHS()))
    if (std::optional<int64_t> C = constantOf(B->getRHS(), Ctx)) {
      Offset = B->getOpcode() == BO_Sub ? -*C : *C;
      return V;
    }
  if (B->getOpcode() == BO_Add)
    if (const VarDecl *V = VarOf(B->getRHS()))
      if (std::optional<int64_t> C = constantOf(B->getLHS(), Ctx)) {
        Offset = *C;
        return V;
      }
  return nullptr;
}

/// An integer conversion that keeps every value: to a type at least as
/// wide, of the same signedness when as wide.
bool keepsValue(const CastExpr *C, const ASTContext &Ctx) {
  if (C->getCastKind() == CK_NoOp)
    return true;
  if (C->getCastKind() != CK_IntegralCast)
    return false;
  QualType To = C->getType(), From = C->getSubExpr()->getType();
  if (!To->isIntegerType() || !From->isIntegerType())
    return false;
  uint64_t ToWidth = Ctx.getIntWidth(To), FromWidth = Ctx.getIntWidth(From);
  return ToWidth > FromWidth ||
         (ToWidth == FromWidth &&
          To->isSignedIntegerOrEnumerationType() ==
              From->isSignedIntegerOrEnumerationType());
}

/// `E` as a sum of loop variables with their coefficients and a constant:
/// sums and differences in any grouping and order (`y + 2 - 1`,
/// `1 + y + 0`, `+y + 1`), unary `+` and `-`, parentheses and integer
/// conversions that keep every value (`(long)(y + 1)`); nullopt for
/// anything else (the subscript is then not analysed).
template <class LevelOfFn>
std::optional<std::pair<std::map<unsigned, int64_t>, int64_t>>
linearForm(const Expr *E, ASTContext &Ctx, LevelOfFn LevelOf, unsigned Depth) {
  using Form = std::pair<std::map<unsigned, int64_t>, int64_t>;
  if (Depth > 32)
    return std::nullopt;
  E = E->IgnoreParens();
  if (std::optional<unsigned> Level = LevelOf(E))
    return Form{{{*Level, 1}}, 0};
  if (std::optional<int64_t> C = constantOf(E, Ctx))
    return Form{{}, *C};
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (!keepsValue(Cast, Ctx))
      return std::nullopt;
    return linearForm(Cast->getSubExpr(), Ctx, LevelOf, Depth + 1);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_Plus && U->getOpcode() != UO_Minus)
      return std::nullopt;
    std::optional<Form> F = linearForm(U->getSubExpr(), Ctx, LevelOf, Depth + 1);
    if (F && U->getOpcode() == UO_Minus) {
      for (auto &[Level, Coefficient] : F->first)
        Coefficient = -Coefficient;
      if (F->second == INT64_MIN)
        return std::nullopt;
      F->second = -F->second;
    }
    return F;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub))
    return std::nullopt;
  std::optional<Form> L = linearForm(B->getLHS(), Ctx, LevelOf, Depth + 1);
  std::optional<Form> R = L ? linearForm(B->getRHS(), Ctx, LevelOf, Depth + 1)
                            : std::nullopt;
  if (!R)
    return std::nullopt;
  int64_t Sign = B->getOpcode() == BO_Sub ? -1 : 1;
  for (const auto &[Level, Coefficient] : R->first)
    L->first[Level] += Sign * Coefficient;
  if (Sign < 0 ? __builtin_sub_overflow(L->second, R->second, &L->second)
               : __builtin_add_overflow(L->second, R->second, &L->second))
    return std::nullopt;
  return L;
}

/// A loop variable v (whose level LevelOf tells) plus a constant, written
/// as any sum linearForm reads, or a constant `c`; nullopt for anything
/// else.
template <class LevelOfFn>
std::optional<Subscript> affineSubscript(const Expr *E, ASTContext &Ctx,
                                         LevelOfFn LevelOf) {
  auto F = linearForm(E, Ctx, LevelOf, 0);
  if (!F)
    return std::nullopt;
  Subscript S;
  S.Value = F->second;
  S.Kind = Subscript::Constant;
  for (const auto &[Level, Coefficient] : F->first) {
    if (Coefficient == 0)
      continue;
    if (Coefficient != 1 || S.Kind == Subscript::LoopVar)
      return std::nullopt; // `2 * y`, `x + y`: not analysed
    S.Kind = Subscript::LoopVar;
    S.Level = Level;
  }
  return S;
}

Subscript classify(const TiledNest &Nest, const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<Subscript> S = affineSubscript(
          E, Ctx, [&](const Expr *X) { return loopLevelOf(Nest, X); }))
    return *S;
  Subscript S;
  S.UsesLoopVar = mentionsLoopVar(Nest, E);
  if (!S.UsesLoopVar)
    S.Invariant = invariantPlusConstant(E, S.Value, Ctx);
  return S;
}

/// `E` is a call of a class's `operator[]` (std::array, std::vector).
const CXXOperatorCallExpr *classSubscript(const Expr *E) {
  const auto *C = dyn_cast<CXXOperatorCallExpr>(E);
  return C && C->getOperator() == OO_Subscript && C->getNumArgs() == 2 ? C
                                                                       : nullptr;
}

/// The outermost subscript expressions that are written.
class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      mark(B->getLHS(), B->isCompoundAssignmentOp());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      mark(U->getSubExpr(), /*AlsoRead=*/true);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      mark(C->getArg(0), C->getOperator() != OO_Equal);
    return true;
  }
  llvm::SmallPtrSet<const Expr *, 8> Written, WrittenAndRead;

private:
  void mark(const Expr *E, bool AlsoRead) {
    E = E->IgnoreParenImpCasts();
    if (isa<ArraySubscriptExpr>(E) || classSubscript(E))
      (AlsoRead ? WrittenAndRead : Written).insert(E);
  }
};

/// An array reached through an object: the member array (`this->A`,
/// `g.A`, `p->A`: the field, and the variable that holds the object, null
/// for `this`) or the variable a class's `operator[]` applies to.
struct ObjectArray {
  const ValueDecl *Object = nullptr;
  const ValueDecl *Owner = nullptr;
};

/// The object array `Base` names, if it names one the check can follow.
std::optional<ObjectArray> objectOf(const Expr *Base) {
  Base = Base->IgnoreParenImpCasts();
  if (const auto *M = dyn_cast<MemberExpr>(Base)) {
    // The same object however it is reached: `p->A`, `(*p).A`, `p[0].A`;
    // `s.A`, `(&s)->A`.
    const Expr *Holder = M->getBase()->IgnoreParenImpCasts();
    for (;;) {
      if (const auto *U = dyn_cast<UnaryOperator>(Holder);
          U && (U->getOpcode() == UO_Deref || U->getOpcode() == UO_AddrOf)) {
        Holder = U->getSubExpr()->IgnoreParenImpCasts();
        continue;
      }
      if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Holder)) {
        Expr::EvalResult Index;
        if (!Sub->getIdx()->isValueDependent() &&
            Sub->getIdx()->EvaluateAsInt(Index, M->getMemberDecl()->getASTContext()) &&
            Index.Val.getInt() == 0) {
          Holder = Sub->getBase()->IgnoreParenImpCasts();
          continue;
        }
      }
      break;
    }
    if (isa<CXXThisExpr>(Holder))
      return ObjectArray{M->getMemberDecl(), nullptr};
    if (const auto *R = dyn_cast<DeclRefExpr>(Holder))
      return ObjectArray{M->getMemberDecl(), R->getDecl()};
    return std::nullopt; // `a[k].A`, `f().A`: which object is unknown
  }
  if (const auto *R = dyn_cast<DeclRefExpr>(Base))
    if (R->getDecl()->getType()->isRecordType() ||
        R->getDecl()->getType()->isReferenceType())
      return ObjectArray{R->getDecl(), nullptr};
  return std::nullopt;
}

/// Whether `Arg` is passed to a parameter that is a reference to const
/// (`std::max(A[x - 1][y], A[x][y - 1])`): the call reads the element.
bool readThroughConstReference(const CallExpr *C, const Expr *Arg) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F)
    return false;
  unsigned First = 0;
  // A member operator's object is its first argument, not a parameter.
  if (isa<CXXOperatorCallExpr>(C) && isa<CXXMethodDecl>(F) &&
      !cast<CXXMethodDecl>(F)->isStatic())
    First = 1;
  for (unsigned I = First; I < C->getNumArgs(); ++I) {
    if (C->getArg(I)->IgnoreParens() != Arg)
      continue;
    unsigned P = I - First;
    if (P >= F->getNumParams())
      return false;
    QualType T = F->getParamDecl(P)->getType();
    return T->isLValueReferenceType() &&
           T->getPointeeType().isConstQualified() &&
           !T->getPointeeType().isVolatileQualified();
  }
  return false;
}

/// Whether the element `E` designates is only read or written where it
/// stands: its value loaded, or it is assigned, compound-assigned or
/// incremented (a field of it likewise: `A[x][y].f`). Otherwise its address
/// escapes (`&A[x][y]`, `*(&A[x][y - 1] + 2)`, a C++ reference bound to
/// it), and the element an access through it reaches is unknown.
bool usedInPlace(const Expr *E, ASTContext &Ctx) {
  // A template's own AST has no implicit conversions around a dependent
  // element: only `&` is known to take its address there.
  bool Dependent = E->isTypeDependent();
  const Expr *Child = E;
  for (;;) {
    auto Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      return false;
    const Expr *Parent = Parents[0].get<Expr>();
    if (!Parent)
      return false;
    if (isa<ParenExpr>(Parent)) {
      Child = Parent;
      continue;
    }
    if (const auto *M = dyn_cast<MemberExpr>(Parent)) {
      if (M->isArrow() || M->getBase()->IgnoreParens() != Child)
        return false;
      Child = Parent;
      continue;
    }
    if (Dependent) {
      const auto *U = dyn_cast<UnaryOperator>(Parent);
      return !U || U->getOpcode() != UO_AddrOf;
    }
    if (const auto *C = dyn_cast<ImplicitCastExpr>(Parent)) {
      if (C->getCastKind() == CK_NoOp && C->isGLValue()) {
        Child = Parent; // `const` added: still the element
        continue;
      }
      return C->getCastKind() == CK_LValueToRValue;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(Parent))
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Child;
    if (const auto *U = dyn_cast<UnaryOperator>(Parent))
      return U->isIncrementDecrementOp();
    if (const auto *C = dyn_cast<CXXOperatorCallExpr>(Parent))
      return C->isAssignmentOp() && C->getNumArgs() > 0 &&
             C->getArg(0)->IgnoreParens() == Child;
    if (const auto *C = dyn_cast<CXXConstructExpr>(Parent))
      return C->getConstructor()->isCopyOrMoveConstructor() &&
             C->getConstructor()->isTrivial();
    if (const auto *C = dyn_cast<CallExpr>(Parent))
      return readThroughConstReference(C, Child);
    return false;
  }
}

/// Subscripts that name no element the analysis knows (Meeting::Unknown
/// with any other access).
std::vector<Subscript> unknownSubscripts(size_t N) {
  Subscript S;
  S.Kind = Subscript::Other;
  S.UsesLoopVar = true;
  return std::vector<Subscript>(N, S);
}

class AccessFinder : public RecursiveASTVisitor<AccessFinder> {
public:
  AccessFinder(TiledNest &Nest, ASTContext &Ctx, const WriteFinder &Writes,
               const Stmt *Block)
      : Nest(Nest), Ctx(Ctx), Writes(Writes), Block(Block) {}

  bool TraverseArraySubscriptExpr(ArraySubscriptExpr *E) {
    SubscriptChain Chain = subscriptChain(E);
    if (Chain.Var) {
      ArrayAccess A;
      A.Expr = E;
      A.Base = Chain.Var;
      for (const Expr *Index : Chain.Indices)
        A.Subscripts.push_back(classify(Nest, Index, Ctx));
      finish(A);
      Nest.Accesses.push_back(std::move(A));
    } else {
      if (std::optional<ObjectArray> Object = objectOf(Chain.Base))
        addObjectAccess(E, *Object, Chain.Indices);
      TraverseStmt(const_cast<Expr *>(Chain.Base));
    }
    for (const Expr *Index : Chain.Indices)
      TraverseStmt(const_cast<Expr *>(Index));
    return true;
  }

  /// `a[i][j]` through `operator[]` of a class (std::array, std::vector of
  /// them, or subscripts of a member array mixed in).
  bool TraverseCXXOperatorCallExpr(CXXOperatorCallExpr *E) {
    if (!classSubscript(E))
      return RecursiveASTVisitor::TraverseCXXOperatorCallExpr(E);
    std::vector<const Expr *> Indices;
    const Expr *Base = E;
    for (;;) {
      const Expr *Inner = Base->IgnoreParenImpCasts();
      if (const CXXOperatorCallExpr *C = classSubscript(Inner)) {
        Indices.insert(Indices.begin(), C->getArg(1));
        Base = C->getArg(0);
      } else if (const auto *S = dyn_cast<ArraySubscriptExpr>(Inner)) {
        Indices.insert(Indices.begin(), S->getIdx());
        Base = S->getBase();
      } else {
        break;
      }
    }
    if (std::optional<ObjectArray> Object = objectOf(Base))
      addObjectAccess(E, *Object, Indices);
    TraverseStmt(const_cast<Expr *>(Base));
    for (const Expr *Index : Indices)
      TraverseStmt(const_cast<Expr *>(Index));
    return true;
  }

private:
  void addObjectAccess(const Expr *E, const ObjectArray &Object,
                       const std::vector<const Expr *> &Indices) {
    ArrayAccess A;
    A.Expr = E;
    A.Base = nullptr;
    A.Object = Object.Object;
    A.ObjectOwner = Object.Owner;
    for (const Expr *Index : Indices)
      A.Subscripts.push_back(classify(Nest, Index, Ctx));
    finish(A);
    Nest.ObjectAccesses.push_back(std::move(A));
  }

  /// Reads, writes, the condition it runs under, and whether the element
  /// is the one its subscripts name.
  void finish(ArrayAccess &A) {
    A.IsWrite =
        Writes.Written.count(A.Expr) || Writes.WrittenAndRead.count(A.Expr);
    A.IsRead = !Writes.Written.count(A.Expr);
    A.Conditional = !runsWithBlock(A.Expr, Block, Ctx);
    if (!usedInPlace(A.Expr, Ctx)) {
      A.AddressTaken = true;
      A.Subscripts = unknownSubscripts(A.Subscripts.size());
    }
  }

  TiledNest &Nest;
  ASTContext &Ctx;
  const WriteFinder &Writes;
  const Stmt *Block;
};

/// The distance per level from `From`'s iteration to the iteration of `To`
/// that touches the same element; none when the accesses never meet or the
/// analysis cannot tell.
std::optional<std::vector<int64_t>>
distance(const TiledNest &Nest, const ArrayAccess &From, const ArrayAccess &To) {
  if (From.Base != To.Base || From.Object != To.Object ||
      From.ObjectOwner != To.ObjectOwner)
    return std::nullopt;
  Meeting M = meetAccesses(Nest, From, To);
  if (M.Kind != Meeting::Distance)
    return std::nullopt;
  return M.D;
}

/// Two accesses of one array whose subscripts are all loop variables plus
/// constants, or constants, where some position names one loop variable in
/// the one and another in the other (`A[x][y]` and `A[y][x]`): the
/// iterations that meet are (a, b) and (b, a), whose distance (b - a,
/// a - b) points both ways, so tiles that hold both reverse one of them
/// (unless an outer level parts them: a fixed distance there of at least
/// that level's constant tile size). The two levels, the outer first; none
/// otherwise.
std::optional<std::pair<unsigned, unsigned>>
swappedLevels(const TiledNest &Nest, const ArrayAccess &From,
              const ArrayAccess &To) {
  if (From.Base != To.Base || From.Object != To.Object ||
      From.ObjectOwner != To.ObjectOwner ||
      From.Subscripts.size() != To.Subscripts.size())
    return std::nullopt;
  std::optional<std::pair<unsigned, unsigned>> Swap;
  std::vector<std::optional<int64_t>> Fixed(Nest.Loops.size());
  for (size_t I = 0; I < From.Subscripts.size(); ++I) {
    const Subscript &A = From.Subscripts[I], &B = To.Subscripts[I];
    if (A.Kind == Subscript::Constant && B.Kind == Subscript::Constant) {
      if (A.Value != B.Value)
        return std::nullopt; // never meet
      continue;
    }
    if (A.Kind != Subscript::LoopVar || B.Kind != Subscript::LoopVar)
      return std::nullopt;
    if (A.Level == B.Level) {
      Fixed[A.Level] = A.Value - B.Value;
    } else if (!Swap) {
      Swap = std::make_pair(std::min(A.Level, B.Level),
                            std::max(A.Level, B.Level));
    }
  }
  if (!Swap)
    return std::nullopt;
  for (unsigned L = 0; L < Swap->first; ++L) {
    const Directive &Dir = Nest.Loops[L]->Pragma->Dir;
    if (Fixed[L] && *Fixed[L] != 0 && Dir.BlockSize &&
        Dir.BlockSize->Constant &&
        *Dir.BlockSize->Constant <= std::abs(*Fixed[L]))
      return std::nullopt; // tiles of an outer level part them
  }
  return Swap;
}

/// What one iteration adds to the loop variable, when the header says it
/// as a constant: `i -= -1` adds 1, `i += 2` adds 2, `--i` adds -1. A step
/// that is not a constant, or whose value the variable's type cannot hold
/// (`i += 4294967295u` on an int wraps to -1), gives nullopt.
std::optional<int64_t> signedStep(const CanonicalLoop &F) {
  if (!F.Step)
    return F.Direction;
  if (!F.StepConstant || F.StepConstant->getSignificantBits() > 63)
    return std::nullopt;
  int64_t Step = F.StepConstant->getExtValue();
  unsigned Width = F.Var ? F.Var->getASTContext().getTypeSize(F.Var->getType())
                         : 64;
  if (Width < 64 && (Step >= (int64_t(1) << (Width - 1)) ||
                     Step <= -(int64_t(1) << (Width - 1))))
    return std::nullopt;
  return F.Direction * Step;
}

std::string text(const Expr *E, ASTContext &Ctx) {
  return sourceText(E->getSourceRange(), Ctx);
}

} // namespace

Meeting meetAccesses(const TiledNest &Nest, const ArrayAccess &From,
                     const ArrayAccess &To) {
  Meeting M;
  if (From.Subscripts.size() != To.Subscripts.size())
    return M;
  std::vector<std::optional<int64_t>> D(Nest.Loops.size());
  for (size_t I = 0; I < From.Subscripts.size(); ++I) {
    const Subscript &A = From.Subscripts[I], &B = To.Subscripts[I];
    if (A.Kind == Subscript::LoopVar && B.Kind == Subscript::LoopVar &&
        A.Level == B.Level) {
      int64_t Delta = A.Value - B.Value;
      if (D[A.Level] && *D[A.Level] != Delta) {
        M.Kind = Meeting::Never;
        return M;
      }
      D[A.Level] = Delta;
    } else if (A.Kind == Subscript::Constant &&
               B.Kind == Subscript::Constant) {
      if (A.Value != B.Value) {
        M.Kind = Meeting::Never;
        return M;
      }
    } else if (A.Kind == Subscript::Other && B.Kind == Subscript::Other &&
               !A.UsesLoopVar && !B.UsesLoopVar) {
      if (A.Invariant && A.Invariant == B.Invariant && A.Value != B.Value &&
          !writtenInNest(Nest, A.Invariant)) {
        M.Kind = Meeting::Never; // `t` and `t - 1`
        return M;
      }
      continue; // the same value in every iteration: may be equal
    } else {
      return M; // coupled or unknown
    }
  }
  std::vector<int64_t> Iterations;
  for (size_t L = 0; L < D.size(); ++L) {
    if (!D[L])
      return M; // any distance on this level: cannot decide
    // Elements Delta apart are Delta / step iterations apart, or never
    // meet when the step does not divide Delta (A[i] and A[i + 1] with
    // i += 2).
    std::optional<int64_t> Step =
        Nest.Loops[L]->Form.IsPointer ? std::nullopt
                                      : signedStep(Nest.Loops[L]->Form);
    if (!Step)
      return M; // a step the analysis does not know: cannot decide
    if (*D[L] % *Step != 0) {
      M.Kind = Meeting::Never;
      return M;
    }
    Iterations.push_back(*D[L] / *Step);
  }
  M.D = std::move(Iterations);
  M.Kind = Meeting::Distance;
  return M;
}

void collectAccesses(TiledNest &Nest, ASTContext &Ctx) {
  const Stmt *Instr = Nest.InstructionBlock ? Nest.InstructionBlock
                                            : Nest.innermost().For->getBody();
  WriteFinder Writes;
  Writes.TraverseStmt(const_cast<Stmt *>(Instr));
  AccessFinder(Nest, Ctx, Writes, Instr).TraverseStmt(const_cast<Stmt *>(Instr));
}

bool runsWithBlock(const Expr *E, const Stmt *Block, ASTContext &Ctx) {
  const Stmt *Child = E;
  while (Child != Block) {
    auto Parents = Ctx.getParents(*Child);
    if (Parents.empty())
      return false;
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return false;
    if (const auto *C = dyn_cast<AbstractConditionalOperator>(Parent)) {
      if (Child != C->getCond())
        return false;
    } else if (const auto *B = dyn_cast<BinaryOperator>(Parent)) {
      if (B->isLogicalOp() && Child == B->getRHS())
        return false;
    } else if (const auto *If = dyn_cast<IfStmt>(Parent)) {
      if (Child != If->getCond())
        return false;
    } else if (isa<SwitchStmt, WhileStmt, DoStmt, ForStmt, CXXForRangeStmt>(
                   Parent)) {
      return false;
    }
    Child = Parent;
  }
  return true;
}

namespace {

/// The reversed dependences among `Accesses` (accesses of one kind).
void checkAccesses(const TiledNest &Nest, const std::vector<ArrayAccess> &Accesses,
                   ASTContext &Ctx, std::vector<PendingDiag> &Diags) {
  std::set<const Expr *> Reported;
  for (const ArrayAccess &W : Accesses) {
    if (!W.IsWrite)
      continue;
    for (const ArrayAccess &X : Accesses) {
      if (&X == &W || Reported.count(X.Expr))
        continue;
      std::optional<std::vector<int64_t>> Delta = distance(Nest, W, X);
      if (!Delta) {
        if (std::optional<std::pair<unsigned, unsigned>> Swap =
                swappedLevels(Nest, W, X)) {
          const BlockedLoop &First = *Nest.Loops[Swap->first];
          Reported.insert(X.Expr);
          Diags.push_back(PendingDiag{
              Diag::TilingMayReverseDependence,
              X.Expr->getBeginLoc(),
              {text(X.Expr, Ctx), text(W.Expr, Ctx), First.Form.VarName,
               Nest.Loops[Swap->second]->Form.VarName},
              {},
              0,
              {}});
          Diags.push_back(PendingDiag{Diag::BlockedLoopHere,
                                      First.Pragma->Dir.Loc,
                                      {First.Form.VarName},
                                      {},
                                      0,
                                      {}});
        }
        continue;
      }
      // The lexicographically positive direction: from the earlier access.
      std::vector<int64_t> D = *Delta;
      auto First = llvm::find_if(D, [](int64_t V) { return V != 0; });
      if (First == D.end())
        continue; // the same iteration: program order is kept
      if (*First < 0)
        for (int64_t &V : D)
          V = -V;
      size_t P = First - D.begin();
      size_t Q = P + 1;
      while (Q < D.size() && D[Q] >= 0)
        ++Q;
      if (Q == D.size())
        continue; // no negative component: tiling keeps the order
      // Safe if source and sink never share a tile on some level in [P, Q).
      bool Safe = false;
      for (size_t L = P; L < Q; ++L) {
        const Directive &Dir = Nest.Loops[L]->Pragma->Dir;
        if (Dir.BlockSize && Dir.BlockSize->Constant &&
            *Dir.BlockSize->Constant <= D[L])
          Safe = true;
      }
      if (Safe)
        continue;
      std::string Dist = "(";
      std::string Vars = "(";
      for (size_t L = 0; L < D.size(); ++L) {
        Dist += (L ? ", " : "") + std::to_string(D[L]);
        Vars += (L ? ", " : "") + Nest.Loops[L]->Form.VarName;
      }
      Dist += ")";
      Vars += ")";
      const BlockedLoop &Fix = *Nest.Loops[P];
      Reported.insert(X.Expr);
      Diags.push_back(PendingDiag{
          Diag::TilingReversesDependence,
          X.Expr->getBeginLoc(),
          {text(X.Expr, Ctx), text(W.Expr, Ctx), Dist, Vars,
           std::to_string(D[P]), Fix.Form.VarName},
          {},
          0,
          {}});
      Diags.push_back(PendingDiag{Diag::BlockedLoopHere,
                                  Fix.Pragma->Dir.Loc,
                                  {Fix.Form.VarName},
                                  {},
                                  0,
                                  {}});
    }
  }
}

} // namespace

namespace {

/// Whether a subscript of A names a template parameter's value (`y + D`
/// with `template <int D>`): unknown in the template, known in each of its
/// instantiations.
bool dependsOnTemplate(const ArrayAccess &A) {
  const auto *E = dyn_cast<ArraySubscriptExpr>(A.Expr->IgnoreParenImpCasts());
  if (!E)
    return false;
  for (const Expr *Index : subscriptChain(E).Indices)
    if (Index->isValueDependent())
      return true;
  return false;
}

/// The ArraySubscriptExprs of an instantiated body by source range (an
/// instantiation keeps its template's locations).
class SubscriptsByRange : public RecursiveASTVisitor<SubscriptsByRange> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
    Found.insert({{E->getBeginLoc().getRawEncoding(),
                   E->getEndLoc().getRawEncoding()},
                  E});
    return true;
  }
  std::map<std::pair<unsigned, unsigned>, const ArraySubscriptExpr *> Found;
};

/// A subscript of an instantiation, classified as classify() does the
/// template's: its loop variables are other declarations at the same
/// places.
Subscript classifyInstantiated(const TiledNest &Nest, const Expr *E,
                               ASTContext &Ctx) {
  auto LevelOf = [&](const Expr *X) -> std::optional<unsigned> {
    const auto *Ref = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    if (!Ref)
      return std::nullopt;
    for (const auto &L : Nest.Loops)
      if (Ref->getDecl()->getLocation() == L->Form.Var->getLocation())
        return L->Level;
    return std::nullopt;
  };
  if (std::optional<Subscript> S =
          affineSubscript(E->IgnoreParenImpCasts(), Ctx, LevelOf))
    return *S;
  Subscript S;
  S.UsesLoopVar = true; // unknown: never compared
  return S;
}

/// Accesses whose subscripts name template parameters are checked in each
/// instantiation, with the values it gives them, up to the first that
/// reverses a dependence: reported at the template's accesses, with a note
/// at the instantiation. (In the template they are unknown: silent, and a
/// reversed dependence of `g<1>` ran as tiled, a wrong result.)
void checkInstantiations(const TiledNest &Nest,
                         const std::vector<ArrayAccess> &Accesses,
                         ASTContext &Ctx, std::vector<PendingDiag> &Diags) {
  if (llvm::none_of(Accesses, dependsOnTemplate))
    return;
  for (const FunctionDecl *Spec : instantiationsOf(Nest.Function)) {
    SubscriptsByRange Map;
    Map.TraverseDecl(const_cast<FunctionDecl *>(Spec));
    std::vector<ArrayAccess> Given = Accesses;
    for (ArrayAccess &A : Given) {
      if (!dependsOnTemplate(A))
        continue;
      auto It = Map.Found.find({A.Expr->getBeginLoc().getRawEncoding(),
                                A.Expr->getEndLoc().getRawEncoding()});
      if (It == Map.Found.end())
        continue;
      std::vector<const Expr *> Indices = subscriptChain(It->second).Indices;
      if (Indices.size() != A.Subscripts.size())
        continue;
      for (size_t K = 0; K < Indices.size(); ++K)
        A.Subscripts[K] = classifyInstantiated(Nest, Indices[K], Ctx);
    }
    size_t Before = Diags.size();
    checkAccesses(Nest, Given, Ctx, Diags);
    if (Diags.size() == Before)
      continue;
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Spec->getNameForDiagnostic(OS, Ctx.getPrintingPolicy(), true);
    SourceLocation Where = Spec->getPointOfInstantiation();
    if (Where.isInvalid())
      Where = Spec->getLocation();
    Diags.push_back(
        PendingDiag{Diag::InstantiationHere, Where, {OS.str()}, {}, 0, {}});
    return;
  }
}

} // namespace

std::vector<PendingDiag> checkDependences(const TiledNest &Nest,
                                          ASTContext &Ctx) {
  std::vector<PendingDiag> Diags;
  checkAccesses(Nest, Nest.Accesses, Ctx, Diags);
  checkAccesses(Nest, Nest.ObjectAccesses, Ctx, Diags);
  if (Diags.empty()) {
    checkInstantiations(Nest, Nest.Accesses, Ctx, Diags);
    checkInstantiations(Nest, Nest.ObjectAccesses, Ctx, Diags);
  }
  return Diags;
}

std::optional<std::pair<unsigned, int64_t>>
variablePlusConstant(const Expr *E, ASTContext &Ctx,
                     llvm::ArrayRef<const VarDecl *> Vars) {
  auto IndexOf = [&](const Expr *X) -> std::optional<unsigned> {
    const auto *Ref = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    for (unsigned I = 0; Ref && I < Vars.size(); ++I)
      if (Ref->getDecl() == Vars[I])
        return I;
    return std::nullopt;
  };
  std::optional<Subscript> S =
      affineSubscript(E->IgnoreParenImpCasts(), Ctx, IndexOf);
  if (!S || S->Kind != Subscript::LoopVar)
    return std::nullopt;
  return std::make_pair(S->Level, S->Value);
}

} // namespace orbis
