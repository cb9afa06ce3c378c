/// \file
/// The device, errors and launch sizes of GPU regions (see tile_cuda.h).
#include "../export.h"
#include "checks.h"

#include <orbis/tile.h>
#include <orbis/tile_cuda.h>

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cctype>
#include <vector>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace orbis::tile {

void cudaEnsureDevice(const char *Where) {
  static std::once_flag Once;
  std::call_once(Once, [Where] {
    int Count = 0;
    cudaError_t St = cudaGetDeviceCount(&Count);
    if (St != cudaSuccess) {
      std::string What = std::string("cannot run on the GPU: ") +
                         cudaGetErrorString(St);
      orbis_tile_fatal(Where, What.c_str());
    }
    if (Count == 0)
      orbis_tile_fatal(Where, "cannot run on the GPU: no CUDA device");
  });
}

} // namespace orbis::tile

extern "C" ORBIS_TILE_API void orbis_cuda_check(int status, const char *call,
                                                const char *where) {
  if (status == cudaSuccess)
    return;
  std::string What = std::string(call) + " failed: " +
                     cudaGetErrorString(static_cast<cudaError_t>(status));
  orbis_tile_fatal(where, What.c_str());
}

extern "C" ORBIS_TILE_API orbis_cuda_error_t *
orbis_cuda_error_slot(const char *where, void **device) {
  orbis::tile::cudaEnsureDevice(where);
  // One per process; host threads may launch GPU nests concurrently.
  static orbis_cuda_error_t *Slot = nullptr;
  static void *DeviceSlot = nullptr;
  static std::once_flag Once;
  std::call_once(Once, [where] {
    orbis_cuda_check(cudaHostAlloc(reinterpret_cast<void **>(&Slot),
                                   sizeof(orbis_cuda_error_t),
                                   cudaHostAllocMapped),
                     "cudaHostAlloc", where);
    std::memset(static_cast<void *>(Slot), 0, sizeof(*Slot));
    orbis_cuda_check(cudaHostGetDevicePointer(&DeviceSlot, Slot, 0),
                     "cudaHostGetDevicePointer", where);
  });
  *device = DeviceSlot;
  return Slot;
}

extern "C" ORBIS_TILE_API void
orbis_cuda_finish(const char *where, const orbis_cuda_error_t *report) {
  cudaError_t St = cudaDeviceSynchronize();
  if (report && report->set) {
    // The kernel stopped itself: its message, at the user's construct.
    orbis_tile_fatal(const_cast<const char *>(report->where),
                     const_cast<const char *>(report->what));
  }
  orbis_cuda_check(St, "the kernel", where);
}

namespace {

/// The `Level`-th value of a comma list, the last one repeating; 0 if the
/// variable is unset. The whole list must be positive integers, whichever
/// value is used, or the program stops naming the variable.
long long listValue(const char *Var, const char *Where, int Level) {
  const char *Text = std::getenv(Var);
  if (!Text || !*Text)
    return 0;
  std::vector<long long> Values;
  for (const char *P = Text;;) {
    char *End = nullptr;
    long long Value = std::strtoll(P, &End, 10);
    if (End == P || !std::isdigit(static_cast<unsigned char>(*P)) ||
        Value < 1 || (*End && *End != ',')) {
      std::string What = std::string(Var) + " '" + Text +
                         "' must be a comma list of positive integers";
      orbis_tile_fatal(Where, What.c_str());
    }
    Values.push_back(Value);
    if (!*End)
      break;
    P = End + 1;
  }
  return Values[std::min<size_t>(Level, Values.size() - 1)];
}

} // namespace

extern "C" ORBIS_TILE_API int orbis_cuda_grid(const char *where, int per_sm,
                                              long long tiles) {
  if (per_sm < 1)
    orbis_tile_fatal(where, "the kernel cannot run: a thread block needs more "
                            "threads or shared memory than the GPU has");
  int Device = 0, SMs = 0;
  orbis_cuda_check(cudaGetDevice(&Device), "cudaGetDevice", where);
  orbis_cuda_check(
      cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Device),
      "cudaDeviceGetAttribute", where);
  long long Blocks = static_cast<long long>(per_sm) * SMs;
  if (long long Limit = listValue("ORBIS_GPU_BLOCKS", where, 0))
    Blocks = std::min(Blocks, Limit);
  return static_cast<int>(std::max(1LL, std::min(Blocks, tiles)));
}

extern "C" ORBIS_TILE_API size_t orbis_cuda_shared_limit(const char *where) {
  int Device = 0, Limit = 0;
  orbis_cuda_check(cudaGetDevice(&Device), "cudaGetDevice", where);
  orbis_cuda_check(cudaDeviceGetAttribute(
                       &Limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, Device),
                   "cudaDeviceGetAttribute", where);
  return static_cast<size_t>(Limit);
}

extern "C" ORBIS_TILE_API void orbis_cuda_check_shared(const char *where,
                                                       size_t dynamic,
                                                       size_t fixed,
                                                       const char *what) {
  size_t Limit = orbis_cuda_shared_limit(where);
  if (dynamic + fixed <= Limit)
    return;
  std::string What = std::string(what) + " needs " +
                     std::to_string(dynamic + fixed) +
                     " bytes of shared memory per thread block (its tile "
                     "with the halo, and the tile-local arena), more than "
                     "the GPU's " + std::to_string(Limit) +
                     ": use smaller tiles or a smaller ORBIS_GPU_ARENA";
  orbis_tile_fatal(where, What.c_str());
}

extern "C" ORBIS_TILE_API long long orbis_cuda_subtile(const char *where,
                                                       int level) {
  long long V = listValue("ORBIS_GPU_SUBTILE", where, level);
  return V ? V : 1;
}

extern "C" ORBIS_TILE_API size_t orbis_cuda_arena_bytes(const char *where) {
  long long V = listValue("ORBIS_GPU_ARENA", where, 0);
  return V ? static_cast<size_t>(V) : 16384;
}

/// Whether ORBIS_VERBOSE asks for reports and the nest at `where` has not
/// made this kind of report yet (`Printed`, one list per kind): a nest
/// inside a time loop launches many times.
static bool verboseOnce(const char *where, std::vector<std::string> &Printed) {
  const char *Verbose = std::getenv("ORBIS_VERBOSE");
  if (!Verbose || !*Verbose || std::strcmp(Verbose, "0") == 0)
    return false;
  static std::mutex Lock;
  std::lock_guard<std::mutex> Guard(Lock);
  if (std::find(Printed.begin(), Printed.end(), where) != Printed.end())
    return false;
  Printed.push_back(where);
  return true;
}

extern "C" ORBIS_TILE_API int orbis_cuda_row_warps(const char *where,
                                                  int threads_fit,
                                                  long long tile,
                                                  long long min_tile) {
  const char *Text = std::getenv("ORBIS_GPU_ROW_WARPS");
  int Wanted = 2;
  if (Text && *Text) {
    if (std::strcmp(Text, "1") == 0)
      Wanted = 1;
    else if (std::strcmp(Text, "2") != 0) {
      std::string What = std::string("ORBIS_GPU_ROW_WARPS '") + Text +
                         "' must be 1 or 2";
      orbis_tile_fatal(where, What.c_str());
    }
  }
  int Warps = Wanted == 2 && threads_fit && tile >= min_tile ? 2 : 1;
  static std::vector<std::string> Printed;
  if (verboseOnce(where, Printed)) {
    if (Warps == 2)
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: two warps per 32 rows, taking "
                   "alternate chunks\n",
                   where);
    else if (Wanted == 1)
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: one warp per 32 rows "
                   "(ORBIS_GPU_ROW_WARPS=1)\n",
                   where);
    else if (!threads_fit)
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: one warp per 32 rows (two would "
                   "need more threads than a block of this kernel has)\n",
                   where);
    else
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: one warp per 32 rows (two need "
                   "inner tiles of at least %lld iterations, not %lld)\n",
                   where, min_tile, tile);
  }
  return Warps;
}

extern "C" ORBIS_TILE_API int
orbis_cuda_rows_in_lockstep(const char *where, int possible,
                            const char *schedule, long long tile,
                            long long min_tile) {
  const char *Text = std::getenv("ORBIS_GPU_SCHEDULE");
  bool Wanted = true;
  if (Text && *Text) {
    if (std::strcmp(Text, "copies") == 0)
      Wanted = false;
    else if (std::strcmp(Text, "rows") != 0) {
      std::string What = std::string("ORBIS_GPU_SCHEDULE '") + Text +
                         "' must be 'rows' or 'copies'";
      orbis_tile_fatal(where, What.c_str());
    }
  }
  bool Narrow = possible && tile < min_tile;
  bool Lockstep = possible && Wanted && !Narrow;
  static std::vector<std::string> Printed;
  if (verboseOnce(where, Printed)) {
    if (Lockstep || !possible)
      std::fprintf(stderr, "orbis: GPU nest at %s: %s\n", where, schedule);
    else if (!Wanted)
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: copies of the pre/post-blocks "
                   "on sub-tiles (ORBIS_GPU_SCHEDULE=copies; possible: %s)\n",
                   where, schedule);
    else
      std::fprintf(stderr,
                   "orbis: GPU nest at %s: copies of the pre/post-blocks "
                   "on sub-tiles (rows in lockstep need inner tiles of at "
                   "least %lld iterations with these rows, not %lld)\n",
                   where, min_tile, tile);
  }
  return Lockstep;
}
