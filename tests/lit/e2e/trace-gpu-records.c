// The GPU backend's part of ORBIS_TRACE (docs/trace.md), on the host: a
// kernel's records (device clock stamps of each outermost tile, its SM and
// its thread block) become `gpu tile` events on one track per block, the
// device's clock placed so that the kernel's first tile starts at its
// launch; a record that never ended (the kernel stopped first) is left
// out. The GPU machine's suite checks real kernels (tests/gpu).
//
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %orbis-cc -O2 %s -o %t
// RUN: env ORBIS_TRACE=%t.d/trace.json %t | FileCheck %s --check-prefix=OUT
// RUN: python3 %S/Inputs/check_gpu_records.py %t.d/trace.json | FileCheck %s
// RUN: python3 %source-dir/tests/gpu/check-gpu-trace.py %t.d/trace.json 3 2 | FileCheck %s --check-prefix=COUNT
// Not traced: the calls do nothing.
// RUN: %t | FileCheck %s --check-prefix=OUT
//
// OUT: launched
//
// Per site: tile, start after the kernel's launch (us), duration (us), SM,
// block; the tracks' names.
// CHECK:      k.c:3:1 (0, 0.000, 2.500, 7, 0) (1, 1.000, 2.500, 8, 1) (2, 2.000, 2.500, 9, 0)
// CHECK-NEXT: k.c:9:1 (0, 0.000, 0.250, 131, 4) (2, 0.100, 0.300, 3, 1)
// CHECK-NEXT: tracks GPU block 0, GPU block 1, GPU block 4
//
// Tile 1 of the second kernel never ended: 3 tiles, but not each twice.
// COUNT: WRONG: tiles [(0, 2), (1, 1), (2, 2)]..., expected 0..2 2 times each
#include <orbis/tile.h>

#include <stdio.h>

int main(void) {
  // A device clock far from the host's; tiles a microsecond apart.
  const unsigned long long D = 5000000000000ull;
  orbis_gpu_tile_record_t First[3], Second[3];
  for (unsigned I = 0; I < 3; I++)
    First[I] = (orbis_gpu_tile_record_t){D + 1000 * I, D + 1000 * I + 2500,
                                         7 + I, I % 2};
  // Another launch, another origin; tile 1 did not end.
  Second[0] = (orbis_gpu_tile_record_t){400, 650, 131, 4};
  Second[1] = (orbis_gpu_tile_record_t){300, 0, 5, 2};
  Second[2] = (orbis_gpu_tile_record_t){500, 800, 3, 1};
  orbis_trace_gpu_tiles("k.c:3:1", First, 3, orbis_trace_clock_ns());
  orbis_trace_gpu_tiles("k.c:9:1", Second, 3, orbis_trace_clock_ns() + 5000);
  orbis_trace_gpu_tiles("k.c:9:1", Second, 0, orbis_trace_clock_ns());
  orbis_trace_gpu_tiles("k.c:9:1", NULL, 3, orbis_trace_clock_ns());
  puts("launched");
  return 0;
}
