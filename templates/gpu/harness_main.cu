
// ---------------------------------------------------------------- host --

struct LtConfig {
  double seconds = 3.0;
  long long launches = 0;  // 0: bounded by time only
  unsigned flags = LT_MEM | LT_BANK | LT_SYNC | LT_RAND;
  int groups = 0;          // 0: from the SM count
  int warps = 8;
  unsigned spin_max = 20000, stress_iters = 256;
};

// One test, launched until the time (or launch) budget is spent; writes one
// results record.
static void lt_run(const LtTest &t, const LtConfig &c, int sms, FILE *out) {
  const int T = t.nthreads, L = t.nlocs, A = t.nacc > 0 ? t.nacc : 1, O = t.nout;
  const int K = lt_max_per_cta(T, t.cta, t.nctas);
  const int W = c.warps > K ? c.warps : K;         // warps per block
  const int B = W * 32;                            // threads per block
  const int G = c.groups > 0 ? c.groups : (2 * sms + t.nctas - 1) / t.nctas;
  const int per_role = (W / K) * 32;               // instances per group
  const int N = G * per_role;                      // instances per launch
  const int S = (c.flags & LT_MEM) ? (sms > 1 ? sms / 2 : 1) : 0;  // stress blocks
  const int NB = G * t.nctas + S;
  const unsigned MAXSTRIDE = 64;
  const size_t mem_words = (size_t)N * L * MAXSTRIDE + MAXSTRIDE;
  const unsigned stress_words = 1u << 22;

  unsigned *d_mem, *d_addr, *d_bar, *d_stress, *d_locw;
  int *d_role, *d_out, *d_init, *d_fin;
  LT_CK(cudaMalloc(&d_mem, mem_words * 4));
  LT_CK(cudaMalloc(&d_addr, (size_t)N * T * A * 4));
  LT_CK(cudaMalloc(&d_bar, (size_t)N * 4));
  LT_CK(cudaMalloc(&d_stress, (size_t)stress_words * 4));
  LT_CK(cudaMalloc(&d_locw, (size_t)N * L * 4));
  LT_CK(cudaMalloc(&d_role, (size_t)NB * B * 4));
  LT_CK(cudaMalloc(&d_out, (size_t)N * T * O * 4));
  LT_CK(cudaMalloc(&d_init, (size_t)L * 4));
  LT_CK(cudaMalloc(&d_fin, (size_t)N * L * 4));
  LT_CK(cudaMemset(d_stress, 0, (size_t)stress_words * 4));
  LT_CK(cudaMemcpy(d_init, t.init, (size_t)L * 4, cudaMemcpyHostToDevice));

  std::vector<int> role((size_t)NB * B), outv((size_t)N * T * O), fin((size_t)N * L);
  std::vector<unsigned> addr((size_t)N * T * A), locw((size_t)N * L);
  std::map<std::vector<int>, unsigned long long> hist;
  const bool rnd = (c.flags & LT_RAND) != 0;
  long long launches = 0;
  unsigned long long instances = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (launches > 0 && (el >= c.seconds || (c.launches > 0 && launches >= c.launches))) break;
    lt_place(T, t.cta, t.nctas, W, K, G, per_role, NB, rnd, role);
    lt_check_placement(t.name, T, t.cta, role, B, N);
    // Locations: instance-major or location-major layout, random stride
    // and instance order.
    unsigned stride = rnd ? 1u << lt_below(7) : 1u;
    bool loc_major = rnd && (lt_rand() & 1);
    std::vector<unsigned> perm(N);
    for (int i = 0; i < N; i++) perm[i] = i;
    lt_shuffle(perm, rnd);
    for (int i = 0; i < N; i++)
      for (int l = 0; l < L; l++)
        locw[(size_t)i * L + l] = loc_major ? ((unsigned)l * N + perm[i]) * stride
                                            : (perm[i] * (unsigned)L + l) * stride;
    for (int i = 0; i < N; i++)
      for (int th = 0; th < T; th++)
        for (int a = 0; a < A; a++) {
          int l = t.acc_loc[th * A + a];
          addr[((size_t)i * T + th) * A + a] = l < 0 ? 0 : locw[(size_t)i * L + l];
        }
    LT_CK(cudaMemcpy(d_role, role.data(), role.size() * 4, cudaMemcpyHostToDevice));
    LT_CK(cudaMemcpy(d_addr, addr.data(), addr.size() * 4, cudaMemcpyHostToDevice));
    LT_CK(cudaMemcpy(d_locw, locw.data(), locw.size() * 4, cudaMemcpyHostToDevice));
    LT_CK(cudaMemset(d_out, 0, outv.size() * 4));
    lt_reset<<<(N + 255) / 256, 256>>>(d_mem, d_locw, d_init, L, d_bar, N);
    LT_CK(cudaGetLastError());
    LtParams p;
    p.mem = d_mem;
    p.role = d_role;
    p.addr = d_addr;
    p.out = d_out;
    p.bar = d_bar;
    p.stress = d_stress;
    p.stress_words = (c.flags & (LT_MEM | LT_BANK)) ? stress_words : 0;
    p.flags = c.flags;
    p.spin_max = c.spin_max;
    p.stress_iters = c.stress_iters;
    p.seed = (unsigned)lt_rand();
    t.kernel<<<NB, B>>>(p);
    LT_CK(cudaGetLastError());
    lt_gather<<<(N * L + 255) / 256, 256>>>(d_mem, d_locw, d_fin, N * L);
    LT_CK(cudaGetLastError());
    LT_CK(cudaDeviceSynchronize());
    LT_CK(cudaMemcpy(outv.data(), d_out, outv.size() * 4, cudaMemcpyDeviceToHost));
    LT_CK(cudaMemcpy(fin.data(), d_fin, fin.size() * 4, cudaMemcpyDeviceToHost));
    std::vector<int> key(t.nvars);
    for (int i = 0; i < N; i++) {
      for (int v = 0; v < t.nvars; v++)
        key[v] = t.var_kind[v] == 0
                     ? outv[((size_t)i * T + t.var_a[v]) * O + t.var_b[v]]
                     : fin[(size_t)i * L + t.var_a[v]];
      hist[key]++;
    }
    launches++;
    instances += N;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  fprintf(out, "test %s\nvars", t.name);
  for (int v = 0; v < t.nvars; v++) fprintf(out, " %s", t.var_names[v]);
  fprintf(out, "\nlaunches %lld\ninstances %llu\nseconds %.3f\n", launches, instances, secs);
  fprintf(out, "config groups=%d warps=%d blocks=%d instances_per_launch=%d stress=%s%s%s%s\n", G, W, NB, N,
          (c.flags & LT_MEM) ? "mem," : "", (c.flags & LT_BANK) ? "bank," : "",
          (c.flags & LT_SYNC) ? "sync," : "", (c.flags & LT_RAND) ? "rand," : "");
  for (auto &kv : hist) {
    fprintf(out, "state");
    for (int x : kv.first) fprintf(out, " %d", x);
    fprintf(out, " : %llu\n", kv.second);
  }
  fprintf(out, "end\n");
  fflush(out);
  cudaFree(d_mem); cudaFree(d_addr); cudaFree(d_bar); cudaFree(d_stress); cudaFree(d_locw);
  cudaFree(d_role); cudaFree(d_out); cudaFree(d_init); cudaFree(d_fin);
}

int main(int argc, char **argv) {
  LtConfig c;
  const char *outpath = "results.txt";
  std::vector<std::string> only;
  bool list = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    auto next = [&]() -> const char * {
      if (i + 1 >= argc) { fprintf(stderr, "litmus_runner: %s needs a value\n", a.c_str()); exit(2); }
      return argv[++i];
    };
    if (a == "--time") c.seconds = atof(next());
    else if (a == "--launches") c.launches = atoll(next());
    else if (a == "--out") outpath = next();
    else if (a == "--seed") lt_rng_state = strtoull(next(), nullptr, 10) * 2654435761ull + 1;
    else if (a == "--groups") c.groups = atoi(next());
    else if (a == "--warps") c.warps = atoi(next());
    else if (a == "--list") list = true;
    else if (a == "--stress") {
      std::string s = next();
      c.flags = 0;
      if (s.find("mem") != std::string::npos) c.flags |= LT_MEM;
      if (s.find("bank") != std::string::npos) c.flags |= LT_BANK;
      if (s.find("sync") != std::string::npos) c.flags |= LT_SYNC;
      if (s.find("rand") != std::string::npos) c.flags |= LT_RAND;
    } else if (a.size() > 1 && a[0] == '-') {
      fprintf(stderr, "litmus_runner: unknown option %s\n", a.c_str());
      return 2;
    } else only.push_back(a);
  }
  if (list) {
    for (int i = 0; i < LT_NTESTS; i++) printf("%s\n", lt_tests[i].name);
    return 0;
  }
  if (!(c.seconds >= 0) || c.warps < 1 || c.warps > 32) {
    fprintf(stderr, "litmus_runner: bad --time or --warps\n");
    return 2;
  }
  int ndev = 0;
  cudaError_t e = cudaGetDeviceCount(&ndev);
  if (e != cudaSuccess || ndev == 0) {
    fprintf(stderr, "litmus_runner: no CUDA GPU: %s\n", e != cudaSuccess ? cudaGetErrorString(e) : "0 devices");
    return 4;
  }
  cudaDeviceProp prop;
  LT_CK(cudaGetDeviceProperties(&prop, 0));
  FILE *out = fopen(outpath, "w");
  if (!out) { perror(outpath); return 2; }
  fprintf(out, "relprove-gpu-results 1\ndevice %s sm_%d%d sms=%d\n", prop.name, prop.major, prop.minor,
          prop.multiProcessorCount);
  int ran = 0;
  for (int i = 0; i < LT_NTESTS; i++) {
    bool sel = only.empty();
    for (auto &n : only) sel |= n == lt_tests[i].name;
    if (!sel) continue;
    fprintf(stderr, "litmus_runner: %s\n", lt_tests[i].name);
    lt_run(lt_tests[i], c, prop.multiProcessorCount, out);
    ran++;
  }
  fclose(out);
  if (ran == 0) { fprintf(stderr, "litmus_runner: no test selected\n"); return 2; }
  return 0;
}
