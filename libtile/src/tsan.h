/// \file
/// Happens-before edges of libtile's own synchronization, told to the thread
/// sanitizer. libtile is not instrumented, so in a program built with
/// `orbis-cc -fsanitize=thread` the sanitizer cannot see that a `single`
/// body's writes are visible to the threads that waited for it; these calls
/// say so. Outside such a program the sanitizer's functions are absent and
/// the calls do nothing.
#ifndef ORBIS_TILE_SRC_TSAN_H
#define ORBIS_TILE_SRC_TSAN_H

extern "C" {
// The sanitizer's interface (sanitizer/tsan_interface.h), weak: present only
// when the program was linked with the sanitizer's runtime.
void __tsan_acquire(void *addr) __attribute__((weak));
void __tsan_release(void *addr) __attribute__((weak));
}

namespace orbis::tile {

/// The calling thread has seen what the last `tsanRelease(Sync)` published.
inline void tsanAcquire(const void *Sync) {
  if (__tsan_acquire)
    __tsan_acquire(const_cast<void *>(Sync));
}

/// What the calling thread wrote so far becomes visible to a later
/// `tsanAcquire(Sync)`.
inline void tsanRelease(const void *Sync) {
  if (__tsan_release)
    __tsan_release(const_cast<void *>(Sync));
}

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_TSAN_H
