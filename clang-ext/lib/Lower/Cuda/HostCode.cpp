/// \file
/// The host side of an offloaded nest (NestEmitter.h): in the user's file,
/// the loops' set-up, the outermost `single`s run as tile 0 would, the map
/// entries, the arguments and the call of the launcher.
#include "NestEmitter.h"

#include "../Host/HostLowering.h"

#include "clang/Lex/Lexer.h"

#include <orbis/tile.h>

#include <algorithm>

using namespace clang;

namespace orbis::cuda {

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
    // The callee as written, qualifier included (`std::calloc`): the
    // recording allocator is a plain function.
    const auto *Callee =
        dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts());
    SourceLocation B = C->getCallee()->getBeginLoc();
    if (!Callee || !B.isFileID() || !Callee->getLocation().isFileID())
      continue;
    std::string Name = C->getDirectCallee()->getNameAsString();
    unsigned Off = SM.getFileOffset(B) - Begin;
    unsigned Length =
        SM.getFileOffset(Callee->getLocation()) + Name.size() - SM.getFileOffset(B);
    Edits.push_back({Off, {Length, "orbis_cuda_" + Name}});
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
  S0 += presumedLineDirective(SM, Range->getBegin()) +
        std::string(P.getColumn() - 1, ' ') + Text +
        (isa<Expr>(S.Body) ? ";" : "") + "\norbis_tile_leave(&__orbis_c" + id() +
        "); }\n";
  return S0;
}

std::string CudaNestEmitter::hostCode() {
  std::string N = id();
  std::string S = std::string(GeneratedCodeBegin) +
                  "{ /* orbis: this nest runs on the GPU (__orbis_kernel" + N +
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
    // Strict rows: a warp's rows per tile; chunk-wide inner tiles when the
    // leader keeps enough tiles in flight for them (Launcher.cpp).
    if (StrictRows &&
        (L->Level == 0 || Order == LeaderOrder::Resumable))
      Flags += " | ORBIS_SITE_GPU_WARP_ROWS";
    // Three warps of rows when the leader keeps ORBIS_DEV_TILES_IN_FLIGHT
    // tiles in flight: rows lag by at most one column (RowSchedule.cpp),
    // so the three warps' skew fits them.
    if (StrictRows && L->Level == 0 && Order == LeaderOrder::Resumable)
      Flags += " | ORBIS_SITE_GPU_TALL_ROWS";
    if (PairedRows && L->Level > 0 && Order == LeaderOrder::Resumable)
      Flags += " | ORBIS_SITE_GPU_PAIRED_ROWS";
    if (Nest.BlockPragma)
      Flags += " | ORBIS_SITE_PIPELINED";
    if (!L->Child)
      Flags += " | ORBIS_SITE_INNERMOST";
    S += "static const orbis_site_t __orbis_site" + N + "_" + Lv + " = {" +
         quoted(where(D.Loc)) + ", " + Lv + ", " +
         std::to_string(Nest.ElemSize) + ", " + Flags + ", 0}; ";
    // As on the host: a floating size is an error at the pragma, not a
    // value converted in silence.
    std::string Requested =
        requestedBlockSize(D.BlockSize, "__orbis_size" + N + "_" + Lv,
                           "__orbis_site" + N + "_" + Lv, SM, S);
    std::string Domain = "__typeof__(" + LB + " + " + UB + ")";
    std::string Outer = "1";
    for (const BlockedLoop *P = L->Parent; P; P = P->Parent)
      Outer += " * __orbis_loops" + N + "[" + std::to_string(P->Level) + "].tile";
    S += "orbis_loop_init(&__orbis_loops" + N + "[" + Lv + "], &__orbis_site" +
         N + "_" + Lv + ", (long long)(" + Domain + ")" + LB +
         ", (long long)(" + Domain + ")" + UB + ", " + Step + ", " +
         compareName(F.Compare) + ", (" + Domain + ")-1 > 0, " +
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
  S += sectionChecks();
  S += launcherName() + "(__orbis_loops" + N + ", __orbis_lbs" + N +
       ", __orbis_args" + N + ", __orbis_maps" + N + ", __orbis_dims" + N +
       ");\n}" + GeneratedCodeEnd;
  return S;
}


} // namespace orbis::cuda
