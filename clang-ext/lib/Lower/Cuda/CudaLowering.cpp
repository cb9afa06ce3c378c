/// \file
/// The CUDA lowering (see CudaLowering.h): per offloaded nest, the host
/// replacement (loop set-up, the hoisted outermost `single`s, the map
/// entries, the launcher call) and the kernel with its launcher in the .cu.
#include "CudaLowering.h"

#include "../Host/HostLowering.h"
#include "DevicePrinter.h"
#include "Lookahead.h"
#include "MapClause.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <orbis/tile.h>

#include <algorithm>

using namespace clang;

namespace orbis {
namespace {

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

/// Variable-length dimensions of a variable's type after its first
/// subscript (see DevicePrinter::VlaDims), or 0 for a fixed-size type.
unsigned vlaRank(QualType T) {
  T = T.getCanonicalType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  else if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
    T = A->getElementType();
  else
    return 0;
  if (!T->isVariablyModifiedType())
    return 0;
  unsigned Rank = 0;
  while (const auto *A = dyn_cast<ArrayType>(T.getCanonicalType().getTypePtr())) {
    ++Rank;
    T = A->getElementType();
  }
  return Rank;
}

/// The element type under every array level of a (pointer to) array type.
QualType scalarElement(QualType T) {
  T = T.getCanonicalType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  while (const auto *A = dyn_cast<ArrayType>(T.getCanonicalType().getTypePtr()))
    T = A->getElementType();
  return T;
}

bool hasRecord(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  while (true) {
    if (T->isRecordType() || T->isFunctionType())
      return true;
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType().getCanonicalType();
    else if (const auto *A = dyn_cast<ArrayType>(T.getTypePtr()))
      T = A->getElementType().getCanonicalType();
    else
      return false;
  }
}

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
    return true;
  }
  std::vector<const CallExpr *> Calls;
  std::vector<const VarDecl *> Assigned;
};

/// A tile query answered from the (sub-)tile `Tile` of loop `L`.
std::string queryText(const std::string &Tile, const BlockedLoop &L,
                      TileQuery Q) {
  switch (Q) {
  case TileQuery::NumBlocks:
    return "orbis_dev_query(" + Tile + ".count)";
  case TileQuery::BlockNum:
    return "orbis_dev_query(" + Tile + ".num)";
  case TileQuery::BlockSize:
    return "orbis_dev_query(" + Tile + ".size)";
  case TileQuery::TotalSize:
    return "orbis_dev_query(__orbis_P.loops[" + std::to_string(L.Level) +
           "].total)";
  }
  return "";
}

/// A `block_local` array staged in shared memory (EXTENSIONS.md 1.8).
struct StagedArray {
  size_t Var = 0;              ///< index into the nest's device variables
  int64_t Halo = 0;
  std::vector<unsigned> Levels; ///< the loop level of each subscript
  unsigned BoundsDim = 0;       ///< first of 2 * rank bounds in `dims`
  QualType Elem;
  bool WriteBack = true;        ///< not for a const element type
};

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
  bool emit(std::string &Device, std::string &Declarations);

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

  std::string id() const { return std::to_string(Nest.Id); }
  std::string where(SourceLocation Loc) const {
    PresumedLoc P = SM.getPresumedLoc(Loc);
    return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
           ":" + std::to_string(P.getColumn());
  }
  std::string quoted(const std::string &S) const {
    return "\"" + llvm::StringRef(S).str() + "\"";
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
  bool collectStaged();
  std::string stagedBounds();
  std::string stagingCode();
  std::string stageTask(bool Back);
  std::string stageSizes();
  void printAs(DeviceCopy Copy);
  std::string hostCode();
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
  std::string leaderLookahead(const BlockedLoop &L);
  std::string launcher();
};

// ---- checks ---------------------------------------------------------------

/// Every level's body must be pre-block, nested loop (or instruction
/// block), post-block: the kernel rebuilds the nest from those parts.
bool CudaNestEmitter::checkShape() {
  if (Nest.Function && Nest.Function->isDependentContext()) {
    diag(Diag::CudaUnsupportedConstruct, Nest.root().Pragma->Dir.Loc,
         {"a nest in a template",
          "its types are only known per instantiation; call a plain "
          "function holding the nest from the template"});
    return false;
  }
  bool Ok = true;
  for (const auto &L : Nest.Loops) {
    const Stmt *Body = L->For->getBody();
    size_t Parts = L->PreBlock.size() + L->PostBlock.size() + 1;
    size_t Children = 1;
    if (const auto *C = dyn_cast<CompoundStmt>(Body))
      Children = C->size();
    bool Implicit = !L->Child && !Nest.InstructionBlock;
    if (!Implicit && Children != Parts) {
      diag(Diag::CudaUnsupportedConstruct, L->Pragma->Dir.Loc,
           {"this nest", "a statement around the nested blocked loop or the "
                         "instruction block (an 'if', say) is not supported"});
      Ok = false;
    }
    for (const Expr *E : {L->Form.Init, L->Form.Bound, L->Form.Step})
      if (E && L->Parent && !L->HeaderQueries.empty()) {
        diag(Diag::CudaUnsupportedConstruct, L->Pragma->Dir.Loc,
             {"a tile query in the header of a nested blocked loop",
              "its bounds are evaluated on the host before the kernel"});
        Ok = false;
        break;
      }
    if (L->Form.IsPointer) {
      diag(Diag::CudaUnsupportedConstruct, L->Pragma->Dir.Loc,
           {"a blocked loop over a pointer", "use an integer loop variable"});
      Ok = false;
    }
  }
  return Ok;
}

bool CudaNestEmitter::classifyVariables() {
  const Directive &Root = Nest.root().Pragma->Dir;
  for (const PassThroughClause &C : Root.Clauses) {
    if (C.Name != "map")
      continue;
    llvm::Expected<std::vector<MapItem>> Read = readMapClause(C);
    if (!Read) {
      diag(Diag::CudaMapSyntax, C.Loc, {llvm::toString(Read.takeError())});
      return false;
    }
    llvm::append_range(Maps, *Read);
  }
  // The outermost level's singles run on the host before the kernel.
  std::vector<const VarDecl *> Allocated;
  for (const NestedDirective &S : Nest.Singles) {
    if (S.Owner != &Nest.root())
      continue;
    HostSingles.push_back(&S);
    LocalUses Uses(Nest.root().For, SM);
    Uses.TraverseStmt(const_cast<Stmt *>(S.Body));
    if (Uses.Found && Uses.Found != Nest.root().Form.Var) {
      diag(Diag::CudaHostSingle, S.Pragma->Dir.Loc,
           {Uses.Found->getNameAsString()});
      return false;
    }
    Allocations A;
    A.TraverseStmt(const_cast<Stmt *>(S.Body));
    llvm::append_range(Allocated, A.Assigned);
  }
  bool Ok = true;
  auto Unsupported = [&](const VarDecl *V, const std::string &Why) {
    diag(Diag::CudaUnsupportedVariable, V->getLocation(),
         {V->getNameAsString(), V->getType().getAsString(), Why});
    Ok = false;
  };
  for (const VariableUse &U : Nest.Variables) {
    if (U.Class != VariableUse::Global)
      continue;
    DeviceVariable D;
    D.Var = U.Var;
    QualType T = U.Var->getType().getNonReferenceType().getCanonicalType();
    D.VlaRank = vlaRank(T);
    const MapItem *Map = nullptr;
    for (const MapItem &M : Maps)
      if (M.Var == U.Var->getName())
        Map = &M;
    bool AllocatedHere = llvm::is_contained(Allocated, U.Var);
    if (hasRecord(T)) {
      Unsupported(U.Var, "a GPU nest uses scalars, arrays and pointers "
                         "(structures and functions stay on the host)");
      continue;
    }
    if (T->isPointerType()) {
      D.Kind = DeviceVariable::Pointer;
      if (Map && Map->HasSection)
        D.Map = Map;
      else if (AllocatedHere)
        D.Tracked = true;
      else {
        diag(Diag::CudaPointerNeedsMap, U.Var->getLocation(),
             {U.Var->getNameAsString()});
        Ok = false;
        continue;
      }
      if (U.Written && !AllocatedHere)
        Unsupported(U.Var, "the nest assigns the pointer itself");
    } else if (T->isArrayType()) {
      D.Kind = DeviceVariable::Array;
    } else if (T->isScalarType()) {
      D.Kind = U.Written ? DeviceVariable::Cell : DeviceVariable::ByValue;
    } else {
      Unsupported(U.Var, "its type has no device form");
      continue;
    }
    // Globals the pre/post-blocks write get tile-local copies in the
    // intra-tile level (EXTENSIONS.md 2).
    D.TileLocal = U.InPrePostBlocks && U.Written && !U.InInstructionBlock &&
                  D.Kind != DeviceVariable::Array;
    if (U.InPrePostBlocks && U.Written && U.InInstructionBlock)
      Unsupported(U.Var, "the pre/post-blocks write it and the instruction "
                         "block uses it: on the GPU the pre/post-block copies "
                         "of a tile's threads need their own");
    if (D.Kind != DeviceVariable::ByValue)
      D.MapIndex = NumMaps++;
    D.ArgIndex = NumArgs++;
    if (D.VlaRank) {
      D.DimIndex = NumDims;
      NumDims += D.VlaRank;
    }
    Vars.push_back(D);
  }
  for (const MapItem &M : Maps)
    if (!llvm::any_of(Vars, [&](const DeviceVariable &D) {
          return D.Var->getName() == M.Var;
        })) {
      // A mapped variable the nest does not use: nothing to move.
    }
  return Ok;
}

/// The `block_local` clauses of the nest's directives: which variable, the
/// loop level of each of its subscripts (from the instruction block's
/// accesses), and what the staging can rely on.
bool CudaNestEmitter::collectStaged() {
  bool Ok = true;
  for (const auto &L : Nest.Loops) {
    const std::vector<BlockLocalClause> &Clauses = L->Pragma->Dir.BlockLocals;
    for (size_t C = 0; C < Clauses.size(); ++C) {
      const BlockLocalClause &Clause = Clauses[C];
      auto Fail = [&](const std::string &Why) {
        diag(Diag::CudaUnsupportedConstruct, Clause.Loc,
             {"'block_local(" + Clause.Var + ", ...)'", Why});
        Ok = false;
      };
      StagedArray S;
      S.Halo = C < L->Halos.size() ? L->Halos[C] : Clause.Halo;
      auto It = llvm::find_if(Vars, [&](const DeviceVariable &D) {
        return D.Var->getName() == Clause.Var;
      });
      if (It == Vars.end())
        continue; // the nest does not use it: nothing to stage
      S.Var = It - Vars.begin();
      if (It->Kind != DeviceVariable::Pointer &&
          It->Kind != DeviceVariable::Array) {
        Fail("it is not an array or a mapped pointer");
        continue;
      }
      if (It->Tracked) {
        Fail("the pointer needs a 'map' clause with its section");
        continue;
      }
      S.Elem = scalarElement(It->Var->getType().getNonReferenceType());
      S.WriteBack = !S.Elem.isConstQualified();
      for (const ArrayAccess &A : Nest.Accesses) {
        if (A.Base != It->Var)
          continue;
        std::vector<unsigned> Levels;
        for (const Subscript &Sub : A.Subscripts)
          Levels.push_back(Sub.Level);
        if (S.Levels.empty())
          S.Levels = Levels;
        else if (S.Levels != Levels)
          Fail("its accesses index the loops in different orders");
        if (A.IsWrite && llvm::any_of(A.Subscripts, [](const Subscript &Sub) {
              return Sub.Value != 0;
            }))
          Fail("the instruction block writes outside its own tile cell "
               "(the write would stay in the halo)");
      }
      for (unsigned Level : S.Levels) {
        const CanonicalLoop &F = Nest.Loops[Level]->Form;
        if (F.Step && (!F.StepConstant || F.StepConstant->getExtValue() != 1))
          Fail("the loop of '" + F.VarName + "' does not step by 1");
      }
      if (S.Levels.empty())
        continue;
      S.BoundsDim = NumDims;
      NumDims += 2 * S.Levels.size();
      Staged.push_back(S);
    }
  }
  return Ok;
}

/// Host expressions for the valid index range of each dimension of the
/// staged arrays (the frame around a tile is clipped to them).
std::string CudaNestEmitter::stagedBounds() {
  std::string S;
  for (const StagedArray &A : Staged) {
    const DeviceVariable &D = Vars[A.Var];
    std::string V = D.name();
    std::string E = V + "[0]";
    for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
      if (Dim == 0 && D.Kind == DeviceVariable::Pointer)
        S += "(long long)(" + D.Map->Lower + "), (long long)(" + D.Map->Lower +
             ") + (long long)(" + D.Map->Length + "), ";
      else if (Dim == 0)
        S += "0, (long long)(sizeof(" + V + ") / sizeof(" + E + ")), ";
      else {
        S += "0, (long long)(sizeof(" + E + ") / sizeof(" + E + "[0])), ";
        E += "[0]";
      }
    }
  }
  return S;
}

// ---- host side ------------------------------------------------------------

std::string CudaNestEmitter::hostSingle(const NestedDirective &S) {
  // The single's own text, with its tile queries answered for tile 0 of
  // the outermost loop (the first one handed out) and its allocations
  // recorded for mapping.
  std::optional<CharSourceRange> Range = fileRangeOf(S.Body, Ctx);
  unsigned Begin = SM.getFileOffset(Range->getBegin());
  std::string Text = text(*Range);
  std::vector<std::pair<unsigned, std::pair<unsigned, std::string>>> Edits;
  for (const QueryCall &Q : Nest.root().Queries) {
    SourceLocation B = Q.Call->getBeginLoc();
    if (!B.isFileID())
      continue;
    unsigned Off = SM.getFileOffset(B);
    if (Off < Begin || Off >= Begin + Text.size())
      continue;
    SourceLocation E = Lexer::getLocForEndOfToken(Q.Call->getEndLoc(), 0, SM,
                                                  Ctx.getLangOpts());
    const char *Field[] = {"num_tiles", "num", "size", "total"};
    bool OfLoop = Q.Query == TileQuery::NumBlocks ||
                  Q.Query == TileQuery::TotalSize;
    std::string Value = std::string("orbis_query_int(") +
                        (OfLoop ? "__orbis_loops" + id() + "[0]."
                                : "__orbis_c" + id() + ".") +
                        Field[int(Q.Query)] + ")";
    Edits.push_back({Off - Begin, {SM.getFileOffset(E) - Off, Value}});
  }
  Allocations A;
  A.TraverseStmt(const_cast<Stmt *>(S.Body));
  for (const CallExpr *C : A.Calls) {
    SourceLocation B = C->getCallee()->getBeginLoc();
    if (!B.isFileID())
      continue;
    unsigned Off = SM.getFileOffset(B) - Begin;
    std::string Name = C->getDirectCallee()->getNameAsString();
    Edits.push_back({Off, {unsigned(Name.size()), "orbis_cuda_" + Name}});
  }
  std::sort(Edits.rbegin(), Edits.rend());
  for (const auto &[Off, Edit] : Edits)
    Text.replace(Off, Edit.first, Edit.second);
  const BlockedLoop &L = Nest.root();
  std::string S0 = "{ orbis_tile_t __orbis_c" + id() + "; orbis_tile_enter(&__orbis_c" +
                   id() + ", &__orbis_loops" + id() + "[0], 0); ";
  S0 += Printer.declaration(L.Form.Var->getType().getUnqualifiedType(),
                            L.Form.VarName) +
        " = " + "(" + loopType(L) + ")__orbis_lbs" + id() + "[0]; (void)" +
        L.Form.VarName + ";\n";
  PresumedLoc P = SM.getPresumedLoc(Range->getBegin());
  S0 += "#line " + std::to_string(P.getLine()) + " \"" +
        llvm::StringRef(P.getFilename()).str() + "\"\n" +
        std::string(P.getColumn() - 1, ' ') + Text +
        (isa<Expr>(S.Body) ? ";" : "") + "\norbis_tile_leave(&__orbis_c" + id() +
        "); }\n";
  return S0;
}

std::string CudaNestEmitter::hostCode() {
  std::string N = id();
  std::string S = "{ /* orbis: this nest runs on the GPU (__orbis_kernel" + N +
                  ") */\n";
  unsigned Depth = Nest.Loops.size();
  S += "orbis_loop_t __orbis_loops" + N + "[" + std::to_string(Depth) +
       "]; long long __orbis_lbs" + N + "[" + std::to_string(Depth) + "];\n";
  for (const auto &L : Nest.Loops) {
    const CanonicalLoop &F = L->Form;
    std::string Lv = std::to_string(L->Level);
    std::string LB = "__orbis_lb" + N + "_" + Lv, UB = "__orbis_ub" + N + "_" + Lv;
    S += "{ " + Printer.declaration(F.Var->getType().getUnqualifiedType(), LB) +
         " = (" + F.InitText + "); __typeof__((" + F.BoundText + ") + 0) " +
         UB + " = (" + F.BoundText + "); ";
    std::string Step = "1";
    if (F.Step)
      Step = "(" + F.StepText + ")";
    Step = std::string(F.Direction < 0 ? "-" : "") + "(long long)" + Step;
    const Directive &D = L->Pragma->Dir;
    std::string Flags = "ORBIS_SITE_GPU";
    if (Nest.BlockPragma)
      Flags += " | ORBIS_SITE_PIPELINED";
    if (!L->Child)
      Flags += " | ORBIS_SITE_INNERMOST";
    S += "static const orbis_site_t __orbis_site" + N + "_" + Lv + " = {" +
         quoted(where(D.Loc)) + ", " + Lv + ", " +
         std::to_string(Nest.ElemSize) + ", " + Flags + "}; ";
    std::string Requested = "ORBIS_BLOCK_SIZE_AUTO";
    if (D.BlockSize)
      Requested = "orbis_block_size_arg((long long)(" + D.BlockSize->Text +
                  "), &__orbis_site" + N + "_" + Lv + ")";
    std::string Domain = "__typeof__(" + LB + " + " + UB + ")";
    std::string Outer = "1";
    for (const BlockedLoop *P = L->Parent; P; P = P->Parent)
      Outer += " * __orbis_loops" + N + "[" + std::to_string(P->Level) + "].tile";
    S += "orbis_loop_init(&__orbis_loops" + N + "[" + Lv + "], &__orbis_site" +
         N + "_" + Lv + ", (long long)(" + Domain + ")" + LB +
         ", (long long)(" + Domain + ")" + UB + ", " + Step + ", " +
         std::to_string(int(F.Compare)) + ", (" + Domain + ")-1 > 0, " +
         Requested + ", " + Outer + ", (long long)" + UB + "); __orbis_lbs" +
         N + "[" + Lv + "] = (long long)" + LB + "; }\n";
  }
  for (const NestedDirective *Single : HostSingles)
    S += hostSingle(*Single);
  // Map entries, arguments and run-time dimensions.
  std::string MapList, ArgList, DimList;
  for (const DeviceVariable &D : Vars) {
    std::string V = D.name();
    ArgList += "(void *)&" + V + ", ";
    if (D.VlaRank) {
      std::string E = V + "[0]";
      for (unsigned K = 0; K < D.VlaRank; ++K) {
        DimList += "(long long)(sizeof(" + E + ") / sizeof(" + E + "[0])), ";
        E += "[0]";
      }
    }
    if (D.MapIndex < 0)
      continue;
    std::string Entry = "{" + quoted(V) + ", ";
    switch (D.Kind) {
    case DeviceVariable::Cell:
      Entry += "(const void *)&" + V + ", (const void *)&" + V + ", sizeof(" +
               V + "), ORBIS_MAP_TOFROM";
      break;
    case DeviceVariable::Array:
      Entry += "(const void *)" + V + ", (const void *)" + V + ", sizeof(" + V +
               "), ORBIS_MAP_TOFROM";
      break;
    case DeviceVariable::Pointer:
      if (D.Tracked)
        Entry += "(const void *)" + V + ", (const void *)" + V +
                 ", orbis_cuda_allocation_size((const void *)" + V + ", " +
                 quoted(V) + ", " + quoted(where(Nest.root().Pragma->Dir.Loc)) +
                 "), ORBIS_MAP_TOFROM";
      else
        Entry += "(const void *)" + V + ", (const void *)(" + V + " + (" +
                 D.Map->Lower + ")), (size_t)(" + D.Map->Length +
                 ") * sizeof(*" + V + "), " + std::to_string(D.Map->Kind);
      break;
    case DeviceVariable::ByValue:
      break;
    }
    MapList += Entry + ", 0}, ";
  }
  DimList += stagedBounds();
  S += "orbis_cuda_map_t __orbis_maps" + N + "[] = {" + MapList +
       "{0, 0, 0, 0, 0, 0}};\n";
  S += "void *__orbis_args" + N + "[] = {" + ArgList + "0};\n";
  S += "long long __orbis_dims" + N + "[] = {" + DimList + "0};\n";
  S += "__orbis_cuda_nest" + N + "(__orbis_loops" + N + ", __orbis_lbs" + N +
       ", __orbis_args" + N + ", __orbis_maps" + N + ", __orbis_dims" + N +
       ");\n}";
  return S;
}

// ---- device side ----------------------------------------------------------

std::string CudaNestEmitter::statements(const std::vector<const Stmt *> &List) {
  std::string S;
  for (const Stmt *St : List)
    S += Printer.statement(St);
  return S;
}

std::string CudaNestEmitter::valueAt(const BlockedLoop &L,
                                     const std::string &Index) const {
  std::string Lv = std::to_string(L.Level);
  return "((" + loopType(L) + ")((unsigned long long)__orbis_P.lbs[" + Lv +
         "] + (unsigned long long)(" + Index + ") * (unsigned long long)" +
         stepValue(L) + "))";
}

/// The loop's signed step per iteration: a literal when it is a constant
/// (the device compiler then folds the arithmetic), else the run time's.
std::string CudaNestEmitter::stepValue(const BlockedLoop &L) const {
  const CanonicalLoop &F = L.Form;
  if (!F.Step || (F.StepConstant && F.StepConstant->getSignificantBits() < 63)) {
    int64_t Step = F.Step ? F.StepConstant->getExtValue() : 1;
    return "(" + std::to_string(F.Direction < 0 ? -Step : Step) + "LL)";
  }
  return "__orbis_P.loops[" + std::to_string(L.Level) + "].step";
}

/// The name of the (sub-)tile of `L` a copy runs: the leader's tile, or the
/// worker's sub-tile.
static std::string tileName(DeviceCopy Copy, unsigned Level) {
  return (Copy == DeviceCopy::Intra ? "__orbis_s" : "__orbis_c") +
         std::to_string(Level);
}

/// The element loops of every level over the worker's current sub-tiles,
/// then the instruction block; afterwards the loop variables hold the
/// sub-tiles' first values again.
std::string CudaNestEmitter::elementLoops(DeviceCopy Copy) {
  std::string S = "{\n";
  for (const auto &L : Nest.Loops) {
    std::string T = tileName(Copy, L->Level);
    const std::string &V = L->Form.VarName;
    std::string End = valueAt(*L, T + ".first + " + T + ".size");
    std::string Test = "!=";
    if (L->Form.Var->getType()->isSignedIntegerType())
      Test = L->Form.Direction > 0 ? "<" : ">";
    S += "for (" + V + " = " + valueAt(*L, T + ".first") + "; " + V + " " +
         Test + " " + End + "; " + V + " = (" + loopType(*L) +
         ")((unsigned long long)" + V + " + (unsigned long long)" +
         stepValue(*L) + "))\n";
  }
  S += "{\n" + instructionBlock() + "}\n";
  for (const auto &L : Nest.Loops)
    S += L->Form.VarName + " = " +
         valueAt(*L, tileName(Copy, L->Level) + ".first") + ";\n";
  return S + "}\n";
}

std::string CudaNestEmitter::instructionBlock() {
  const Stmt *IB = Nest.InstructionBlock ? Nest.InstructionBlock
                                         : Nest.innermost().For->getBody();
  return Printer.statement(IB);
}

/// The declaration of L's loop variable at its (sub-)tile's first value.
std::string CudaNestEmitter::loopVariable(DeviceCopy Copy,
                                          const BlockedLoop &L) {
  return Printer.declaration(L.Form.Var->getType().getUnqualifiedType(),
                             L.Form.VarName) +
         " = " + valueAt(L, tileName(Copy, L.Level) + ".first") + ";\n(void)" +
         L.Form.VarName + ";\n";
}

/// One level of the nest as the leader (inter-tile) or a worker
/// (intra-tile) runs it, with the levels inside it. Both walk the tiles of
/// the inner levels in the same order; at each innermost tile the leader
/// publishes that its pre-blocks are done (`ready`) and waits until every
/// worker has finished the tile (`finished`) before its post-blocks.
std::string CudaNestEmitter::levelCopy(DeviceCopy Copy, unsigned Level) {
  const BlockedLoop &L = *Nest.Loops[Level];
  std::string Lv = std::to_string(Level);
  std::string S;
  if (Copy == DeviceCopy::Leader && !L.Child && Staged.empty() &&
      canRunNextPreBlockEarly(Nest, L, Ctx))
    return leaderLookahead(L);
  if (Level > 0) {
    std::string K = "__orbis_k" + Lv;
    S += "for (long long " + K + " = 0; " + K + " < __orbis_P.loops[" + Lv +
         "].num_tiles; ++" + K + ") {\n"
         "const orbis_dev_tile_t __orbis_c" + Lv +
         " = orbis_dev_tile(__orbis_P.loops[" + Lv + "], " + K + ");\n";
  }
  bool Innermost = !L.Child;
  if (Copy == DeviceCopy::Leader) {
    S += loopVariable(Copy, L) + "do {\n" + statements(L.PreBlock);
    if (Innermost)
      S += stageTask(false) +
           "orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);\n"
           "orbis_dev_wait_reach(__orbis_sh.finished[__orbis_q & 1], "
           "(int)(__orbis_workers * (__orbis_q / 2 + 1)));\n++__orbis_q;\n" +
           stageTask(true);
    else
      S += levelCopy(Copy, Level + 1);
    S += statements(L.PostBlock) + "} while (0);\n";
  } else if (Level == 0 || !Innermost) {
    // A worker's sub-tile of the outermost level; an inner level that is
    // not the innermost has one sub-tile per tile.
    if (Level > 0)
      S += "const orbis_dev_tile_t __orbis_s" + Lv + " = __orbis_c" + Lv +
           ";\n";
    S += loopVariable(Copy, L) + "do {\n" + statements(L.PreBlock);
    S += Innermost ? innermostWorker(L) : levelCopy(Copy, Level + 1);
    S += statements(L.PostBlock) + "} while (0);\n";
  } else {
    S += innermostWorker(L);
  }
  if (Level > 0)
    S += "}\n";
  return S;
}

/// The leader's innermost loop when the next tile's pre-block may run
/// before this tile's post-block (Lookahead.h): the workers go on to the
/// next tile without waiting for the last of them to finish this one.
std::string CudaNestEmitter::leaderLookahead(const BlockedLoop &L) {
  std::string Lv = std::to_string(L.Level);
  std::string K = "__orbis_k" + Lv, C = "__orbis_c" + Lv,
              Pending = "__orbis_p" + Lv,
              Tiles = "__orbis_P.loops[" + Lv + "].num_tiles";
  return "{\norbis_dev_tile_t " + Pending + " = {0, 0, 0, 0};\n"
         "for (long long " + K + " = 0; " + K + " <= " + Tiles + "; ++" + K +
         ") {\n"
         "if (" + K + " < " + Tiles + ") {\n"
         "const orbis_dev_tile_t " + C + " = orbis_dev_tile(__orbis_P.loops[" +
         Lv + "], " + K + ");\n" + loopVariable(DeviceCopy::Leader, L) +
         "do {\n" + statements(L.PreBlock) + "} while (0);\n"
         "orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);\n++__orbis_q;\n"
         "}\n"
         "if (" + K + " > 0) {\n"
         "const orbis_dev_tile_t " + C + " = " + Pending + ";\n" +
         loopVariable(DeviceCopy::Leader, L) +
         "orbis_dev_wait_reach(__orbis_sh.finished[__orbis_qdone & 1], "
         "(int)(__orbis_workers * (__orbis_qdone / 2 + 1)));\n"
         "++__orbis_qdone;\n"
         "do {\n" + statements(L.PostBlock) + "} while (0);\n"
         "}\n"
         "if (" + K + " < " + Tiles + ")\n  " + Pending +
         " = orbis_dev_tile(__orbis_P.loops[" + Lv + "], " + K + ");\n"
         "}\n}\n";
}

/// A worker's part of one innermost tile: wait for the leader's pre-blocks,
/// run the tile's sub-tiles, count the tile as finished.
std::string CudaNestEmitter::innermostWorker(const BlockedLoop &L) {
  std::string Lv = std::to_string(L.Level);
  std::string S = "orbis_dev_wait_above(__orbis_sh.ready, __orbis_q);\n";
  if (L.Level == 0) {
    // One level: the worker's sub-tile is the whole of its part of the tile.
    S += elementLoops(DeviceCopy::Intra);
  } else {
    std::string U = "__orbis_u" + Lv, C = "__orbis_c" + Lv;
    S += "for (long long " + U + " = 0; " + U + " < (" + C + ".size - 1) / "
         "__orbis_P.sub[" + Lv + "] + 1; ++" + U + ") {\n"
         "const orbis_dev_tile_t __orbis_s" + Lv +
         " = orbis_dev_subtile_in_loop(" + C + ", __orbis_P.sub[" + Lv +
         "], __orbis_P.sub_per_tile[" + Lv + "], __orbis_P.sub_count[" + Lv +
         "], " + U + ");\n" +
         loopVariable(DeviceCopy::Intra, L) + "do {\n" +
         statements(L.PreBlock) + elementLoops(DeviceCopy::Intra) +
         statements(L.PostBlock) + "} while (0);\n}\n";
  }
  // Counted per tile parity: with the leader's lookahead, workers can be
  // in two consecutive tiles, never three (Lookahead.h).
  return S + "orbis_dev_count(__orbis_sh.finished[__orbis_q & 1]);\n"
             "++__orbis_q;\n";
}

/// The copy of each staged array between global and shared memory, shared
/// among the 32 lanes of the leader warp: the frame of the current tile
/// plus the halo in, or only the tile's cells back.
std::string CudaNestEmitter::stagingCode() {
  std::string S = "  auto __orbis_stage = [&](int __orbis_lane, bool __orbis_back) {\n"
                  "    (void)__orbis_lane; (void)__orbis_back;\n";
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    const DeviceVariable &D = Vars[A.Var];
    std::string Kn = std::to_string(K), H = std::to_string(A.Halo);
    size_t Rank = A.Levels.size();
    S += "    {\n      long long __orbis_total = 1;\n";
    for (size_t Dim = 0; Dim < Rank; ++Dim)
      S += "      const long long __orbis_e" + std::to_string(Dim) +
           " = __orbis_P.loops[" + std::to_string(A.Levels[Dim]) +
           "].tile + 2 * " + H + ";\n      __orbis_total *= __orbis_e" +
           std::to_string(Dim) + ";\n";
    S += "      for (long long __orbis_e = __orbis_lane; __orbis_e < "
         "__orbis_total; __orbis_e += 32) {\n"
         "        long long __orbis_r = __orbis_e;\n"
         "        bool __orbis_in = true;\n";
    std::string Global = D.name();
    std::string Linear;
    for (size_t Dim = Rank; Dim-- > 0;) {
      std::string Ds = std::to_string(Dim);
      std::string B = std::to_string(A.BoundsDim + 2 * Dim);
      std::string B1 = std::to_string(A.BoundsDim + 2 * Dim + 1);
      S += "        const long long __orbis_i" + Ds + " = " +
           (Dim ? "__orbis_r % __orbis_e" + Ds : std::string("__orbis_r")) + ";\n" +
           (Dim ? "        __orbis_r /= __orbis_e" + Ds + ";\n" : "") +
           "        const long long __orbis_g" + Ds + " = __orbis_sh.bl" + Kn +
           "[" + Ds + "] + __orbis_i" + Ds + ";\n"
           "        if (__orbis_g" + Ds + " < __orbis_P.dims[" + B +
           "] || __orbis_g" + Ds + " >= __orbis_P.dims[" + B1 +
           "]) continue;\n"
           "        __orbis_in = __orbis_in && __orbis_i" + Ds + " >= " + H +
           " && __orbis_i" + Ds + " < " + H + " + __orbis_sh.bl" + Kn +
           "_size[" + Ds + "];\n";
    }
    for (size_t Dim = 0; Dim < Rank; ++Dim) {
      std::string G = "__orbis_g" + std::to_string(Dim);
      if (D.VlaRank)
        Linear = Dim == 0 ? G
                          : "(" + Linear + " * __orbis_P.dims[" +
                                std::to_string(D.DimIndex + Dim - 1) + "] + " +
                                G + ")";
      else
        Global += "[" + G + "]";
    }
    if (D.VlaRank)
      Global += "[" + Linear + "]";
    std::string Buffer = "__orbis_bl" + Kn + "[__orbis_e]";
    S += "        if (!__orbis_back)\n          " + Buffer + " = " + Global +
         ";\n";
    if (A.WriteBack)
      S += "        else if (__orbis_in)\n          orbis_dev_plain(" +
           Global + ") = " + Buffer + ";\n";
    S += "      }\n    }\n";
  }
  return S + "  };\n";
}

/// Lane 0 of the leader warp: the frames of the current tile, then one
/// staging task shared by the warp (in, or back to global memory).
std::string CudaNestEmitter::stageTask(bool Back) {
  if (Staged.empty())
    return "";
  std::string S;
  if (!Back)
    for (size_t K = 0; K < Staged.size(); ++K) {
      const StagedArray &A = Staged[K];
      for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
        const BlockedLoop &L = *Nest.Loops[A.Levels[Dim]];
        std::string C = "__orbis_c" + std::to_string(L.Level);
        std::string Ref = "__orbis_sh.bl" + std::to_string(K);
        std::string First = "(long long)" + valueAt(L, C + ".first");
        std::string Last = "(long long)" + valueAt(L, C + ".first + " + C +
                                                       ".size - 1");
        S += Ref + "[" + std::to_string(Dim) + "] = (" + First + " < " + Last +
             " ? " + First + " : " + Last + ") - " + std::to_string(A.Halo) +
             ";\n" + Ref + "_size[" + std::to_string(Dim) + "] = " + C +
             ".size;\n";
      }
    }
  return S + "++__orbis_tasks;\norbis_dev_publish(__orbis_sh.task, 2 * "
             "__orbis_tasks + " + (Back ? "1" : "0") + ");\n__orbis_stage(0, " +
         (Back ? "true" : "false") +
         ");\norbis_dev_wait_reach(__orbis_sh.task_done, 31 * "
         "__orbis_tasks);\n";
}

/// Sets the printer up for one copy of the nest: the leader's queries read
/// its tiles and its `single`s are once for the whole loop (global state),
/// the workers' read their sub-tiles and are once per tile (shared state).
void CudaNestEmitter::printAs(DeviceCopy Copy) {
  Printer.Copy = Copy;
  Printer.QueryText = [Copy](const BlockedLoop &L, TileQuery Q) {
    return queryText(tileName(Copy, L.Level), L, Q);
  };
  std::string State = Copy == DeviceCopy::Leader ? "__orbis_P.once["
                                                 : "__orbis_sh.once[";
  Printer.OnceState = [this, State](const NestedDirective &Single) {
    return State + std::to_string(&Single - Nest.Singles.data()) + "]";
  };
  Printer.Hoisted = nullptr;
  if (Copy == DeviceCopy::Leader)
    Printer.Hoisted = [this](const NestedDirective &Single) {
      return llvm::is_contained(HostSingles, &Single);
    };
}

std::string CudaNestEmitter::kernel() {
  std::string N = id();
  unsigned Depth = Nest.Loops.size();
  std::string D = std::to_string(Depth);
  std::string S;
  // Parameters: the loops, the variables, the run-time state.
  S += "struct __orbis_params" + N + " {\n  orbis_loop_t loops[" + D +
       "];\n  long long lbs[" + D + "], sub[" + D + "], sub_per_tile[" + D +
       "], sub_count[" + D + "];\n"
       "  int workers, leader;\n";
  for (const DeviceVariable &V : Vars) {
    QualType T = V.Var->getType().getNonReferenceType();
    if (V.Kind == DeviceVariable::ByValue)
      S += "  " + Printer.declaration(T.getUnqualifiedType(), V.name()) + ";\n";
    else if (V.Kind == DeviceVariable::Pointer)
      S += "  " + (V.VlaRank ? Printer.declaration(Ctx.getPointerType(
                                                       scalarElement(T)),
                                                   V.name())
                             : Printer.declaration(T.getUnqualifiedType(),
                                                   V.name())) +
           ";\n";
    else
      S += "  void *" + V.name() + ";\n";
  }
  S += "  long long dims[" + std::to_string(std::max(NumDims, 1u)) +
       "];\n  unsigned long long stage_offset[" +
       std::to_string(std::max<size_t>(Staged.size(), 1)) +
       "];\n  unsigned long long *ticket;\n  int *once;\n"
       "  orbis_cuda_error_t *report;\n  unsigned long long arena;\n};\n\n";
  // Shared state of a block.
  unsigned Singles = Nest.Singles.size();
  S += "struct __orbis_shared" + N + " {\n  long long next;\n"
       "  int ready, finished[2], task, task_done;\n  int once[" +
       std::to_string(std::max(Singles, 1u)) +
       "];\n  orbis_dev_arena_t arena;\n";
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      S += "  " + Printer.declaration(V.Var->getType().getNonReferenceType().getUnqualifiedType(),
                                      V.name()) +
           ";\n";
  for (size_t K = 0; K < Staged.size(); ++K) {
    std::string Rank = std::to_string(Staged[K].Levels.size());
    S += "  long long bl" + std::to_string(K) + "[" + Rank + "], bl" +
         std::to_string(K) + "_size[" + Rank + "];\n";
  }
  S += "};\n\n";

  S += "__global__ void __launch_bounds__(1024) __orbis_kernel" + N +
       "(const __orbis_params" + N + " __orbis_P) {\n"
       "  __shared__ __orbis_shared" + N + " __orbis_sh;\n"
       "  extern __shared__ unsigned char __orbis_arena_mem[];\n";
  for (const DeviceVariable &V : Vars) {
    std::string Name = V.name();
    QualType T = V.Var->getType().getNonReferenceType();
    switch (V.Kind) {
    case DeviceVariable::ByValue:
    case DeviceVariable::Pointer:
      S += "  auto " + Name + " = __orbis_P." + Name + ";\n";
      break;
    case DeviceVariable::Cell:
      S += "  " + Printer.declaration(T, "&" + Name) + " = *(" +
           Printer.declaration(Ctx.getPointerType(T), "") + ")__orbis_P." +
           Name + ";\n";
      break;
    case DeviceVariable::Array:
      if (V.VlaRank)
        S += "  auto " + Name + " = (" +
             Printer.declaration(Ctx.getPointerType(scalarElement(T)), "") +
             ")__orbis_P." + Name + ";\n";
      else
        S += "  " + Printer.declaration(T, "(&" + Name + ")") + " = *(" +
             Printer.declaration(Ctx.getPointerType(T), "") + ")__orbis_P." +
             Name + ";\n";
      break;
    }
    S += "  (void)" + Name + ";\n";
  }

  // block_local buffers, after the arena in dynamic shared memory.
  Printer.Staged.clear();
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    std::string Kn = std::to_string(K);
    QualType Ptr = Ctx.getPointerType(A.Elem.getUnqualifiedType());
    S += "  " + Printer.declaration(Ptr, "__orbis_bl" + Kn) + " = (" +
         Printer.declaration(Ptr, "") +
         ")(__orbis_arena_mem + __orbis_P.stage_offset[" + Kn + "]);\n";
    DevicePrinter::StagedAccess Access;
    Access.Buffer = "__orbis_bl" + Kn;
    for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
      Access.Origin.push_back("__orbis_sh.bl" + Kn + "[" +
                              std::to_string(Dim) + "]");
      Access.Pitch.push_back("(__orbis_P.loops[" +
                             std::to_string(A.Levels[Dim]) + "].tile + 2 * " +
                             std::to_string(A.Halo) + ")");
    }
    Printer.Staged[Vars[A.Var].Var] = Access;
  }
  if (!Staged.empty())
    S += stagingCode();

  // The leader: the inter-tile level, the code as written on the loops'
  // tiles.
  printAs(DeviceCopy::Leader);
  std::string Leader = levelCopy(DeviceCopy::Leader, 0);

  // The workers: the intra-tile level, the same nest on sub-tiles, with
  // tile-local globals and allocations.
  printAs(DeviceCopy::Intra);
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      Printer.TileLocal.insert(V.Var);
  std::string Worker = levelCopy(DeviceCopy::Intra, 0);

  std::string Reset;
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      Reset += "      __orbis_sh." + V.name() + " = " + V.name() + ";\n";
  S += "  __orbis_sh.arena.base = __orbis_arena_mem;\n"
       "  __orbis_sh.arena.size = __orbis_P.arena;\n"
       "  __orbis_sh.arena.report = __orbis_P.report;\n"
       "  __orbis_sh.arena.where = " +
       quoted(where(Nest.root().Pragma->Dir.Loc)) +
       ";\n"
       "  const bool __orbis_is_leader = threadIdx.x == __orbis_P.leader;\n"
       "  for (;;) {\n"
       "    if (__orbis_is_leader) {\n"
       "      __orbis_sh.next = (long long)atomicAdd(__orbis_P.ticket, 1ull);\n"
       "      __orbis_sh.ready = 0;\n"
       "      __orbis_sh.finished[0] = __orbis_sh.finished[1] = 0;\n"
       "      __orbis_sh.task = 0;\n"
       "      __orbis_sh.task_done = 0;\n"
       "      __orbis_sh.arena.used = 0;\n"
       "      for (int __orbis_i = 0; __orbis_i < " +
       std::to_string(std::max(Singles, 1u)) +
       "; ++__orbis_i)\n"
       "        __orbis_sh.once[__orbis_i] = 0;\n" +
       Reset +
       "    }\n"
       "    orbis_dev_barrier();\n"
       "    const long long __orbis_k0 = __orbis_sh.next;\n"
       "    if (__orbis_k0 >= __orbis_P.loops[0].num_tiles)\n"
       "      break;\n"
       "    const orbis_dev_tile_t __orbis_c0 = "
       "orbis_dev_tile(__orbis_P.loops[0], __orbis_k0);\n"
       "    const long long __orbis_workers = (__orbis_c0.size - 1) / "
       "__orbis_P.sub[0] + 1;\n"
       "    int __orbis_q = 0, __orbis_qdone = 0, __orbis_tasks = 0;\n"
       "    (void)__orbis_qdone;\n"
       "    (void)__orbis_tasks;\n"
       "    if (__orbis_is_leader) {\n";
  // Tile-local globals: the workers see the shared copies.
  std::string WorkerRefs;
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      WorkerRefs += "decltype(__orbis_sh." + V.name() + ") &" + V.name() +
                    " = __orbis_sh." + V.name() + ";\n";
  std::string Helpers;
  if (!Staged.empty())
    Helpers = "      orbis_dev_publish(__orbis_sh.task, -1);\n"
              "    } else if (threadIdx.x > __orbis_P.leader) {\n"
              "      // The other lanes of the leader warp: staging tasks.\n"
              "      int __orbis_seen = 0;\n"
              "      for (;;) {\n"
              "        int __orbis_task;\n"
              "        do {\n"
              "          __orbis_task = cuda::atomic_ref<int, "
              "cuda::thread_scope_block>(__orbis_sh.task).load("
              "cuda::memory_order_acquire);\n"
              "        } while (__orbis_task == __orbis_seen);\n"
              "        if (__orbis_task < 0)\n"
              "          break;\n"
              "        __orbis_seen = __orbis_task;\n"
              "        __orbis_stage((int)(threadIdx.x - __orbis_P.leader), "
              "(__orbis_task & 1) != 0);\n"
              "        orbis_dev_count(__orbis_sh.task_done);\n"
              "      }\n";
  S += Leader + Helpers +
       "    } else if (threadIdx.x < __orbis_workers) {\n"
       "orbis_dev_arena_t &__orbis_arena = __orbis_sh.arena;\n"
       "(void)__orbis_arena;\n" +
       WorkerRefs +
       "const orbis_dev_tile_t __orbis_s0 = orbis_dev_subtile(__orbis_c0, "
       "__orbis_P.sub[0], threadIdx.x);\n" +
       Worker +
       "    }\n"
       "    orbis_dev_barrier();\n"
       "  }\n"
       "}\n\n";
  return S;
}

/// Launcher code placing each staged buffer after the arena and checking
/// the total against the device's shared memory.
std::string CudaNestEmitter::stageSizes() {
  std::string S = "  size_t shared_bytes = (P.arena + 15) / 16 * 16;\n";
  if (Staged.empty())
    return S;
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    std::string Bytes =
        "sizeof(" + Printer.declaration(A.Elem.getUnqualifiedType(), "") + ")";
    for (unsigned Level : A.Levels)
      Bytes += " * (size_t)(loops[" + std::to_string(Level) + "].tile + 2 * " +
               std::to_string(A.Halo) + ")";
    S += "  P.stage_offset[" + std::to_string(K) + "] = shared_bytes;\n"
         "  shared_bytes += (" + Bytes + " + 15) / 16 * 16;\n";
  }
  S += "  orbis_cuda_check_shared(where, shared_bytes, sizeof(__orbis_shared" +
       id() + "), \"'block_local(" + Vars[Staged[0].Var].name() +
       ", ...)'\");\n";
  return S;
}

std::string CudaNestEmitter::launcher() {
  std::string N = id();
  std::string Where = quoted(where(Nest.root().Pragma->Dir.Loc));
  unsigned Depth = Nest.Loops.size();
  std::string S =
      "extern \"C\" void __orbis_cuda_nest" + N +
      "(const orbis_loop_t *loops, const long long *lbs, void *const *args, "
      "orbis_cuda_map_t *maps, const long long *dims) {\n"
      "  static const char where[] = " + Where + ";\n"
      "  (void)args; (void)dims;\n"
      "  orbis_cuda_region_enter(where, maps, " + std::to_string(NumMaps) +
      ");\n"
      "  __orbis_params" + N + " P;\n";
  for (unsigned L = 0; L < Depth; ++L) {
    std::string Lv = std::to_string(L);
    S += "  P.loops[" + Lv + "] = loops[" + Lv + "]; P.lbs[" + Lv + "] = lbs[" +
         Lv + "]; P.sub[" + Lv + "] = orbis_cuda_subtile(where, " + Lv + ");\n"
         "  orbis_cuda_subtile_counts(&loops[" + Lv + "], P.sub[" + Lv +
         "], &P.sub_per_tile[" + Lv + "], &P.sub_count[" + Lv + "]);\n";
  }
  for (const DeviceVariable &V : Vars) {
    std::string Name = V.name(), Arg = "args[" + std::to_string(V.ArgIndex) + "]";
    if (V.Kind == DeviceVariable::ByValue)
      S += "  P." + Name + " = *(const " +
           Printer.declaration(
               Ctx.getPointerType(V.Var->getType().getNonReferenceType().getUnqualifiedType()), "") +
           ")" + Arg + ";\n";
    else if (V.Kind == DeviceVariable::Pointer)
      S += "  P." + Name + " = (decltype(P." + Name + "))maps[" +
           std::to_string(V.MapIndex) + "].device_value;\n";
    else
      S += "  P." + Name + " = maps[" + std::to_string(V.MapIndex) +
           "].device_value;\n";
  }
  for (unsigned K = 0; K < NumDims; ++K)
    S += "  P.dims[" + std::to_string(K) + "] = dims[" + std::to_string(K) +
         "];\n";
  std::string Singles = std::to_string(std::max<size_t>(Nest.Singles.size(), 1));
  S += "  void *state = 0;\n"
       "  orbis_cuda_check(cudaMalloc(&state, sizeof(unsigned long long) + " +
       Singles + " * sizeof(int)), \"cudaMalloc\", where);\n"
       "  orbis_cuda_check(cudaMemset(state, 0, sizeof(unsigned long long) + " +
       Singles + " * sizeof(int)), \"cudaMemset\", where);\n"
       "  P.ticket = (unsigned long long *)state;\n"
       "  P.once = (int *)((unsigned long long *)state + 1);\n"
       "  void *report_device = 0;\n"
       "  orbis_cuda_error_t *report = orbis_cuda_error_slot(where, &report_device);\n"
       "  P.report = (orbis_cuda_error_t *)report_device;\n"
       "  P.arena = orbis_cuda_arena_bytes(where);\n" + stageSizes() +
       "  long long workers = (loops[0].tile - 1) / P.sub[0] + 1;\n"
       "  P.workers = (int)workers;\n"
       "  P.leader = (int)((workers + 31) / 32 * 32);\n"
       "  long long threads = P.leader + 32;\n"
       "  if (threads > 1024)\n"
       "    orbis_tile_fatal(where, \"a tile of the outermost loop has more "
       "than 992 sub-tiles (a block has 1024 threads, one warp leads): use a "
       "smaller "
       "tile or a larger ORBIS_GPU_SUBTILE\");\n"
       "  if (shared_bytes > 48 * 1024)\n"
       "    orbis_cuda_check(cudaFuncSetAttribute(__orbis_kernel" + N +
       ", cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared_bytes), "
       "\"cudaFuncSetAttribute\", where);\n"
       "  int per_sm = 0;\n"
       "  orbis_cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor("
       "&per_sm, __orbis_kernel" + N + ", (int)threads, shared_bytes), "
       "\"cudaOccupancyMaxActiveBlocksPerMultiprocessor\", where);\n"
       "  if (loops[0].num_tiles > 0) {\n"
       "    int grid = orbis_cuda_grid(where, per_sm, loops[0].num_tiles);\n"
       "    __orbis_kernel" + N + "<<<grid, (int)threads, shared_bytes>>>(P);\n"
       "    orbis_cuda_check(cudaGetLastError(), \"the kernel launch\", where);\n"
       "    orbis_cuda_finish(where, report);\n"
       "  }\n"
       "  orbis_cuda_check(cudaFree(state), \"cudaFree\", where);\n"
       "  orbis_cuda_region_exit(where, maps, " + std::to_string(NumMaps) +
       ");\n}\n\n";
  return S;
}

bool CudaNestEmitter::emit(std::string &Device, std::string &Declarations) {
  if (!checkShape() || !classifyVariables() || !collectStaged())
    return false;
  for (const DeviceVariable &V : Vars)
    if (V.VlaRank) {
      std::vector<std::string> Dims;
      for (unsigned K = 0; K < V.VlaRank; ++K)
        Dims.push_back("__orbis_P.dims[" + std::to_string(V.DimIndex + K) + "]");
      Printer.VlaDims[V.Var] = Dims;
    }
  std::string Kernel = kernel();
  // Functions the nest calls, copied for the device (and the ones they
  // call), before the kernel.
  std::string Functions;
  Printer.Copy = DeviceCopy::Function;
  for (size_t I = 0; I < Printer.Called.size(); ++I) {
    const FunctionDecl *F = Printer.Called[I];
    std::string Params;
    for (const ParmVarDecl *P : F->parameters()) {
      if (P->getType()->isVariablyModifiedType() || hasRecord(P->getType()))
        diag(Diag::CudaUnsupportedCall, F->getLocation(),
             {F->getNameAsString(),
              "a parameter of type '" + P->getType().getAsString() +
                  "' has no device form"});
      Params += (Params.empty() ? "" : ", ") +
                Printer.declaration(P->getType(), P->getName());
    }
    std::string Head = "static __device__ " +
                       Printer.declaration(F->getReturnType(), "") + " " +
                       F->getNameAsString() + "(" + Params + ")";
    Declarations += Head + ";\n";
    Functions += Head + "\n" + Printer.statement(F->getBody()) + "\n";
  }
  llvm::append_range(Result.Diags, Printer.Diags);
  for (const PendingDiag &D : Result.Diags)
    if (!isNote(D.Id))
      return false;
  Device += Functions + Kernel + launcher();
  // In the user's file: the nest becomes the launch.
  const CollectedDirective &P = *Nest.root().Pragma;
  std::optional<CharSourceRange> Loop = fileRangeOf(Nest.root().For, Ctx);
  Result.Edits.replace(P.ExtentBegin, Loop->getEnd(), hostCode());
  Result.Prologue += "void __orbis_cuda_nest" + id() +
                     "(const orbis_loop_t *, const long long *, void *const "
                     "*, orbis_cuda_map_t *, const long long *);\n";
  return true;
}

/// The outermost statement starting at `Loc`: what a directive binds to.
class StatementAt : public RecursiveASTVisitor<StatementAt> {
public:
  explicit StatementAt(SourceLocation Loc) : Loc(Loc) {}
  bool TraverseStmt(Stmt *S) {
    if (Found)
      return false;
    if (S && !isa<Expr>(S) && S->getBeginLoc() == Loc) {
      Found = S;
      return false;
    }
    // An expression statement is a statement only as a block's member.
    if (auto *Block = dyn_cast_or_null<CompoundStmt>(S))
      for (Stmt *Member : Block->body())
        if (Member->getBeginLoc() == Loc) {
          Found = Member;
          return false;
        }
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  SourceLocation Loc;
  const Stmt *Found = nullptr;
};

/// `#pragma omp target data map(...)` around a statement: its sections stay
/// on the device while the statement runs (so the GPU nests inside copy
/// nothing), then come back.
void lowerTargetData(const CollectedDirective &D, unsigned Id, ASTContext &Ctx,
                     LowerResult &Result) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Diagnose = [&](SourceLocation Loc, const std::string &Why) {
    Result.Diags.push_back(PendingDiag{Diag::CudaUnsupportedConstruct, Loc,
                                       {"this 'target data'", Why}, {}, 0, {}});
  };
  StatementAt Finder(D.NextCodeLoc);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::optional<CharSourceRange> Range =
      Finder.Found ? fileRangeOf(Finder.Found, Ctx) : std::nullopt;
  if (!Range || !D.ExtentBegin.isFileID() || !D.ExtentEnd.isFileID())
    return Diagnose(D.Dir.Loc, "its statement must be written in this file, "
                               "not come from a macro");
  std::vector<MapItem> Items;
  for (const PassThroughClause &C : D.Dir.Clauses) {
    if (C.Name != "map")
      continue;
    llvm::Expected<std::vector<MapItem>> Read = readMapClause(C);
    if (!Read) {
      Result.Diags.push_back(PendingDiag{Diag::CudaMapSyntax, C.Loc,
                                         {llvm::toString(Read.takeError())},
                                         {}, 0, {}});
      return;
    }
    llvm::append_range(Items, *Read);
  }
  PresumedLoc P = SM.getPresumedLoc(D.Dir.Loc);
  std::string Where = "\"" + std::string(P.getFilename()) + ":" +
                      std::to_string(P.getLine()) + ":" +
                      std::to_string(P.getColumn()) + "\"";
  std::string Maps;
  for (const MapItem &M : Items) {
    std::string V = "(" + M.Var + ")";
    if (M.HasSection)
      Maps += "{\"" + M.Var + "\", (const void *)" + V + ", (const void *)(" +
              V + " + (" + M.Lower + ")), (size_t)(" + M.Length +
              ") * sizeof(*" + V + "), " + std::to_string(M.Kind) + ", 0}, ";
    else
      Maps += "{\"" + M.Var + "\", (const void *)&" + V +
              ", (const void *)&" + V + ", sizeof(" + V + "), " +
              std::to_string(M.Kind) + ", 0}, ";
  }
  std::string Name = "__orbis_data" + std::to_string(Id);
  std::string Count = std::to_string(Items.size());
  Result.Edits.replace(D.ExtentBegin, D.ExtentEnd,
                       "{ orbis_cuda_map_t " + Name + "[] = {" + Maps +
                           "{0, 0, 0, 0, 0, 0}}; orbis_cuda_data_begin(" +
                           Where + ", " + Name + ", " + Count + ");");
  SourceLocation End = Range->getEnd();
  if (!isa<CompoundStmt>(Finder.Found)) {
    std::optional<Token> Next = Lexer::findNextToken(
        SM.getExpansionRange(Finder.Found->getEndLoc()).getEnd(), SM,
        Ctx.getLangOpts());
    if (Next && Next->is(tok::semi))
      End = Next->getEndLoc();
  }
  Result.Edits.insert(End, " orbis_cuda_data_end(" + Where + ", " + Name +
                               ", " + Count + "); }",
                      0);
}

} // namespace

llvm::Expected<LowerResult>
lowerForCuda(const NestModel &Model,
             const std::vector<CollectedDirective> &Directives,
             ASTContext &Ctx, const LowerOptions &Options) {
  LowerResult Result;
  const SourceManager &SM = Ctx.getSourceManager();
  bool CXX = Ctx.getLangOpts().CPlusPlus;
  Result.Prologue = hostPrologue().str() + "#include <orbis/tile_cuda.h>\n";
  if (CXX)
    Result.Prologue += "extern \"C\" {\n";
  Result.Libraries = {"orbis_tile_cuda", "orbis_tile"};
  for (const auto &World : Model.WorldLoops)
    Result.Diags.push_back(PendingDiag{Diag::WorldParallelNotLowered,
                                       World->Pragma->Dir.Loc, {}, {}, 0, {}});
  if (!Result.Diags.empty())
    return Result;
  std::string Device, Declarations;
  unsigned DataRegions = 0;
  for (const CollectedDirective &D : Directives)
    if (D.Dir.Kind == DirectiveKind::Other && D.Dir.Name == "target data" &&
        SM.isInMainFile(SM.getExpansionLoc(D.Dir.Loc)))
      lowerTargetData(D, DataRegions++, Ctx, Result);
  for (const auto &Nest : Model.Nests) {
    if (Nest->root().Pragma->Dir.Kind != DirectiveKind::ParallelFor) {
      lowerNestForHost(*Nest, Directives, Ctx, Options, Result.Edits);
      continue;
    }
    CudaNestEmitter(*Nest, Directives, Ctx, Options, Result)
        .emit(Device, Declarations);
  }
  if (CXX)
    Result.Prologue += "}\n";
  if (Device.empty())
    return Result;
  std::string Name = llvm::sys::path::stem(Options.PresumedName).str();
  std::string Text =
      "// Generated by orbis-cc --offload=cuda from " + Options.PresumedName +
      ": the GPU code of its\n// 'parallel for schedule(blocked)' nests "
      "(EXTENSIONS.md section 2).\n#include <orbis/tile_cuda.cuh>\n\n" +
      Declarations + "\n" + Device;
  Result.Files.push_back({Name + ".orbis.cu", Text});
  return Result;
}

} // namespace orbis
