// The automatic tile of rows in strict lockstep whose leader keeps
// ORBIS_DEV_TILES_IN_FLIGHT tiles in flight: three warps (96 rows) at level
// 0 (ORBIS_SITE_GPU_TALL_ROWS, libtile's size policy), a 16-column chunk
// at the inner level. The rows of such a schedule lag by at most one
// column (RowSchedule.cpp), so three warps' skew, 95 + 2 x 32 + 16 columns,
// always fits 15 tiles of 16 columns; the launcher still checks it.
// RUN: %orbis-cc --offload=cuda --emit-lowered %s | grep -v '// CHECK' | FileCheck %s
// REQUIRES: cuda
#include <omp_blocked.h>
#include <stdlib.h>

enum { PAD = 16 };

// CHECK: static const orbis_site_t __orbis_site0_0 = {"{{.*}}tall-rows.c:[[@LINE+4]]:3", 0, 8, ORBIS_SITE_GPU | ORBIS_SITE_GPU_WARP_ROWS | ORBIS_SITE_GPU_TALL_ROWS | ORBIS_SITE_PIPELINED, 0};
// CHECK: static const orbis_site_t __orbis_site0_1 = {"{{.*}}tall-rows.c:[[@LINE+11]]:5", 1, 8, ORBIS_SITE_GPU | ORBIS_SITE_GPU_WARP_ROWS | ORBIS_SITE_PIPELINED | ORBIS_SITE_INNERMOST, 0};
void lag_one(int n, double (*A)[n]) {
  volatile int *done = NULL;
  #pragma omp parallel for schedule(blocked) map(tofrom: A[0:n])
  for (int x = 1; x < n - 1; x++) {
    #pragma omp single
    {
      done = calloc((omp_num_blocks() + 1) * PAD, sizeof(int));
      done[0] = n;
    }
    int xb = omp_block_num();
    #pragma omp for schedule(blocked)
    for (int y = 1; y < n - 1; y++) {
      while (done[xb * PAD] < y + omp_block_size() - 1) {
      }
      #pragma omp block
      A[x][y] = 0.25 * (A[x - 1][y] + A[x + 1][y] + A[x][y - 1] + A[x][y + 1]);
      #pragma omp atomic
      done[(xb + 1) * PAD] += omp_block_size();
    }
  }
  free((void *)done);
}

// CHECK-LABEL: // ---- device code: tall-rows.orbis.cu ----
// CHECK: // Nest 0 at {{.*}}tall-rows.c:{{[0-9]+}}:3: intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0)).
// CHECK: P.lockstep = orbis_cuda_rows_in_lockstep(where, 1, "intra-tile schedule: rows in lockstep, lag 1 (distances (0, 1) (1, 0))", loops[1 < 2 ? 1 : 0].tile, ((rows - 1) * 1 + (warps - 1) * 32 + 16 + ORBIS_DEV_TILES_IN_FLIGHT - 2) / (ORBIS_DEV_TILES_IN_FLIGHT - 1));
// The block opts in to more shared memory when the arena and the static
// staging buffers need more than 48 KiB together.
// CHECK: static const size_t static_shared = [] {
// CHECK-NEXT: cudaFuncAttributes attributes;
// CHECK-NEXT: orbis_cuda_check(cudaFuncGetAttributes(&attributes, __orbis_kernel0), "cudaFuncGetAttributes", where);
// CHECK-NEXT: return attributes.sharedSizeBytes;
// CHECK-NEXT: }();
// CHECK-NEXT: if (shared_bytes + static_shared > 48 * 1024)
// CHECK-NEXT: orbis_cuda_check(cudaFuncSetAttribute(__orbis_kernel0, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared_bytes), "cudaFuncSetAttribute", where);
