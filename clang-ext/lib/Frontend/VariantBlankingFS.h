/// \file
/// The file system of the analysis parse. That parse runs without -fopenmp
/// (Clang rejects the extension clauses under it), so both the base
/// definition of a function and its variants in
/// `#pragma omp begin declare variant` ... `end declare variant` blocks
/// would be definitions and collide. This file system hands out every file
/// with the contents of such blocks blanked (spaces, newlines kept), so that
/// offsets, lines and columns are unchanged and the analysis sees the code
/// of the base program only. The lowering edits the original text.
#ifndef ORBIS_FRONTEND_VARIANTBLANKINGFS_H
#define ORBIS_FRONTEND_VARIANTBLANKINGFS_H

#include "llvm/Support/VirtualFileSystem.h"

namespace orbis {

/// `Text` with the lines strictly inside `begin declare variant` /
/// `end declare variant` pairs (nested pairs counted) made blank; unchanged
/// when it has none.
std::string blankDeclareVariantBlocks(llvm::StringRef Text);

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createVariantBlankingFS(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace orbis

#endif
