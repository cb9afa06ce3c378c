/// \file
/// The result of analysis: every tiled nest of a translation unit with its
/// blocked loops, instruction block, tile queries, `single` and `atomic`
/// directives, ready for a lowering to emit. This is the contract between
/// analysis (NestBuilder) and the emitters (one per backend).
#ifndef ORBIS_NESTMODEL_H
#define ORBIS_NESTMODEL_H

#include "orbis/Directive.h"
#include "orbis/LoopForm.h"
#include "clang/AST/Expr.h"
#include <memory>

namespace orbis {

/// A directive as collected from the preprocessor, with where it binds.
struct CollectedDirective {
  Directive Dir;
  /// The first token of code after the directive: the statement it binds to
  /// starts here (set once preprocessing is done: nextCodeToken).
  clang::SourceLocation NextCodeLoc;
  /// Start and end of the text the directive occupies (a whole line for
  /// `#pragma`, the operator for `_Pragma`).
  clang::SourceLocation ExtentBegin, ExtentEnd;
  /// The directive had errors (already reported): the statement it applies
  /// to is not analyzed, so that nothing in it is reported again.
  bool Failed = false;
  /// The macros whose expansion wrote the directive, outermost last (none
  /// for a directive written as such).
  std::vector<std::string> Macros;
};

enum class TileQuery { NumBlocks, BlockNum, BlockSize, TotalSize };

struct QueryCall {
  const clang::CallExpr *Call;
  TileQuery Query;
};

struct BlockedLoop {
  const CollectedDirective *Pragma = nullptr;
  const clang::ForStmt *For = nullptr;
  CanonicalLoop Form;
  BlockedLoop *Parent = nullptr;
  BlockedLoop *Child = nullptr; ///< the nested blocked loop, if any
  unsigned Level = 0;           ///< 0 = outermost of the nest
  std::vector<QueryCall> Queries; ///< calls bound to this loop lexically
  /// Calls in this loop's own header (init, bound, step): they belong to the
  /// enclosing loop, and the lowering copies the header's text, so they are
  /// rewritten inside that copy.
  std::vector<QueryCall> HeaderQueries;
  /// Variables of a `private` clause on a nested blocked loop.
  std::vector<std::string> PrivateVars;
  /// The statements of the loop's body before and after its nested blocked
  /// loop (or, innermost, the instruction block): its pre-block and
  /// post-block, run once per tile. A statement that holds the nested loop
  /// (an `if` around it) is in neither.
  std::vector<const clang::Stmt *> PreBlock, PostBlock;
  /// The halo of each `block_local` clause of the directive, evaluated
  /// (names of constants resolved); filled by the block_local check.
  std::vector<int64_t> Halos;
};

/// A directive inside a nest that the lowering rewrites.
struct NestedDirective {
  const CollectedDirective *Pragma;
  const clang::Stmt *Body;   ///< the statement it applies to
  unsigned Id;               ///< unique in the translation unit
  const BlockedLoop *Owner;  ///< innermost blocked loop around it
};

/// One subscript of an array access in the instruction block.
struct Subscript {
  enum KindType {
    LoopVar,  ///< a loop variable of the nest plus a constant
    Constant, ///< an integer constant
    Other     ///< anything else
  } Kind = Other;
  unsigned Level = 0; ///< LoopVar: the nest level of the variable
  int64_t Value = 0;  ///< LoopVar: the constant added; Constant: the value
  bool UsesLoopVar = false; ///< Other: mentions a loop variable of the nest
  /// Other, without loop variables: a variable plus a constant (`t - 1`),
  /// the variable here and the constant in Value; null otherwise. Two
  /// subscripts of one variable with different constants never meet (the
  /// variable does not change in the nest's instruction block).
  const clang::VarDecl *Invariant = nullptr;
};

/// How a variable used in a nest is shared, the fact the backends map to
/// memory (EXTENSIONS.md 2: global variables of inner pre/post-blocks get
/// tile-local copies on a GPU; private ones stay per thread).
struct VariableUse {
  enum ClassType {
    Global,        ///< declared outside the nest: shared by every tile
    LoopVariable,  ///< a loop variable of the nest
    TileLocal,     ///< declared in a pre/post-block: one per tile
    IterationLocal, ///< declared in the instruction block
    Private        ///< listed in a `private` clause of a nested loop
  } Class = Global;
  const clang::VarDecl *Var = nullptr;
  unsigned Level = 0;   ///< TileLocal: the loop whose body declares it
  bool Written = false; ///< assigned or incremented in the nest
  /// Elements written through it (`A[x][y] = ...`) in the instruction block.
  bool ElementsWritten = false;
  bool InInstructionBlock = false, InPrePostBlocks = false;
};

/// An array access `v[s0][s1]...` of the instruction block, `v` a variable
/// (TiledNest::Accesses), or an access of an object's array (ObjectAccesses).
struct ArrayAccess {
  const clang::Expr *Expr; ///< the outermost subscript expression
  const clang::VarDecl *Base;
  /// ObjectAccesses only (Base is null): the member array (`this->A`,
  /// `g.A`, `p->A`: the field) or the variable whose class's `operator[]`
  /// is applied (`std::array`, `std::vector`).
  const clang::ValueDecl *Object = nullptr;
  /// The object of a member array: the variable `g` or `p` (null for
  /// `this`). Accesses through different variables may or may not alias,
  /// like different pointers: the check compares only those of one.
  const clang::ValueDecl *ObjectOwner = nullptr;
  std::vector<Subscript> Subscripts; ///< outermost first
  bool IsWrite = false; ///< assigned, compound-assigned or incremented
  bool IsRead = false;  ///< read (a compound assignment both reads and writes)
  /// Runs only under a condition inside the instruction block (a `?:`
  /// branch, the right operand of `&&`/`||`, an `if`, `switch` or loop): a
  /// backend may not load its element ahead of the condition (it may lie
  /// outside the array, as `y > 0 ? A[x][y - 1] : 0` at y = 0).
  bool Conditional = false;
  /// The element's address is taken (`&A[x][y]`, a C++ reference bound to
  /// it): what is accessed through it is unknown, and so are Subscripts.
  bool AddressTaken = false;
};

struct TiledNest {
  unsigned Id = 0;
  /// The function (or lambda's call operator) holding the nest.
  const clang::FunctionDecl *Function = nullptr;
  /// The world loop around the nest, if any.
  const struct WorldLoop *World = nullptr;
  std::vector<std::unique_ptr<BlockedLoop>> Loops; ///< outermost first
  /// `#pragma omp block` and its statement; null when the innermost body is
  /// the instruction block.
  const CollectedDirective *BlockPragma = nullptr;
  const clang::Stmt *InstructionBlock = nullptr;
  std::vector<NestedDirective> Singles;
  /// Spin-waits in pre/post-blocks (`while`/`do` loops whose body is empty
  /// or only reads into locals), which the lowering makes pause and yield
  /// (only timing changes).
  std::vector<const clang::Stmt *> SpinWaits;
  /// Reads of `volatile` integers or pointers in the spin-waits: the
  /// lowering makes them acquire loads, real synchronization (a plain
  /// volatile read is a data race in C11, and the thread sanitizer says so).
  std::vector<const clang::Expr *> AcquireLoads;
  std::vector<NestedDirective> Atomics;
  /// Largest element size (bytes) of arrays indexed in the instruction block:
  /// a hint for the tile-size policy.
  unsigned ElemSize = 8;
  /// Every variable the nest uses, in order of first use.
  std::vector<VariableUse> Variables;
  /// The instruction block's array accesses (see DependenceCheck.h).
  std::vector<ArrayAccess> Accesses;
  /// Its accesses of member arrays and through class subscript operators:
  /// the dependence check covers them, the backends do not lower them.
  std::vector<ArrayAccess> ObjectAccesses;
  /// An error was reported inside the nest: skip the whole-nest checks.
  bool Failed = false;

  BlockedLoop &root() const { return *Loops.front(); }
  BlockedLoop &innermost() const { return *Loops.back(); }
};

/// The variables a clause lists, e.g. {"i", "j"} for `lastprivate(i, j)` or
/// `lastprivate(conditional: i, j)`.
std::vector<std::string> clauseVariables(const PassThroughClause &Clause);

/// A `world_parallel for` loop (EXTENSIONS.md 3.2): its iterations go to
/// the processes of the world; the blocked nests inside it are its children,
/// so the model is a tree (world loops, then nests, then levels).
struct WorldLoop {
  unsigned Id = 0;
  const CollectedDirective *Pragma = nullptr;
  const clang::ForStmt *For = nullptr;
  std::vector<const TiledNest *> Nests;
  /// `single` directives directly in the loop (outside its blocked nests
  /// and nested parallel regions): once in the world. Owner is null.
  std::vector<NestedDirective> Singles;
  /// `critical` directives directly in the loop: world-wide, one world
  /// lock per name (CriticalNames; "" for the unnamed one). CriticalLock[i]
  /// is Criticals[i]'s index in it.
  std::vector<NestedDirective> Criticals;
  std::vector<std::string> CriticalNames;
  std::vector<unsigned> CriticalLock;
  /// The variables of `world(list)`, in its order.
  std::vector<const clang::VarDecl *> Vars;
  /// The function the loop is in.
  const clang::FunctionDecl *Function = nullptr;
};

struct NestModel {
  std::vector<std::unique_ptr<WorldLoop>> WorldLoops;
  std::vector<std::unique_ptr<TiledNest>> Nests;
};

} // namespace orbis

#endif // ORBIS_NESTMODEL_H
