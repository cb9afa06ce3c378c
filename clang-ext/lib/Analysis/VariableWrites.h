/// \file
/// Where a statement may change a variable through its name, and with what
/// value: the facts behind two loop-form checks (a blocked loop's header
/// must stay invariant in its body, and a nested loop's bounds must not vary
/// with the enclosing tile's rows through a variable the pre-block sets).
#ifndef ORBIS_ANALYSIS_VARIABLEWRITES_H
#define ORBIS_ANALYSIS_VARIABLEWRITES_H

#include "clang/AST/Expr.h"

#include <set>
#include <vector>

namespace orbis {

/// One place that may change `Var`.
struct VariableWrite {
  const clang::VarDecl *Var = nullptr;
  /// The value assigned (`v = e`, `T v = e`), or null where the new value
  /// depends on the old one or is unknown (`v += e`, `v++`, `&v`, a C++
  /// non-const reference or member call on `v`).
  const clang::Expr *Value = nullptr;
  clang::SourceLocation Loc;
  /// The statement surely writes the variable (an assignment, compound
  /// assignment, increment or declaration); false where it only may (its
  /// address taken, bound to a non-const reference, a non-const member
  /// function called on it).
  bool Surely = true;
};

/// Every write to a variable named directly in `S` (declarations with an
/// initializer included).
std::vector<VariableWrite> variableWrites(const clang::Stmt *S);

/// Whether the checks count W as a change of its variable: a sure write, or
/// a scalar's address taken or bound to a non-const reference; not an
/// object's non-const member call or reference (`A.at(i)`, `A.data()` would
/// make every loop over `A.size()` an error).
bool countsAsChange(const VariableWrite &W);

/// Whether `F` is a builtin without side effects (errno aside: the math
/// functions).
bool isSideEffectFreeBuiltin(const clang::FunctionDecl *F);

/// Whether `E` refers to one of `Vars`; the first one found, or null.
const clang::VarDecl *refersToAny(const clang::Stmt *E,
                                  const std::set<const clang::VarDecl *> &Vars);

/// The variables whose value may differ between iterations of loops whose
/// variables are `Seeds`, given the writes in their bodies: the seeds, and
/// what is assigned from them, from its own earlier value or from a tile or
/// thread query (to a fixpoint).
std::set<const clang::VarDecl *>
varyingVariables(std::set<const clang::VarDecl *> Seeds,
                 const std::vector<VariableWrite> &Writes);

} // namespace orbis

#endif // ORBIS_ANALYSIS_VARIABLEWRITES_H
