// status: the storage layer's one error vocabulary, in the spirit of Abseil's StatusCode.
//
//   ok                nothing went wrong
//   not_found         the match, snapshot or meta record does not exist
//   aborted           sequence conflict: the writer's expected last seq is not what is stored;
//                     re-read and decide again, never retry blindly
//   data_loss         a stored record fails its checksum or cannot be decoded
//   unavailable       I/O failed in a way worth retrying (lock held, fsync error)
//   resource_exhausted the disk is full: nothing was written; writing resumes once space returns
//   invalid_argument  the request itself is malformed (bad match id, seqs not consecutive)
//
// A default-constructed status is ok. The static constructor for ok is `success()` because a
// static `ok()` could not coexist with the member `ok()` that tests a status.
#pragma once

#include <string>
#include <utility>

namespace wordhall::storage {

enum class status_code {
  ok,
  not_found,
  aborted,
  data_loss,
  unavailable,
  invalid_argument,
  resource_exhausted,
};

class [[nodiscard]] status {
 public:
  status() = default;
  status(status_code code, std::string message) : code_(code), message_(std::move(message)) {}

  static status success() { return status{}; }
  static status not_found(std::string message) {
    return {status_code::not_found, std::move(message)};
  }
  static status aborted(std::string message) { return {status_code::aborted, std::move(message)}; }
  static status data_loss(std::string message) {
    return {status_code::data_loss, std::move(message)};
  }
  static status unavailable(std::string message) {
    return {status_code::unavailable, std::move(message)};
  }
  static status invalid_argument(std::string message) {
    return {status_code::invalid_argument, std::move(message)};
  }
  static status resource_exhausted(std::string message) {
    return {status_code::resource_exhausted, std::move(message)};
  }

  bool ok() const { return code_ == status_code::ok; }
  status_code code() const { return code_; }
  const std::string& message() const { return message_; }

  std::string code_name() const {
    switch (code_) {
      case status_code::ok: return "ok";
      case status_code::not_found: return "not_found";
      case status_code::aborted: return "aborted";
      case status_code::data_loss: return "data_loss";
      case status_code::unavailable: return "unavailable";
      case status_code::invalid_argument: return "invalid_argument";
      case status_code::resource_exhausted: return "resource_exhausted";
    }
    return "unknown";
  }

  // The same code with "<context>: " before the message, for an error passed up a level.
  status with_context(const std::string& context) const {
    return status(code_, context + ": " + message_);
  }

  // "ok" or "<code_name>: <message>", for logs and test failure output.
  std::string to_string() const { return ok() ? "ok" : code_name() + ": " + message_; }

 private:
  status_code code_ = status_code::ok;
  std::string message_;
};

}  // namespace wordhall::storage
