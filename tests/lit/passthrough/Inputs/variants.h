// A header with a function and its variant for parallel regions.
static int where(void) { return 10; }
#pragma omp begin declare variant match(construct={parallel})
static int where(void) { return 20; }
#pragma omp end declare variant
