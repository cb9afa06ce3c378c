/// \file
/// The CUDA lowering of one nest (see CudaLowering.h), shared by the files
/// that emit its parts: NestEmitter.cpp (what the nest needs: its shape, how
/// each variable reaches the device; the assembly), HostCode.cpp (the
/// replacement in the user's file), KernelCode.cpp (the kernel: leader and
/// worker copies of the nest), LockstepRows.cpp (the workers' rows in
/// lockstep, where the dependences allow), Staging.cpp (`block_local` in shared
/// memory), Launcher.cpp (the host function in the .cu that maps, launches
/// and waits) and TargetData.cpp (`#pragma omp target data`).
#ifndef ORBIS_LOWER_CUDA_NESTEMITTER_H
#define ORBIS_LOWER_CUDA_NESTEMITTER_H

#include "DevicePrinter.h"
#include "MapClause.h"
#include "orbis/Lower.h"
#include "orbis/RowSchedule.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <set>
#include <string>
#include <vector>

namespace orbis::cuda {

using clang::ASTContext;
using clang::BinaryOperator;
using clang::BO_Assign;
using clang::CallExpr;
using clang::CharSourceRange;
using clang::DeclRefExpr;
using clang::FunctionDecl;
using clang::Lexer;
using clang::PresumedLoc;
using clang::QualType;
using clang::RecursiveASTVisitor;
using clang::SourceLocation;
using clang::SourceManager;
using clang::Stmt;
using clang::VarDecl;
using clang::dyn_cast;

/// How a variable declared outside the nest reaches the kernel.
struct DeviceVariable {
  enum KindType {
    ByValue,     ///< a scalar the nest only reads
    Cell,        ///< a scalar the nest writes: copied in and back
    Pointer,     ///< a pointer with a mapped section or a recorded allocation
    Array,       ///< an array of known size, mapped whole
  } Kind = ByValue;
  const VarDecl *Var = nullptr;
  const MapItem *Map = nullptr;   ///< Pointer: its map clause item
  bool Tracked = false;           ///< Pointer: allocated by a hoisted single
  unsigned VlaRank = 0;           ///< run-time dimensions passed
  bool TileLocal = false;         ///< has a tile-local copy in the intra level
  int MapIndex = -1, ArgIndex = -1, DimIndex = -1;
  std::string name() const { return Var->getNameAsString(); }
};


/// Declarations inside `Root` referenced from `S`: what a hoisted single
/// cannot see on the host.
class LocalUses : public RecursiveASTVisitor<LocalUses> {
public:
  LocalUses(const Stmt *Root, const SourceManager &SM) : Root(Root), SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (V && !Found && V->isLocalVarDecl() &&
        SM.isBeforeInTranslationUnit(Root->getBeginLoc(), V->getLocation()) &&
        SM.isBeforeInTranslationUnit(V->getLocation(), Root->getEndLoc()))
      Found = V;
    return true;
  }
  const Stmt *Root;
  const SourceManager &SM;
  const VarDecl *Found = nullptr;
};

/// Calls to malloc/calloc in a statement (the hoisted single's
/// allocations) and the variables assigned their results.
class Allocations : public RecursiveASTVisitor<Allocations> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *FD = C->getDirectCallee())
      if (FD->getName() == "malloc" || FD->getName() == "calloc")
        Calls.push_back(C);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() != BO_Assign)
      return true;
    const auto *Call = dyn_cast<CallExpr>(B->getRHS()->IgnoreParenCasts());
    const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts());
    if (Call && Ref && Call->getDirectCallee() &&
        (Call->getDirectCallee()->getName() == "malloc" ||
         Call->getDirectCallee()->getName() == "calloc"))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Assigned.push_back(V);
    if (Ref && llvm::isa<clang::CXXNewExpr>(B->getRHS()->IgnoreParenCasts()))
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        AssignedByNew.push_back(V);
    return true;
  }
  std::vector<const CallExpr *> Calls;
  std::vector<const VarDecl *> Assigned;
  /// Assigned a `new` expression, whose size is not recorded.
  std::vector<const VarDecl *> AssignedByNew;
};

/// A `block_local` array staged in shared memory (EXTENSIONS.md 1.8).
struct StagedArray {
  size_t Var = 0;              ///< index into the nest's device variables
  int64_t Halo = 0;
  std::vector<unsigned> Levels; ///< the loop level of each subscript
  unsigned BoundsDim = 0;       ///< first of 2 * rank bounds in `dims`
  QualType Elem;
  bool WriteBack = true;        ///< not for a const element type
};


/// Variable-length dimensions of a variable's type after its first
/// subscript (see DevicePrinter::VlaDims), or 0 for a fixed-size type.
unsigned vlaRank(QualType T);
/// The element type under every array level of a (pointer to) array type.
QualType scalarElement(QualType T);
/// Whether a type holds a structure, a class or a function (no device form).
bool hasRecord(QualType T);
/// A tile query answered from the (sub-)tile `Tile` of loop `L`.
std::string queryText(const std::string &Tile, const BlockedLoop &L,
                      TileQuery Q);
/// The name of the (sub-)tile of a level that a copy runs: the leader's
/// tile, or the worker's sub-tile.
std::string tileName(DeviceCopy Copy, unsigned Level);
/// `#pragma omp target data map(...)` around a statement (TargetData.cpp).
void lowerTargetData(const CollectedDirective &D, unsigned Id, ASTContext &Ctx,
                     LowerResult &Result);

class CudaNestEmitter {
public:
  CudaNestEmitter(const TiledNest &Nest,
                  const std::vector<CollectedDirective> &Directives,
                  ASTContext &Ctx, const LowerOptions &Options,
                  LowerResult &Result)
      : Nest(Nest), Directives(Directives), Ctx(Ctx),
        SM(Ctx.getSourceManager()), Options(Options), Result(Result),
        Printer(Nest, Ctx) {}

  /// Appends the kernel to `Device`; false if the nest cannot be mapped
  /// (the diagnostics are in the result).
  /// `Copied` holds the functions of this file already copied to the
  /// device by earlier nests.
  bool emit(std::string &Device, std::string &Declarations,
            std::set<const clang::FunctionDecl *> &Copied);

private:
  const TiledNest &Nest;
  const std::vector<CollectedDirective> &Directives;
  ASTContext &Ctx;
  const SourceManager &SM;
  const LowerOptions &Options;
  LowerResult &Result;
  DevicePrinter Printer;
  std::vector<DeviceVariable> Vars;
  std::vector<MapItem> Maps;
  std::vector<const NestedDirective *> HostSingles;
  std::vector<StagedArray> Staged;
  unsigned NumMaps = 0, NumArgs = 0, NumDims = 0;
  /// The intra-tile schedule the dependences allow (RowSchedule.h); the
  /// kernel holds both it and the copies, chosen at run time.
  RowSchedule Rows;
  /// The rows of a tile may run in strict lockstep, passing values in
  /// registers (LockstepRows.cpp).
  bool StrictRows = false;
  /// Strict rows may also run as pairs of warps on the same 32 rows,
  /// taking alternate chunks (pairedRowsPossible): the launcher decides.
  bool PairedRows = false;
  /// How the leader orders the innermost pre- and post-blocks: each tile
  /// in turn (one tile in flight), the next pre-block before this
  /// post-block (Lookahead.h; two), or, when the pre-block can also run in
  /// resumable steps, up to ORBIS_DEV_TILES_IN_FLIGHT tiles ahead, so that
  /// a pre-block that waits never delays a post-block.
  enum class LeaderOrder { InTurn, NextEarly, Resumable };
  LeaderOrder Order = LeaderOrder::InTurn;
  /// The leader runs innermost pre-blocks ahead of post-blocks.
  bool lookahead() const { return Order != LeaderOrder::InTurn; }
  /// The tiles in flight, as device code.
  std::string inFlight() const {
    return Order == LeaderOrder::InTurn      ? "1"
           : Order == LeaderOrder::NextEarly ? "2"
                                             : "ORBIS_DEV_TILES_IN_FLIGHT";
  }

  std::string id() const { return std::to_string(Nest.Id); }
  /// The launcher's name: extern "C", so unique among the program's files
  /// (the nest id, and a hash of this file's name and text).
  std::string launcherName() const;
  std::string where(SourceLocation Loc) const {
    return presumedWhere(SM, Loc);
  }
  /// A C string literal holding S (file names may hold quotes).
  static std::string quoted(const std::string &S) {
    return "\"" + escapeForStringLiteral(S) + "\"";
  }
  void diag(Diag Id, SourceLocation Loc, std::vector<std::string> Args) {
    Result.Diags.push_back(PendingDiag{Id, Loc, std::move(Args), {}, 0, {}});
  }
  std::string text(CharSourceRange R) const {
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  }
  std::string loopType(const BlockedLoop &L) const {
    return Printer.declaration(L.Form.Var->getType().getUnqualifiedType(), "");
  }

  bool checkShape();
  bool classifyVariables();
  /// Writes in pre/post-blocks through memory all tiles share: wrong in
  /// the intra-tile copies (SharedWrites.cpp).
  bool checkSharedWrites();
  bool collectStaged();
  std::string stagedBounds();
  std::string stagingCode();
  std::string stageTask(bool Back);
  std::string stageSizes();
  void printAs(DeviceCopy Copy);
  std::string hostCode();
  /// The conditional and macro directives written inside [Begin, End), the
  /// nest's text that the launch replaces, one per line.
  std::string keptDirectives(clang::SourceLocation Begin,
                             clang::SourceLocation End) const;
  std::string sectionChecks();
  std::string hostSingle(const NestedDirective &S);
  std::string kernel();
  std::string levelCopy(DeviceCopy Copy, unsigned Level);
  std::string statements(const std::vector<const Stmt *> &List);
  std::string valueAt(const BlockedLoop &L, const std::string &Index) const;
  std::string stepValue(const BlockedLoop &L) const;
  std::string elementLoops(DeviceCopy Copy);
  std::string instructionBlock();
  std::string loopVariable(DeviceCopy Copy, const BlockedLoop &L);
  std::string innermostWorker(const BlockedLoop &L);
  std::string lockstepRows();
  bool strictRowsPossible() const;
  /// Threads per block the kernel allows: fewer with strict rows, whose
  /// registers hold a chunk of loaded values.
  unsigned maxThreads() const { return StrictRows ? 256 : 1024; }
  std::string strictRows();
  /// The strict schedule's chunks staged through shared memory (coalesced
  /// loads one chunk ahead, coalesced write-back): the pieces strictRows
  /// places in its template.
  struct StagedChunks {
    std::string Setup, Top, Fill, WriteBack;
  };
  /// Bytes of one warp's two staging buffers (rows in lockstep, staged
  /// chunks), after the arena and the block_local buffers in dynamic shared
  /// memory; empty when the kernel stages no chunks.
  std::string RowsStageBytes;
  /// Paired rows: the bytes of one warp's hand-over slots (the values a
  /// row carries from one chunk to the next), as host code.
  std::string RowsHandBytes;
  /// The outermost pre/post-blocks may run twice per row (a row's two
  /// warps both run them): only `single`s and side-effect-free
  /// declarations.
  bool outerBlocksRepeatable() const;
  const clang::VarDecl *headerLocal(const BlockedLoop &L) const;
  bool pairedRowsPossible() const;
  bool stagedChunksPossible() const;
  StagedChunks stagedChunks(const std::string &Ty, const std::string &Target,
                            int64_t Back, int64_t Ahead);
  std::string leaderLookahead(const BlockedLoop &L);
  bool preBlockResumable(const BlockedLoop &L) const;
  std::string resumablePreBlock(const BlockedLoop &L,
                                std::string &Declarations);
  static std::string finishedSlot(const std::string &Tile);
  static std::string finishedCount();
  std::string launcher();
};


} // namespace orbis::cuda

#endif // ORBIS_LOWER_CUDA_NESTEMITTER_H
