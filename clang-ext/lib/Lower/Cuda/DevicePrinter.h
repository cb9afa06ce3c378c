/// \file
/// Prints the user's statements of a tiled nest as CUDA C++ (the device
/// copies of pre-blocks, post-blocks and the instruction block). Built on
/// Clang's statement printer, so the text is the AST's: macros expanded,
/// every implicit conversion written out as a cast (C's conversions, not
/// C++'s overloads, decide the arithmetic), floating literals as spelled.
/// What the GPU needs differently is printed here: tile queries, `single`,
/// `atomic`, spin-wait loads, allocations, variable-length arrays.
#ifndef ORBIS_LOWER_CUDA_DEVICEPRINTER_H
#define ORBIS_LOWER_CUDA_DEVICEPRINTER_H

#include "orbis/Diagnostics.h"
#include "orbis/NestModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/PrettyPrinter.h"

#include <functional>
#include <map>
#include <set>

namespace orbis {

/// The variable an lvalue's object belongs to: p in p[i], *p, p[i][j],
/// s.m (null when none is at its root).
const clang::VarDecl *baseVariable(const clang::Expr *E);

/// Why a value of type `T` (or the element of a pointer or array of it)
/// has no faithful device form (`long double`, complex, half precision,
/// `_BitInt`, vector and `_Atomic` types); none when it has one.
std::optional<std::string> deviceTypeProblem(clang::QualType T);

/// Which copy of the nest's code is printed (EXTENSIONS.md 2).
enum class DeviceCopy {
  /// The inter-tile level, run by one thread of the block per tile.
  Leader,
  /// The intra-tile level, run by every thread on its sub-tiles: globals of
  /// the pre/post-blocks are tile-local, allocations come from the tile's
  /// shared-memory arena.
  Intra,
  /// A function the nest calls, copied as a __device__ function.
  Function,
};

class DevicePrinter : public clang::PrinterHelper {
public:
  DevicePrinter(const TiledNest &Nest, clang::ASTContext &Ctx);

  /// The text a tile query is replaced with, per copy.
  std::function<std::string(const BlockedLoop &, TileQuery)> QueryText;
  /// The call-once state of a `single` (an lvalue of type int).
  std::function<std::string(const NestedDirective &)> OnceState;
  /// Whether a `single` is not printed (it runs on the host).
  std::function<bool(const NestedDirective &)> Hoisted;
  /// Variables with variable-length array types: the names of their
  /// run-time dimensions (elements per step of each subscript but the last).
  std::map<const clang::VarDecl *, std::vector<std::string>> VlaDims;

  /// `block_local` arrays staged in shared memory, in the intra-tile copy:
  /// an access v[i][j] reads Buffer[((i) - Origin[0]) * Pitch[1] + ...].
  struct StagedAccess {
    std::string Buffer;
    std::vector<std::string> Origin, Pitch;
  };
  std::map<const clang::VarDecl *, StagedAccess> Staged;

  /// Array accesses printed as the given text instead (rows in lockstep:
  /// values the rows pass in registers).
  std::map<const clang::Expr *, std::string> Replaced;
  /// Variables printed under another name (the leader's pre-block locals
  /// kept across its resumable steps).
  std::map<const clang::VarDecl *, std::string> Renamed;

  /// Variables whose data is tile-local (shared memory) in the intra-tile
  /// copy: their waits and atomics synchronize a block only.
  std::set<const clang::VarDecl *> TileLocal;

  DeviceCopy Copy = DeviceCopy::Leader;

  /// The condition a spin-wait of the nest tests (`while (c) {}`, `do {}
  /// while (c)`), or null for any other statement or a `while` that
  /// declares a variable.
  const clang::Expr *spinCondition(const clang::Stmt *S) const;
  /// The condition of a spin-wait with acquire loads instead of relaxed
  /// polls, or "" when evaluating it once more could change the program
  /// (it has side effects). A wait that tests it once its relaxed polls
  /// pass needs no acquire fence (a full memory barrier on the GPU).
  std::string acquireTest(const clang::Expr *Cond);

  /// One statement, ending with ';' or '}' and a newline, after a `#line`
  /// naming its line in the user's file.
  std::string statement(const clang::Stmt *S);
  /// `#line N "file"` naming where `S` starts in the user's file (empty
  /// when unknown).
  std::string lineDirective(const clang::Stmt *S) const;
  std::string expression(const clang::Expr *E);
  /// A type with a declarator (canonical: no typedef the .cu lacks).
  std::string declaration(clang::QualType T, llvm::StringRef Name) const;

  /// Functions of the main file the printed code calls: to be copied.
  std::vector<const clang::FunctionDecl *> Called;
  /// The name of a function's device copy: its own in C and for a C++
  /// function at namespace scope that is no template's instance, else its
  /// mangled name (the copies share one namespace: `ns::f`, `f<3>` and
  /// `f<5>` become distinct functions that need no qualifier or template
  /// arguments at the call).
  std::string copyName(const clang::FunctionDecl *F) const;
  std::vector<PendingDiag> Diags;

  bool handledStmt(clang::Stmt *S, llvm::raw_ostream &OS) override;

private:
  const TiledNest &Nest;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  clang::PrintingPolicy Policy;
  std::map<const clang::Stmt *, const NestedDirective *> Singles, Atomics;
  std::map<const clang::CallExpr *, std::pair<const BlockedLoop *, TileQuery>>
      Queries;
  std::set<const clang::Expr *> AcquireLoads;
  std::set<const clang::Stmt *> SpinWaits;
  /// A load of the spin-wait being printed polls device-scope data.
  bool SpinOnDevice = false;
  /// Polls print as acquire loads (acquireTest).
  bool AcquirePolls = false;
  /// "cuda::thread_scope_block" for tile-local data in the intra-tile copy,
  /// else device scope.
  std::string scopeOf(const clang::Expr *E) const;
  /// A directive's statement being printed inside its wrapper.
  const clang::Stmt *Inside = nullptr;
  /// Statements of blocks being printed, each preceded by its `#line`.
  std::set<const clang::Stmt *> StatementStarts;
  std::set<const clang::Stmt *> Reported;
  /// A value of a type the GPU lacks was reported (once per nest).
  bool ReportedHostType = false;

  void print(const clang::Stmt *S, llvm::raw_ostream &OS);
  void unsupported(const clang::Stmt *S, llvm::StringRef What,
                   llvm::StringRef Why);
  bool printSingle(const NestedDirective &D, llvm::raw_ostream &OS);
  bool printAtomic(const NestedDirective &D, llvm::raw_ostream &OS);
  bool printCall(const clang::CallExpr *Call, llvm::raw_ostream &OS);
  bool printCast(const clang::CastExpr *Cast, llvm::raw_ostream &OS);
  bool printSubscript(const clang::ArraySubscriptExpr *E,
                      llvm::raw_ostream &OS);
  bool printDecl(const clang::DeclStmt *D, llvm::raw_ostream &OS);
  std::string typeName(clang::QualType T) const;
};

} // namespace orbis

#endif // ORBIS_LOWER_CUDA_DEVICEPRINTER_H
