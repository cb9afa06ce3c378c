/// \file
/// What a nest needs on the GPU (NestEmitter.h): the types the device has,
/// the shape of the nest, how each variable reaches the device; and the
/// assembly of the parts.
#include "NestEmitter.h"
#include "Lookahead.h"
#include "../Host/WorldLowering.h"

#include "orbis/PragmaLexer.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Error.h"

#include <set>

using namespace clang;

namespace orbis::cuda {

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


// ---- checks ---------------------------------------------------------------

/// Every level's body must be pre-block, nested loop (or instruction
/// block), post-block: the kernel rebuilds the nest from those parts.
/// A variable a nested loop's header names that is declared inside the
/// nest (`const int last = n - 2;` in the pre-block, then `y < last`): the
/// host evaluates every level's bounds once, before the launch, where it
/// does not exist.
const VarDecl *CudaNestEmitter::headerLocal(const BlockedLoop &L) const {
  SourceRange Body = Nest.root().For->getBody()->getSourceRange();
  std::function<const VarDecl *(const Stmt *)> Find =
      [&](const Stmt *S) -> const VarDecl * {
    if (!S)
      return nullptr;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        if (Var->isLocalVarDeclOrParm() &&
            !SM.isBeforeInTranslationUnit(Var->getLocation(),
                                          Body.getBegin()) &&
            SM.isBeforeInTranslationUnit(Var->getLocation(), Body.getEnd()))
          return Var;
    for (const Stmt *Child : S->children())
      if (const VarDecl *Var = Find(Child))
        return Var;
    return nullptr;
  };
  for (const Expr *E : {L.Form.Init, L.Form.Bound, L.Form.Step})
    if (const VarDecl *Var = Find(E))
      return Var;
  return nullptr;
}

bool CudaNestEmitter::checkShape() {
  if (Nest.Function && Nest.Function->isDependentContext()) {
    diag(Diag::CudaUnsupportedConstruct, Nest.root().Pragma->Dir.Loc,
         {"a nest in a template",
          "its types are only known per instantiation; call a plain "
          "function holding the nest from the template"});
    return false;
  }
  bool Ok = true;
  // Every OpenMP directive inside the nest must be one the mapping knows:
  // the device code is printed from the AST, where any other would vanish
  // (a `critical` or a `barrier` silently dropped would be wrong code).
  std::optional<CharSourceRange> Range = fileRangeOf(Nest.root().For, Ctx);
  for (const CollectedDirective &D : Directives) {
    SourceLocation Loc = SM.getExpansionLoc(D.Dir.Loc);
    if (!Range || !SM.isBeforeInTranslationUnit(Range->getBegin(), Loc) ||
        !SM.isBeforeInTranslationUnit(Loc, Range->getEnd()))
      continue;
    bool Known = &D == Nest.BlockPragma;
    for (const auto &L : Nest.Loops)
      Known |= L->Pragma == &D;
    for (const NestedDirective &N : Nest.Singles)
      Known |= N.Pragma == &D;
    for (const NestedDirective &N : Nest.Atomics)
      Known |= N.Pragma == &D;
    // Work-sharing and vectorization only: one GPU thread running the
    // statement sequentially computes what the sequential program does.
    static const char *const Sequential[] = {
        "simd", "for", "for simd", "parallel", "parallel for",
        "parallel for simd", "loop", "parallel loop", "unroll"};
    if (Known || llvm::is_contained(Sequential, D.Dir.Name))
      continue;
    diag(Diag::CudaUnsupportedConstruct, D.Dir.Loc,
         {"'#pragma omp " + D.Dir.Name + "' in a GPU nest",
          "the nest maps 'single', 'atomic', 'block' and nested blocked "
          "loops; this directive would be dropped"});
    Ok = false;
  }
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
    if (L->Parent && !L->HeaderQueries.empty()) {
      diag(Diag::CudaUnsupportedConstruct, L->Pragma->Dir.Loc,
           {"a tile query in the header of a nested blocked loop",
            "its bounds are evaluated on the host before the kernel"});
      Ok = false;
    }
    if (const VarDecl *Local = L->Parent ? headerLocal(*L) : nullptr) {
      std::string Name = Local->getNameAsString();
      diag(Diag::CudaUnsupportedConstruct, L->Pragma->Dir.Loc,
           {"a nested blocked loop whose header uses '" + Name +
                "', declared in the loop body",
            "its bounds are evaluated on the host before the kernel; "
            "declare '" + Name + "' before the nest"});
      Ok = false;
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
  std::vector<const VarDecl *> Allocated, AllocatedByNew;
  const Stmt *Inner = Nest.root().Child ? Nest.root().Child->For
                                        : Nest.InstructionBlock;
  for (const NestedDirective &S : Nest.Singles) {
    if (S.Owner != &Nest.root())
      continue;
    // One after the nested loop would run before what it follows, and read
    // what the nest has not computed yet.
    if (Inner && SM.isBeforeInTranslationUnit(
                     SM.getExpansionLoc(Inner->getEndLoc()),
                     SM.getExpansionLoc(S.Pragma->Dir.Loc))) {
      diag(Diag::CudaUnsupportedConstruct, S.Pragma->Dir.Loc,
           {"a 'single' after the nested blocked loop",
            "the outermost level's 'single's run on the host before the "
            "kernel, so it would not see what the nest computes; put it "
            "after the nest"});
      return false;
    }
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
    llvm::append_range(AllocatedByNew, A.AssignedByNew);
  }
  bool Ok = true;
  auto Unsupported = [&](const VarDecl *V, const std::string &Why) {
    diag(Diag::CudaUnsupportedVariable, V->getLocation(),
         {V->getNameAsString(), V->getType().getAsString(), Why});
    Ok = false;
  };
  // The clauses of the nest's directives: `private` and `firstprivate`
  // variables get a copy per thread; a clause whose meaning the kernel
  // would not keep (a reduction, lastprivate, ...) is an error, never
  // ignored.
  std::set<std::string> PerThread;
  for (const auto &L : Nest.Loops)
    for (const PassThroughClause &C : L->Pragma->Dir.Clauses) {
      if (C.Name == "private" || C.Name == "firstprivate") {
        for (const std::string &V : clauseVariables(C))
          PerThread.insert(V);
        continue;
      }
      if (C.Name == "map" || C.Name == "shared" || C.Name == "default" ||
          C.Name == "nowait" || C.Name == "num_threads" ||
          C.Name == "proc_bind")
        continue;
      diag(Diag::CudaUnsupportedConstruct, C.Loc,
           {"the '" + C.Name + "' clause",
            "a GPU nest supports 'map', 'private', 'firstprivate', "
            "'shared', 'default' and 'nowait' (a reduction can be written "
            "as an 'atomic' update in the instruction block)"});
      Ok = false;
    }
  for (const VariableUse &U : Nest.Variables) {
    bool Private = U.Class == VariableUse::Private ||
                   (U.Class == VariableUse::Global &&
                    PerThread.count(U.Var->getNameAsString()));
    if (U.Class != VariableUse::Global && !Private)
      continue;
    DeviceVariable D;
    D.Var = U.Var;
    QualType T = U.Var->getType().getNonReferenceType().getCanonicalType();
    if (Private) {
      // A copy per thread, initialized with the host's value (which is
      // what `firstprivate` asks and one of the values `private` allows).
      if (!T->isArithmeticType() || T->isAnyComplexType()) {
        Unsupported(U.Var, "a 'private' or 'firstprivate' variable of a GPU "
                           "nest must be a scalar of arithmetic type");
        continue;
      }
      D.Kind = DeviceVariable::ByValue;
      D.ArgIndex = NumArgs++;
      Vars.push_back(D);
      continue;
    }
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
    // Elements that are pointers hold host addresses (`double *rows[2]`,
    // `double **pp`): the device would write through them.
    QualType Element = T->isPointerType() ? T->getPointeeType() : T;
    while (const ArrayType *A = Ctx.getAsArrayType(Element))
      Element = A->getElementType();
    if ((T->isPointerType() || T->isArrayType()) &&
        Element->isPointerType()) {
      Unsupported(U.Var, "its elements are pointers to host memory, which "
                         "the GPU cannot follow: use a two-dimensional "
                         "array, or one pointer per mapped array");
      continue;
    }
    if (T->isPointerType()) {
      D.Kind = DeviceVariable::Pointer;
      if (Map && Map->HasSection)
        D.Map = Map;
      else if (AllocatedHere)
        D.Tracked = true;
      else if (llvm::is_contained(AllocatedByNew, U.Var)) {
        Unsupported(U.Var, "the outermost 'single' allocates it with 'new', "
                           "whose size the GPU's copy cannot know: allocate "
                           "it with malloc or calloc there");
        continue;
      } else {
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
  // An `atomic` update of a scalar in a pre/post-block (a reduction through
  // per-tile partial sums): the intra-tile copies of the pre/post-blocks
  // update the tile's own copy of the scalar (EXTENSIONS.md 2), which is
  // never added to the variable, so the sum would be lost.
  for (const NestedDirective &A : Nest.Atomics) {
    const Expr *Target = nullptr;
    if (const auto *E = dyn_cast<Expr>(A.Body)) {
      const Expr *X = E->IgnoreParenImpCasts();
      if (const auto *B = dyn_cast<BinaryOperator>(X))
        Target = B->getLHS();
      else if (const auto *U = dyn_cast<UnaryOperator>(X))
        Target = U->getSubExpr();
    }
    const auto *Ref =
        Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
    if (!Ref)
      continue;
    for (const DeviceVariable &D : Vars)
      if (D.Var == Ref->getDecl() && D.TileLocal &&
          D.Kind != DeviceVariable::Pointer) {
        diag(Diag::CudaUnsupportedConstruct, A.Pragma->Dir.Loc,
             {"an 'atomic' update of '" + D.name() + "' in a pre/post-block",
              "the threads of each tile would update a copy of their own, "
              "never added to the variable; make the update in the "
              "instruction block, where it updates the variable itself"});
        Ok = false;
      }
  }
  // A mapped variable the nest does not use has nothing to move.
  return Ok;
}


std::string CudaNestEmitter::launcherName() const {
  FileID Main = SM.getMainFileID();
  uint64_t Hash = llvm::xxh3_64bits(SM.getBufferData(Main)) ^
                  llvm::xxh3_64bits(SM.getFileEntryRefForID(Main)
                                        ? SM.getFileEntryRefForID(Main)->getName()
                                        : "");
  return "__orbis_cuda_nest" + id() + "_" + llvm::utohexstr(Hash, true);
}

bool CudaNestEmitter::emit(std::string &Device, std::string &Declarations,
                           std::set<const FunctionDecl *> &Copied) {
  if (!checkShape() || !classifyVariables() || !collectStaged())
    return false;
  if (Staged.empty() && canRunNextPreBlockEarly(Nest, Nest.innermost(), Ctx))
    Order = preBlockResumable(Nest.innermost()) ? LeaderOrder::Resumable
                                                : LeaderOrder::NextEarly;
  Rows = rowSchedule(Nest, Ctx);
  if (Rows.Applies && !Staged.empty()) {
    Rows.Applies = false;
    Rows.Reason = "block_local stages one tile at a time";
  }
  if (!checkSharedWrites())
    return false;
  StrictRows = strictRowsPossible();
  PairedRows = pairedRowsPossible();
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
    if (!Copied.insert(F).second)
      continue; // an earlier nest of this file copied it
    std::string Params;
    for (const ParmVarDecl *P : F->parameters()) {
      if (P->getType()->isVariablyModifiedType() || hasRecord(P->getType()) ||
          deviceTypeProblem(P->getType()))
        diag(Diag::CudaUnsupportedCall, F->getLocation(),
             {F->getNameAsString(),
              "a parameter of type '" + P->getType().getAsString() +
                  "' has no device form"});
      Params += (Params.empty() ? "" : ", ") +
                Printer.declaration(P->getType(), P->getName());
    }
    std::string Head = "static __device__ " +
                       Printer.declaration(F->getReturnType(), "") + " " +
                       Printer.copyName(F) + "(" + Params + ")";
    Declarations += Head + ";\n";
    Functions += Head + "\n" + Printer.statement(F->getBody()) + "\n";
  }
  llvm::append_range(Result.Diags, Printer.Diags);
  for (const PendingDiag &D : Result.Diags)
    if (!isNote(D.Id))
      return false;
  // The kernel's parts have internal linkage: every file has its own.
  Device += "// Nest " + id() + " at " + where(Nest.root().Pragma->Dir.Loc) +
            ": intra-tile schedule: " + describe(Rows) + ".\n";
  Device += "namespace {\n" + Functions + Kernel + "} // namespace\n\n" +
            launcher();
  // In the user's file: the nest becomes the launch.
  const CollectedDirective &P = *Nest.root().Pragma;
  // The loop's text up to its last token, a body's closing `;` included
  // (left behind, it was an empty statement: -Wextra-semi-stmt).
  SourceLocation LoopEnd =
      statementEnd(Nest.root().For, Ctx, Options.SkippedRanges);
  // The functions the nest called are no longer called on the host: a
  // reference keeps -Wunused-function quiet about the user's static ones.
  std::string Uses;
  for (const FunctionDecl *F : Printer.Called)
    if (F->getTemplatedKind() == FunctionDecl::TK_NonTemplate &&
        !isa<CXXMethodDecl>(F) && F->getIdentifier() &&
        !F->isInAnonymousNamespace())
      Uses += "(void)(" +
              Ctx.getPointerType(F->getType()).getAsString(
                  Ctx.getPrintingPolicy()) +
              ")&" + F->getQualifiedNameAsString() + ";\n";
  // The user's lines after the nest keep their numbers (warnings there).
  Result.Edits.replace(P.ExtentBegin, LoopEnd,
                       (Uses.empty() ? hostCode()
                                     : "{\n" + std::string(GeneratedCodeBegin) +
                                           Uses + GeneratedCodeEnd + "\n" +
                                           hostCode() + "}\n") +
                           keptDirectives(P.ExtentBegin, LoopEnd));
  Result.Prologue += "void " + launcherName() +
                     "(const orbis_loop_t *, const long long *, void *const "
                     "*, orbis_cuda_map_t *, const long long *);\n";
  return true;
}


std::string CudaNestEmitter::keptDirectives(SourceLocation Begin,
                                            SourceLocation End) const {
  // A conditional the nest's text runs across (its `#endif` after the
  // body's `;`) stays balanced, and a macro defined there stays defined.
  static const char *const Kept[] = {"if",      "ifdef",   "ifndef",
                                     "elif",    "elifdef", "elifndef",
                                     "else",    "endif",   "define",
                                     "undef"};
  StringRef Text(SM.getCharacterData(Begin),
                 SM.getFileOffset(End) - SM.getFileOffset(Begin));
  std::string Out;
  size_t Line = 0;
  while (Line < Text.size()) {
    // A directive's continuation lines belong to it.
    size_t End = endOfLogicalLine(Text, Line);
    StringRef Whole = Text.slice(Line, End);
    StringRef Trimmed = Whole.ltrim(" \t\f\v");
    if (Trimmed.consume_front("#")) {
      StringRef Name = Trimmed.ltrim(" \t").take_while(
          [](char C) { return llvm::isAlnum(C) || C == '_'; });
      if (llvm::is_contained(Kept, Name))
        Out += "\n" + Whole.str();
    }
    size_t Newline = Text.find('\n', End);
    if (Newline == StringRef::npos)
      break;
    Line = Newline + 1;
  }
  return Out.empty() ? Out : Out + "\n";
}

} // namespace orbis::cuda
