/// \file
/// A thin C++ layer over <orbis/world.h>: typed world arrays and RAII for
/// the world and its locks. Errors stop the program with a message naming
/// the call, the rank and the address, as programs (and lowered code) want;
/// code that must handle errors uses the C API.
#ifndef ORBIS_WORLD_HPP
#define ORBIS_WORLD_HPP
// The inline code here is Orbis's, not the program's: the warnings a
// program's own flags ask for (-Wold-style-cast, -Wsign-conversion...) are
// not about it.
#pragma GCC system_header

#include <orbis/world.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <type_traits>

namespace orbis {

/// Stops the program: `call`, made at `file`:`line` (no place when null),
/// failed on element `index` of `ptr`; `why` says more than the status when
/// the layer itself found the misuse (else libworld's detail of the call).
[[noreturn]] inline void world_fail(const char *call, orbis_status_t status,
                                    const orbis_world_ptr_t &ptr,
                                    uint64_t index, const char *file = nullptr,
                                    unsigned line = 0,
                                    const char *why = nullptr) {
  std::fflush(stdout);
  const char *detail = why ? why : orbis_world_error_detail();
  char at[512] = "";
  if (file)
    std::snprintf(at, sizeof at, " at %s:%u", file, line);
  std::fprintf(stderr,
               "orbis: rank %d: %s%s (allocation %u of rank %u, element %llu): "
               "%s%s%s\n",
               orbis_world_rank(), call, at, ptr.id, ptr.owner,
               static_cast<unsigned long long>(index),
               orbis_status_string(status), *detail ? ": " : "", detail);
  orbis_world_stop(1);
}

/// Stops the program: `call` (not about an address) failed.
[[noreturn]] inline void world_fail(const char *call, orbis_status_t status,
                                    const char *file = nullptr,
                                    unsigned line = 0) {
  std::fflush(stdout);
  const char *detail = orbis_world_error_detail();
  char at[512] = "";
  if (file)
    std::snprintf(at, sizeof at, " at %s:%u", file, line);
  std::fprintf(stderr, "orbis: rank %d: %s%s: %s%s%s\n", orbis_world_rank(),
               call, at, orbis_status_string(status), *detail ? ": " : "",
               detail);
  orbis_world_stop(1);
}

/// The caller's place in its source, passed as default arguments
/// (`file = __builtin_FILE(), line = __builtin_LINE()`, GCC and Clang): a
/// deadlock or timeout report names the line that waits.
#define ORBIS_WORLD_SITE                                                       \
  const char *file = __builtin_FILE(), unsigned line = __builtin_LINE()

/// Joins the world for the lifetime of the object. Objects may nest (a
/// library that makes its own inside the program's): the world is left
/// when the last of them goes, not the first.
class world {
public:
  world() {
    if (orbis_status_t s = orbis_world_init())
      world_fail("orbis_world_init", s);
    ++live();
  }
  ~world() {
    if (--live() == 0)
      orbis_world_finalize();
  }
  world(const world &) = delete;
  world &operator=(const world &) = delete;

  int rank() const { return orbis_world_rank(); }
  int size() const { return orbis_world_size(); }
  void barrier(ORBIS_WORLD_SITE) const {
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_barrier())
      world_fail("orbis_world_barrier", s, file, line);
  }

private:
  /// The world objects alive in the process (one count per program: an
  /// inline function's static is one object across translation units).
  static std::atomic<int> &live() {
    static std::atomic<int> count{0};
    return count;
  }
};

/// A view of a world allocation of trivially copyable T.
template <class T> class world_array {
  static_assert(std::is_trivially_copyable<T>::value,
                "world memory holds plain data");

public:
  world_array() = default;
  explicit world_array(const orbis_world_ptr_t &ptr, ORBIS_WORLD_SITE)
      : world_array(ptr, "world_array", file, line) {}

  /// `count` uninitialized elements owned by the calling process.
  static world_array allocate(size_t count, ORBIS_WORLD_SITE) {
    orbis_world_ptr_t ptr;
    if (orbis_status_t s = orbis_world_malloc(count, sizeof(T), &ptr))
      world_fail("world_array::allocate", s, file, line);
    return world_array(ptr, "world_array::allocate", file, line);
  }
  /// Hands this array to the other processes through a root slot of the
  /// calling process, and takes one handed out by process `rank`.
  void publish(int slot, ORBIS_WORLD_SITE) const {
    checked("world_array::publish", file, line);
    orbis_world_set_site(file, line);
    orbis_world_ptr_t root = orbis_world_root(orbis_world_rank());
    if (orbis_status_t s = orbis_world_store(root, slot, &p))
      world_fail("world_array::publish", s, root, slot, file, line);
  }
  static world_array fetch(int rank, int slot, ORBIS_WORLD_SITE) {
    orbis_world_set_site(file, line);
    orbis_world_ptr_t root = orbis_world_root(rank), ptr;
    if (orbis_status_t s = orbis_world_load(root, slot, &ptr))
      world_fail("world_array::fetch", s, root, slot, file, line);
    return world_array(ptr, "world_array::fetch", file, line);
  }

  void store(uint64_t i, const T &value, ORBIS_WORLD_SITE) const {
    checked("world_array::store", file, line);
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_store(p, i, &value))
      world_fail("world_array::store", s, p, i, file, line);
  }
  T load(uint64_t i, ORBIS_WORLD_SITE) const {
    checked("world_array::load", file, line);
    orbis_world_set_site(file, line);
    T value;
    if (orbis_status_t s = orbis_world_load(p, i, &value))
      world_fail("world_array::load", s, p, i, file, line);
    return value;
  }
  void store_range(uint64_t first, uint64_t count, const T *values,
                   ORBIS_WORLD_SITE) const {
    checked("world_array::store_range", file, line);
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_store_range(p, first, count, values))
      world_fail("world_array::store_range", s, p, first, file, line);
  }
  void load_range(uint64_t first, uint64_t count, T *values,
                  ORBIS_WORLD_SITE) const {
    checked("world_array::load_range", file, line);
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_load_range(p, first, count, values))
      world_fail("world_array::load_range", s, p, first, file, line);
  }
  void wait_range(uint64_t first, uint64_t count, ORBIS_WORLD_SITE) const {
    checked("world_array::wait_range", file, line);
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_wait_range(p, first, count))
      world_fail("world_array::wait_range", s, p, first, file, line);
  }

  uint64_t size() const { return p.count; }
  int owner() const { return int(p.owner); }
  const orbis_world_ptr_t &ptr() const { return p; }

private:
  /// A view of `ptr`, made by `call`: its elements must have T's size.
  world_array(const orbis_world_ptr_t &ptr, const char *call, const char *file,
              unsigned line)
      : p(ptr) {
    if (ptr.elem_size != sizeof(T)) {
      char why[128];
      std::snprintf(why, sizeof why,
                    "the element type has %zu bytes, the allocation's %u",
                    sizeof(T), unsigned(ptr.elem_size));
      world_fail(call, ORBIS_ERR_INVALID, ptr, 0, file, line, why);
    }
  }
  /// A default-constructed array views nothing.
  void checked(const char *call, const char *file, unsigned line) const {
    if (p.elem_size == 0)
      world_fail(call, ORBIS_ERR_INVALID, p, 0, file, line,
                 "a null world pointer (a default-constructed world_array)");
  }

  orbis_world_ptr_t p{};
};

/// Holds world lock `index` of an atomic allocation for a scope.
class world_lock_guard {
public:
  world_lock_guard(const orbis_world_ptr_t &locks, uint64_t index,
                   ORBIS_WORLD_SITE)
      : p(locks), i(index) {
    orbis_world_set_site(file, line);
    if (orbis_status_t s = orbis_world_lock(p, i))
      world_fail("world_lock_guard", s, p, i, file, line);
  }
  ~world_lock_guard() { orbis_world_unlock(p, i); }
  world_lock_guard(const world_lock_guard &) = delete;
  world_lock_guard &operator=(const world_lock_guard &) = delete;

private:
  orbis_world_ptr_t p;
  uint64_t i;
};

} // namespace orbis

#endif // ORBIS_WORLD_HPP
