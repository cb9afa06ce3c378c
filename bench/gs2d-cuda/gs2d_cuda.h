/// \file
/// The GPU variants of GS2D (design/BENCHMARKS.md): the in-place 5-point
/// Gauss-Seidel of bench/gs2d, on an N x N row-major grid of doubles with a
/// fixed border, each computing exactly what the sequential sweeps compute.
/// Each runs `sweeps` sweeps on data already on the device (one sweep per
/// kernel launch) and returns the seconds the sweeps took, excluding the
/// copies in and out.
#ifndef GS2D_CUDA_H
#define GS2D_CUDA_H

#ifdef __cplusplus
extern "C" {
#endif

/// The proposal's Algorithm 1 compiled by `orbis-cc --offload=cuda`, inside
/// `#pragma omp target data` (orbis_cuda.c).
double gs2d_orbis_cuda(int n, double *a, int sweeps);
/// The same with ORBIS_GPU_SCHEDULE=copies (the pre/post-block copies).
double gs2d_orbis_cuda_copies(int n, double *a, int sweeps);

/// The same with `block_local(A, (x, y), 1)` on the directive: each tile
/// and its halo staged in shared memory (orbis_cuda.c).
double gs2d_orbis_cuda_staged(int n, double *a, int sweeps);

/// The reference on the CPU: Algorithm 1 lowered for the host (a
/// `for schedule(blocked)` in a `parallel` region stays on the CPU),
/// bit-identical to the sequential sweeps (orbis_cuda.c).
double gs2d_cpu(int n, double *a, int sweeps);

/// The hand-written CUDA tile wavefront, as well as we can write it: four
/// specialized warps per band (cuda_hand.cu).
double gs2d_cuda_hand(int n, double *a, int sweeps);
/// A simpler hand-written one: one warp per band staging its rows itself
/// (cuda_band.cu).
double gs2d_cuda_band(int n, double *a, int sweeps);

/// Device-to-device copy bandwidth in bytes per second (read + write),
/// measured with cudaMemcpy on `bytes` bytes (copy_bandwidth.cu).
double gs2d_copy_bandwidth(unsigned long long bytes);

/// The edit-distance wavefront of tests/gpu on the GPU and on the CPU
/// (orbis_cuda.c); seconds, and the table in D.
double edit_distance_gpu(int n, int m, const char *a, const char *b, int *D);
double edit_distance_cpu(int n, int m, const char *a, const char *b, int *D);

#ifdef __cplusplus
}
#endif

#endif
