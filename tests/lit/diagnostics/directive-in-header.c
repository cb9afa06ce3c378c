// An extension directive in an included header cannot be lowered (only the
// main source file is rewritten): an error at the directive in the header,
// after clang's "In file included from" line, and the unlowered directive
// does not reach clang -fopenmp (whose own errors about 'schedule(blocked)'
// would be confusing). The driver only analyses files that mention a
// pragma, so this main file has one of its own (a standard one).
// RUN: not %orbis-cc -fsyntax-only %s 2>&1 | FileCheck --strict-whitespace %s

// CHECK: {{^}}In file included from {{.*}}directive-in-header.c:[[@LINE+4]]:
// CHECK-NEXT: {{^}}{{.*}}Inputs{{/|\\}}blocked-header.h:4:3: error: '#pragma omp parallel for' with extension clauses is only supported in the main source file{{$}}
// CHECK-NEXT: {{^ *}}4 |   #pragma omp parallel for schedule(blocked, 4){{$}}
// CHECK-NEXT: {{^ *}}|   ^{{$}}
#include "Inputs/blocked-header.h"

void caller(int n, double *A) {
  #pragma omp parallel
  header_fill(n, A);
}

// CHECK-NOT: error:
// CHECK-NOT: OpenMP clause 'schedule'
// CHECK: {{^}}1 error generated.{{$}}
