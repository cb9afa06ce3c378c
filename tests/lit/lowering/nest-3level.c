// A three-level tiled nest with '#pragma omp block' in the innermost loop and
// a pre-block and a post-block at every level. Each nested loop is set up
// inside its parent's tile with the product of the enclosing tile sizes as
// multiplier; the pre- and post-blocks stay where they are (run once per
// tile); the '#pragma omp block' line becomes the element loops of all three
// levels in the original order (x, y, z), and the loop variables are reset to
// the tile's first values after the instruction block.
// RUN: %orbis-cc --emit-lowered %s | %join-generated %s | grep -v "^ *//" | FileCheck %s
// RUN: %orbis-cc -fsyntax-only %s

void sweep3(int nx, int ny, int nz, double *A, int *log) {
  // CHECK: {{^}}  {{(_Pragma.* )?}}{ int [[LB0:__orbis_lb[0-9_]+]] = (1); __typeof__((nx) + 0) {{.*}} orbis_loop_t [[L0:__orbis_L[0-9_]+]];
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, 4, 1, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}#pragma push_macro("blocked"){{$}}
  // CHECK: {{^}}#define blocked monotonic: dynamic, 1) firstprivate([[L0]], [[LB0]]) __orbis_drop({{$}}
  // CHECK: {{^}}#pragma pop_macro("block_local"){{$}}
  // (generated code on lines of its own: no #line here once joined)
  // CHECK-EMPTY:
  // CHECK-NEXT: {{^}}  for (long long [[T0:__orbis_t[0-9_]+]] = 0; {{.*}} orbis_tile_t [[C0:__orbis_c[0-9_]+]];
  // CHECK-SAME: {{.*}} int x = [[F0:__orbis_f[0-9_]+]]; do { {{[{]$}}
  // CHECK-NEXT: {{^}}    log[0] = x;{{$}}
  // CHECK-NEXT: {{^}}    {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (1); __typeof__((ny) + 0) {{.*}} orbis_loop_t [[L1:__orbis_L[0-9_]+]];
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, 4, 1 * [[L0]].tile, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}    for (long long [[T1:__orbis_t[0-9_]+]] = 0; [[T1]] < [[L1]].num_tiles; {{.*}} orbis_tile_t [[C1:__orbis_c[0-9_]+]];
  // CHECK-SAME: {{.*}} int y = [[F1:__orbis_f[0-9_]+]]; do { {{[{]$}}
  // CHECK-NEXT: {{^}}      log[1] = y;{{$}}
  // CHECK-NEXT: {{^}}      {{(_Pragma.* )?}}{ int {{__orbis_lb[0-9_]+}} = (1); __typeof__((nz) + 0) {{.*}} orbis_loop_t [[L2:__orbis_L[0-9_]+]];
  // CHECK-SAME: ORBIS_CMP_LT, {{.*}}, 2, 1 * [[L1]].tile * [[L0]].tile, {{.*}});{{$}}
  // CHECK-NEXT: {{^}}      for (long long [[T2:__orbis_t[0-9_]+]] = 0; [[T2]] < [[L2]].num_tiles; {{.*}} orbis_tile_t [[C2:__orbis_c[0-9_]+]];
  // CHECK-SAME: {{.*}} int z = [[F2:__orbis_f[0-9_]+]]; do { {{[{]$}}
  #pragma omp parallel for schedule(blocked, 4)
  for (int x = 1; x < nx; x++) {
    log[0] = x;
    #pragma omp for schedule(blocked, 4)
    for (int y = 1; y < ny; y++) {
      log[1] = y;
      #pragma omp for schedule(blocked, 2)
      for (int z = 1; z < nz; z++) {
        log[2] = z;
        // CHECK-NEXT: {{^}}        log[2] = z;{{$}}
        #pragma omp block
        {
          A[(x * ny + y) * nz + z] += A[(x * ny + y) * nz + z - 1];
        }
        // CHECK-NEXT: {{^}}        {{(_Pragma.* )?}}{ { for (x = [[F0]]; x < {{__orbis_e[0-9_]+}}; ++x)
        // CHECK-SAME: {{ }}for (y = [[F1]]; y < {{__orbis_e[0-9_]+}}; ++y)
        // CHECK-SAME: {{ }}for (z = [[F2]]; z < {{__orbis_e[0-9_]+}}; ++z) {{[{]}}
        // CHECK-NEXT: {{^}}        {{[{]$}}
        // CHECK-NEXT: {{^}}          A[(x * ny + y) * nz + z] += A[(x * ny + y) * nz + z - 1];{{$}}
        // CHECK-NEXT: {{^}}        } } } x = [[F0]]; y = [[F1]]; z = [[F2]]; }{{$}}
        log[3] = z;
        // CHECK-NEXT: {{^}}        log[3] = z;{{$}}
      }
      // CHECK-NEXT: {{^}}      } } while (0); orbis_tile_leave(&[[C2]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
      log[4] = y;
      // CHECK-NEXT: {{^}}      log[4] = y;{{$}}
    }
    // CHECK-NEXT: {{^}}    } } while (0); orbis_tile_leave(&[[C1]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
    log[5] = x;
    // CHECK-NEXT: {{^}}    log[5] = x;{{$}}
  }
  // CHECK-NEXT: {{^}}  } } while (0); orbis_tile_leave(&[[C0]]); } }{{( _Pragma\("clang diagnostic pop"\))?$}}
}
