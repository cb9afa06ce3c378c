/// \file
/// Typed element access to world memory that stops the program on errors,
/// for C: what code lowered from `world_parallel` calls for each world
/// access in ordinary syntax (`Vs[i][x][y]`, `p[k]`), and what a C program
/// may use for the C++ layer's behaviour. Each accessor passes the place
/// in the source to the runtime (for deadlock reports and double-write
/// messages) and, on error, prints the call, the place, the rank and the
/// address, then exits with status 1.
///
/// ORBIS_WORLD_ACCESSORS(NAME, TYPE) defines
///   TYPE orbis_world_get_NAME(orbis_world_ptr_t p, uint64_t i, FILE, LINE)
///   void orbis_world_put_NAME(orbis_world_ptr_t p, uint64_t i, TYPE v, ...)
/// for any trivially copyable TYPE; those for the arithmetic types are
/// defined here.
#ifndef ORBIS_WORLD_ACCESS_H
#define ORBIS_WORLD_ACCESS_H
// The inline code here is Orbis's, not the program's: the warnings a
// program's own flags ask for (-Wold-style-cast, -Wsign-conversion...) are
// not about it.
#pragma GCC system_header

#include <orbis/world.h>

#include <stdio.h>
#include <stdlib.h>

/* The helpers a file does not use raise no -Wunused-function: this is a
   system header (marking them unused made -Wused-but-marked-unused fire at
   every use in the program). */
#if defined(__GNUC__)
#define ORBIS_WORLD_NORETURN __attribute__((noreturn))
#else
#define ORBIS_WORLD_NORETURN
#endif

/// The null world pointer: omp_world_malloc(0)'s, or a slot never set.
static __inline__ int orbis_world_is_null(orbis_world_ptr_t p) {
  return !p.count && !p.id;
}

/// Stops the program: `call` at file:line failed on element `index` of
/// `ptr` (the detail of the runtime, or `detail` where it has none).
ORBIS_WORLD_NORETURN static void
orbis_world_access_fail(const char *call, const char *file, unsigned line,
                        orbis_status_t status, orbis_world_ptr_t ptr,
                        uint64_t index, const char *detail) {
  const char *why = orbis_world_error_detail();
  if (!*why && detail)
    why = detail;
  if (orbis_world_is_null(ptr) && !*why)
    why = "a null world pointer (omp_world_malloc(0), or never allocated)";
  fflush(stdout);
  /* Indices are printed signed: a subscript below 0 arrives here wrapped. */
  fprintf(stderr,
          "orbis: rank %d: %s at %s:%u (allocation %u of rank %u, element "
          "%lld): %s%s%s\n",
          orbis_world_rank(), call, file, line, (unsigned)ptr.id,
          (unsigned)ptr.owner, (long long)index,
          orbis_status_string(status), *why ? ": " : "", why);
  fflush(stderr);
  orbis_world_stop(1);
}

/// An element of any type by its bytes: what the typed accessors below do,
/// and directly the access to structure types declared in a function,
/// which accessors defined in front of the function cannot name (the
/// lowering wraps these in a statement expression of the type).
static __inline__ void orbis_world_get_into(orbis_world_ptr_t p, uint64_t i,
                                            void *v, size_t size,
                                            const char *file, unsigned line) {
  orbis_status_t s;
  if (p.elem_size != size && p.count)
    orbis_world_access_fail("world load", file, line, ORBIS_ERR_INVALID, p, i,
                            "the element type is not the allocation's");
  orbis_world_set_site(file, line);
  s = orbis_world_load(p, i, v);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world load", file, line, s, p, i, 0);
}
static __inline__ void orbis_world_put_from(orbis_world_ptr_t p, uint64_t i,
                                            const void *v, size_t size,
                                            const char *file, unsigned line) {
  orbis_status_t s;
  if (p.elem_size != size && p.count)
    orbis_world_access_fail("world store", file, line, ORBIS_ERR_INVALID, p,
                            i, "the element type is not the allocation's");
  orbis_world_set_site(file, line);
  s = orbis_world_store(p, i, v);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world store", file, line, s, p, i, 0);
}

#define ORBIS_WORLD_ACCESSORS(NAME, TYPE)                                      \
  static __inline__ TYPE orbis_world_get_##NAME(                               \
      orbis_world_ptr_t p, uint64_t i, const char *file, unsigned line) {      \
    TYPE v;                                                                    \
    orbis_world_get_into(p, i, &v, sizeof(TYPE), file, line);                  \
    return v;                                                                  \
  }                                                                            \
  /* The value stored: an assignment is an expression (`(X[i] = v) + 1`). */ \
  static __inline__ TYPE orbis_world_put_##NAME(                               \
      orbis_world_ptr_t p, uint64_t i, TYPE v, const char *file,               \
      unsigned line) {                                                         \
    orbis_world_put_from(p, i, &v, sizeof(TYPE), file, line);                  \
    return v;                                                                  \
  }

ORBIS_WORLD_ACCESSORS(char, char)
ORBIS_WORLD_ACCESSORS(schar, signed char)
ORBIS_WORLD_ACCESSORS(uchar, unsigned char)
ORBIS_WORLD_ACCESSORS(short, short)
ORBIS_WORLD_ACCESSORS(ushort, unsigned short)
ORBIS_WORLD_ACCESSORS(int, int)
ORBIS_WORLD_ACCESSORS(uint, unsigned)
ORBIS_WORLD_ACCESSORS(long, long)
ORBIS_WORLD_ACCESSORS(ulong, unsigned long)
ORBIS_WORLD_ACCESSORS(llong, long long)
ORBIS_WORLD_ACCESSORS(ullong, unsigned long long)
ORBIS_WORLD_ACCESSORS(float, float)
ORBIS_WORLD_ACCESSORS(double, double)
ORBIS_WORLD_ACCESSORS(ldouble, long double)
#ifdef __cplusplus
ORBIS_WORLD_ACCESSORS(bool, bool)
#else
ORBIS_WORLD_ACCESSORS(bool, _Bool)
#endif
ORBIS_WORLD_ACCESSORS(cfloat, float _Complex)
ORBIS_WORLD_ACCESSORS(cdouble, double _Complex)
ORBIS_WORLD_ACCESSORS(cldouble, long double _Complex)
ORBIS_WORLD_ACCESSORS(ptr, orbis_world_ptr_t)

#ifdef __cplusplus
/// The accessors for any element type T, for world loops in C++ templates
/// whose element type depends on the template's parameters (the lowering
/// writes `orbis_world_get<T>(...)`): T is checked when the template is
/// instantiated. C++ linkage even where the header is included inside
/// `extern "C"` (the host code of `--offload=cuda`).
extern "C++" {
/// What both check before the access, at the place the access names.
template <class T>
static __inline__ void
orbis_world_element_check(const char *call, orbis_world_ptr_t p, uint64_t i,
                          const char *file, unsigned line) {
  static_assert(__is_trivially_copyable(T) && !__is_pointer(T),
                "elements of world memory are arithmetic types or trivially "
                "copyable structures");
  if (p.elem_size != sizeof(T) && p.count)
    orbis_world_access_fail(call, file, line, ORBIS_ERR_INVALID, p, i,
                            "the element type is not the allocation's");
  orbis_world_set_site(file, line);
}
template <class T>
static __inline__ T orbis_world_get(orbis_world_ptr_t p,
                                                   uint64_t i,
                                                   const char *file,
                                                   unsigned line) {
  T v;
  orbis_world_element_check<T>("world load", p, i, file, line);
  orbis_status_t s = orbis_world_load(p, i, &v);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world load", file, line, s, p, i, 0);
  return v;
}
template <class T>
static __inline__ T
orbis_world_put(orbis_world_ptr_t p, uint64_t i, T v, const char *file,
                unsigned line) {
  orbis_world_element_check<T>("world store", p, i, file, line);
  orbis_status_t s = orbis_world_store(p, i, &v);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world store", file, line, s, p, i, 0);
  return v;
}
}
#endif

/// A staged tile's copy-in (orbis_world_load_boxes) and write-back
/// (orbis_world_store_box), as lowered from `world_parallel` (docs/lowering.md,
/// "Staged tiles"); the program stops on error, naming the place.
static __inline__ void
orbis_world_load_boxes_at(orbis_world_ptr_t p, const orbis_world_view_t *view,
                          const orbis_world_box_t *boxes, int count,
                          const orbis_world_box_t *skip, void *buf,
                          const orbis_world_box_t *frame, const char *file,
                          unsigned line) {
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_load_boxes(p, view, boxes, count, skip, buf, frame);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world load of a staged tile", file, line, s, p,
                            view->base, 0);
}
static __inline__ void
orbis_world_store_box_at(orbis_world_ptr_t p, const orbis_world_view_t *view,
                         const orbis_world_box_t *box, const void *buf,
                         const orbis_world_box_t *frame, const char *file,
                         unsigned line) {
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_store_box(p, view, box, buf, frame);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world store of a staged tile", file, line, s, p,
                            view->base, 0);
}
/// A staged tile's world pointer: slot `i` of `slots`, or a null pointer
/// (count 0) when `i` is outside the slot array, as for a read the program
/// guards (`t > 0 ? V[t - 1][x][y] : 0` at t = 0). The tile then takes the
/// element path (orbis_world_frame_inside fails on a null pointer), which
/// reads only what the program reads.
static __inline__ orbis_world_ptr_t
orbis_world_get_ptr_staged(orbis_world_ptr_t slots, uint64_t i,
                           const char *file, unsigned line) {
  orbis_world_ptr_t none = {0, 0, 0, 0, 0};
  return i < slots.count ? orbis_world_get_ptr(slots, i, file, line) : none;
}
/// Whether `frame`, seen through `view`, lies inside `p`'s allocation:
/// every index at least 0, every inner one below its row's extent
/// (stride[k - 1] / stride[k]), the last element inside. A staged tile whose
/// frame reaches past the array's edge (a guarded read such as
/// `x + 1 < n ? A[x + 1][y] : 0` in the last tile) takes the element path,
/// which reads only what the program reads and names a real access out of
/// bounds.
static __inline__ int
orbis_world_frame_inside(orbis_world_ptr_t p, const orbis_world_view_t *view,
                         const orbis_world_box_t *frame) {
  int64_t last = (int64_t)view->base;
  int k;
  if (!p.count)
    return 0; /* a guarded slot outside its array: no allocation */
  for (k = 0; k < view->dims; ++k)
    if (frame->hi[k] <= frame->lo[k])
      return 1; /* empty: nothing to load */
  for (k = 0; k < view->dims; ++k) {
    if (frame->lo[k] < 0)
      return 0;
    if (k > 0 && view->stride[k] > 0 &&
        frame->hi[k] > view->stride[k - 1] / view->stride[k])
      return 0;
    last += (frame->hi[k] - 1) * view->stride[k];
  }
  return last >= 0 && (uint64_t)last < p.count;
}
/// Ends a staged tile's reading in place (orbis_world_read_frame); the
/// program stops when the allocation was freed meanwhile.
static __inline__ void
orbis_world_read_done_at(orbis_world_ptr_t p, const char *file,
                         unsigned line) {
  orbis_status_t s = orbis_world_read_done(p);
  if (s != ORBIS_OK)
    orbis_world_access_fail("world load of a staged tile", file, line, s, p,
                            0, 0);
}
/// Whether two world pointers name the same allocation.
static __inline__ int
orbis_world_same_allocation(orbis_world_ptr_t a, orbis_world_ptr_t b) {
  return a.owner == b.owner && a.id == b.id;
}
/// Whether staged tiles are used (ORBIS_WORLD_STAGED=0 turns them off: every
/// access then takes the element path).
static __inline__ int orbis_world_staging(void) {
  static int on = -1;
  if (on < 0) {
    const char *e = getenv("ORBIS_WORLD_STAGED");
    on = !(e && e[0] == '0' && !e[1]);
  }
  return on;
}

/// `count` elements of `elem_size` bytes owned by the caller
/// (omp_world_malloc lowered), or the program stops with a message naming
/// the place. As C's malloc(0) may, omp_world_malloc(0) gives the null world
/// pointer: freeing it does nothing, and any access through it stops the
/// program as outside the allocation.
static __inline__ orbis_world_ptr_t
orbis_world_malloc_at(size_t count, size_t elem_size, const char *file,
                      unsigned line) {
  orbis_world_ptr_t p = {0, 0, 0, 0, 0};
  orbis_status_t s;
  if (!count)
    return p;
  s = orbis_world_malloc(count, elem_size, &p);
  if (s != ORBIS_OK) {
    fflush(stdout);
    fprintf(stderr,
            "orbis: rank %d: omp_world_malloc at %s:%u (%llu elements of %llu "
            "bytes): %s\n",
            orbis_world_rank(), file, line, (unsigned long long)count,
            (unsigned long long)elem_size, orbis_status_string(s));
    fflush(stderr);
    orbis_world_stop(1);
  }
  return p;
}

/// omp_world_free lowered: the program stops on error, naming the place.
static __inline__ void
orbis_world_free_at(orbis_world_ptr_t p, const char *file, unsigned line) {
  orbis_status_t s;
  if (orbis_world_is_null(p))
    return; /* as free(NULL) */
  orbis_world_set_site(file, line);
  s = orbis_world_free(p);
  if (s != ORBIS_OK)
    orbis_world_access_fail("omp_world_free", file, line, s, p, 0, 0);
}

/// Joins the world for a `world_parallel` construct (idempotent); the
/// world is left when the program exits (orbis_world_leave_at_exit). The
/// process runs the construct until orbis_world_end_at.
static __inline__ void orbis_world_init_at(const char *file,
                                                          unsigned line) {
  orbis_status_t s = orbis_world_init();
  if (s != ORBIS_OK) {
    fprintf(stderr, "orbis: world_parallel at %s:%u: %s%s%s\n", file, line,
            orbis_status_string(s), *orbis_world_error_detail() ? ": " : "",
            orbis_world_error_detail());
    orbis_world_stop(1);
  }
  orbis_world_leave_at_exit();
  orbis_world_set_construct(file, line);
}

/// The world memory of a variable named in `world(list)`, for one
/// execution of its construct (orbis_world_shared), or the program stops
/// naming the place.
static __inline__ orbis_world_ptr_t
orbis_world_shared_at(size_t count, size_t elem_size, const char *file,
                      unsigned line) {
  orbis_world_ptr_t p = {0, 0, 0, 0, 0};
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_shared(count, elem_size, &p);
  if (s != ORBIS_OK) {
    fflush(stdout);
    fprintf(stderr, "orbis: rank %d: world(...) at %s:%u: %s%s%s\n",
            orbis_world_rank(), file, line, orbis_status_string(s),
            *orbis_world_error_detail() ? ": " : "",
            orbis_world_error_detail());
    fflush(stderr);
    orbis_world_stop(1);
  }
  return p;
}

/// World integers (atomic) of a construct, shared like
/// orbis_world_shared_at: the counters of its `single`s.
static __inline__ orbis_world_ptr_t
orbis_world_shared_atomic_at(size_t count, const char *file, unsigned line) {
  orbis_world_ptr_t p = {0, 0, 0, 0, 0};
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_shared_atomic(count, &p);
  if (s != ORBIS_OK) {
    fflush(stdout);
    fprintf(stderr, "orbis: rank %d: world_parallel at %s:%u: %s%s%s\n",
            orbis_world_rank(), file, line, orbis_status_string(s),
            *orbis_world_error_detail() ? ": " : "",
            orbis_world_error_detail());
    fflush(stderr);
    orbis_world_stop(1);
  }
  return p;
}

/// `single` directly in a world loop (once in the world): 1 for the one
/// process that runs it; every other process waits until it is done and
/// gets 0. `done` has 1-byte elements, one per `single` of the construct.
static __inline__ int
orbis_world_once_at(orbis_world_ptr_t counter, orbis_world_ptr_t done,
                    uint64_t index, const char *file, unsigned line) {
  int run = 0;
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_once(counter, done, index, &run);
  if (s != ORBIS_OK)
    orbis_world_access_fail("single in world_parallel", file, line, s, done,
                            index, 0);
  return run;
}
static __inline__ void
orbis_world_once_done_at(orbis_world_ptr_t done, uint64_t index,
                         const char *file, unsigned line) {
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_once_done(done, index);
  if (s != ORBIS_OK)
    orbis_world_access_fail("end of single in world_parallel", file, line, s,
                            done, index, 0);
}

/// `critical` directly in a world loop: world lock `index` of the
/// construct's atomic allocation `locks`, taken around the statement (one
/// process at a time in the whole world).
static __inline__ void orbis_world_critical_at(orbis_world_ptr_t locks,
                                               uint64_t index, int enter,
                                               const char *file,
                                               unsigned line) {
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = enter ? orbis_world_lock(locks, index) : orbis_world_unlock(locks, index);
  if (s != ORBIS_OK)
    orbis_world_access_fail(enter ? "critical in world_parallel"
                                  : "end of critical in world_parallel",
                            file, line, s, locks, index, 0);
}

/// The chunk of a world loop's `schedule(static|dynamic, c)`: c, or the
/// program stops when it is not positive.
static __inline__ long long
orbis_world_chunk_at(long long c, const char *file, unsigned line) {
  if (c < 1) {
    fflush(stdout);
    fprintf(stderr,
            "orbis: rank %d: world_parallel at %s:%u: chunk size %lld of "
            "'schedule' must be positive\n",
            orbis_world_rank(), file, line, c);
    fflush(stderr);
    orbis_world_stop(1);
  }
  return c;
}
/// `schedule(dynamic, c)`: the first iteration of the next chunk, taken
/// from the construct's world counter.
static __inline__ long long
orbis_world_next_chunk_at(orbis_world_ptr_t counter, long long c,
                          const char *file, unsigned line) {
  int64_t old = 0;
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_atomic_add(counter, 0, 1, &old);
  if (s != ORBIS_OK)
    orbis_world_access_fail("schedule(dynamic) of world_parallel", file, line,
                            s, counter, 0, 0);
  return (long long)old * c;
}

/// The end of a world loop: every process walked the whole iteration space
/// (skipping the iterations of others), so each has counted the same `n`;
/// another count means bounds that differ between processes, and
/// iterations that no process ran. `p` is one shared 8-byte element.
static __inline__ void orbis_world_same_count_at(orbis_world_ptr_t p,
                                                 long long n, const char *file,
                                                 unsigned line) {
  orbis_status_t s;
  long long zero = n;
  orbis_world_set_site(file, line);
  s = orbis_world_rank() == 0 ? orbis_world_store(p, 0, &n)
                              : orbis_world_load(p, 0, &zero);
  if (s == ORBIS_OK && zero == n)
    return;
  fflush(stdout);
  if (s != ORBIS_OK)
    fprintf(stderr, "orbis: rank %d: the end of world_parallel at %s:%u: %s\n",
            orbis_world_rank(), file, line, orbis_status_string(s));
  else
    fprintf(stderr,
            "orbis: rank %d: world_parallel at %s:%u: this process's loop has "
            "%lld iterations, rank 0's %lld: every process must run the same "
            "loop (its bounds, step and schedule may not differ between "
            "processes)\n",
            orbis_world_rank(), file, line, n, zero);
  fflush(stderr);
  orbis_world_stop(1);
}

/// The end of a `world_parallel` construct: every process has finished its
/// iterations (a barrier); then rank 0 frees the allocation of a variable
/// of the construct.
static __inline__ void
orbis_world_end_at(const char *file, unsigned line) {
  orbis_status_t s;
  orbis_world_set_site(file, line);
  s = orbis_world_barrier();
  if (s != ORBIS_OK) {
    fprintf(stderr,
            "orbis: rank %d: the end of world_parallel at %s:%u: %s%s%s\n",
            orbis_world_rank(), file, line, orbis_status_string(s),
            *orbis_world_error_detail() ? ": " : "",
            orbis_world_error_detail());
    orbis_world_stop(1);
  }
  orbis_world_set_construct(0, 0);
}
static __inline__ void
orbis_world_shared_free_at(orbis_world_ptr_t p, const char *file,
                           unsigned line) {
  if (orbis_world_rank() == 0)
    orbis_world_free_at(p, file, line);
}

#endif // ORBIS_WORLD_ACCESS_H
