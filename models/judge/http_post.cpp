#include "models/judge/http_post.hpp"

#include <curl/curl.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <mutex>

#include "events/text.hpp"

namespace wordhall::judge {
namespace {

// What the callbacks of one transfer share.
struct transfer {
  http_reply reply;
  std::size_t max_reply_bytes = 0;
  bool too_large = false;
  const std::atomic<bool>* cancel = nullptr;
};

size_t on_body(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<transfer*>(user);
  size_t n = size * count;
  if (t->reply.body.size() + n > t->max_reply_bytes) {
    t->too_large = true;
    return 0;  // makes curl fail with CURLE_WRITE_ERROR
  }
  t->reply.body.append(data, n);
  return n;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto* t = static_cast<transfer*>(user);
  size_t n = size * count;
  std::string_view line(data, n);
  if (line.substr(0, 5) == "HTTP/") {
    t->reply.retry_after.reset();  // a new response (after a 100 Continue) starts afresh
    return n;
  }
  constexpr std::string_view name = "retry-after:";
  if (line.size() < name.size()) return n;
  for (size_t i = 0; i < name.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(line[i])) != name[i]) return n;
  t->reply.retry_after = parse_retry_after(line.substr(name.size()), std::time(nullptr));
  return n;
}

int on_progress(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  auto* t = static_cast<transfer*>(user);
  return t->cancel && t->cancel->load() ? 1 : 0;
}

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

std::optional<std::chrono::milliseconds> parse_retry_after(std::string_view value, std::time_t now) {
  value = trim(value);
  if (value.empty()) return std::nullopt;
  if (std::isdigit(static_cast<unsigned char>(value.front()))) {
    std::string text(value);
    char* end = nullptr;
    double seconds = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || !(seconds >= 0) || seconds > 86'400 * 365)
      return std::nullopt;
    return std::chrono::milliseconds(static_cast<long long>(std::ceil(seconds * 1000)));
  }
  std::string text(value);
  std::time_t at = curl_getdate(text.c_str(), nullptr);
  if (at == -1) return std::nullopt;
  return std::chrono::milliseconds(at > now ? (at - now) * 1000LL : 0);
}

http_poster::http_poster() {
  global_init();
  curl_ = curl_easy_init();
}

http_poster::~http_poster() {
  if (curl_) curl_easy_cleanup(static_cast<CURL*>(curl_));
}

result<http_reply> http_poster::post(const http_post_request& request,
                                     const std::atomic<bool>* cancel) {
  auto* curl = static_cast<CURL*>(curl_);
  if (!curl) return make_error("llm_unreachable", "libcurl could not start");
  curl_easy_reset(curl);  // keeps the connection cache, forgets the last request's options

  transfer t;
  t.max_reply_bytes = request.max_reply_bytes;
  t.cancel = cancel;
  curl_slist* headers = nullptr;
  for (auto& h : request.headers) headers = curl_slist_append(headers, h.c_str());
  char error_text[CURL_ERROR_SIZE] = {0};

  curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for DNS timeouts
  curl_easy_setopt(curl, CURLOPT_POST, 1L);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, &t);
  curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &t);
  curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(request.timeout.count()));
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(std::min<long long>(request.timeout.count(), 10'000)));
  curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");  // whatever libcurl can decode
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_text);

  CURLcode code = curl_easy_perform(curl);
  curl_slist_free_all(headers);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, nullptr);  // error_text is about to go
  if (code != CURLE_OK) {
    std::string why = error_text[0] ? error_text : curl_easy_strerror(code);
    if (t.too_large)
      return make_error("llm_reply_too_large",
                        "the reply passed " + std::to_string(request.max_reply_bytes) + " bytes");
    if (code == CURLE_ABORTED_BY_CALLBACK) return make_error("llm_cancelled", "cancelled");
    if (code == CURLE_OPERATION_TIMEDOUT) return make_error("llm_timeout", why);
    return make_error("llm_unreachable", why);
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &t.reply.status);
  return std::move(t.reply);
}

}  // namespace wordhall::judge
