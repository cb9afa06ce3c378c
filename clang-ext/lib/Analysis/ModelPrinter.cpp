/// \file
/// Printing the analysis model (see ModelPrinter.h). One line per fact,
/// indented by nesting, locations as the user's file:line:col.
#include "orbis/ModelPrinter.h"

#include "orbis/LoopForm.h"
#include "orbis/RowSchedule.h"
#include "orbis/SingleWriterCounter.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace orbis {
namespace {

class Printer {
public:
  Printer(ASTContext &Ctx, llvm::raw_ostream &OS)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), OS(OS) {}

  void world(const WorldLoop &W) {
    OS << "world loop " << W.Id << " at " << where(W.Pragma->Dir.Loc)
       << ", world(";
    for (size_t I = 0; I < W.Pragma->Dir.WorldVars.size(); ++I)
      OS << (I ? ", " : "") << W.Pragma->Dir.WorldVars[I].first;
    OS << "), nests:";
    for (const TiledNest *N : W.Nests)
      OS << " " << N->Id;
    OS << "\n";
    for (const NestedDirective &S : W.Singles)
      OS << "  single at " << where(S.Pragma->Dir.Loc)
         << ", once in the world\n";
  }

  void nest(const TiledNest &N) {
    const Directive &Root = N.root().Pragma->Dir;
    OS << "nest " << N.Id << " at " << where(Root.Loc) << " ("
       << Root.Name << (N.BlockPragma ? ", pipelined" : ", plain tiling");
    if (N.World)
      OS << ", in world loop " << N.World->Id;
    OS << ")\n";
    for (const auto &L : N.Loops)
      loop(N, *L);
    if (N.BlockPragma)
      OS << "  instruction block at " << where(N.InstructionBlock->getBeginLoc())
         << "\n";
    else
      OS << "  instruction block: the body of loop " << N.innermost().Level
         << "\n";
    for (const NestedDirective &S : N.Singles)
      OS << "  single at " << where(S.Pragma->Dir.Loc) << " in loop "
         << S.Owner->Level << (S.Pragma->Dir.Nowait ? " (nowait)" : "")
         << "\n";
    for (const NestedDirective &A : N.Atomics) {
      OS << "  atomic at " << where(A.Pragma->Dir.Loc) << " in loop "
         << A.Owner->Level;
      SingleWriterCounter Counter = singleWriterCounter(N, A, Ctx);
      if (Counter.Applies)
        OS << ": single-writer counter (a load and a release store)\n";
      else
        OS << ": seq_cst (" << Counter.Reason << ")\n";
    }
    for (const Stmt *Spin : N.SpinWaits)
      OS << "  spin-wait at " << where(Spin->getBeginLoc()) << "\n";
    for (const Expr *Read : N.AcquireLoads)
      OS << "  acquire load '" << text(Read) << "' at "
         << where(Read->getBeginLoc()) << "\n";
    for (const VariableUse &V : N.Variables)
      variable(V);
    for (const ArrayAccess &A : N.Accesses)
      access(A);
    for (const ArrayAccess &A : N.ObjectAccesses)
      access(A);
    OS << "  intra-tile schedule: " << describe(rowSchedule(N, Ctx)) << "\n";
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  llvm::raw_ostream &OS;

  std::string where(SourceLocation Loc) const {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return "<unknown>";
    return llvm::sys::path::filename(P.getFilename()).str() + ":" +
           std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
  }
  std::string text(const Stmt *S) const {
    return sourceText(S->getSourceRange(), Ctx);
  }

  void loop(const TiledNest &N, const BlockedLoop &L) {
    const CanonicalLoop &F = L.Form;
    static const char *const Ops[] = {"<", "<=", ">", ">=", "!="};
    const Directive &D = L.Pragma->Dir;
    OS << "  loop " << L.Level << " '" << F.VarName << "' " << F.VarType
       << ": from " << F.InitText << " while " << Ops[int(F.Compare)] << " "
       << F.BoundText << ", step " << (F.Direction > 0 ? "+" : "-")
       << F.StepText << ", tile ";
    if (!D.BlockSize)
      OS << "auto";
    else if (D.BlockSize->Constant)
      OS << *D.BlockSize->Constant;
    else
      OS << "'" << D.BlockSize->Text << "'";
    OS << "\n";
    for (const QueryCall &Q : L.Queries) {
      static const char *const Names[] = {"omp_num_blocks", "omp_block_num",
                                          "omp_block_size", "omp_total_size"};
      OS << "    query " << Names[int(Q.Query)] << " at "
         << where(Q.Call->getBeginLoc()) << "\n";
    }
    for (size_t I = 0; I < D.BlockLocals.size(); ++I) {
      const BlockLocalClause &C = D.BlockLocals[I];
      OS << "    block_local " << C.Var << " (";
      for (size_t J = 0; J < C.Indices.size(); ++J)
        OS << (J ? ", " : "") << C.Indices[J].first;
      OS << ") halo "
         << (I < L.Halos.size() ? std::to_string(L.Halos[I]) : "?") << "\n";
    }
    for (const std::string &V : L.PrivateVars)
      OS << "    private " << V << "\n";
    for (const Stmt *S : L.PreBlock)
      OS << "    pre-block statement at " << where(S->getBeginLoc()) << "\n";
    for (const Stmt *S : L.PostBlock)
      OS << "    post-block statement at " << where(S->getBeginLoc()) << "\n";
  }

  void variable(const VariableUse &V) {
    static const char *const Classes[] = {"global", "loop variable",
                                          "tile-local", "iteration-local",
                                          "private"};
    OS << "  variable '" << V.Var->getName() << "' " << Classes[V.Class];
    if (V.Class == VariableUse::TileLocal || V.Class == VariableUse::LoopVariable)
      OS << " of loop " << V.Level;
    OS << (V.Written ? ", written" : ", read only");
    if (V.ElementsWritten)
      OS << ", elements written";
    OS << ", used in";
    if (V.InPrePostBlocks)
      OS << " pre/post-blocks";
    if (V.InPrePostBlocks && V.InInstructionBlock)
      OS << " and";
    if (V.InInstructionBlock)
      OS << " the instruction block";
    OS << "\n";
  }

  void access(const ArrayAccess &A) {
    OS << "  access '" << text(A.Expr) << "' "
       << (A.IsWrite && A.IsRead ? "read-write"
           : A.IsWrite           ? "write"
                                 : "read")
       << ":";
    for (const Subscript &S : A.Subscripts) {
      OS << " [";
      switch (S.Kind) {
      case Subscript::LoopVar:
        OS << "loop " << S.Level << (S.Value < 0 ? " - " : " + ")
           << (S.Value < 0 ? -S.Value : S.Value);
        break;
      case Subscript::Constant:
        OS << S.Value;
        break;
      case Subscript::Other:
        OS << (S.UsesLoopVar ? "other, uses loop variables" : "other");
        break;
      }
      OS << "]";
    }
    OS << "\n";
  }
};

} // namespace

std::string printModel(const NestModel &Model, ASTContext &Ctx) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Printer P(Ctx, OS);
  for (const auto &W : Model.WorldLoops)
    P.world(*W);
  for (const auto &N : Model.Nests)
    P.nest(*N);
  return OS.str();
}

} // namespace orbis
