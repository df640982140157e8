#include "http/static_files.hpp"

#include <fstream>
#include <iterator>
#include <system_error>

#include "http/url.hpp"

namespace fs = std::filesystem;

namespace wordhall::http {
namespace {

struct content_type_entry {
  std::string_view extension;
  std::string_view type;
};

constexpr content_type_entry content_types[] = {
    {".html", "text/html; charset=utf-8"},
    {".htm", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/x-icon"},
    {".woff2", "font/woff2"},
    {".txt", "text/plain; charset=utf-8"},
};

bool is_regular(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// True when `inner` is `outer` or lies below it; both canonical.
bool is_within(const fs::path& inner, const fs::path& outer) {
  auto o = outer.begin();
  auto i = inner.begin();
  for (; o != outer.end(); ++o, ++i) {
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

std::string_view content_type_for(std::string_view extension) {
  for (const auto& entry : content_types) {
    if (entry.extension.size() != extension.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < extension.size() && same; ++i) {
      char c = extension[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      same = c == entry.extension[i];
    }
    if (same) return entry.type;
  }
  return "application/octet-stream";
}

static_files::static_files(const std::string& root) {
  if (root.empty()) return;
  std::error_code ec;
  fs::path canonical = fs::canonical(root, ec);
  if (!ec && fs::is_directory(canonical, ec)) root_ = std::move(canonical);
}

response static_files::serve(std::string_view decoded_path) const {
  if (!is_safe_path(decoded_path)) {
    return error_response(400, "bad_path", "the path is not allowed");
  }
  response not_found = error_response(404, "not_found", "no such file");
  if (root_.empty()) return not_found;

  // Leading slashes stripped: "//etc/passwd" must not become an absolute path.
  std::string_view rest = decoded_path;
  while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  std::string relative{rest};
  for (std::string_view segment : split_path(decoded_path)) {
    if (!segment.empty() && segment.front() == '.') return not_found;  // no dotfiles (.git, ...)
  }
  if (relative.empty() || relative.back() == '/') relative += "index.html";
  fs::path candidate = root_ / fs::path(relative);
  if (!is_regular(candidate)) {
    if (candidate.has_extension()) return not_found;
    candidate += ".html";
    if (!is_regular(candidate)) return not_found;
  }

  std::error_code ec;
  fs::path resolved = fs::canonical(candidate, ec);
  if (ec) return not_found;
  if (!is_within(resolved, root_)) {
    return error_response(400, "bad_path", "the path leads outside the web root");
  }

  std::ifstream in(resolved, std::ios::binary);
  if (!in) return not_found;
  response res;
  res.body.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return error_response(500, "internal_error", "the file could not be read");
  res.content_type = std::string(content_type_for(candidate.extension().string()));
  res.headers.emplace_back("Cache-Control", "no-cache");
  res.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return res;
}

}  // namespace wordhall::http
