// OpenMP's flags as clang takes them: -fopenmp-simd alone gives `simd`
// directives only (one thread here, nothing lowered, clang gets the flag:
// the driver used to add -fopenmp and run 4 threads); with -fopenmp too,
// all of OpenMP. -fopenmp=libomp is -fopenmp; another runtime is an error,
// since the lowered code needs LLVM's (it was dropped in silence).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %orbis-cc -fopenmp-simd %s -o %t/simd && %t/simd | FileCheck --check-prefix=ONE %s
// RUN: %orbis-cc -### -fopenmp-simd %s 2>&1 | FileCheck --check-prefix=SIMD %s
// RUN: %orbis-cc -fopenmp-simd -fopenmp %s -o %t/both && %t/both | FileCheck --check-prefix=FOUR %s
// RUN: %orbis-cc -fopenmp=libomp %s -o %t/libomp && %t/libomp | FileCheck --check-prefix=FOUR %s
// RUN: not %orbis-cc -fopenmp=libgomp %s -o %t/gomp 2>&1 | FileCheck --check-prefix=GOMP %s
// ONE: n=1
// FOUR: n=4
// SIMD: "-fopenmp-simd"
// SIMD-NOT: "-fopenmp"
// GOMP: orbis-cc: error: '-fopenmp=libgomp' is not supported: the extensions need LLVM's OpenMP runtime (libomp), which -fopenmp uses
#include <stdio.h>

int main(void) {
  int n = 0;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp atomic
    n++;
  }
  printf("n=%d\n", n);
  return 0;
}
