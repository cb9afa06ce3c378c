// A statement the lowering edits around (the instruction block, a blocked
// loop's body, a 'single' or 'atomic' statement, the loop itself) written
// in a file this one includes is an error at its directive: the element
// loops closed after the statement that followed the '#include' line (the
// directive took the next statement of this file), the tile's counter was
// published once per iteration, and a Gauss-Seidel wavefront gave wrong
// results from run to run.
// RUN: not %orbis-cc -fsyntax-only -I%S/Inputs %s 2>&1 | FileCheck %s --implicit-check-not=error:
double A[64][64], B[64];
int counters[16];
void f(void) {
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 1; x < 64; x++) {
    int xb = x / 8; // a pre-block: no "need '#pragma omp block'" as well
#pragma omp for schedule(blocked, 8)
    for (int y = 1; y < 64; y++) {
#pragma omp block
#include "stencil-statement.inc"
      // CHECK-DAG: statement-from-include.c:[[@LINE-2]]:1: error: statement after '#pragma omp block' cannot start or end in an included file: write it in this file
#pragma omp atomic
      counters[xb + 1] += 1;
    }
  }
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 1; x < 64; x++)
#include "row-statement.inc"
  // CHECK-DAG: statement-from-include.c:[[@LINE-3]]:1: error: statement after '#pragma omp parallel for' cannot start or end in an included file: write it in this file
#pragma omp parallel for schedule(blocked, 8)
  for (int x = 1; x < 64; x++) {
#pragma omp single
#include "row-statement.inc"
    // CHECK-DAG: statement-from-include.c:[[@LINE-2]]:1: error: statement after '#pragma omp single' cannot start or end in an included file: write it in this file
    A[x][0] = 1;
  }
}
