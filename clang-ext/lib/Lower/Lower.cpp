/// \file
/// The backends behind the seam of Lower.h.
#include "orbis/Lower.h"

#include "Cuda/CudaLowering.h"
#include "Host/HostLowering.h"

namespace orbis {

llvm::Expected<LowerResult>
lower(const NestModel &Model, const std::vector<CollectedDirective> &Directives,
      clang::ASTContext &Ctx, const LowerOptions &Options) {
  switch (Options.Target) {
  case Backend::Host:
    return lowerForHost(Model, Directives, Ctx, Options);
  case Backend::Cuda:
    return lowerForCuda(Model, Directives, Ctx, Options);
  }
  llvm_unreachable("unknown backend");
}

} // namespace orbis
