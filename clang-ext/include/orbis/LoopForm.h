/// \file
/// Recognizes an OpenMP canonical loop (`for (var = lb; var OP ub; incr)`)
/// and describes it in the terms the lowering needs: the loop variable, the
/// source text of lb, ub and step as written, the comparison and direction.
/// A loop that is not canonical gives one diagnostic at the pragma naming
/// what is wrong, with a note at the offending part of the loop.
#ifndef ORBIS_LOOPFORM_H
#define ORBIS_LOOPFORM_H

#include "orbis/Diagnostics.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/APSInt.h"
#include <optional>
#include <vector>

namespace orbis {

/// The bound test, as `var OP bound` (operands swapped when written
/// `bound OP var`). Values match orbis_cmp of libtile.
enum class LoopCompare { LT = 0, LE = 1, GT = 2, GE = 3, NE = 4 };

struct CanonicalLoop {
  const clang::ForStmt *For = nullptr;
  const clang::VarDecl *Var = nullptr;
  bool DeclaredInInit = false;
  bool IsPointer = false;
  std::string VarName;
  std::string VarType;   ///< the variable's type, printable in the source
  std::string InitText;  ///< lb as written
  std::string BoundText; ///< ub as written
  std::string StepText;  ///< step magnitude as written ("1" for ++/--)
  std::string IncText;   ///< the increment expression as written
  int Direction = +1;    ///< +1 adds the step, -1 subtracts it
  LoopCompare Compare = LoopCompare::LT;
  const clang::Expr *Bound = nullptr;
  const clang::Expr *Init = nullptr;
  const clang::Expr *Step = nullptr; ///< null for ++/--
  /// The step's value when it is an integer constant expression (in the
  /// step's own type).
  std::optional<llvm::APSInt> StepConstant;
};

/// The test of an element loop that runs a tile from its first value to its
/// end value (one step past its last) with the loop's own increment: `<` or
/// `>` for a signed variable of `int` width or more (which lets the
/// optimizer count the iterations), in the direction the loop's condition
/// makes it go (`i > 0; i += st` counts down whatever the increment's
/// operator), else `!=` (an unsigned end may wrap to 0, a narrow signed one
/// wraps through its conversion, a pointer end is one step past the tile,
/// and `!=` with a run-time step may go either way).
const char *elementLoopTest(const CanonicalLoop &L, clang::ASTContext &Ctx);

struct LoopFormResult {
  std::optional<CanonicalLoop> Loop;
  std::vector<PendingDiag> Diags; ///< an error and its note
};

/// Checks that `For` is canonical. Diagnostics point at `PragmaLoc`.
LoopFormResult analyzeLoopForm(const clang::ForStmt *For,
                               clang::ASTContext &Ctx,
                               clang::SourceLocation PragmaLoc);

/// The source text of an expression or range as written (macro uses stay
/// unexpanded).
std::string sourceText(clang::SourceRange Range, clang::ASTContext &Ctx);

/// The variable `E` names (through parentheses and implicit casts), if it
/// names one.
const clang::VarDecl *asVarRef(const clang::Expr *E);

/// The characters of statement `S` in the file, when they can be rewritten:
/// a statement that starts or ends inside a macro expansion (rather than at
/// one's edge) has none. The range ends after the last token, not after a
/// following ';'.
std::optional<clang::CharSourceRange> fileRangeOf(const clang::Stmt *S,
                                                  clang::ASTContext &Ctx);

/// Just past statement `S` in the file, its `;` included: a statement
/// without braces ends with its last sub-statement's `;` (`for (...) x = 1;`),
/// which its end location omits, and so does one ending in `}` that is not
/// a block (`u[i] = {i, 2};`, `return {a, b};`, `f = [] {};`). The `;` may
/// follow directives and code the preprocessor skipped (`Skipped`, in source
/// order): `x = a` / `#ifdef E` / `+ 1` / `#endif` / `;`.
clang::SourceLocation
statementEnd(const clang::Stmt *S, clang::ASTContext &Ctx,
             llvm::ArrayRef<clang::SourceRange> Skipped = {});

/// A subscript chain `v[i][j]...` taken apart: the subscripts outermost
/// first, and the base expression `v` (what remains under the chain).
struct SubscriptChain {
  std::vector<const clang::Expr *> Indices;
  const clang::Expr *Base;
  /// The variable `v` when the base names one directly.
  const clang::VarDecl *Var;
};
SubscriptChain subscriptChain(const clang::ArraySubscriptExpr *E);

/// Whether `E` refers to `Var` anywhere.
bool refersTo(const clang::Stmt *E, const clang::VarDecl *Var);

/// Every reference to `Var` inside `S`, in traversal order.
std::vector<const clang::DeclRefExpr *> referencesTo(const clang::Stmt *S,
                                                     const clang::VarDecl *Var);

} // namespace orbis

#endif // ORBIS_LOOPFORM_H
