/// \file
/// Internal helpers of libtile's CUDA part shared by its files.
#ifndef ORBIS_TILE_SRC_CUDA_CHECKS_H
#define ORBIS_TILE_SRC_CUDA_CHECKS_H

namespace orbis::tile {

/// Selects the device once per process; no device, a driver older than the
/// runtime, or any other failure stops the program with CUDA's reason.
void cudaEnsureDevice(const char *Where);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_CUDA_CHECKS_H
