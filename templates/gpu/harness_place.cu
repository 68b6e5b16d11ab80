
// ------------------------------------------- placement (plain C++) --
// Host-only and CUDA-free, so that it can be compiled and checked on a
// machine without a GPU (tests/operational_gpu/gpu.rs extracts this section).

static uint64_t lt_rng_state = 88172645463325252ull;
static uint64_t lt_rand() {
  uint64_t x = lt_rng_state;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return lt_rng_state = x;
}
static unsigned lt_below(unsigned n) { return (unsigned)(lt_rand() % n); }
template <class T> static void lt_shuffle(std::vector<T> &v, bool on) {
  if (!on) return;
  for (size_t i = v.size(); i > 1; i--) std::swap(v[i - 1], v[lt_below((unsigned)i)]);
}

// The most test threads in one test CTA.
static int lt_max_per_cta(int T, const int *cta, int nctas) {
  std::vector<int> n(nctas, 0);
  int K = 1;
  for (int i = 0; i < T; i++) K = ++n[cta[i]] > K ? n[cta[i]] : K;
  return K;
}

// The role of every thread of the grid (NB blocks of W warps): instance*T
// + test thread, -1 (memory stress) or -2 (a lane beside testing lanes:
// bank conflicts). G groups of nctas blocks hold per_role instances each;
// in the block of test CTA k, test thread j of k gets W/K warps of its own.
// `rnd`: which blocks, warps and lanes are drawn at random.
static void lt_place(int T, const int *cta, int nctas, int W, int K, int G, int per_role, int NB,
                     bool rnd, std::vector<int> &role) {
  const int B = W * 32;
  std::vector<std::vector<int>> roles_of(nctas);  // test threads per CTA
  for (int i = 0; i < T; i++) roles_of[cta[i]].push_back(i);
  role.assign((size_t)NB * B, -1);
  std::vector<int> blocks(NB);
  for (int b = 0; b < NB; b++) blocks[b] = b;
  lt_shuffle(blocks, rnd);
  for (int g = 0; g < G; g++) {
    for (int k = 0; k < nctas; k++) {
      int blk = blocks[g * nctas + k];
      std::vector<int> warps(W);
      for (int w = 0; w < W; w++) warps[w] = w;
      lt_shuffle(warps, rnd);
      const std::vector<int> &rs = roles_of[k];
      for (size_t j = 0; j < rs.size(); j++) {
        std::vector<int> slots;  // (warp, lane) of this test thread
        for (int w = 0; w < W / K; w++)
          for (int l = 0; l < 32; l++) slots.push_back(warps[j * (W / K) + w] * 32 + l);
        lt_shuffle(slots, rnd);
        for (int i = 0; i < per_role; i++)
          role[(size_t)blk * B + slots[i]] = (g * per_role + i) * T + rs[j];
      }
      // Lanes of testing warps that no instance uses: bank conflicts.
      for (int w = 0; w < W; w++) {
        bool testing = false;
        for (int l = 0; l < 32; l++) testing |= role[(size_t)blk * B + w * 32 + l] >= 0;
        for (int l = 0; l < 32 && testing; l++)
          if (role[(size_t)blk * B + w * 32 + l] < 0) role[(size_t)blk * B + w * 32 + l] = -2;
      }
    }
  }
}

// Placement self-check (every launch): each instance has each test thread
// exactly once; threads of one test CTA are in one block and in different
// warps; threads of different test CTAs are in different blocks.
static void lt_check_placement(const char *name, int T, const int *cta, const std::vector<int> &role,
                               int B, int N) {
  std::vector<long long> where((size_t)N * T, -1);
  for (size_t g = 0; g < role.size(); g++) {
    int r = role[g];
    if (r < 0) continue;
    if (r >= N * T || where[r] != -1) {
      fprintf(stderr, "litmus_runner: %s: placement error: role %d placed twice\n", name, r);
      exit(5);
    }
    where[r] = (long long)g;
  }
  for (int i = 0; i < N; i++)
    for (int a = 0; a < T; a++) {
      long long ga = where[(size_t)i * T + a];
      if (ga < 0) {
        fprintf(stderr, "litmus_runner: %s: placement error: instance %d lacks P%d\n", name, i, a);
        exit(5);
      }
      for (int b = 0; b < a; b++) {
        long long gb = where[(size_t)i * T + b];
        bool same_block = ga / B == gb / B, same_warp = ga / 32 == gb / 32;
        if (same_warp || same_block != (cta[a] == cta[b])) {
          fprintf(stderr, "litmus_runner: %s: placement error: instance %d, threads %d and %d\n",
                  name, i, b, a);
          exit(5);
        }
      }
    }
}

// ------------------------------------------------- end placement --
