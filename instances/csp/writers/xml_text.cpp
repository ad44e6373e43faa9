// Shared pieces of the XCSP writers (instances/csp/writers/xml_text.hpp).
#include "instances/csp/writers/xml_text.hpp"

namespace arcwave::gen {

namespace {
bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
}  // namespace

bool is_identifier(std::string_view name) {
  if (name.empty() || !is_letter(name.front())) return false;
  for (char c : name)
    if (!is_letter(c) && !(c >= '0' && c <= '9') && c != '_') return false;
  return true;
}

void write_domain(TextOut& out, const std::vector<Value>& domain) {
  std::size_t i = 0;
  bool first = true;
  while (i < domain.size()) {
    std::size_t j = i;
    while (j + 1 < domain.size() && domain[j + 1] == domain[j] + 1) ++j;
    if (!first) out << ' ';
    first = false;
    if (j - i >= 2) {
      out << domain[i] << ".." << domain[j];
      i = j + 1;
    } else {
      out << domain[i];
      ++i;
    }
  }
}

std::string comment_text(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '-' && !out.empty() && out.back() == '-') out += ' ';
    out += c;
  }
  if (!out.empty() && out.back() == '-') out += ' ';
  return out;
}

}  // namespace arcwave::gen
