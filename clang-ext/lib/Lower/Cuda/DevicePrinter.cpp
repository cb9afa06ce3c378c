/// \file
/// The device statement printer (see DevicePrinter.h).
#include "DevicePrinter.h"
#include "orbis/NestBuilder.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace orbis {

DevicePrinter::DevicePrinter(const TiledNest &Nest, ASTContext &Ctx)
    : Nest(Nest), Ctx(Ctx), SM(Ctx.getSourceManager()),
      Policy(Ctx.getLangOpts()) {
  Policy.Bool = true;
  Policy.Restrict = false; // C's `restrict` is `__restrict` in CUDA C++
  Policy.SuppressTagKeyword = false;
  Policy.PolishForDeclaration = true;
  for (const NestedDirective &S : Nest.Singles)
    Singles[S.Body] = &S;
  for (const NestedDirective &A : Nest.Atomics)
    Atomics[A.Body] = &A;
  for (const auto &L : Nest.Loops) {
    for (const QueryCall &Q : L->Queries)
      Queries[Q.Call] = {L.get(), Q.Query};
    // A query in a nested loop's header belongs to the enclosing loop.
    if (L->Parent)
      for (const QueryCall &Q : L->HeaderQueries)
        Queries[Q.Call] = {L->Parent, Q.Query};
  }
  AcquireLoads.insert(Nest.AcquireLoads.begin(), Nest.AcquireLoads.end());
  SpinWaits.insert(Nest.SpinWaits.begin(), Nest.SpinWaits.end());
}

const VarDecl *baseVariable(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      E = Sub->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E);
             U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else
      break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

std::string DevicePrinter::scopeOf(const Expr *E) const {
  const VarDecl *Var = baseVariable(E);
  if (Copy == DeviceCopy::Intra && Var && TileLocal.count(Var))
    return "cuda::thread_scope_block";
  return "cuda::thread_scope_device";
}

void DevicePrinter::print(const Stmt *S, llvm::raw_ostream &OS) {
  S->printPretty(OS, this, Policy, 0, "\n", &Ctx);
}

std::string DevicePrinter::lineDirective(const Stmt *S) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(S->getBeginLoc()));
  if (P.isInvalid())
    return "";
  // ptxas cannot read a quote, a backslash or a control character in a
  // file name (-lineinfo copies it into the PTX): those become '_' in the
  // device code's lines.
  std::string File = P.getFilename();
  for (char &C : File)
    if (C == '"' || C == '\\' || static_cast<unsigned char>(C) < 0x20 ||
        C == 0x7f)
      C = '_';
  return "#line " + std::to_string(P.getLine()) + " \"" + File + "\"\n";
}

std::string DevicePrinter::statement(const Stmt *S) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << lineDirective(S);
  print(S, OS);
  if (isa<Expr>(S))
    OS << ";\n";
  return Out;
}

std::string DevicePrinter::expression(const Expr *E) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  print(E, OS);
  return Out;
}

/// The type as the device code spells it. An enumeration is not in the
/// .cu: it becomes its integer type (same size, same values), also as the
/// element of a pointer, an array or a reference.
static QualType deviceType(const ASTContext &Ctx, QualType T) {
  SplitQualType Split = T.getCanonicalType().split();
  const Type *Ty = Split.Ty;
  QualType Base;
  if (const auto *E = dyn_cast<EnumType>(Ty)) {
    Base = E->getDecl()->getIntegerType();
    if (Base.isNull())
      return T.getCanonicalType();
  } else if (const auto *P = dyn_cast<PointerType>(Ty)) {
    Base = Ctx.getPointerType(deviceType(Ctx, P->getPointeeType()));
  } else if (const auto *R = dyn_cast<LValueReferenceType>(Ty)) {
    Base = Ctx.getLValueReferenceType(deviceType(Ctx, R->getPointeeType()));
  } else if (const auto *A = dyn_cast<ConstantArrayType>(Ty)) {
    Base = Ctx.getConstantArrayType(deviceType(Ctx, A->getElementType()),
                                    A->getSize(), nullptr,
                                    A->getSizeModifier(),
                                    A->getIndexTypeCVRQualifiers());
  } else if (const auto *A = dyn_cast<IncompleteArrayType>(Ty)) {
    Base = Ctx.getIncompleteArrayType(deviceType(Ctx, A->getElementType()),
                                      A->getSizeModifier(),
                                      A->getIndexTypeCVRQualifiers());
  } else {
    return T.getCanonicalType();
  }
  return Ctx.getQualifiedType(Base, Split.Quals);
}

std::string DevicePrinter::typeName(QualType T) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  deviceType(Ctx, T).print(OS, Policy);
  return Out;
}

std::string DevicePrinter::declaration(QualType T, llvm::StringRef Name) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  deviceType(Ctx, T).print(OS, Policy, Name);
  return Out;
}

void DevicePrinter::unsupported(const Stmt *S, llvm::StringRef What,
                                llvm::StringRef Why) {
  if (!Reported.insert(S).second)
    return;
  Diags.push_back(PendingDiag{Diag::CudaUnsupportedConstruct,
                              SM.getExpansionLoc(S->getBeginLoc()),
                              {What.str(), Why.str()},
                              {},
                              0,
                              {}});
}

std::optional<std::string> deviceTypeProblem(QualType T) {
  while (true) {
    T = T.getCanonicalType();
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (const auto *A = T->getAsArrayTypeUnsafe())
      T = A->getElementType();
    else
      break;
  }
  if (const auto *B = T->getAs<BuiltinType>()) {
    switch (B->getKind()) {
    case BuiltinType::LongDouble:
    case BuiltinType::Float128:
    case BuiltinType::Ibm128:
      break;
    case BuiltinType::Float16:
    case BuiltinType::Half:
    case BuiltinType::BFloat16:
      return std::string("nvcc cannot compile arithmetic on this "
                         "half-precision type in device code");
    default:
      return std::nullopt;
    }
  } else if (T->isBitIntType()) {
    return std::string("CUDA C++ has no '_BitInt' types");
  } else if (T->isVectorType() || T->isExtVectorType()) {
    return std::string("CUDA device code has no operations on vector types");
  } else if (T->isAtomicType()) {
    return std::string("CUDA C++ has no '_Atomic' types; use a plain "
                       "element and '#pragma omp atomic'");
  } else if (!T->isAnyComplexType()) {
    return std::nullopt;
  }
  return std::string("the GPU computes 'long double' as 'double' and has no "
                     "C complex arithmetic, so the results would differ "
                     "from the host's");
}

namespace {

/// The value of a `const` (not volatile) arithmetic variable with a
/// constant initializer, as a literal of its type that gives the same
/// bits (floating values in hexadecimal); none otherwise.
std::optional<std::string> constantValue(const VarDecl *V) {
  QualType T = V->getType();
  if (!T.isConstQualified() || T.isVolatileQualified() ||
      !T->isArithmeticType() || T->isAnyComplexType() || !V->getInit() ||
      !V->getAnyInitializer())
    return std::nullopt;
  const APValue *Value = V->evaluateValue();
  if (!Value)
    return std::nullopt;
  ASTContext &Ctx = V->getASTContext();
  std::string Type = T.getUnqualifiedType().getCanonicalType().getAsString(
      Ctx.getPrintingPolicy());
  if (Value->isInt())
    return "((" + Type + ")" + toString(Value->getInt(), 10) +
           (Value->getInt().isSigned() ? "LL" : "ULL") + ")";
  if (Value->isFloat() && (T->isSpecificBuiltinType(BuiltinType::Double) ||
                           T->isSpecificBuiltinType(BuiltinType::Float))) {
    SmallString<40> Hex;
    Hex.resize(40);
    unsigned Length = Value->getFloat().convertToHexString(
        Hex.data(), 0, false, llvm::APFloat::rmNearestTiesToEven);
    Hex.resize(Length);
    if (Value->getFloat().isNaN() || Value->getFloat().isInfinity())
      return std::nullopt;
    return "((" + Type + ")" + std::string(Hex) +
           (T->isSpecificBuiltinType(BuiltinType::Float) ? "f" : "") + ")";
  }
  return std::nullopt;
}

} // namespace

bool DevicePrinter::handledStmt(Stmt *S, llvm::raw_ostream &OS) {
  // Each statement of a block starts a line of its own in the printed
  // code: it gets its line in the user's file, so that nvcc's messages
  // and the device's line table name the user's lines.
  // (A block that is a branch or a loop's body is printed without this
  // helper: its statements are recorded with the statement around it.)
  auto startLines = [&](const Stmt *Body) {
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Body))
      StatementStarts.insert(Block->body_begin(), Block->body_end());
    else if (Body && !isa<IfStmt>(Body)) // `else if` continues a line
      StatementStarts.insert(Body);
  };
  if (auto *Block = dyn_cast<CompoundStmt>(S)) {
    StatementStarts.insert(Block->body_begin(), Block->body_end());
  } else if (auto *If = dyn_cast<IfStmt>(S)) {
    startLines(If->getThen());
    startLines(If->getElse());
  } else if (auto *For = dyn_cast<ForStmt>(S)) {
    startLines(For->getBody());
  } else if (auto *While = dyn_cast<WhileStmt>(S)) {
    startLines(While->getBody());
  } else if (auto *Do = dyn_cast<DoStmt>(S)) {
    startLines(Do->getBody());
  }
  if (StatementStarts.erase(S))
    OS << lineDirective(S);
  if (S == Inside) {
    Inside = nullptr;
    return false;
  }
  if (auto *E = dyn_cast<Expr>(S); E && !ReportedHostType)
    if (std::optional<std::string> Why = deviceTypeProblem(E->getType())) {
      ReportedHostType = true;
      unsupported(S, "a value of type '" + E->getType().getAsString() + "'",
                  *Why);
      return false;
    }
  if (auto *G = dyn_cast<GenericSelectionExpr>(S);
      G && !G->isResultDependent()) {
    // C chooses at compile time and never evaluates the controlling
    // expression: the device gets the chosen association (C++ has no
    // _Generic).
    OS << "(";
    print(G->getResultExpr(), OS);
    OS << ")";
    return true;
  }
  if (auto It = Singles.find(S); It != Singles.end() &&
                                 Copy != DeviceCopy::Function)
    return printSingle(*It->second, OS);
  if (auto It = Atomics.find(S); It != Atomics.end() &&
                                 Copy != DeviceCopy::Function)
    return printAtomic(*It->second, OS);
  if (auto *E = dyn_cast<Expr>(S); E && AcquireLoads.count(E)) {
    std::string Scope = scopeOf(E);
    SpinOnDevice |= Scope == "cuda::thread_scope_device";
    OS << (AcquirePolls ? "orbis_dev_poll_acquire<" : "orbis_dev_poll<")
       << Scope << ">(";
    Inside = S;
    print(S, OS);
    OS << ")";
    return true;
  }
  if (SpinWaits.count(S)) {
    // The polling loop with relaxed loads (they leave the L1 cache alone),
    // then the condition once more with acquire loads; a condition with
    // side effects gets a fence instead.
    const Expr *Cond = spinCondition(S);
    std::string Test = Cond ? acquireTest(Cond) : "";
    if (!Test.empty()) {
      OS << "do {\n";
      Inside = S;
      print(S, OS);
      OS << "} while (" << Test << ");\n";
      return true;
    }
    SpinOnDevice = false;
    Inside = S;
    print(S, OS);
    OS << "orbis_dev_acquire_fence<"
       << (SpinOnDevice ? "cuda::thread_scope_device" : "cuda::thread_scope_block")
       << ">();\n";
    return true;
  }
  if (auto *Call = dyn_cast<CallExpr>(S))
    return printCall(Call, OS);
  if (auto *Cast = dyn_cast<CastExpr>(S))
    return printCast(Cast, OS);
  if (auto *Sub = dyn_cast<ArraySubscriptExpr>(S))
    return printSubscript(Sub, OS);
  if (auto *D = dyn_cast<DeclStmt>(S))
    return printDecl(D, OS);
  if (auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (auto It = Renamed.find(V); It != Renamed.end()) {
        OS << It->second;
        return true;
      }
    if (auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && Copy == DeviceCopy::Function && !V->hasLocalStorage() &&
        Ref->getType()->isArithmeticType())
      if (std::optional<std::string> Value = constantValue(V)) {
        // A constant a copied function reads (`static const double scale
        // = 0.5;`) is not in the .cu: its value, exactly.
        OS << *Value;
        return true;
      }
    if (auto *E = dyn_cast<EnumConstantDecl>(Ref->getDecl())) {
      // The enumeration is not in the .cu: its value, with C's type.
      OS << "((" << typeName(Ctx.getLangOpts().CPlusPlus
                                  ? E->getType()->castAs<EnumType>()
                                        ->getDecl()->getIntegerType()
                                  : Ref->getType())
         << ")" << toString(E->getInitVal(), 10) << ")";
      return true;
    }
    return false;
  }
  if (auto *F = dyn_cast<FloatingLiteral>(S)) {
    // As spelled: the same token gives the same value.
    SourceLocation Loc = SM.getSpellingLoc(F->getLocation());
    SmallString<32> Buffer;
    bool Invalid = false;
    StringRef Spelling =
        Lexer::getSpelling(Loc, Buffer, SM, Ctx.getLangOpts(), &Invalid);
    if (Invalid)
      return false;
    OS << Spelling;
    return true;
  }
  if (auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
    if (U->isArgumentType() &&
        U->getArgumentType()->isVariablyModifiedType()) {
      unsupported(S, "'sizeof' of a variable-length array type",
                  "the size is only known on the host");
      return false;
    }
    if (U->isArgumentType()) {
      OS << (U->getKind() == UETT_SizeOf ? "sizeof(" : "alignof(")
         << typeName(U->getArgumentType()) << ")";
      return true;
    }
    // Of an expression, the host's value in the source language's rules:
    // the device code is C++, where sizeof('a') and sizeof(a < b) are 1,
    // not C's 4.
    if (std::optional<llvm::APSInt> Value =
            U->getIntegerConstantExpr(Ctx)) {
      OS << "((" << typeName(U->getType()) << ")" << toString(*Value, 10)
         << ")";
      return true;
    }
    return false;
  }
  if (auto *New = dyn_cast<CXXNewExpr>(S)) {
    if (Copy != DeviceCopy::Intra || !New->isArray()) {
      unsupported(S, "'new'", "allocate in a 'single' of a pre-block");
      return false;
    }
    OS << "((" << typeName(New->getType()) << ")orbis_dev_arena_alloc("
       << "&__orbis_arena, (unsigned long long)("
       << expression(*New->getArraySize()) << "), sizeof("
       << typeName(New->getAllocatedType()) << "), true))";
    return true;
  }
  if (isa<CXXDeleteExpr>(S)) {
    if (Copy == DeviceCopy::Intra) {
      OS << "((void)0)"; // the arena is released with the tile
      return true;
    }
    unsupported(S, "'delete'", "allocate in a 'single' of a pre-block");
    return false;
  }
  if (isa<MemberExpr>(S)) {
    unsupported(S, "a structure member", "structures stay on the host");
    return false;
  }
  if (isa<LambdaExpr, CXXMemberCallExpr, CXXOperatorCallExpr,
          CXXConstructExpr, CXXThrowExpr, CXXTryStmt>(S)) {
    unsupported(S, "this C++ construct",
                "a GPU nest uses C's expressions on scalars, arrays and "
                "pointers");
    return false;
  }
  if (isa<GCCAsmStmt, MSAsmStmt>(S)) {
    unsupported(S, "inline assembly", "it is the host's");
    return false;
  }
  return false;
}

bool DevicePrinter::printSingle(const NestedDirective &D,
                                llvm::raw_ostream &OS) {
  if (Hoisted && Hoisted(D)) {
    OS << "/* 'single' ran on the host before the kernel */";
    if (!isa<Expr>(D.Body))
      OS << "\n";
    return true;
  }
  std::string State = OnceState(D);
  OS << "if (orbis_dev_once_begin(&(" << State << "), "
     << (D.Pragma->Dir.Nowait ? "true" : "false") << ")) {\n";
  Inside = D.Body;
  print(D.Body, OS);
  if (isa<Expr>(D.Body))
    OS << ";\n";
  OS << "orbis_dev_once_end(&(" << State << "));\n}";
  if (!isa<Expr>(D.Body))
    OS << "\n";
  return true;
}

bool DevicePrinter::printAtomic(const NestedDirective &D,
                                llvm::raw_ostream &OS) {
  const Stmt *S = D.Body;
  llvm::StringRef Kind = "update";
  for (const PassThroughClause &C : D.Pragma->Dir.Clauses)
    if (C.Name == "read" || C.Name == "write" || C.Name == "update" ||
        C.Name == "capture" || C.Name == "compare")
      Kind = C.Name;
  auto Fail = [&] {
    unsupported(S, "this '#pragma omp atomic'",
                "a GPU nest supports 'atomic read', 'write' and updates "
                "'x op= e', 'x++', 'x--', '++x', '--x' and 'x = x op e'");
    return false;
  };
  if (Kind == "read" || Kind == "write") {
    const auto *B = dyn_cast<BinaryOperator>(S);
    if (!B || B->getOpcode() != BO_Assign)
      return Fail();
    if (Kind == "read")
      OS << expression(B->getLHS()) << " = orbis_dev_atomic_load("
         << expression(B->getRHS()->IgnoreImpCasts()) << ")";
    else
      OS << "orbis_dev_atomic_store(" << expression(B->getLHS()) << ", "
         << expression(B->getRHS()) << ")";
    return true;
  }
  if (Kind != "update")
    return Fail();
  auto OpName = [](BinaryOperatorKind Op) -> const char * {
    switch (Op) {
    case BO_Add: case BO_AddAssign: return "add";
    case BO_Sub: case BO_SubAssign: return "sub";
    case BO_Mul: case BO_MulAssign: return "mul";
    case BO_Div: case BO_DivAssign: return "div";
    case BO_And: case BO_AndAssign: return "and";
    case BO_Or: case BO_OrAssign: return "or";
    case BO_Xor: case BO_XorAssign: return "xor";
    case BO_Shl: case BO_ShlAssign: return "shl";
    case BO_Shr: case BO_ShrAssign: return "shr";
    default: return nullptr;
    }
  };
  if (const auto *U = dyn_cast<UnaryOperator>(S)) {
    if (!U->isIncrementDecrementOp() || U->getType()->isPointerType())
      return Fail();
    OS << (U->isIncrementOp() ? "orbis_dev_atomic_add<" : "orbis_dev_atomic_sub<")
       << scopeOf(U->getSubExpr()) << ">(" << expression(U->getSubExpr())
       << ", 1)";
    return true;
  }
  if (const auto *C = dyn_cast<CompoundAssignOperator>(S)) {
    const char *Op = OpName(C->getOpcode());
    if (!Op)
      return Fail();
    OS << "orbis_dev_atomic_" << Op << "<" << scopeOf(C->getLHS()) << ">("
       << expression(C->getLHS()) << ", " << expression(C->getRHS()) << ")";
    return true;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(S);
      B && B->getOpcode() == BO_Assign) {
    // x = x op e: the same lvalue on both sides, printed alike.
    const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    const char *Op = R ? OpName(R->getOpcode()) : nullptr;
    std::string X = expression(B->getLHS());
    if (Op && expression(R->getLHS()->IgnoreParenImpCasts()) == X) {
      OS << "orbis_dev_atomic_" << Op << "<" << scopeOf(B->getLHS()) << ">("
         << X << ", " << expression(R->getRHS()) << ")";
      return true;
    }
  }
  return Fail();
}

namespace {

/// Whether `FD` is a C library function that CUDA also defines for the
/// device with the same meaning: <math.h>'s functions and printf.
bool isDeviceLibraryFunction(const FunctionDecl *FD, const SourceManager &SM) {
  if (FD->getName() == "printf")
    return true;
  SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
  // <cmath>'s overloads for float and long double (`std::sqrt(float)`,
  // `std::abs(float)`), which CUDA's <cmath> defines for the device too.
  if (FD->isInStdNamespace() && SM.isInSystemHeader(Loc) &&
      (SM.getFilename(Loc).contains("math") ||
       SM.getFilename(Loc).contains("std_abs")))
    return true;
  // std::min and std::max: constexpr templates, which nvcc compiles for
  // the device with --expt-relaxed-constexpr (the driver passes it).
  if (FD->isInStdNamespace() && FD->isConstexpr() &&
      SM.isInSystemHeader(Loc) &&
      (FD->getName() == "min" || FD->getName() == "max"))
    return true;
  if (!FD->getBuiltinID())
    return false;
  if (!SM.isInSystemHeader(Loc))
    return FD->getName().starts_with("__builtin_");
  // <math.h>, <cmath> and glibc's bits/mathcalls.h.
  return SM.getFilename(Loc).contains("math");
}

/// The first variable with static storage (a global, a static local) that
/// `Body` names, other than a constant: what a function's device copy
/// cannot reach.
const VarDecl *staticVariableUsed(const Stmt *Body) {
  if (!Body)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Body))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (!V->hasLocalStorage() && !V->isConstexpr() &&
          !V->getType().isConstQualified())
        return V;
  if (const auto *Decls = dyn_cast<DeclStmt>(Body))
    for (const Decl *D : Decls->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V->isStaticLocal())
        return V;
  for (const Stmt *Child : Body->children())
    if (const VarDecl *V = staticVariableUsed(Child))
      return V;
  return nullptr;
}

} // namespace

bool DevicePrinter::printCall(const CallExpr *Call, llvm::raw_ostream &OS) {
  if (auto It = Queries.find(Call); It != Queries.end()) {
    OS << QueryText(*It->second.first, It->second.second);
    return true;
  }
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD) {
    unsupported(Call, "a call through a pointer",
                "the function has no device definition");
    return false;
  }
  llvm::StringRef Name = FD->getName();
  auto Arg = [&](unsigned I) { return expression(Call->getArg(I)); };
  bool Libc = FD->getBuiltinID() != 0 ||
              SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
  if (Libc && (Name == "malloc" || Name == "calloc" || Name == "free")) {
    if (Copy == DeviceCopy::Intra) {
      if (Name == "free")
        OS << "((void)0)"; // the arena is released with the tile
      else if (Name == "malloc")
        OS << "orbis_dev_arena_alloc(&__orbis_arena, 1, (unsigned long long)("
           << Arg(0) << "), false)";
      else
        OS << "orbis_dev_arena_alloc(&__orbis_arena, (unsigned long long)("
           << Arg(0) << "), (unsigned long long)(" << Arg(1) << "), true)";
    } else if (Name == "calloc") {
      OS << "orbis_dev_calloc(" << Arg(0) << ", " << Arg(1) << ")";
    } else {
      OS << Name << "(" << Arg(0) << ")";
    }
    return true;
  }
  if (Libc && Name == "abort") {
    OS << "orbis_dev_abort()";
    return true;
  }
  // assert(): CUDA defines glibc's __assert_fail for the device too.
  if (Libc && Name == "__assert_fail")
    return false;
  if (tileQueryOf(Call)) {
    // Not bound to a loop of this nest: a call in a function the nest calls.
    if (Reported.insert(Call).second)
      Diags.push_back(PendingDiag{
          Diag::CudaUnsupportedCall,
          SM.getExpansionLoc(Call->getBeginLoc()),
          {Name.str(), "a tile query outside the nest's loops (in a function "
                       "the nest calls) has no tile to answer for on the "
                       "GPU; call it in the nest and pass the value"},
          {},
          0,
          {}});
    return false;
  }
  if (FD->hasBody() && SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())) &&
      !isa<CXXMethodDecl>(FD) && !FD->isVariadic()) {
    const FunctionDecl *Def = FD->getDefinition();
    // The device copy of the function sees only its arguments: a variable
    // of the host's with static storage is not there.
    if (const VarDecl *Global = staticVariableUsed(Def->getBody())) {
      if (Reported.insert(Call).second)
        Diags.push_back(PendingDiag{
            Diag::CudaUnsupportedCall,
            SM.getExpansionLoc(Call->getBeginLoc()),
            {FD->getNameAsString(),
             "it uses '" + Global->getNameAsString() +
                 "', a variable with static storage that device code cannot "
                 "reach (pass its value as an argument)"},
            {},
            0,
            {}});
      return false;
    }
    if (!llvm::is_contained(Called, Def))
      Called.push_back(Def);
    // The copy's name, without the qualifier or template arguments the
    // call may spell; a default argument's value written out.
    OS << copyName(Def) << "(";
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *A = Call->getArg(I);
      if (const auto *D = dyn_cast<CXXDefaultArgExpr>(A))
        A = D->getExpr();
      OS << (I ? ", " : "") << expression(A);
    }
    OS << ")";
    return true;
  }
  if (isDeviceLibraryFunction(FD, SM))
    return false;
  if (!Reported.insert(Call).second)
    return false;
  Diags.push_back(PendingDiag{
      Diag::CudaUnsupportedCall,
      SM.getExpansionLoc(Call->getBeginLoc()),
      {FD->getNameAsString(),
       Libc ? "it is a host library function"
       : isa<CXXMethodDecl>(FD)
           ? "it is a member function, which the device copies do not "
             "take (make it a function outside the class)"
           : "its definition is not in this file (define it here so that "
             "it can be copied to the device)"},
      {},
      0,
      {}});
  return false;
}

std::string DevicePrinter::copyName(const FunctionDecl *F) const {
  if (!Ctx.getLangOpts().CPlusPlus ||
      (F->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
       !F->isTemplateInstantiation() && !F->getPrimaryTemplate()))
    return F->getNameAsString();
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  std::unique_ptr<MangleContext> Mangle(Ctx.createMangleContext());
  Mangle->mangleName(GlobalDecl(F), OS);
  return OS.str();
}

bool DevicePrinter::printCast(const CastExpr *Cast, llvm::raw_ostream &OS) {
  if (isa<ImplicitCastExpr>(Cast)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_ArrayToPointerDecay:
    case CK_FunctionToPointerDecay:
    case CK_BuiltinFnToFnPtr:
    case CK_ToVoid:
      return false;
    case CK_NullToPointer:
      OS << "((" << typeName(Cast->getType()) << ")0)";
      return true;
    default:
      break;
    }
  } else if (!isa<CStyleCastExpr>(Cast)) {
    return false;
  }
  // C's conversion, written out: C++ would otherwise choose overloads (a
  // float sqrt) or refuse it (void * to T *).
  OS << "((" << typeName(Cast->getType()) << ")(";
  print(Cast->getSubExpr(), OS);
  OS << "))";
  return true;
}

bool DevicePrinter::printSubscript(const ArraySubscriptExpr *E,
                                   llvm::raw_ostream &OS) {
  if (auto R = Replaced.find(E); R != Replaced.end()) {
    OS << R->second;
    return true;
  }
  // A chain a[i][j]... over variable-length array types becomes one
  // subscript of the flat device array.
  if (E->getType()->isArrayType())
    return false; // a row of the chain; printed by the full access
  std::vector<const Expr *> Indices = {E->getIdx()};
  const Expr *Base = E->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(Base)) {
    if (!Inner->getType()->isArrayType())
      break;
    Indices.insert(Indices.begin(), Inner->getIdx());
    Base = Inner->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (auto S = Var && Copy == DeviceCopy::Intra ? Staged.find(Var)
                                                : Staged.end();
      S != Staged.end()) {
    const StagedAccess &A = S->second;
    if (Indices.size() != A.Origin.size()) {
      unsupported(E, "a row of a 'block_local' array", "index every dimension");
      return false;
    }
    std::string Linear;
    for (size_t I = 0; I < Indices.size(); ++I) {
      std::string Index = "((long long)(" + expression(Indices[I]) + ") - " +
                          A.Origin[I] + ")";
      Linear = I == 0 ? Index : "(" + Linear + " * " + A.Pitch[I] + " + " +
                                    Index + ")";
    }
    OS << A.Buffer << "[" << Linear << "]";
    return true;
  }
  auto It = Var ? VlaDims.find(Var) : VlaDims.end();
  if (It == VlaDims.end())
    return false;
  const std::vector<std::string> &Dims = It->second;
  if (Indices.size() != Dims.size() + 1) {
    unsupported(E, "a row of a variable-length array",
                "index every dimension");
    return false;
  }
  std::string Linear = "(long long)(" + expression(Indices[0]) + ")";
  for (size_t I = 0; I < Dims.size(); ++I)
    Linear = "(" + Linear + " * " + Dims[I] + " + (long long)(" +
             expression(Indices[I + 1]) + "))";
  OS << Var->getName() << "[" << Linear << "]";
  return true;
}

const Expr *DevicePrinter::spinCondition(const Stmt *S) const {
  if (!SpinWaits.count(S))
    return nullptr;
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return W->getConditionVariable() ? nullptr : W->getCond();
  if (const auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

std::string DevicePrinter::acquireTest(const Expr *Cond) {
  if (Cond->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
    return "";
  AcquirePolls = true;
  std::string Text = expression(Cond);
  AcquirePolls = false;
  return Text;
}

bool DevicePrinter::printDecl(const DeclStmt *D, llvm::raw_ostream &OS) {
  for (const Decl *Member : D->decls()) {
    const auto *V = dyn_cast<VarDecl>(Member);
    if (!V) {
      unsupported(D, "this declaration", "only variables are supported");
      return false;
    }
    if (V->getType()->isVariablyModifiedType() || V->isStaticLocal() ||
        V->hasExternalStorage() ||
        V->getType().getCanonicalType()->isRecordType()) {
      unsupported(D, "the declaration of '" + V->getNameAsString() + "'",
                  "a GPU nest declares scalars, pointers and fixed-size "
                  "arrays of them");
      return false;
    }
    OS << declaration(V->getType(), V->getName());
    if (const Expr *Init = V->getInit())
      OS << " = " << expression(Init);
    OS << ";\n";
  }
  return true;
}

} // namespace orbis
