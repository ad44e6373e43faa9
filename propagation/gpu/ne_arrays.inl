// propagation/gpu/ne_arrays.inl — BuildNE's arrays copied back to the host (detail::NeArrays,
// for the tests that compare two inputs of BuildNE), part of each system's translation unit.

template <typename T, typename V>
std::vector<T> to_host(const V& device) {
  std::vector<T> host(device.size());
  thrust::copy(device.begin(), device.end(), host.begin());
  return host;
}

template <typename Exec>
arcwave::detail::NeArrays copy_back(NeDevice& ne, Exec exec, bool with_csr) {
  build_ne(ne, exec, with_csr, [](const char*) {});
  arcwave::detail::NeArrays a;
  a.exists = to_host<std::uint32_t>(ne.exists);
  a.node_var = to_host<std::uint32_t>(ne.node_var);
  a.counter_node = to_host<std::uint32_t>(ne.counter_node);
  a.counter = to_host<int>(ne.counter);
  a.live_size = to_host<int>(ne.live_size);
  a.edge_s = to_host<std::uint8_t>(ne.edge_s);
  a.edge_src = to_host<std::uint32_t>(ne.edge_src);
  a.edge_dst = to_host<std::uint32_t>(ne.edge_dst);
  a.edge_key = to_host<std::uint32_t>(ne.edge_key);
  a.csr_offset = to_host<std::uint64_t>(ne.csr_offset);
  a.csr_target = to_host<std::uint32_t>(ne.csr_target);
  a.csr_counter = to_host<std::uint32_t>(ne.csr_counter);
  a.nary_node = to_host<std::uint32_t>(ne.nary_node);
  a.nary_s = to_host<std::uint32_t>(ne.nary_s);
  a.nary_key = to_host<std::uint32_t>(ne.nary_key);
  a.nary_member = to_host<std::uint32_t>(ne.nary_member);
  a.nary_csr_offset = to_host<std::uint64_t>(ne.nary_csr_offset);
  return a;
}
