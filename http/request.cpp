#include "http/request.hpp"

#include "events/json_writer.hpp"

namespace wordhall::http {

response error_response(int status, std::string_view code, std::string_view message) {
  return json_response(status, error_json(code, message));
}

response json_response(int status, std::string body) {
  response res;
  res.status = status;
  res.body = std::move(body);
  return res;
}

}  // namespace wordhall::http
