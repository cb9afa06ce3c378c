/// \file
/// `#pragma omp target data map(...)` with --offload=cuda (NestEmitter.h):
/// the sections stay on the device around the directive's statement.
#include "NestEmitter.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace orbis::cuda {
namespace {

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

} // namespace

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
  std::string Where =
      "\"" + escapeForStringLiteral(presumedWhere(SM, D.Dir.Loc)) + "\"";
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


} // namespace orbis::cuda
