/// \file
/// Blanking `begin declare variant` blocks for the analysis parse (see
/// VariantBlankingFS.h).
#include "VariantBlankingFS.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

namespace orbis {
namespace {

/// The words of a directive line after `#`, continuation lines joined:
/// {"pragma", "omp", "begin", "declare", "variant", ...}.
std::vector<std::string> directiveWords(llvm::StringRef Line) {
  std::vector<std::string> Words;
  llvm::StringRef Rest = Line.ltrim();
  if (!Rest.consume_front("#"))
    return Words;
  std::string Joined;
  for (size_t I = 0; I < Rest.size(); ++I) {
    if (Rest[I] == '\\' && I + 1 < Rest.size() && Rest[I + 1] == '\n') {
      ++I;
      continue;
    }
    Joined += Rest[I];
  }
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  llvm::StringRef(Joined).split(Parts, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    // `variant match(...)`: only the leading word matters.
    size_t Paren = P.find('(');
    if (Paren != llvm::StringRef::npos)
      P = P.take_front(Paren);
    if (!P.empty())
      Words.push_back(P.str());
    if (Words.size() == 5)
      break;
  }
  return Words;
}

int variantDirective(llvm::StringRef Line) {
  std::vector<std::string> W = directiveWords(Line);
  if (W.size() < 5 || W[0] != "pragma" || W[1] != "omp" || W[3] != "declare" ||
      W[4] != "variant")
    return 0;
  return W[2] == "begin" ? +1 : W[2] == "end" ? -1 : 0;
}

class BlankedFile : public llvm::vfs::File {
public:
  BlankedFile(llvm::vfs::Status S, std::string Text)
      : S(std::move(S)), Text(std::move(Text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return S; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(Text, Name);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status S;
  std::string Text;
};

class VariantBlankingFS : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto File = ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    auto Status = (*File)->status();
    auto Buffer = (*File)->getBuffer(Path);
    if (!Status || !Buffer)
      return File;
    llvm::StringRef Text = (*Buffer)->getBuffer();
    if (!Text.contains("variant"))
      return ProxyFileSystem::openFileForRead(Path);
    std::string Blanked = blankDeclareVariantBlocks(Text);
    return std::unique_ptr<llvm::vfs::File>(
        new BlankedFile(*Status, std::move(Blanked)));
  }
};

} // namespace

std::string blankDeclareVariantBlocks(llvm::StringRef Text) {
  std::string Out = Text.str();
  int Depth = 0;
  size_t LineStart = 0;
  while (LineStart < Out.size()) {
    // A logical line: continuation lines belong to it.
    size_t End = LineStart;
    while (End < Out.size() &&
           !(Out[End] == '\n' && (End == 0 || Out[End - 1] != '\\')))
      ++End;
    llvm::StringRef Line(Out.data() + LineStart, End - LineStart);
    int Kind = variantDirective(Line);
    if (Kind < 0 && Depth > 0)
      --Depth;
    else if (Kind == 0 && Depth > 0)
      for (size_t I = LineStart; I < End; ++I)
        if (Out[I] != '\n')
          Out[I] = ' ';
    if (Kind > 0)
      ++Depth;
    LineStart = End + 1;
  }
  return Out;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createVariantBlankingFS(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<VariantBlankingFS>(std::move(Base));
}

} // namespace orbis
