// propagation/gpu/ne_compact_input.inl — BuildNE's input from a CompactNetwork
// (propagation/network/compact_network.hpp), part of ne_model.inl (included there, inside the
// system's namespace). The host sends bytes per relation: the binary bitmaps in the very layout
// BuildNE reads (so its bitmap phase has nothing to do), and for each n-ary constraint either
// bits over its product or its listed tuples; build_nary expands both into nary_node (value
// indices, tuple-major, in the order of the bits: lexicographic) before its own phases, so every
// N-E array afterwards is the one the TableNetwork path builds.

__host__ __device__ inline unsigned popcount32(std::uint32_t w) {
#if defined(__CUDA_ARCH__)
  return static_cast<unsigned>(__popc(w));
#else
  return static_cast<unsigned>(__builtin_popcount(w));
#endif
}

__host__ __device__ inline unsigned lowest_bit(std::uint32_t w) {
#if defined(__CUDA_ARCH__)
  return static_cast<unsigned>(__ffs(static_cast<int>(w)) - 1);
#else
  return static_cast<unsigned>(__builtin_ctz(w));
#endif
}

// The n-ary bits as one virtual array: constraint c's words are [word_base[c], word_base[c+1])
// (none for a listed constraint), stored from bits_offset[c] (shared words allowed).
struct NaryWords {
  const std::uint64_t* word_base;
  const std::uint64_t* bits_offset;
  const std::uint32_t* bits;
  std::uint32_t q;
  struct Word {
    std::uint32_t constraint;
    std::uint64_t local;  // word index within the constraint's product bits
    std::uint32_t bits;
  };
  __host__ __device__ Word word(std::uint64_t v) const {
    const std::uint32_t c = block_of(word_base, q, v);
    const std::uint64_t local = v - word_base[c];
    return Word{c, local, bits[bits_offset[c] + local]};
  }
};

struct WordPopcount {
  NaryWords words;
  std::uint64_t count;
  __host__ __device__ std::uint64_t operator()(std::uint64_t v) const {
    return v < count ? popcount32(words.word(v).bits) : 0;
  }
};

// One thread per virtual word: each set bit is an allowed tuple, whose rank among its
// constraint's tuples is the popcount of the constraint's words before it (`rank`, an exclusive
// scan) plus the set bits below it in the word; its product index decodes into the values (last
// position fastest).
struct ExpandNaryBits {
  NaryWords words;
  const std::uint64_t* rank;
  const std::uint64_t* entry_base;
  const std::uint64_t* scope_base;
  const std::uint32_t* arity;
  const std::uint32_t* scope;
  const std::uint32_t* dom;
  std::uint32_t* node;
  __host__ __device__ void operator()(std::uint64_t v) const {
    const NaryWords::Word w = words.word(v);
    const std::uint32_t c = w.constraint;
    const std::uint32_t r = arity[c];
    const std::uint32_t* var = scope + scope_base[c];
    std::uint64_t tuple = rank[v] - rank[words.word_base[c]];
    // 32-bit division where the product index fits it (far cheaper on the device).
    const bool narrow = w.local < (std::uint64_t{1} << 27);
    for (std::uint32_t bits = w.bits; bits != 0; bits &= bits - 1, ++tuple) {
      std::uint64_t p = w.local * 32 + lowest_bit(bits);
      auto p32 = static_cast<std::uint32_t>(p);
      std::uint32_t* out = node + entry_base[c] + tuple * r;
      for (std::uint32_t i = r; i > 0; --i) {
        const std::uint32_t d = dom[var[i - 1]];
        if (narrow) {
          out[i - 1] = p32 % d;
          p32 /= d;
        } else {
          out[i - 1] = static_cast<std::uint32_t>(p % d);
          p /= d;
        }
      }
    }
  }
};

// One thread per n-ary tuple: a listed constraint's tuple is copied to its entries.
struct CopyListedTuples {
  const std::uint64_t* tuple_base;
  const std::uint64_t* entry_base;
  const std::uint64_t* listed_offset;
  const std::uint32_t* arity;
  const std::uint32_t* listed;
  std::uint32_t q;
  std::uint32_t* node;
  __host__ __device__ void operator()(std::uint64_t t) const {
    const std::uint32_t c = block_of(tuple_base, q, t);
    if (listed_offset[c] == arcwave::CompactNetwork::kNone) return;
    const std::uint32_t r = arity[c];
    const std::uint64_t local = t - tuple_base[c];
    for (std::uint32_t i = 0; i < r; ++i)
      node[entry_base[c] + local * r + i] = listed[listed_offset[c] + local * r + i];
  }
};

// build_nary's first step for compact input (after the sizes): nary_node from bits and lists.
template <typename Exec, typename Mark>
void expand_compact_nary(NeDevice& ne, Exec exec, Mark mark) {
  mark("nary-expand");
  ne.nary_node.resize(ne.nary_entries);
  const std::uint64_t virtual_words = ne.nary_word_base[ne.q];
  if (virtual_words > 0) {
    const NaryWords words{raw(ne.nary_word_base), raw(ne.nary_bits_offset), raw(ne.nary_bits),
                          ne.q};
    auto rank = scratch<std::uint64_t>(exec, virtual_words + 1);
    const auto counts = thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0),
                                                        WordPopcount{words, virtual_words});
    thrust::exclusive_scan(exec(), counts, counts + static_cast<std::ptrdiff_t>(virtual_words + 1),
                           rank.begin());
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(virtual_words),
                     ExpandNaryBits{words, rank.data(), raw(ne.nary_entry_base),
                                    raw(ne.nary_scope_base), raw(ne.nary_arity), raw(ne.nary_scope),
                                    raw(ne.domain_size), raw(ne.nary_node)});
  }
  if (!ne.nary_listed.empty())
    thrust::for_each(exec(), thrust::counting_iterator<std::uint64_t>(0),
                     thrust::counting_iterator<std::uint64_t>(ne.nary_tuples),
                     CopyListedTuples{raw(ne.nary_tuple_base), raw(ne.nary_entry_base),
                                      raw(ne.nary_listed_offset), raw(ne.nary_arity),
                                      raw(ne.nary_listed), ne.q, raw(ne.nary_node)});
}

// A host array into a device vector: through upload_staged's pinned buffers when large.
template <typename V>
void upload_words(const std::vector<std::uint32_t>& host, V& device) {
  device.resize(host.size());
  if (host.empty()) return;
#if defined(__CUDACC__)
  constexpr std::size_t kDirectWords = std::size_t{4} << 20;  // upload_staged's threshold
  if (host.size() <= kDirectWords)                            // one span: no packing
    ARCWAVE_CUDA_CHECK(cudaMemcpy(raw(device), host.data(), host.size() * sizeof(std::uint32_t),
                                  cudaMemcpyHostToDevice));
  else
    upload_staged([&host](auto&& put) { put(host.data(), host.size()); }, raw(device), host.size());
#else
  thrust::copy(host.begin(), host.end(), device.begin());
#endif
}

// Host -> device copy of a CompactNetwork: domain sizes, binary scopes and bitmaps with their
// offsets, n-ary arities, tuple counts, scopes, bits and lists, and the values left by unary
// constraints (`alive`: net.alive, or all 0 to start from a wipe-out).
inline void upload_network(const arcwave::CompactNetwork& net,
                           const std::vector<std::uint8_t>& alive, NeDevice& ne) {
  ne.n = static_cast<std::uint32_t>(net.variable_count());
  ne.m = static_cast<std::uint32_t>(net.binary_count());
  ne.domain_size = net.domain_sizes;
  ne.cx = net.binary_x;
  ne.cy = net.binary_y;
  std::vector<std::uint64_t> bitmap_base(net.bitmap_offset);
  bitmap_base.push_back(net.bitmap.size());
  ne.bitmap_base = bitmap_base;
  upload_words(net.bitmap, ne.bitmap);
  ne.bitmap_uploaded = true;
  ne.q = static_cast<std::uint32_t>(net.nary_count());
  if (ne.q > 0) {
    ne.nary_compact = true;
    ne.nary_arity = net.nary_arity;
    ne.nary_count = net.nary_allowed;
    ne.nary_scope = net.nary_scope;
    ne.nary_bits_offset = net.nary_bits_offset;
    ne.nary_listed_offset = net.nary_listed_offset;
    // Words of each constraint's product bits (none for a listed one), as an exclusive scan.
    std::vector<std::uint64_t> word_base{0};
    std::uint64_t at = 0;
    for (std::size_t c = 0; c < net.nary_count(); ++c) {
      std::uint64_t product = 1;
      for (std::uint32_t i = 0; i < net.nary_arity[c]; ++i)
        product *= net.domain_sizes[net.nary_scope[at + i]];
      at += net.nary_arity[c];
      const bool bits = net.nary_bits_offset[c] != arcwave::CompactNetwork::kNone;
      word_base.push_back(word_base.back() + (bits ? (product + 31) / 32 : 0));
    }
    ne.nary_word_base = word_base;
    upload_words(net.nary_bits, ne.nary_bits);
    upload_words(net.nary_listed, ne.nary_listed);
  }
  const std::vector<std::uint32_t> alive32(alive.begin(), alive.end());
  ne.exists = alive32;
  ne.nodes = alive32.size();
}
