/// \file
/// ORBIS_TRACE for GPU nests (see tile_cuda.h): the device buffer each
/// kernel's leaders stamp their tiles in, and its hand-over to the trace
/// (libtile's trace.cpp) once the kernel has finished.
#include "../export.h"

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cuda_runtime_api.h>

#include <vector>

extern "C" ORBIS_TILE_API orbis_gpu_tile_record_t *
orbis_cuda_trace_alloc(const char *where, long long tiles) {
  if (!orbis_trace_on || tiles <= 0)
    return nullptr;
  void *P = nullptr;
  size_t Bytes = sizeof(orbis_gpu_tile_record_t) * (size_t)tiles;
  orbis_cuda_check(cudaMalloc(&P, Bytes), "cudaMalloc (ORBIS_TRACE)", where);
  // A tile whose record still ends at 0 never ran (an error stopped the
  // kernel first).
  orbis_cuda_check(cudaMemset(P, 0, Bytes), "cudaMemset (ORBIS_TRACE)", where);
  return static_cast<orbis_gpu_tile_record_t *>(P);
}

extern "C" ORBIS_TILE_API void
orbis_cuda_trace_collect(const char *where, orbis_gpu_tile_record_t *records,
                         long long tiles, unsigned long long launch_ns) {
  if (!records)
    return;
  std::vector<orbis_gpu_tile_record_t> Host((size_t)tiles);
  orbis_cuda_check(cudaMemcpy(Host.data(), records,
                              sizeof(orbis_gpu_tile_record_t) * Host.size(),
                              cudaMemcpyDeviceToHost),
                   "cudaMemcpy (ORBIS_TRACE)", where);
  orbis_cuda_check(cudaFree(records), "cudaFree (ORBIS_TRACE)", where);
  orbis_trace_gpu_tiles(where, Host.data(), tiles, launch_ns);
}
