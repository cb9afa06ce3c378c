/// \file
/// Runs Clang's front end on one file and lowers it (see LowerSource.h).
/// The file is parsed without -fopenmp, because Clang rejects the extension
/// clauses under it; `_OPENMP` is still defined so that the code seen here is
/// the code the final compilation sees.
#include "orbis/LowerSource.h"

#include "PragmaCollector.h"
#include "VariantBlankingFS.h"
#include "orbis/DependenceCheck.h"
#include "orbis/Lower.h"
#include "orbis/ModelPrinter.h"
#include "orbis/NestBuilder.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>

using namespace clang;

namespace orbis {
namespace {

/// Records the code the preprocessor skips (the branches of `#if` not
/// taken), in source order: the lowering looks past it for a statement's
/// `;` (statementEnd).
class SkippedRangeCollector : public PPCallbacks {
public:
  explicit SkippedRangeCollector(std::vector<SourceRange> &Out) : Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    Out.push_back(Range);
  }

private:
  std::vector<SourceRange> &Out;
};

class LowerConsumer : public ASTConsumer {
public:
  LowerConsumer(CompilerInstance &CI, DiagReporter &Reporter,
                std::vector<CollectedDirective> &Directives,
                const std::vector<SourceRange> &Skipped,
                const LowerRequest &Request, LowerOutcome &Outcome,
                llvm::Error &Failure)
      : CI(CI), Reporter(Reporter), Directives(Directives), Skipped(Skipped),
        PresumedName(Request.InputFile), PrintModel(Request.PrintModel),
        Target(Request.OffloadCuda ? Backend::Cuda : Backend::Host),
        Outcome(Outcome), Failure(Failure) {}

  /// Only the main file's functions can hold directives: skipping the
  /// bodies of functions from headers keeps the analysis parse cheap (Sema
  /// never skips constexpr or auto-returning bodies, which parsing needs).
  bool shouldSkipFunctionBody(Decl *D) override {
    const SourceManager &SM = CI.getSourceManager();
    return !SM.isInMainFile(SM.getExpansionLoc(D->getLocation()));
  }

  /// Reports a phase's diagnostics in the order of their places in the
  /// source, as clang's own come, each error or warning with the notes
  /// that follow it (a phase finds them nest by nest and check by check).
  void reportInSourceOrder(const std::vector<PendingDiag> &Diags,
                           const SourceManager &SM) {
    std::vector<std::vector<const PendingDiag *>> Groups;
    for (const PendingDiag &D : Diags) {
      if (isNote(D.Id) && !Groups.empty())
        Groups.back().push_back(&D);
      else
        Groups.push_back({&D});
    }
    std::stable_sort(Groups.begin(), Groups.end(),
                     [&](const auto &A, const auto &B) {
                       SourceLocation L = SM.getExpansionLoc(A.front()->Loc);
                       SourceLocation R = SM.getExpansionLoc(B.front()->Loc);
                       return L.isValid() && R.isValid() && L != R &&
                              SM.isBeforeInTranslationUnit(L, R);
                     });
    for (const auto &Group : Groups)
      for (const PendingDiag *D : Group)
        Reporter.report(*D);
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Errors in pragmas leave the code's AST whole: the analysis still runs
    // and reports what it finds, so that one compilation shows every error.
    if (Reporter.hasOtherErrors())
      return;
    // Which statement follows each directive, found once the branches the
    // preprocessor skipped are known (`#pragma omp block` / `#ifdef X` /
    // a statement not compiled / `#else` / the one that is).
    for (CollectedDirective &D : Directives)
      D.NextCodeLoc = nextCodeToken(Ctx.getSourceManager(), Ctx.getLangOpts(),
                                    D.ExtentEnd, Skipped);
    NestBuildResult Nests = buildNests(Ctx, Directives);
    reportInSourceOrder(Nests.Diags, Ctx.getSourceManager());
    if (!Nests.ok() || CI.getDiagnostics().hasErrorOccurred())
      return;
    if (Reporter.Dependence != CheckSeverity::Ignored) {
      std::vector<PendingDiag> Dependences;
      for (const auto &Nest : Nests.Model.Nests)
        for (PendingDiag &D : checkDependences(*Nest, Ctx))
          Dependences.push_back(std::move(D));
      reportInSourceOrder(Dependences, Ctx.getSourceManager());
    }
    if (CI.getDiagnostics().hasErrorOccurred())
      return;

    if (PrintModel) {
      // The analysis only: a backend's limits are not the model's.
      Outcome.ModelText = printModel(Nests.Model, Ctx);
      Outcome.Success = true;
      return;
    }
    llvm::Expected<LowerResult> Lowered =
        lower(Nests.Model, Directives, Ctx, {Target, PresumedName, Skipped});
    if (!Lowered) {
      Failure = Lowered.takeError();
      return;
    }
    reportInSourceOrder(Lowered->Diags, Ctx.getSourceManager());
    if (CI.getDiagnostics().hasErrorOccurred())
      return;
    Outcome.Success = true;
    Outcome.Libraries = Lowered->Libraries;
    for (const GeneratedFile &F : Lowered->Files)
      Outcome.Generated.push_back({F.Name, F.Text});
    if (Lowered->Edits.empty())
      return;
    // A directive a macro wrote is lowered in place of the macro's use, so
    // the macros are never expanded: `#ifdef` there uses them
    // (-Wunused-macros).
    for (const CollectedDirective &D : Directives)
      if (!D.Macros.empty() &&
          Ctx.getSourceManager().isInMainFile(D.ExtentBegin) &&
          !Lowered->Edits.replacesAround(Ctx.getSourceManager(),
                                         D.ExtentBegin)) {
        std::string Uses;
        for (const std::string &Name : D.Macros)
          Uses += "#ifdef " + Name + "\n#endif\n";
        Lowered->Edits.insert(D.ExtentBegin, Uses, -5000);
      }
    const SourceManager &SM = Ctx.getSourceManager();
    // The parse saw `declare variant` blocks blanked; the edits apply to the
    // text as written.
    auto Original = llvm::MemoryBuffer::getFile(PresumedName);
    if (!Original) {
      Outcome.Success = false;
      Failure = llvm::createStringError(Original.getError(),
                                        "cannot read '%s'",
                                        PresumedName.c_str());
      return;
    }
    llvm::Expected<std::string> Text = Lowered->Edits.apply(
        SM, SM.getMainFileID(), Lowered->Prologue, PresumedName,
        (*Original)->getBuffer());
    if (!Text) {
      Outcome.Success = false;
      Failure = Text.takeError();
      return;
    }
    Outcome.Changed = true;
    Outcome.Lowered = std::move(*Text);
  }

private:
  CompilerInstance &CI;
  DiagReporter &Reporter;
  std::vector<CollectedDirective> &Directives;
  const std::vector<SourceRange> &Skipped;
  const std::string &PresumedName;
  bool PrintModel;
  Backend Target;
  LowerOutcome &Outcome;
  /// An internal failure (not a diagnostic about the user's code).
  llvm::Error &Failure;
};

class LowerAction : public ASTFrontendAction {
public:
  LowerAction(const LowerRequest &Request, LowerOutcome &Outcome,
              llvm::Error &Failure)
      : Request(Request), Outcome(Outcome), Failure(Failure) {}

protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    Reporter = std::make_unique<DiagReporter>(CI.getDiagnostics());
    Reporter->Dependence = Request.Dependence;
    CI.getPreprocessor().addPPCallbacks(std::make_unique<PragmaCollector>(
        CI.getPreprocessor(), *Reporter, Directives));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<SkippedRangeCollector>(Skipped));
    return std::make_unique<LowerConsumer>(CI, *Reporter, Directives, Skipped,
                                           Request, Outcome, Failure);
  }

public:
  /// After the action: whether the source uses an extension, or had an
  /// error about one.
  bool touchedExtensions() const {
    return (Reporter && Reporter->hasOwnErrors()) ||
           llvm::any_of(Directives, [](const CollectedDirective &D) {
             return D.Dir.isExtension();
           });
  }

private:
  const LowerRequest &Request;
  LowerOutcome &Outcome;
  llvm::Error &Failure;
  std::unique_ptr<DiagReporter> Reporter;
  std::vector<CollectedDirective> Directives;
  std::vector<SourceRange> Skipped;
};

} // namespace

llvm::Expected<LowerOutcome> lowerSource(const LowerRequest &Request,
                                         llvm::raw_ostream &DiagStream,
                                         bool ShowColors) {
  LowerOutcome Outcome;
  std::vector<const char *> Args;
  for (const std::string &A : Request.ClangArgs)
    Args.push_back(A.c_str());

  auto DiagOpts = llvm::makeIntrusiveRefCnt<DiagnosticOptions>();
  DiagOpts->ShowColors = ShowColors;
  auto *Printer = new TextDiagnosticPrinter(DiagStream, DiagOpts.get());
  auto Diags = llvm::makeIntrusiveRefCnt<DiagnosticsEngine>(
      llvm::makeIntrusiveRefCnt<DiagnosticIDs>(), DiagOpts.get(), Printer,
      /*ShouldOwnClient=*/true);
  // Warnings belong to the real compilation, which reports them once.
  Diags->setIgnoreAllWarnings(true);

  CreateInvocationOptions Opts;
  Opts.Diags = Diags;
  std::shared_ptr<CompilerInvocation> Invocation =
      createInvocation(Args, std::move(Opts));
  if (!Invocation || Diags->hasErrorOccurred())
    return Outcome;
  Invocation->getFrontendOpts().ProgramAction = frontend::ParseSyntaxOnly;
  // Like clang: the process ends soon, freeing the AST would only cost time.
  Invocation->getFrontendOpts().DisableFree = true;
  Invocation->getFrontendOpts().SkipFunctionBodies = true;
  Invocation->getDiagnosticOpts().ShowColors = ShowColors;
  Invocation->getDiagnosticOpts().Warnings.push_back("no-everything");

  CompilerInstance CI;
  CI.setInvocation(std::move(Invocation));
  CI.createFileManager(
      createVariantBlankingFS(llvm::vfs::getRealFileSystem()));
  CI.createDiagnostics(new TextDiagnosticPrinter(DiagStream,
                                                 &CI.getDiagnosticOpts()),
                       /*ShouldOwnClient=*/true);
  CI.getDiagnostics().setIgnoreAllWarnings(true);
  // "N errors generated." goes with the messages.
  CI.setVerboseOutputStream(DiagStream);
  llvm::Error Failure = llvm::Error::success();
  LowerAction Action(Request, Outcome, Failure);
  if (!CI.ExecuteAction(Action))
    Outcome.Success = false;
  if (Failure)
    return std::move(Failure);
  if (!Outcome.Success && !Action.touchedExtensions())
    Outcome.OnlyClangErrors = true;
  return Outcome;
}

} // namespace orbis
