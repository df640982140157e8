#include "http/request.hpp"

#include "events/json_writer.hpp"

namespace wordhall::http {

response error_response(int status, std::string_view code, std::string_view message) {
  json_writer out;
  out.begin_object().key("error").begin_object();
  out.field("code", code).field("message", message);
  out.end_object().end_object();
  return json_response(status, out.take());
}

response json_response(int status, std::string body) {
  response res;
  res.status = status;
  res.body = std::move(body);
  return res;
}

}  // namespace wordhall::http
