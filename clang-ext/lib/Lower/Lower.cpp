/// \file
/// The backends behind the seam of Lower.h.
#include "orbis/Lower.h"

#include "Cuda/CudaLowering.h"
#include "Host/HostLowering.h"
#include "Host/WorldLowering.h"

namespace orbis {

llvm::Expected<LowerResult>
lower(const NestModel &Model, const std::vector<CollectedDirective> &Directives,
      clang::ASTContext &Ctx, const LowerOptions &Options) {
  llvm::Expected<LowerResult> Result =
      Options.Target == Backend::Cuda
          ? lowerForCuda(Model, Directives, Ctx, Options)
          : lowerForHost(Model, Directives, Ctx, Options);
  // Every backend's edits are generated code (EditList.h).
  if (Result)
    Result->Edits.setGeneratedCodeMarkers(GeneratedCodeBegin,
                                          GeneratedCodeEnd);
  return Result;
}

} // namespace orbis
