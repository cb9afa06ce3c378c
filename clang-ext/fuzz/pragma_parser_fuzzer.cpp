/// \file
/// Fuzzes the pragma parser: any text after `#pragma omp` must give a
/// directive or diagnostics, never a crash, a hang or an out-of-bounds read.
#include "orbis/PragmaParser.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstddef>
#include <cstdint>

using namespace clang;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  FileSystemOptions FSOpts;
  FileManager Files(FSOpts);
  DiagnosticsEngine Diags(new DiagnosticIDs, new DiagnosticOptions);
  SourceManager SM(Diags, Files);
  FileID File = SM.createFileID(llvm::MemoryBuffer::getMemBufferCopy(Text));
  SM.setMainFileID(File);
  LangOptions LangOpts;

  orbis::LexedPragma Pragma;
  Pragma.Loc = Pragma.OmpLoc = SM.getLocForStartOfFile(File);
  Pragma.Tokens = orbis::lexDirectiveText(SM, LangOpts, File);
  Pragma.EndLoc = Pragma.ExtentEnd = SM.getLocForEndOfFile(File);
  orbis::ParsedDirective Parsed = orbis::parseDirective(SM, Pragma);
  (void)Parsed;
  return 0;
}
