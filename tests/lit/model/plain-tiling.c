// The model of a plain tiled nest (no '#pragma omp block': the innermost
// body is the instruction block), with a constant and an expression tile
// size, a 'private' clause on the nested loop, a 'block_local' clause with a
// named halo (evaluated), a loop counting down by 2, variables of every
// class (the tile size is the pragma's, not a use in the code), and
// subscripts that are constants or other expressions.
// RUN: %orbis-cc --print-model %s | FileCheck --strict-whitespace --match-full-lines %s
#include <omp_blocked.h>

enum { HALO = 1 };

void smooth(int n, int ts, double B[64][64], const double C[64][64], double *D) {
  double t;
  #pragma omp parallel for schedule(blocked, 8) block_local(C, (i, j), HALO)
  for (int i = n - 2; i >= 1; i -= 2) {
    #pragma omp for schedule(blocked, ts * 2) private(t)
    for (int j = 1; j < n - 1; j++) {
      double s = C[i - 1][j] + C[i + 1][j];
      t = s;
      B[i][j] = t + C[i][j] + D[i * n + j] + B[0][j];
    }
  }
}
// CHECK:nest 0 at plain-tiling.c:14:3 (parallel for, plain tiling)
// CHECK-NEXT:  loop 0 'i' int: from n - 2 while >= 1, step -2, tile 8
// CHECK-NEXT:    block_local C (i, j) halo 1
// CHECK-NEXT:  loop 1 'j' int: from 1 while < n - 1, step +1, tile 'ts * 2'
// CHECK-NEXT:    private t
// CHECK-NEXT:  instruction block: the body of loop 1
// CHECK-NEXT:  variable 'j' loop variable of loop 1, written, used in pre/post-blocks and the instruction block
// CHECK-NEXT:  variable 'n' global, read only, used in pre/post-blocks and the instruction block
// CHECK-NEXT:  variable 'C' global, read only, used in the instruction block
// CHECK-NEXT:  variable 'i' loop variable of loop 0, read only, used in the instruction block
// CHECK-NEXT:  variable 't' private, written, used in the instruction block
// CHECK-NEXT:  variable 's' iteration-local, read only, used in the instruction block
// CHECK-NEXT:  variable 'B' global, read only, elements written, used in the instruction block
// CHECK-NEXT:  variable 'D' global, read only, used in the instruction block
// CHECK-NEXT:  access 'C[i - 1][j]' read: [loop 0 - 1] [loop 1 + 0]
// CHECK-NEXT:  access 'C[i + 1][j]' read: [loop 0 + 1] [loop 1 + 0]
// CHECK-NEXT:  access 'B[i][j]' write: [loop 0 + 0] [loop 1 + 0]
// CHECK-NEXT:  access 'C[i][j]' read: [loop 0 + 0] [loop 1 + 0]
// CHECK-NEXT:  access 'D[i * n + j]' read: [other, uses loop variables]
// CHECK-NEXT:  access 'B[0][j]' read: [0] [loop 1 + 0]
// CHECK-NEXT:  intra-tile schedule: copies of the pre/post-blocks on sub-tiles (no rows in lockstep: loop 'i' has a step other than 1)
// CHECK-EMPTY:
