/// \file
/// The GS2D CPU benchmark driver (docs/benchmarks.md, design BENCHMARKS.md):
/// runs every variant of the in-place 2D 5-point Gauss-Seidel (gs2d.h) in one
/// process, checks that each one's grid is bit-identical to the sequential
/// reference after every run (a variant that differs is reported WRONG and
/// not timed), and prints one table: median GCUP/s ((N-2)^2 * T / seconds /
/// 1e9) with min-max, the ratio to the best hand-written peer (omp-doacross,
/// omp-wavefront), the speedup over seq and the tile sizes used.
///
/// The orbis variant's tile sizes are the runtime's choice (or OMP_BLOCK_SIZE);
/// they are read through the public tile queries during the first, untimed
/// run of each configuration (see orbis.c), so nothing is parsed from
/// ORBIS_VERBOSE output. The orbis-fixed variant is the same code run with
/// OMP_BLOCK_SIZE set to the omp-doacross tile (or --orbis-tile): with the
/// same tiles as a peer, the ratio shows the cost of the programming model
/// apart from the tile-size policy.
///
/// The machine may be shared: each timed run compares the CPU time the whole
/// machine spent (/proc/stat, steal included) with this process's own; a run
/// during which other work took more than 5% of a core is "disturbed" and is
/// repeated (up to --retries times); the table counts the disturbed runs that
/// remain, so a reader can tell clean figures from noisy ones.
///
/// Usage: bench-gs2d [--n 1024,4096] [--sweeps T[,T..]] [--reps 5]
///                   [--threads P,..] [--retries 3]
///                   [--variants seq,orbis,...] [--doacross-tile RxC]
///                   [--wavefront-cols C] [--orbis-tile RxC] [--json FILE]
#include "gs2d.h"

#include <omp.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { MaxList = 16, MaxReps = 1000 };

/// What the command line asks for.
typedef struct options {
  int sizes[MaxList], num_sizes;
  int threads[MaxList], num_threads;
  int sweeps_list[MaxList], num_sweeps; ///< one value, or one per size
  int sweeps;                           ///< the current size's
  int reps, retries;
  int doacross_rows, doacross_cols; ///< omp-doacross tile
  int wavefront_cols;               ///< omp-wavefront column block
  int orbis_rows, orbis_cols;       ///< orbis-fixed tile; 0: the doacross one
  const char *variants;             ///< comma list, or null for all
  const char *json;                 ///< output file, or null
} options;

/// One variant: how to run it and how to describe its tiles.
typedef struct variant {
  const char *name;
  int peer; ///< a hand-written peer that orbis is compared with
  void (*run)(const options *o, int n, double *a, gs2d_tiles *chosen);
} variant;

static void run_seq(const options *o, int n, double *a, gs2d_tiles *chosen) {
  (void)chosen;
  gs2d_seq(n, a, o->sweeps);
}
static void run_orbis(const options *o, int n, double *a, gs2d_tiles *chosen) {
  gs2d_orbis(n, a, o->sweeps, chosen);
}
/// orbis with OMP_BLOCK_SIZE set for this run only (libtile reads it at every
/// loop execution; the worker threads are idle while it changes).
static void run_orbis_fixed(const options *o, int n, double *a,
                            gs2d_tiles *chosen) {
  const char *old = getenv("OMP_BLOCK_SIZE");
  char *saved = old ? strdup(old) : NULL;
  char sizes[32];
  snprintf(sizes, sizeof sizes, "%d,%d", o->orbis_rows, o->orbis_cols);
  setenv("OMP_BLOCK_SIZE", sizes, 1);
  gs2d_orbis(n, a, o->sweeps, chosen);
  if (saved)
    setenv("OMP_BLOCK_SIZE", saved, 1);
  else
    unsetenv("OMP_BLOCK_SIZE");
  free(saved);
}
static void run_doacross(const options *o, int n, double *a,
                         gs2d_tiles *chosen) {
  (void)chosen;
  gs2d_omp_doacross(n, a, o->sweeps, o->doacross_rows, o->doacross_cols);
}
static void run_wavefront(const options *o, int n, double *a,
                          gs2d_tiles *chosen) {
  (void)chosen;
  gs2d_omp_wavefront(n, a, o->sweeps, o->wavefront_cols);
}

static const variant Variants[] = {
    {"seq", 0, run_seq},
    {"orbis", 0, run_orbis},
    {"orbis-fixed", 0, run_orbis_fixed},
    {"omp-doacross", 1, run_doacross},
    {"omp-wavefront", 1, run_wavefront},
};
enum { NumVariants = sizeof(Variants) / sizeof(Variants[0]) };

/// One row of the table.
typedef struct result {
  const variant *v;
  int n, threads;
  int sweeps;
  int wrong;     ///< 0, or 1 + the run (0 = the untimed one) that differed
  int disturbed; ///< timed runs kept although disturbed
  double median, min, max; ///< GCUP/s
  char tiles[96];
} result;

static void usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--n 1024,4096] [--sweeps T[,T...]] [--reps R] "
          "[--threads P[,P...]]\n"
          "  [--retries K]\n"
          "  [--variants seq,orbis,orbis-fixed,omp-doacross,omp-wavefront]\n"
          "  [--doacross-tile RxC] [--wavefront-cols C] [--orbis-tile RxC]\n"
          "  [--json FILE]\n",
          argv0);
  exit(2);
}

/// Parses a positive int; exits with the usage on anything else.
static int positive(const char *s, const char *argv0) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < 1 || v > 1 << 30)
    usage(argv0);
  return (int)v;
}

static int parse_list(const char *s, int *out, const char *argv0) {
  int count = 0;
  char buf[256];
  if (strlen(s) >= sizeof buf)
    usage(argv0);
  strcpy(buf, s);
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    if (count == MaxList)
      usage(argv0);
    out[count++] = positive(tok, argv0);
  }
  if (count == 0)
    usage(argv0);
  return count;
}

/// Parses "RxC" into two positive ints.
static void parse_tile(const char *s, int *rows, int *cols, const char *argv0) {
  char buf[64];
  if (strlen(s) >= sizeof buf)
    usage(argv0);
  strcpy(buf, s);
  char *x = strchr(buf, 'x');
  if (!x)
    usage(argv0);
  *x = '\0';
  *rows = positive(buf, argv0);
  *cols = positive(x + 1, argv0);
}

static options parse_options(int argc, char **argv) {
  // Defaults of the hand-written peers: the best of a sweep of tile shapes
  // at N = 1024 and 4096 on the development machine (docs/benchmarks.md).
  options o = {.sizes = {1024, 4096},
               .num_sizes = 2,
               .sweeps_list = {10},
               .num_sweeps = 1,
               .reps = 5,
               .retries = 3,
               .doacross_rows = 128,
               .doacross_cols = 32,
               .wavefront_cols = 32};
  o.threads[0] = omp_get_max_threads();
  o.num_threads = 1;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h"))
      usage(argv[0]);
    if (i + 1 == argc)
      usage(argv[0]);
    const char *val = argv[++i];
    if (!strcmp(arg, "--n"))
      o.num_sizes = parse_list(val, o.sizes, argv[0]);
    else if (!strcmp(arg, "--threads"))
      o.num_threads = parse_list(val, o.threads, argv[0]);
    else if (!strcmp(arg, "--sweeps"))
      o.num_sweeps = parse_list(val, o.sweeps_list, argv[0]);
    else if (!strcmp(arg, "--retries"))
      o.retries = atoi(val) < 0 ? 0 : atoi(val);
    else if (!strcmp(arg, "--reps"))
      o.reps = positive(val, argv[0]);
    else if (!strcmp(arg, "--variants"))
      o.variants = val;
    else if (!strcmp(arg, "--json"))
      o.json = val;
    else if (!strcmp(arg, "--wavefront-cols"))
      o.wavefront_cols = positive(val, argv[0]);
    else if (!strcmp(arg, "--doacross-tile"))
      parse_tile(val, &o.doacross_rows, &o.doacross_cols, argv[0]);
    else if (!strcmp(arg, "--orbis-tile"))
      parse_tile(val, &o.orbis_rows, &o.orbis_cols, argv[0]);
    else
      usage(argv[0]);
  }
  if (!o.orbis_rows) {
    o.orbis_rows = o.doacross_rows;
    o.orbis_cols = o.doacross_cols;
  }
  for (int i = 0; i < o.num_sizes; i++)
    if (o.sizes[i] < 3)
      usage(argv[0]);
  if (o.reps > MaxReps || (o.num_sweeps != 1 && o.num_sweeps != o.num_sizes))
    usage(argv[0]);
  return o;
}

/// Whether `name` is in the comma list `list` (null: every variant).
static int selected(const char *list, const char *name) {
  if (!list)
    return 1;
  size_t len = strlen(name);
  for (const char *p = list; *p;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n == len && !strncmp(p, name, n))
      return 1;
    if (!end)
      break;
    p = end + 1;
  }
  return 0;
}

/// A deterministic grid: fixed border of 1.0, an interior pattern with many
/// distinct values so that any change of evaluation order shows.
static void init_grid(int n, double *a) {
  for (int x = 0; x < n; x++)
    for (int y = 0; y < n; y++)
      a[(size_t)x * n + y] =
          (x == 0 || y == 0 || x == n - 1 || y == n - 1)
              ? 1.0
              : (double)((x * 7 + y * 13) % 101) / 100.0 + 1e-3 * (x % 7);
}

/// Stops with a message on a name in `list` that is no variant, rather than
/// silently measuring nothing.
static void check_variants(const char *list) {
  for (const char *p = list; p && *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    int known = 0;
    for (int v = 0; v < NumVariants; v++)
      known |=
          strlen(Variants[v].name) == len && !strncmp(Variants[v].name, p, len);
    if (!known) {
      fprintf(stderr, "bench-gs2d: unknown variant '%.*s'\n", (int)len, p);
      exit(2);
    }
    p = end ? end + 1 : NULL;
  }
}

/// A cache-line aligned grid (aligned_alloc wants a multiple of the alignment).
static double *alloc_grid(size_t bytes) {
  return aligned_alloc(64, (bytes + 63) / 64 * 64);
}

static int compare_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void describe_tiles(const variant *v, const options *o, int n,
                           int threads, const gs2d_tiles *t, char *out,
                           size_t size) {
  const int inner = n - 2;
  if (!strncmp(v->name, "orbis", 5)) {
    // What the tile queries reported, and where the sizes came from.
    const char *env = getenv("OMP_BLOCK_SIZE");
    int fixed = !strcmp(v->name, "orbis-fixed");
    snprintf(out, size, "%s %dx%d (%dx%d tiles)",
             fixed || (env && *env) ? "OMP_BLOCK_SIZE" : "auto", t->rows,
             t->cols, t->row_tiles, t->col_tiles);
  } else if (!strcmp(v->name, "omp-doacross")) {
    snprintf(out, size, "%dx%d (%dx%d tiles)", o->doacross_rows,
             o->doacross_cols,
             (inner + o->doacross_rows - 1) / o->doacross_rows,
             (inner + o->doacross_cols - 1) / o->doacross_cols);
  } else if (!strcmp(v->name, "omp-wavefront")) {
    int bands = threads < inner ? threads : inner;
    snprintf(out, size, "%dx%d (%dx%d tiles)", (inner + bands - 1) / bands,
             o->wavefront_cols, bands,
             (inner + o->wavefront_cols - 1) / o->wavefront_cols);
  } else {
    snprintf(out, size, "-");
  }
}

/// CPU seconds spent by the whole machine (busy and stolen) and by this
/// process; machine < 0 when /proc/stat cannot be read.
typedef struct cpu_sample {
  double machine, self;
} cpu_sample;

static cpu_sample sample_cpu(void) {
  cpu_sample c = {-1, 0};
  unsigned long long user, nice, sys, idle, iowait, irq, softirq, steal;
  FILE *f = fopen("/proc/stat", "r");
  if (f) {
    if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice,
               &sys, &idle, &iowait, &irq, &softirq, &steal) == 8)
      c.machine = (double)(user + nice + sys + irq + softirq + steal) /
                  sysconf(_SC_CLK_TCK);
    fclose(f);
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  c.self = ru.ru_utime.tv_sec + 1e-6 * ru.ru_utime.tv_usec +
           ru.ru_stime.tv_sec + 1e-6 * ru.ru_stime.tv_usec;
  return c;
}

/// Whether other work took more than 5% of a core during `wall` seconds
/// (plus two clock ticks: /proc/stat counts in ticks, so runs should last
/// 0.2 s or more for this to tell).
static int disturbed(cpu_sample before, cpu_sample after, double wall) {
  if (before.machine < 0 || after.machine < 0)
    return 0;
  double foreign =
      (after.machine - before.machine) - (after.self - before.self);
  return foreign > 0.05 * wall + 2.0 / sysconf(_SC_CLK_TCK);
}

/// Runs `v` once on a fresh copy of `initial` with `threads` threads and
/// checks the result; returns the GCUP/s, or -1 when the grid differs.
/// *was_disturbed tells whether other work ran meanwhile.
static double run_once(const variant *v, const options *o, int n, int threads,
                       const double *initial, const double *reference,
                       double *work, gs2d_tiles *chosen, int *was_disturbed) {
  const size_t bytes = sizeof(double) * n * n;
  omp_set_num_threads(threads);
  memcpy(work, initial, bytes);
  cpu_sample c0 = sample_cpu();
  double t0 = omp_get_wtime();
  v->run(o, n, work, chosen);
  double t1 = omp_get_wtime();
  cpu_sample c1 = sample_cpu();
  *was_disturbed = disturbed(c0, c1, t1 - t0);
  if (memcmp(work, reference, bytes) != 0)
    return -1;
  return (double)(n - 2) * (n - 2) * o->sweeps / (t1 - t0) / 1e9;
}

/// Measures the `count` rows (one N and thread count, different variants)
/// side by side: one untimed run each (which also warms up threads and caches
/// and records the tile sizes), then `reps` rounds that run every variant
/// once, so that a transient load on the machine hits all variants alike. A
/// disturbed run is repeated up to o->retries times.
static void measure(result *rows, int count, const options *o,
                    const double *initial, const double *reference,
                    double *work) {
  static double gcups[NumVariants][MaxReps];
  for (int i = 0; i < count; i++) {
    result *r = &rows[i];
    gs2d_tiles chosen = {0, 0, 0, 0};
    int ignored;
    r->sweeps = o->sweeps;
    if (run_once(r->v, o, r->n, r->threads, initial, reference, work, &chosen,
                 &ignored) < 0)
      r->wrong = 1;
    describe_tiles(r->v, o, r->n, r->threads, &chosen, r->tiles,
                   sizeof r->tiles);
  }
  for (int rep = 0; rep < o->reps; rep++)
    for (int i = 0; i < count; i++) {
      result *r = &rows[i];
      if (r->wrong)
        continue;
      int noisy = 1;
      for (int try = 0; noisy && try <= o->retries && !r->wrong; try++) {
        gcups[i][rep] = run_once(r->v, o, r->n, r->threads, initial, reference,
                                 work, NULL, &noisy);
        if (gcups[i][rep] < 0)
          r->wrong = 2 + rep;
      }
      r->disturbed += noisy;
    }
  for (int i = 0; i < count; i++) {
    result *r = &rows[i];
    if (r->wrong)
      continue;
    qsort(gcups[i], o->reps, sizeof(double), compare_double);
    r->min = gcups[i][0];
    r->max = gcups[i][o->reps - 1];
    r->median = o->reps % 2
                    ? gcups[i][o->reps / 2]
                    : 0.5 * (gcups[i][o->reps / 2 - 1] + gcups[i][o->reps / 2]);
  }
}

/// The best hand-written peer's median among `rows` with the same N and
/// thread count as `r`; 0 when none ran correctly.
static double best_peer(const result *rows, int count, const result *r) {
  double best = 0;
  for (int i = 0; i < count; i++)
    if (rows[i].v->peer && !rows[i].wrong && rows[i].n == r->n &&
        rows[i].threads == r->threads && rows[i].median > best)
      best = rows[i].median;
  return best;
}

/// The seq median for N, 0 when seq was not run.
static double seq_median(const result *rows, int count, int n) {
  for (int i = 0; i < count; i++)
    if (!strcmp(rows[i].v->name, "seq") && rows[i].n == n && !rows[i].wrong)
      return rows[i].median;
  return 0;
}

static void print_table(const options *o, const result *rows, int count) {
  printf("%-14s %6s %4s %3s %8s %13s %7s %6s %5s %4s  %s\n", "variant", "N",
         "T", "P", "GCUP/s", "min-max", "vs-peer", "vs-seq", "eff", "dist",
         "tiles (rows x cols)");
  for (int i = 0; i < count; i++) {
    const result *r = &rows[i];
    printf("%-14s %6d %4d %3d ", r->v->name, r->n, r->sweeps, r->threads);
    if (r->wrong) {
      printf("%8s %13s %7s %6s %5s %4s  %s (differs from seq after ", "WRONG",
             "-", "-", "-", "-", "-", r->tiles);
      if (r->wrong == 1)
        printf("the untimed run)\n");
      else
        printf("timed run %d)\n", r->wrong - 1);
      continue;
    }
    char range[32], peer[16] = "-", speed[16] = "-", eff[16] = "-";
    snprintf(range, sizeof range, "%.2f-%.2f", r->min, r->max);
    double best = best_peer(rows, count, r),
           seq = seq_median(rows, count, r->n);
    if (best > 0 && strcmp(r->v->name, "seq"))
      snprintf(peer, sizeof peer, "%.2fx", r->median / best);
    if (seq > 0) {
      snprintf(speed, sizeof speed, "%.2fx", r->median / seq);
      snprintf(eff, sizeof eff, "%.0f%%", 100.0 * r->median / seq / r->threads);
    }
    printf("%8.3f %13s %7s %6s %5s %4d  %s\n", r->median, range, peer, speed,
           eff, r->disturbed, r->tiles);
  }
  (void)o;
}

static void write_json(const options *o, const result *rows, int count,
                       const char *load) {
  FILE *f = fopen(o->json, "w");
  if (!f) {
    fprintf(stderr, "bench-gs2d: cannot write %s: %s\n", o->json,
            strerror(errno));
    exit(1);
  }
  fprintf(f,
          "{\n  \"benchmark\": \"gs2d\",\n  \"unit\": \"GCUP/s\",\n"
          "  \"reps\": %d,\n  \"load_average\": \"%s\",\n"
          "  \"results\": [\n",
          o->reps, load);
  for (int i = 0; i < count; i++) {
    const result *r = &rows[i];
    double best = best_peer(rows, count, r),
           seq = seq_median(rows, count, r->n);
    fprintf(f,
            "    {\"variant\": \"%s\", \"n\": %d, \"sweeps\": %d, "
            "\"threads\": %d, \"correct\": %s, \"disturbed_runs\": %d, ",
            r->v->name, r->n, r->sweeps, r->threads,
            r->wrong ? "false" : "true", r->disturbed);
    if (!r->wrong)
      fprintf(f,
              "\"median\": %.6f, \"min\": %.6f, \"max\": %.6f, "
              "\"vs_best_peer\": %.4f, \"vs_seq\": %.4f, ",
              r->median, r->min, r->max, best > 0 ? r->median / best : 0.0,
              seq > 0 ? r->median / seq : 0.0);
    fprintf(f, "\"tiles\": \"%s\"}%s\n", r->tiles, i + 1 < count ? "," : "");
  }
  fprintf(f, "  ]\n}\n");
  fclose(f);
}

int main(int argc, char **argv) {
  options o = parse_options(argc, argv);
  if (o.variants)
    check_variants(o.variants);

  char load[64] = "?";
  FILE *lf = fopen("/proc/loadavg", "r");
  if (lf) {
    if (fgets(load, sizeof load, lf))
      load[strcspn(load, "\n")] = '\0';
    fclose(lf);
  }
  printf("GS2D: 2D 5-point Gauss-Seidel in place, median of %d runs (+1 "
         "untimed), %d cores online, load average %s\n",
         o.reps, omp_get_num_procs(), load);
  const char *bs = getenv("OMP_BLOCK_SIZE");
  if (bs && *bs)
    printf("OMP_BLOCK_SIZE=%s\n", bs);
  fflush(stdout);

  result *rows =
      calloc((size_t)o.num_sizes * o.num_threads * NumVariants, sizeof(result));
  int count = 0;
  for (int s = 0; s < o.num_sizes; s++) {
    const int n = o.sizes[s];
    o.sweeps = o.sweeps_list[o.num_sweeps == 1 ? 0 : s];
    const size_t bytes = sizeof(double) * n * n;
    double *initial = alloc_grid(bytes), *reference = alloc_grid(bytes),
           *work = alloc_grid(bytes);
    if (!rows || !initial || !reference || !work) {
      fprintf(stderr, "bench-gs2d: cannot allocate three %dx%d grids\n", n, n);
      return 1;
    }
    init_grid(n, initial);
    memcpy(reference, initial, bytes);
    gs2d_seq(n, reference, o.sweeps);

    for (int t = 0; t < o.num_threads; t++) {
      const int first = count;
      for (int v = 0; v < NumVariants; v++) {
        const variant *var = &Variants[v];
        if (!selected(o.variants, var->name))
          continue;
        // seq ignores the thread count: measure it once per size, with the
        // first thread count's group.
        const int is_seq = !strcmp(var->name, "seq");
        if (is_seq && t > 0)
          continue;
        rows[count++] =
            (result){.v = var, .n = n, .threads = is_seq ? 1 : o.threads[t]};
      }
      measure(rows + first, count - first, &o, initial, reference, work);
    }
    free(initial);
    free(reference);
    free(work);
  }
  print_table(&o, rows, count);
  if (o.json)
    write_json(&o, rows, count, load);
  int wrong = 0;
  for (int i = 0; i < count; i++)
    wrong |= rows[i].wrong != 0;
  free(rows);
  return wrong ? 1 : 0;
}
