/// \file
/// Internal helpers of libtile's CUDA part shared by its files.
#ifndef ORBIS_TILE_SRC_CUDA_CHECKS_H
#define ORBIS_TILE_SRC_CUDA_CHECKS_H

#include <cstddef>
#include <cstdint>

namespace orbis::tile {

/// Selects the device once per process; no device, a driver older than the
/// runtime, or any other failure stops the program with CUDA's reason.
void cudaEnsureDevice(const char *Where);

/// The host bytes [ExtentBegin, ExtentEnd) that a `target data` region
/// holds on the device around the section [Begin, Begin + Bytes), if one
/// does: a nest inside uses that copy, all of it.
bool presentExtent(const void *Begin, size_t Bytes, uintptr_t &ExtentBegin,
                   uintptr_t &ExtentEnd);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_CUDA_CHECKS_H
