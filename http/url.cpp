#include "http/url.hpp"

namespace wordhall::http {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      int high = hex_value(text[i + 1]);
      int low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out.push_back(static_cast<char>(high * 16 + low));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string_view raw_path(std::string_view target) {
  return target.substr(0, target.find('?'));
}

std::optional<parsed_target> parse_target(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  parsed_target out;
  auto path = percent_decode(raw_path(target));
  if (!path) return std::nullopt;
  out.path = std::move(*path);

  auto question = target.find('?');
  if (question == std::string_view::npos) return out;
  std::string_view rest = target.substr(question + 1);
  while (!rest.empty()) {
    auto amp = rest.find('&');
    std::string_view pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    if (pair.empty()) continue;
    auto eq = pair.find('=');
    auto name = percent_decode(pair.substr(0, eq), true);
    auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1), true);
    if (!name || !value) return std::nullopt;
    out.query.emplace(std::move(*name), std::move(*value));
  }
  return out;
}

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> segments;
  if (path.empty() || path.front() != '/') return segments;
  path.remove_prefix(1);
  for (;;) {
    auto slash = path.find('/');
    segments.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return segments;
}

bool is_safe_path(std::string_view decoded_path) {
  if (decoded_path.empty() || decoded_path.front() != '/') return false;
  if (decoded_path.find('\0') != std::string_view::npos) return false;
  if (decoded_path.find('\\') != std::string_view::npos) return false;
  for (std::string_view segment : split_path(decoded_path)) {
    if (segment == "..") return false;
  }
  return true;
}

}  // namespace wordhall::http
