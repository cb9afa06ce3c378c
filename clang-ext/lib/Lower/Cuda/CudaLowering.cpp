/// \file
/// The CUDA lowering (see CudaLowering.h): every `parallel for` nest through
/// its emitter (NestEmitter.h), the others through the host lowering, the
/// `target data` regions, and the generated .cu around the kernels.
#include "CudaLowering.h"

#include "../Host/HostLowering.h"
#include "../Host/WorldLowering.h"
#include "NestEmitter.h"

#include "clang/Lex/Lexer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;

namespace orbis {

using cuda::CudaNestEmitter;
using cuda::lowerTargetData;

/// For a C file, a macro renaming each C++ keyword the file uses as an
/// identifier (`double this`, `int new`, a parameter `class`): the device
/// code is C++, which would refuse it. After the includes, and only for
/// keywords the generated code itself never spells.
static std::string cxxKeywordRenames(ASTContext &Ctx);

/// Names of this file's declarations that the device code cannot keep:
/// in C, C++ keywords the generated code spells itself or that no macro
/// may rename (`bool`, `and`, ...); in both languages, CUDA's own names
/// (`threadIdx`, `atomicAdd`, device math functions such as `rsqrt`). An
/// error each, at the declaration, instead of nvcc's errors in the
/// generated file.
static void reportDeviceNameClashes(ASTContext &Ctx, LowerResult &Result) {
  static const llvm::StringSet<> Keywords = {
      "bool",   "true",   "false",  "namespace", "decltype", "constexpr",
      "reinterpret_cast", "alignof", "and",  "or",  "not",    "xor",
      "bitand", "bitor",  "compl",  "and_eq",    "or_eq",    "xor_eq",
      "not_eq"};
  static const llvm::StringSet<> Cuda = {
      "threadIdx", "blockIdx",  "blockDim",  "gridDim",    "warpSize",
      "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
      "atomicInc", "atomicDec", "atomicCAS", "atomicAnd",  "atomicOr",
      "atomicXor", "rsqrt",     "rsqrtf",    "rcbrt",      "rcbrtf",
      "sinpi",     "sinpif",    "cospi",     "cospif",     "sincospi",
      "sincospif", "normcdf",   "normcdff",  "normcdfinv", "normcdfinvf",
      "erfinv",    "erfinvf",   "erfcinv",   "erfcinvf",   "norm3d",
      "norm4d",    "rnorm3d",   "rnorm4d",   "rhypot",     "saturate"};
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    Finder(ASTContext &Ctx, LowerResult &Result)
        : Ctx(Ctx), SM(Ctx.getSourceManager()), Result(Result) {}
    bool VisitNamedDecl(NamedDecl *D) {
      const IdentifierInfo *Id = D->getIdentifier();
      if (!Id || D->isImplicit() ||
          !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        return true;
      StringRef Name = Id->getName();
      const char *Why = nullptr;
      if (!Ctx.getLangOpts().CPlusPlus && Keywords.contains(Name))
        Why = "it is a C++ keyword, and the device code is C++: rename it";
      else if (Cuda.contains(Name))
        Why = "CUDA defines that name in device code: rename it";
      if (Why && Reported.insert(Name).second)
        Result.Diags.push_back(PendingDiag{
            Diag::CudaUnsupportedConstruct, D->getLocation(),
            {"the name '" + Name.str() + "'", Why}, {}, 0, {}});
      return true;
    }
    ASTContext &Ctx;
    const SourceManager &SM;
    LowerResult &Result;
    llvm::StringSet<> Reported;
  } F(Ctx, Result);
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
}

static std::string cxxKeywordRenames(ASTContext &Ctx) {
  static const char *const Keywords[] = {
      "this",     "new",       "delete",   "class",      "private",
      "public",   "protected", "friend",   "virtual",    "throw",
      "try",      "catch",     "typeid",   "explicit",   "mutable",
      "export",   "noexcept",  "alignas",  "static_assert",
      "char8_t",  "char16_t",  "char32_t",
      "concept",  "requires",  "co_await", "co_return",  "co_yield",
      "consteval", "constinit", "dynamic_cast", "thread_local", "operator",
      "typename", "template",  "using",    "nullptr",    "static_cast",
      "const_cast", "wchar_t"};
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Buffer = SM.getBufferData(SM.getMainFileID());
  Lexer Raw(SM.getLocForStartOfFile(SM.getMainFileID()), Ctx.getLangOpts(),
            Buffer.begin(), Buffer.begin(), Buffer.end());
  std::set<std::string> Used;
  Token Tok;
  while (!Raw.LexFromRawLexer(Tok))
    if (Tok.is(tok::raw_identifier))
      Used.insert(Tok.getRawIdentifier().str());
  if (Tok.is(tok::raw_identifier))
    Used.insert(Tok.getRawIdentifier().str());
  std::string Out;
  for (const char *K : Keywords)
    if (Used.count(K))
      Out += "#define " + std::string(K) + " __orbis_c_" + K + "\n";
  return Out.empty() ? Out
                     : "// C identifiers that are C++ keywords.\n" + Out + "\n";
}

llvm::Expected<LowerResult>
lowerForCuda(const NestModel &Model,
             const std::vector<CollectedDirective> &Directives,
             ASTContext &Ctx, const LowerOptions &Options) {
  LowerResult Result;
  const SourceManager &SM = Ctx.getSourceManager();
  bool CXX = Ctx.getLangOpts().CPlusPlus;
  // The launchers' declarations (reserved names, `long long`): the
  // warnings a build asks for are for the user's code.
  Result.Prologue = hostPrologue().str() + "#include <orbis/tile_cuda.h>\n" +
                    GeneratedCodeBegin + "\n";
  if (CXX)
    Result.Prologue += "extern \"C\" {\n";
  // The driver links these, and the toolkit's directory for cudart.
  Result.Libraries = {"orbis_tile_cuda", "orbis_tile", "cudart"};
  // World loops run on the host, and so do the blocked nests inside them,
  // with their staged tiles (offloading those is not done yet).
  StagedTilePlans Plans;
  lowerWorldLoops(Model, Ctx, Options, Result, &Plans);
  if (!Result.Diags.empty())
    return Result;
  std::string Device, Declarations;
  std::set<const FunctionDecl *> Copied;
  unsigned DataRegions = 0;
  for (const CollectedDirective &D : Directives) {
    if (D.Dir.Kind != DirectiveKind::Other ||
        !SM.isInMainFile(SM.getExpansionLoc(D.Dir.Loc)))
      continue;
    if (D.Dir.Name == "target data") {
      lowerTargetData(D, DataRegions++, Ctx, Result);
    }
  }
  for (const auto &Nest : Model.Nests) {
    if (Nest->World) {
      auto It = Plans.find(Nest.get());
      lowerNestForHost(*Nest, Directives, Ctx, Options, Result.Edits,
                       It == Plans.end() ? nullptr : &It->second);
      continue;
    }
    if (Nest->root().Pragma->Dir.Kind != DirectiveKind::ParallelFor) {
      lowerNestForHost(*Nest, Directives, Ctx, Options, Result.Edits);
      continue;
    }
    CudaNestEmitter(*Nest, Directives, Ctx, Options, Result)
        .emit(Device, Declarations, Copied);
  }
  // After the nests' own errors, in the source's order.
  for (const CollectedDirective &D : Directives) {
    if (D.Dir.Kind != DirectiveKind::Other || D.Dir.Name == "target data" ||
        !llvm::StringRef(D.Dir.Name).starts_with("target") ||
        !SM.isInMainFile(SM.getExpansionLoc(D.Dir.Loc)))
      continue;
    // clang's host-only OpenMP runs these as no-ops, while the sections
    // of a 'target data' stay on the GPU: 'target update from' would
    // leave the host's copy stale, in silence.
    Result.Diags.push_back(PendingDiag{
        Diag::CudaUnsupportedConstruct, D.Dir.Loc,
        {"'#pragma omp " + D.Dir.Name +
             (D.Dir.Clauses.empty() || D.Dir.Name != "target"
                  ? std::string()
                  : " " + D.Dir.Clauses.front().Name) +
             "'",
         "with --offload=cuda only 'target data' moves data (and the "
         "nests' own map clauses); end the 'target data' region where the "
         "host needs the values"},
        {},
        0,
        {}});
  }
  if (CXX)
    Result.Prologue += "}\n";
  Result.Prologue += std::string(GeneratedCodeEnd) + "\n";
  // A variable several nests use is reported once, not once per nest.
  std::vector<PendingDiag> Unique;
  for (const PendingDiag &D : Result.Diags)
    if (!llvm::any_of(Unique, [&](const PendingDiag &U) {
          return U.Id == D.Id && U.Loc == D.Loc && U.Args == D.Args;
        }))
      Unique.push_back(D);
  Result.Diags = std::move(Unique);
  if (Device.empty())
    return Result;
  reportDeviceNameClashes(Ctx, Result);
  if (!Result.Diags.empty())
    return Result;
  // nvcc passes file names through a shell: only safe characters.
  std::string Name = llvm::sys::path::stem(Options.PresumedName).str();
  for (char &C : Name)
    if (!llvm::isAlnum(C) && C != '_' && C != '-' && C != '.')
      C = '_';
  std::string Text =
      "// Generated by orbis-cc --offload=cuda from " + Options.PresumedName +
      ": the GPU code of its\n// 'parallel for schedule(blocked)' nests "
      "(EXTENSIONS.md section 2).\n#include <orbis/tile_cuda.cuh>\n\n" +
      (CXX ? std::string() : cxxKeywordRenames(Ctx)) + "namespace {\n" +
      Declarations + "} // namespace\n\n" + Device;
  Result.Files.push_back({Name + ".orbis.cu", Text});
  return Result;
}

} // namespace orbis
