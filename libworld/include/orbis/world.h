/// \file
/// libworld's C API: write-once world memory shared by the processes of a job
/// (EXTENSIONS.md section 3). Processes are started by mpirun/prterun/srun and
/// find each other through PMIx; a program started alone is a world of one.
///
/// Every element of world memory starts uninitialized; its first store
/// initializes it; a load of an uninitialized element suspends the calling
/// thread until some process stores it, then returns exactly that value. A
/// second store to an element is an error. Calls return a status; the C++
/// layer (<orbis/world.hpp>) stops the program on errors with a message naming
/// the call, the rank and the address.
#ifndef ORBIS_WORLD_H
#define ORBIS_WORLD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One status enum for the runtime: OK is 0, errors are negative.
typedef enum orbis_status {
  ORBIS_OK = 0,
  ORBIS_ERR_NOT_INITIALIZED = -1, ///< orbis_world_init() was not called
  ORBIS_ERR_INVALID = -2,         ///< a bad argument (null, zero size...)
  ORBIS_ERR_NO_MEMORY = -3,
  ORBIS_ERR_OUT_OF_BOUNDS = -4,   ///< an access outside its allocation
  ORBIS_ERR_DOUBLE_WRITE = -5,    ///< a second store to an element
  ORBIS_ERR_UNKNOWN_ALLOCATION = -6, ///< a freed or never allocated pointer
  ORBIS_ERR_BOOTSTRAP = -7,       ///< PMIx could not start the world
  ORBIS_ERR_TRANSPORT = -8,       ///< UCX failed
  ORBIS_ERR_PEER_FAILED = -9      ///< another process of the world died
} orbis_status_t;

/// A short English description of a status ("double write", ...).
const char *orbis_status_string(orbis_status_t status);
/// What the calling thread's last failed call found, in words, where the
/// status alone does not say it ("element 2 of allocation 2 was written by
/// rank 0 and again by rank 1"), or "". Calls return errors and print
/// nothing; the C++ layer prints this with the status when it stops.
const char *orbis_world_error_detail(void);

/// A world pointer: an allocation of `count` elements of `elem_size` bytes
/// owned by process `owner`. Plain data: valid in every process, and it can
/// itself be stored in world memory.
typedef struct orbis_world_ptr {
  uint32_t owner;
  uint32_t id;
  uint64_t count;
  uint32_t elem_size;
  uint32_t flags;    ///< ORBIS_WORLD_ATOMIC or 0
} orbis_world_ptr_t;

/// The allocation holds world integers (int64_t) that change through
/// orbis_world_atomic_add() and serve as locks: they start at 0 (already
/// initialized), cannot be stored, and are never cached.
#define ORBIS_WORLD_ATOMIC 1u

/// Joins the world (idempotent; threads calling it at once take turns).
/// Under a launcher, every process must call it; alone, it makes a world of
/// one. A process joins once: after orbis_world_finalize it returns
/// ORBIS_ERR_INVALID.
orbis_status_t orbis_world_init(void);
/// Leaves the world: waits until every process has called it.
orbis_status_t orbis_world_finalize(void);
/// Leaves the world when the process exits (installed once; lowered code
/// does it when it joins): orbis_world_finalize, or, for a process that
/// exits inside a world loop (orbis_world_set_construct), at once, as a
/// process that died, keeping its exit status: the others wait for what
/// it would have written, so waiting for them at finalize would deadlock;
/// they stop, naming it.
void orbis_world_leave_at_exit(void);
/// The calling process runs the world loop at `file`:`line` (null: none).
void orbis_world_set_construct(const char *file, unsigned line);
/// Ends the process with `status` at once, as libworld's own errors do: no
/// exit handlers (they would wait for the world), nothing left behind.
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void orbis_world_stop(int status);
/// This process's rank and the number of processes (0 and 1 before init).
int orbis_world_rank(void);
int orbis_world_size(void);

/// The root allocation of process `rank`: 64 uninitialized world-pointer
/// slots that every process creates at init. A process stores the pointer of
/// an allocation it wants to share in a slot of its root; the others load
/// that slot, which suspends them until the pointer is there.
orbis_world_ptr_t orbis_world_root(int rank);

/// Allocates `count` elements of `elem_size` bytes owned by the caller, all
/// uninitialized.
orbis_status_t orbis_world_malloc(size_t count, size_t elem_size,
                                  orbis_world_ptr_t *out);
/// Allocates `count` world integers owned by the caller, all 0
/// (ORBIS_WORLD_ATOMIC).
orbis_status_t orbis_world_malloc_atomic(size_t count, orbis_world_ptr_t *out);
/// An allocation of `count` elements of `elem_size` bytes owned by rank 0
/// that every process gets: the k-th call of each process names the same
/// allocation (programs call it in the same order everywhere, SPMD; code
/// lowered from `world_parallel` does, for the variables of `world(list)`).
/// Rank 0 publishes it in a chain of directories hung from root slot
/// ORBIS_WORLD_SHARED_SLOT, which programs must leave alone (a store there
/// through orbis_world_store or orbis_world_store_range is
/// ORBIS_ERR_INVALID).
orbis_status_t orbis_world_shared(size_t count, size_t elem_size,
                                  orbis_world_ptr_t *out);
#define ORBIS_WORLD_SHARED_SLOT 63
/// The same for `count` world integers (ORBIS_WORLD_ATOMIC, all 0), in the
/// same order as orbis_world_shared's calls.
orbis_status_t orbis_world_shared_atomic(size_t count, orbis_world_ptr_t *out);
/// Releases an allocation of the caller.
orbis_status_t orbis_world_free(orbis_world_ptr_t ptr);

/// Stores element `index` (elem_size bytes from `value`): its first write.
orbis_status_t orbis_world_store(orbis_world_ptr_t ptr, uint64_t index,
                                 const void *value);
/// Loads element `index` into `value`, waiting until it is initialized.
orbis_status_t orbis_world_load(orbis_world_ptr_t ptr, uint64_t index,
                                void *value);
/// Stores elements [first, first + count): one message whatever the count.
orbis_status_t orbis_world_store_range(orbis_world_ptr_t ptr, uint64_t first,
                                       uint64_t count, const void *values);
/// Loads elements [first, first + count), waiting until all are initialized.
orbis_status_t orbis_world_load_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count, void *values);
/// Waits until elements [first, first + count) are all initialized.
orbis_status_t orbis_world_wait_range(orbis_world_ptr_t ptr, uint64_t first,
                                      uint64_t count);

/// A world allocation seen as an array of `dims` dimensions (1 to 4),
/// outermost first: element (i_0, ..., i_{dims-1}) is element
/// `base + i_0 * stride[0] + ... + i_{dims-1} * stride[dims-1]` of the
/// allocation; the last stride is 1 (rows are contiguous).
typedef struct orbis_world_view {
  uint64_t base;
  int dims;
  int64_t stride[4];
} orbis_world_view_t;
/// The elements with lo[k] <= i_k < hi[k] in every dimension k.
typedef struct orbis_world_box {
  int64_t lo[4], hi[4];
} orbis_world_box_t;
/// Waits until the union of `boxes[0 .. count)`, less `skip` (null: none),
/// is initialized and copies it into `buf`, a row-major array over `frame`
/// (which holds every box); the elements of `frame` outside the union are
/// left as they are. One range load per contiguous run of a row: what a
/// staged tile of a `world_parallel` loop calls for its footprint and halo.
orbis_status_t orbis_world_load_boxes(orbis_world_ptr_t ptr,
                                      const orbis_world_view_t *view,
                                      const orbis_world_box_t *boxes,
                                      int count,
                                      const orbis_world_box_t *skip, void *buf,
                                      const orbis_world_box_t *frame);
/// Stores `box` from `buf` (row-major over `frame`): the first write of
/// each of its elements, one range store per row.
orbis_status_t orbis_world_store_box(orbis_world_ptr_t ptr,
                                     const orbis_world_view_t *view,
                                     const orbis_world_box_t *box,
                                     const void *buf,
                                     const orbis_world_box_t *frame);
/// Computing in place: when this process owns `ptr`'s allocation and
/// `view` is row-major (last stride 1, each stride a multiple of the next),
/// the address of the view's element (0, ..., 0) in the allocation's own
/// memory, with `frame` set to the whole allocation seen through the view
/// (lo 0; hi the rows that start in it, then stride[k-1] / stride[k]);
/// else null. Given as `buf` and `frame` to orbis_world_load_boxes and
/// orbis_world_store_box, the boxes are then waited for and published
/// without a copy: a staged tile of a world loop computes straight in the
/// memory its owner publishes (docs/world.md, "Staged tiles in place").
/// The elements of a box must be written there only by the tile that then
/// stores it, and read only after a load of them returned. The allocation
/// is pinned until orbis_world_local_done(ptr): freed meanwhile (by any
/// process), it is forgotten at once (loads and stores of it fail) but its
/// memory stays until then, so the tile never touches unmapped pages.
void *orbis_world_local_frame(orbis_world_ptr_t ptr,
                              const orbis_world_view_t *view,
                              orbis_world_box_t *frame);
/// Ends what orbis_world_local_frame(ptr, ...) began (when it returned an
/// address).
void orbis_world_local_done(orbis_world_ptr_t ptr);
/// Reading in place: as orbis_world_local_frame, for an allocation this
/// process owns or, on the owner's host over shared memory, another
/// process's allocation mapped here, which the caller only reads (given as
/// `buf` to orbis_world_load_boxes, which then waits without copying). A
/// staged tile reads a peer's grid where the peer wrote it. Null when
/// neither (another host, TCP, world integers, freed). The mapping stays
/// until orbis_world_read_done(ptr), on the same thread (for another
/// process's allocation this thread does not read in place it returns
/// ORBIS_ERR_INVALID and changes nothing), which returns
/// ORBIS_ERR_UNKNOWN_ALLOCATION when the owner freed the allocation
/// meanwhile: its memory may then have served another allocation while it
/// was read, and what was computed from it is not to be trusted.
const void *orbis_world_read_frame(orbis_world_ptr_t ptr,
                                   const orbis_world_view_t *view,
                                   orbis_world_box_t *frame);
orbis_status_t orbis_world_read_done(orbis_world_ptr_t ptr);

/// Adds `delta` to world integer `index` of an atomic allocation, at its
/// owner, and returns the value before the addition in `old` (if not null).
orbis_status_t orbis_world_atomic_add(orbis_world_ptr_t ptr, uint64_t index,
                                      int64_t delta, int64_t *old);
/// Takes / releases the world lock named by world integer `index` of an
/// atomic allocation. Waiters are granted the lock in the order their
/// requests reach the owner.
orbis_status_t orbis_world_lock(orbis_world_ptr_t ptr, uint64_t index);
orbis_status_t orbis_world_unlock(orbis_world_ptr_t ptr, uint64_t index);
/// World-level once: returns 1 in `run` to exactly one caller in the world,
/// which must run the body and then call orbis_world_once_done(); every
/// other caller waits until then and gets 0. `counter` is an atomic
/// allocation and `done` an ordinary one with 1-byte elements, both indexed
/// by `index`.
orbis_status_t orbis_world_once(orbis_world_ptr_t counter,
                                orbis_world_ptr_t done, uint64_t index,
                                int *run);
orbis_status_t orbis_world_once_done(orbis_world_ptr_t done, uint64_t index);

/// Waits until every process of the world has reached the barrier.
orbis_status_t orbis_world_barrier(void);

/// Where the calling thread is in its source (file and line), named with
/// what it waits for in deadlock and timeout reports. It holds for the
/// thread's later calls until set again; `file` must outlive them (a string
/// literal such as __FILE__), and NULL forgets it. The C++ layer sets it for
/// each call it makes; C code may write
/// `orbis_world_set_site(__FILE__, __LINE__);` before a call that can wait.
void orbis_world_set_site(const char *file, unsigned line);

/// Counters of this process's world-memory traffic, for tests and tuning.
typedef struct orbis_world_stats {
  uint64_t messages_sent;     ///< active messages sent to other processes
  uint64_t messages_received; ///< active messages received from them
  uint64_t cache_hits;        ///< remote loads answered by the local cache
  uint64_t mapped_reads;      ///< remote loads read from the owner's memory
                              ///< (same host, shared memory)
} orbis_world_stats_t;
void orbis_world_get_stats(orbis_world_stats_t *stats);

#ifdef __cplusplus
}
#endif

#endif // ORBIS_WORLD_H
