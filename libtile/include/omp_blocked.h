/// \file
/// The tile query functions of the blocked-loop extensions (EXTENSIONS.md 1.6).
///
/// Inside a loop with `schedule(blocked)` lowered by orbis-cc, calls that are
/// lexically inside the loop are replaced by the compiler with the loop's own
/// values; these out-of-line definitions serve orphaned calls (made from a
/// function called inside a blocked loop: they bind to the innermost blocked
/// loop active on the calling thread) and calls outside any blocked loop
/// (which return 1, 0, 1 and 1, like omp_get_num_threads() outside parallel).
#ifndef OMP_BLOCKED_H
#define OMP_BLOCKED_H

/// The runtime's functions throw no exception: code calling them from C++
/// needs no unwinding tables for them (nor libstdc++ at link time).
#ifndef ORBIS_NOTHROW
#define ORBIS_NOTHROW __attribute__((__nothrow__))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The number of tiles the blocked loop is split into.
ORBIS_NOTHROW int omp_num_blocks(void);
/// The 0-based number of the current tile.
ORBIS_NOTHROW int omp_block_num(void);
/// The number of iterations of the current tile (the last one may be smaller).
ORBIS_NOTHROW int omp_block_size(void);
/// The end value of the blocked loop: its bound as written.
ORBIS_NOTHROW int omp_total_size(void);

#ifdef __cplusplus
}
#endif

#endif // OMP_BLOCKED_H
