// result<T>: a value or an error with a stable code and a human message.
//
// The codes are the product's error vocabulary (`not_your_turn`, `bad_json`, ...); they travel
// unchanged from the pure core to the browser, so a code, once published, never changes meaning.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace wordhall {

struct error {
  std::string code;
  std::string message;
};

inline error make_error(std::string code, std::string message) {
  return error{std::move(code), std::move(message)};
}

template <class T>
class result {
 public:
  result(T value) : data_(std::move(value)) {}
  result(error err) : data_(std::move(err)) {}

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const error& err() const { return std::get<1>(data_); }

 private:
  std::variant<T, error> data_;
};

template <>
class result<void> {
 public:
  result() = default;
  result(error err) : err_(std::move(err)), ok_(false) {}

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const error& err() const { return err_; }

 private:
  error err_;
  bool ok_ = true;
};

}  // namespace wordhall

// Returns the error of a failed result<...> from the enclosing function.
#define WORDHALL_TRY(expr)                                \
  do {                                                    \
    auto&& wordhall_try_result_ = (expr);                 \
    if (!wordhall_try_result_) return wordhall_try_result_.err(); \
  } while (0)
