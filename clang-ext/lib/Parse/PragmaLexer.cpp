/// \file
/// Raw lexing of OpenMP pragmas from the source buffer (see PragmaLexer.h).
/// The preprocessor only tells where a pragma starts; reading its tokens here,
/// without macro expansion, keeps their spelling and file locations.
#include "orbis/PragmaLexer.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace orbis {
namespace {

/// A raw lexer positioned at Loc inside its file buffer.
struct BufferCursor {
  FileID File;
  StringRef Buffer;
  SourceLocation FileStart;
  unsigned Offset = 0;

  static std::optional<BufferCursor> at(const SourceManager &SM,
                                        SourceLocation Loc) {
    if (!Loc.isFileID())
      return std::nullopt;
    std::pair<FileID, unsigned> Decomposed = SM.getDecomposedLoc(Loc);
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(Decomposed.first, &Invalid);
    if (Invalid)
      return std::nullopt;
    return BufferCursor{Decomposed.first, Buffer,
                        SM.getLocForStartOfFile(Decomposed.first),
                        Decomposed.second};
  }

  Lexer makeLexer(const LangOptions &LangOpts) const {
    return Lexer(FileStart, LangOpts, Buffer.begin(),
                 Buffer.begin() + Offset, Buffer.end());
  }
};

/// A token's text with its line splices (backslash-newline) removed, as
/// translation phase 2 does: `bl\<newline>ocked` is `blocked`. (Trigraphs
/// are off in the languages clang compiles by default.)
std::string withoutSplices(StringRef Raw) {
  std::string Out;
  Out.reserve(Raw.size());
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\') {
      size_t J = I + 1;
      while (J < Raw.size() && (Raw[J] == ' ' || Raw[J] == '\t'))
        ++J; // clang accepts spaces between the backslash and the newline
      if (J < Raw.size() && Raw[J] == '\r')
        ++J;
      if (J < Raw.size() && Raw[J] == '\n') {
        I = J;
        continue;
      }
    }
    Out += Raw[I];
  }
  return Out;
}

PragmaToken convert(const Token &Tok, const SourceManager &SM,
                    StringRef Buffer, SourceLocation FileStart) {
  PragmaToken Out;
  Out.Loc = Tok.getLocation();
  Out.Length = Tok.getLength();
  unsigned Offset = SM.getFileOffset(Out.Loc);
  Out.Text = Buffer.substr(Offset, Out.Length).str();
  if (Tok.needsCleaning())
    Out.Text = withoutSplices(Out.Text);
  if (Tok.is(tok::raw_identifier))
    Out.TokKind = PragmaToken::Identifier;
  else if (Tok.is(tok::numeric_constant))
    Out.TokKind = PragmaToken::Number;
  else if (Tok.isOneOf(tok::string_literal, tok::char_constant, tok::unknown,
                       tok::comment))
    Out.TokKind = PragmaToken::Other;
  else
    Out.TokKind = PragmaToken::Punct;
  (void)FileStart;
  return Out;
}

bool isRawIdentifier(const Token &Tok, StringRef Name) {
  if (!Tok.is(tok::raw_identifier))
    return false;
  return Tok.needsCleaning() ? withoutSplices(Tok.getRawIdentifier()) == Name
                             : Tok.getRawIdentifier() == Name;
}

} // namespace

unsigned endOfLogicalLine(StringRef Buffer, unsigned Offset) {
  while (Offset < Buffer.size()) {
    if (Buffer[Offset] == '\n') {
      unsigned Prev = Offset;
      if (Prev > 0 && Buffer[Prev - 1] == '\r')
        --Prev;
      if (Prev > 0 && Buffer[Prev - 1] == '\\') {
        ++Offset;
        continue;
      }
      return Prev;
    }
    ++Offset;
  }
  return Buffer.size();
}


std::optional<LexedPragma> lexHashPragma(const SourceManager &SM,
                                         const LangOptions &LangOpts,
                                         SourceLocation HashLoc) {
  std::optional<BufferCursor> Cursor = BufferCursor::at(SM, HashLoc);
  if (!Cursor)
    return std::nullopt;
  Lexer Lex = Cursor->makeLexer(LangOpts);
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  if (!Tok.is(tok::hash))
    return std::nullopt;
  Lex.LexFromRawLexer(Tok);
  if (!isRawIdentifier(Tok, "pragma") || Tok.isAtStartOfLine())
    return std::nullopt;
  Lex.LexFromRawLexer(Tok);
  if (!isRawIdentifier(Tok, "omp") || Tok.isAtStartOfLine())
    return std::nullopt;

  LexedPragma Out;
  Out.Loc = HashLoc;
  Out.OmpLoc = Tok.getLocation();
  Out.EndLoc = Tok.getEndLoc();
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || Tok.isAtStartOfLine())
      break;
    Out.Tokens.push_back(
        convert(Tok, SM, Cursor->Buffer, Cursor->FileStart));
    Out.EndLoc = Tok.getEndLoc();
  }
  unsigned EndOffset = SM.getFileOffset(Out.EndLoc);
  Out.ExtentEnd = Cursor->FileStart.getLocWithOffset(
      endOfLogicalLine(Cursor->Buffer, EndOffset));
  return Out;
}

std::optional<LexedPragma> lexPragmaOperator(const SourceManager &SM,
                                             const LangOptions &LangOpts,
                                             SourceLocation KeywordLoc) {
  std::optional<BufferCursor> Cursor = BufferCursor::at(SM, KeywordLoc);
  if (!Cursor)
    return std::nullopt;
  Lexer Lex = Cursor->makeLexer(LangOpts);
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  if (!isRawIdentifier(Tok, "_Pragma"))
    return std::nullopt;
  Lex.LexFromRawLexer(Tok);
  if (!Tok.is(tok::l_paren))
    return std::nullopt;
  Token Str;
  Lex.LexFromRawLexer(Str);
  if (!Str.is(tok::string_literal))
    return std::nullopt;
  Lex.LexFromRawLexer(Tok);
  if (!Tok.is(tok::r_paren))
    return std::nullopt;

  unsigned StrOffset = SM.getFileOffset(Str.getLocation());
  StringRef Literal = Cursor->Buffer.substr(StrOffset, Str.getLength());
  if (Literal.size() < 2 || Literal.front() != '"')
    return std::nullopt; // encoding prefixes: not an OpenMP pragma we lower
  StringRef Content = Literal.drop_front().drop_back();
  StringRef Trimmed = Content.ltrim();
  if (!Trimmed.starts_with("omp") ||
      (Trimmed.size() > 3 && (isalnum(Trimmed[3]) || Trimmed[3] == '_')))
    return std::nullopt;

  LexedPragma Out;
  Out.Loc = KeywordLoc;
  Out.IsPragmaOperator = true;
  Out.ExtentEnd = Tok.getEndLoc();
  Out.HasEscapes = Content.contains('\\');
  unsigned ContentStart = StrOffset + 1;
  unsigned ClosingQuote = StrOffset + Str.getLength() - 1;
  Out.OmpLoc = Cursor->FileStart.getLocWithOffset(
      ContentStart + (Content.size() - Trimmed.size()));
  Out.EndLoc = Out.OmpLoc.getLocWithOffset(3);
  if (Out.HasEscapes)
    return Out;

  BufferCursor Inner = *Cursor;
  Inner.Offset = SM.getFileOffset(Out.EndLoc);
  Lexer InnerLex = Inner.makeLexer(LangOpts);
  while (true) {
    InnerLex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) ||
        SM.getFileOffset(Tok.getLocation()) >= ClosingQuote)
      break;
    Out.Tokens.push_back(convert(Tok, SM, Inner.Buffer, Inner.FileStart));
    Out.EndLoc = Tok.getEndLoc();
  }
  return Out;
}

std::optional<LexedPragma> lexScratchPragma(const SourceManager &SM,
                                            const LangOptions &LangOpts,
                                            SourceLocation Start) {
  std::optional<BufferCursor> Cursor = BufferCursor::at(SM, Start);
  if (!Cursor)
    return std::nullopt;
  size_t LineEnd = Cursor->Buffer.find('\n', Cursor->Offset);
  if (LineEnd == StringRef::npos)
    LineEnd = Cursor->Buffer.size();
  // The lexer needs the real end of its buffer; stop at the line's end.
  Lexer Lex = Cursor->makeLexer(LangOpts);
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  if (!isRawIdentifier(Tok, "omp") ||
      SM.getFileOffset(Tok.getLocation()) >= LineEnd)
    return std::nullopt;
  LexedPragma Out;
  Out.IsPragmaOperator = true;
  Out.Loc = Out.OmpLoc = Tok.getLocation();
  Out.EndLoc = Out.ExtentEnd = Tok.getEndLoc();
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof) || SM.getFileOffset(Tok.getLocation()) >= LineEnd)
      break;
    Out.Tokens.push_back(convert(Tok, SM, Cursor->Buffer, Cursor->FileStart));
    Out.EndLoc = Out.ExtentEnd = Tok.getEndLoc();
  }
  return Out;
}

SourceLocation nextCodeToken(const SourceManager &SM,
                             const LangOptions &LangOpts, SourceLocation Loc,
                             llvm::ArrayRef<SourceRange> Skipped) {
  std::optional<BufferCursor> Cursor = BufferCursor::at(SM, Loc);
  if (!Cursor)
    return SourceLocation();
  while (Cursor->Offset <= Cursor->Buffer.size()) {
    Lexer Lex = Cursor->makeLexer(LangOpts);
    Token Tok;
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      return SourceLocation();
    unsigned Offset = SM.getFileOffset(Tok.getLocation());
    auto In = llvm::find_if(Skipped, [&](const SourceRange &R) {
      return SM.getFileID(R.getBegin()) == Cursor->File &&
             SM.getFileOffset(R.getBegin()) <= Offset &&
             Offset < SM.getFileOffset(R.getEnd());
    });
    if (In != Skipped.end()) {
      Cursor->Offset = SM.getFileOffset(In->getEnd());
      continue;
    }
    if (Tok.is(tok::hash) && Tok.isAtStartOfLine()) {
      // An `#include` brings code: the statement after a directive may
      // be the included file's, which the lowering cannot edit around.
      Token Name;
      Lex.LexFromRawLexer(Name);
      if (isRawIdentifier(Name, "include") ||
          isRawIdentifier(Name, "include_next") ||
          isRawIdentifier(Name, "import"))
        return Tok.getLocation();
      Cursor->Offset = endOfLogicalLine(Cursor->Buffer, Offset) + 1;
      continue;
    }
    if (isRawIdentifier(Tok, "_Pragma")) {
      // _Pragma ( string )
      Token Next;
      Lex.LexFromRawLexer(Next);
      if (Next.is(tok::l_paren)) {
        Lex.LexFromRawLexer(Next);
        Lex.LexFromRawLexer(Next);
        if (Next.is(tok::r_paren)) {
          Cursor->Offset = SM.getFileOffset(Next.getEndLoc());
          continue;
        }
      }
    }
    return Tok.getLocation();
  }
  return SourceLocation();
}

std::vector<PragmaToken> lexDirectiveText(const SourceManager &SM,
                                          const LangOptions &LangOpts,
                                          FileID File) {
  std::vector<PragmaToken> Tokens;
  BufferCursor Cursor{File, SM.getBufferData(File),
                      SM.getLocForStartOfFile(File), 0};
  Lexer Lex = Cursor.makeLexer(LangOpts);
  Token Tok;
  while (true) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    Tokens.push_back(convert(Tok, SM, Cursor.Buffer, Cursor.FileStart));
  }
  return Tokens;
}

} // namespace orbis
