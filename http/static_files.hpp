// Static files from one directory (www_root), for GET and HEAD requests no route claimed.
//
// Mapping: "/" and "/dir/" serve index.html; a path whose last segment has no extension, "/admin",
// serves the file itself if there is one, else "admin.html". The file found is resolved with
// symlinks followed and must lie under the canonical www_root, or the answer is 400 bad_path;
// a missing file is 404 not_found. Files are sent with `Cache-Control: no-cache`, so a browser
// revalidates and a deploy shows at once.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "http/request.hpp"

namespace wordhall::http {

// The Content-Type for a file extension such as ".js"; application/octet-stream if unknown.
std::string_view content_type_for(std::string_view extension);

class static_files {
 public:
  // An empty or missing root serves nothing (every file is 404).
  explicit static_files(const std::string& root);

  // `decoded_path` is the request's percent-decoded path, already checked by is_safe_path.
  response serve(std::string_view decoded_path) const;

 private:
  std::filesystem::path root_;  // canonical; empty when disabled
};

}  // namespace wordhall::http
