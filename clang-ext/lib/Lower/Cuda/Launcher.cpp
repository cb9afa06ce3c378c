/// \file
/// The launcher of an offloaded nest (NestEmitter.h): the host function in
/// the .cu that maps the data, fills the kernel's parameters, sizes the
/// block and the grid, launches, waits and maps back.
#include "NestEmitter.h"

using namespace clang;

namespace orbis::cuda {

std::string CudaNestEmitter::launcher() {
  std::string N = id();
  std::string Where = quoted(where(Nest.root().Pragma->Dir.Loc));
  unsigned Depth = Nest.Loops.size();
  std::string S =
      "extern \"C\" void " + launcherName() +
      "(const orbis_loop_t *loops, const long long *lbs, void *const *args, "
      "orbis_cuda_map_t *maps, const long long *dims) {\n"
      "  static const char where[] = " + Where + ";\n"
      "  (void)args; (void)dims;\n"
      "  orbis_cuda_region_enter(where, maps, " + std::to_string(NumMaps) +
      ");\n"
      "  __orbis_params" + N + " P;\n";
  for (unsigned L = 0; L < Depth; ++L) {
    std::string Lv = std::to_string(L);
    S += "  P.loops[" + Lv + "] = loops[" + Lv + "]; P.lbs[" + Lv + "] = lbs[" +
         Lv + "]; P.sub[" + Lv + "] = orbis_cuda_subtile(where, " + Lv + ");\n"
         "  orbis_cuda_subtile_counts(&loops[" + Lv + "], P.sub[" + Lv +
         "], &P.sub_per_tile[" + Lv + "], &P.sub_count[" + Lv + "]);\n";
  }
  // Rows in lockstep: one row per worker thread. When the leader runs
  // pre-blocks ahead of post-blocks, it keeps R tiles in flight, so the
  // rows (skewed by the lag, and by a chunk at each warp) must span at most
  // R tiles: column tiles at least span / (R - 1) wide.
  std::string Lag = std::to_string(Rows.Lag);
  // The narrowest inner tile for rows whose last chunk runs `Ahead`
  // columns past the skew (one chunk; two with paired warps).
  auto MinInnerTile = [&](int Ahead) {
    return "((rows - 1) * " + Lag + " + (warps - 1) * 32 + " +
           std::to_string(Ahead) + " + " + inFlight() + " - 2) / (" +
           inFlight() + " - 1)";
  };
  S += "  long long rows = loops[0].tile, warps = (rows + 31) / 32;\n"
       "  (void)warps;\n"
       "  P.lockstep = orbis_cuda_rows_in_lockstep(where, " +
       std::string(Rows.Applies ? "1" : "0") + ", " +
       quoted("intra-tile schedule: " + describe(Rows)) +
       ", loops[1 < " + std::to_string(Depth) + " ? 1 : 0].tile, " +
       (Rows.Applies && lookahead() ? MinInnerTile(16) : std::string("0")) +
       ");\n"
       "  if (P.lockstep) {\n    P.sub[0] = 1;\n"
       "    orbis_cuda_subtile_counts(&loops[0], 1, &P.sub_per_tile[0], "
       "&P.sub_count[0]);\n  }\n";
  if (PairedRows)
    // Two warps per 32 rows when their threads fit a block and the inner
    // tiles hold the rows' span plus the chunk the second warp runs ahead.
    S += "  P.pairs = P.lockstep ? orbis_cuda_row_warps(where, (2 * warps + "
         "1) * 32 <= " +
         std::to_string(maxThreads()) +
         ", loops[1].tile, " + MinInnerTile(32) + ") : 1;\n";
  for (const DeviceVariable &V : Vars) {
    std::string Name = V.name(), Arg = "args[" + std::to_string(V.ArgIndex) + "]";
    if (V.Kind == DeviceVariable::ByValue)
      S += "  P.u." + Name + " = *(const " +
           Printer.declaration(
               Ctx.getPointerType(V.Var->getType().getNonReferenceType().getUnqualifiedType()), "") +
           ")" + Arg + ";\n";
    else if (V.Kind == DeviceVariable::Pointer)
      S += "  P.u." + Name + " = (decltype(P.u." + Name + "))maps[" +
           std::to_string(V.MapIndex) + "].device_value;\n";
    else
      S += "  P.u." + Name + " = maps[" + std::to_string(V.MapIndex) +
           "].device_value;\n";
  }
  for (unsigned K = 0; K < NumDims; ++K)
    S += "  P.dims[" + std::to_string(K) + "] = dims[" + std::to_string(K) +
         "];\n";
  std::string Singles = std::to_string(std::max<size_t>(Nest.Singles.size(), 1));
  S += "  void *state = 0;\n"
       "  orbis_cuda_check(cudaMalloc(&state, sizeof(unsigned long long) + " +
       Singles + " * sizeof(int)), \"cudaMalloc\", where);\n"
       "  orbis_cuda_check(cudaMemset(state, 0, sizeof(unsigned long long) + " +
       Singles + " * sizeof(int)), \"cudaMemset\", where);\n"
       "  P.ticket = (unsigned long long *)state;\n"
       "  P.once = (int *)((unsigned long long *)state + 1);\n"
       "  void *report_device = 0;\n"
       "  orbis_cuda_error_t *report = orbis_cuda_error_slot(where, &report_device);\n"
       "  P.report = (orbis_cuda_error_t *)report_device;\n"
       "  P.arena = orbis_cuda_arena_bytes(where);\n" + stageSizes() +
       (PairedRows ? "  void (*const kernel)(__orbis_params" + N +
                         ") = P.pairs > 1 ? __orbis_kernel" + N +
                         "<2> : __orbis_kernel" + N + "<1>;\n"
                   : "  void (*const kernel)(__orbis_params" + N +
                         ") = __orbis_kernel" + N + ";\n") +
       "  long long workers = (loops[0].tile - 1) / P.sub[0] + 1;\n"
       "  P.workers = (int)workers;\n" +
       std::string(PairedRows ? "  P.row_threads = (int)((workers + 31) / 32 * 32);\n"
                     "  P.leader = P.row_threads * P.pairs;\n"
                   : "  P.leader = (int)((workers + 31) / 32 * 32);\n") +
       "  long long threads = P.leader + 32;\n"
       "  if (threads > " + std::to_string(maxThreads()) + ")\n"
       "    orbis_tile_fatal(where, \"a tile of the outermost loop has more "
       "than " + std::to_string(maxThreads() - 32) +
       " sub-tiles (this kernel's blocks have at most " +
       std::to_string(maxThreads()) +
       " threads, one warp leads): use a smaller tile or a larger "
       "ORBIS_GPU_SUBTILE\");\n"
       // Static shared memory (the staging buffers) counts against the
       // 48 KiB a block gets without opting in, too. Asked once per
       // process.
       "  static const size_t static_shared = [] {\n"
       "    cudaFuncAttributes attributes;\n"
       "    orbis_cuda_check(cudaFuncGetAttributes(&attributes, __orbis_kernel" + N +
       (PairedRows ? "<1>" : "") + "), \"cudaFuncGetAttributes\", where);\n"
       "    return attributes.sharedSizeBytes;\n  }();\n"
       "  if (shared_bytes + static_shared > 48 * 1024)\n"
       "    orbis_cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared_bytes), "
       "\"cudaFuncSetAttribute\", where);\n"
       "  int per_sm = 0;\n"
       "  orbis_cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor("
       "&per_sm, kernel, (int)threads, shared_bytes), "
       "\"cudaOccupancyMaxActiveBlocksPerMultiprocessor\", where);\n"
       "  if (loops[0].num_tiles > 0) {\n"
       "    int grid = orbis_cuda_grid(where, per_sm, loops[0].num_tiles);\n"
       "    P.trace = orbis_cuda_trace_alloc(where, loops[0].num_tiles);\n"
       "    unsigned long long launch_ns = P.trace ? orbis_trace_clock_ns() : 0;\n"
       "    kernel<<<grid, (int)threads, shared_bytes>>>(P);\n"
       "    orbis_cuda_check(cudaGetLastError(), \"the kernel launch\", where);\n"
       "    orbis_cuda_finish(where, report);\n"
       "    orbis_cuda_trace_collect(where, P.trace, loops[0].num_tiles, launch_ns);\n"
       "  }\n"
       "  orbis_cuda_check(cudaFree(state), \"cudaFree\", where);\n"
       "  orbis_cuda_region_exit(where, maps, " + std::to_string(NumMaps) +
       ");\n}\n\n";
  return S;
}


} // namespace orbis::cuda
