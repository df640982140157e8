// The pure parts of http/: target parsing, the safe-path rule, routing, content types.
#include <catch2/catch.hpp>

#include "http/router.hpp"
#include "http/static_files.hpp"
#include "http/url.hpp"

using namespace wordhall::http;

TEST_CASE("percent_decode decodes escapes and refuses malformed ones", "[http]") {
  CHECK(percent_decode("a%20b%2Fc") == "a b/c");
  CHECK(percent_decode("a+b") == "a+b");
  CHECK(percent_decode("a+b", true) == "a b");
  CHECK(percent_decode("%e2%9c%93") == "\xe2\x9c\x93");
  CHECK_FALSE(percent_decode("%"));
  CHECK_FALSE(percent_decode("%4"));
  CHECK_FALSE(percent_decode("%zz"));
}

TEST_CASE("parse_target splits path and query", "[http]") {
  auto t = parse_target("/admin/matches?after=ab%20c&limit=10&flag&limit=99&x=a+b");
  REQUIRE(t);
  CHECK(t->path == "/admin/matches");
  CHECK(t->query.at("after") == "ab c");
  CHECK(t->query.at("limit") == "10");  // the first of a name wins
  CHECK(t->query.at("flag").empty());
  CHECK(t->query.at("x") == "a b");
  CHECK_FALSE(parse_target("http://example.com/"));
  CHECK_FALSE(parse_target("*"));
  CHECK_FALSE(parse_target("/a%zz"));
  CHECK(raw_path("/a%2Fb?c=d") == "/a%2Fb");
}

TEST_CASE("is_safe_path refuses traversal, NUL and backslash", "[http]") {
  CHECK(is_safe_path("/"));
  CHECK(is_safe_path("/admin-views/tictactoe.js"));
  CHECK(is_safe_path("/a..b/c."));
  CHECK_FALSE(is_safe_path("/.."));
  CHECK_FALSE(is_safe_path("/../etc/passwd"));
  CHECK_FALSE(is_safe_path("/a/../../b"));
  CHECK_FALSE(is_safe_path("/a/.."));
  CHECK_FALSE(is_safe_path(std::string_view("/a\0b", 4)));
  CHECK_FALSE(is_safe_path("/a\\..\\b"));
  CHECK_FALSE(is_safe_path("relative"));
  CHECK(split_path("/a/b/") == std::vector<std::string_view>{"a", "b", ""});
}

namespace {

struct call {
  std::string route;
  std::vector<std::string> params;
  response res;
  bool answered = false;
};

bool run(const router& r, const std::string& method, const std::string& target, call& out) {
  request req;
  req.method = method;
  req.target = target;
  return r.dispatch(req, [&out](response res) {
    out.res = std::move(res);
    out.answered = true;
  });
}

router make_router(call& seen) {
  router r;
  auto record = [&seen](std::string name) {
    return [&seen, name](const request&, const std::vector<std::string>& params, respond_fn respond) {
      seen.route = name;
      seen.params = params;
      respond(json_response(200, "{}"));
    };
  };
  r.add("GET", "/admin/matches", record("list"));
  r.add("GET", "/admin/matches/{id}/events", record("events"));
  r.add("GET", "/admin/matches/{id}/state", record("state"));
  r.add("POST", "/admin/matches/{id}/state", record("post-state"));
  r.add("GET", "/admin/matches/latest/state", record("never: shadowed by {id}"));
  return r;
}

}  // namespace

TEST_CASE("router captures decoded params and keeps encoded slashes inside a segment", "[http]") {
  call seen;
  router r = make_router(seen);
  REQUIRE(run(r, "GET", "/admin/matches/ab%20cd/events?from=3", seen));
  CHECK(seen.route == "events");
  CHECK(seen.params == std::vector<std::string>{"ab cd"});

  REQUIRE(run(r, "GET", "/admin/matches/a%2Fb/state", seen));
  CHECK(seen.route == "state");
  CHECK(seen.params == std::vector<std::string>{"a/b"});

  REQUIRE(run(r, "GET", "/admin/matches/latest/state", seen));
  CHECK(seen.route == "state");  // routes are tried in order
  CHECK(seen.params == std::vector<std::string>{"latest"});

  REQUIRE(run(r, "HEAD", "/admin/matches", seen));
  CHECK(seen.route == "list");
}

TEST_CASE("router answers 405 with Allow when only the method differs", "[http]") {
  call seen;
  router r = make_router(seen);
  REQUIRE(run(r, "DELETE", "/admin/matches/x/state", seen));
  REQUIRE(seen.answered);
  CHECK(seen.res.status == 405);
  CHECK(seen.res.body.find("\"code\":\"method_not_allowed\"") != std::string::npos);
  REQUIRE(seen.res.headers.size() == 1);
  CHECK(seen.res.headers[0].first == "Allow");
  CHECK(seen.res.headers[0].second == "GET, HEAD, POST");
}

TEST_CASE("router returns false when no pattern matches", "[http]") {
  call seen;
  router r = make_router(seen);
  CHECK_FALSE(run(r, "GET", "/admin/matches/", seen));
  CHECK_FALSE(run(r, "GET", "/admin", seen));
  CHECK_FALSE(run(r, "GET", "/admin/matches/x/events/more", seen));
  CHECK_FALSE(seen.answered);
  CHECK_THROWS_AS(r.add("GET", "no-slash", {}), std::invalid_argument);
}

TEST_CASE("error_response has the common error shape", "[http]") {
  response res = error_response(404, "not_found", "no \"such\" file");
  CHECK(res.status == 404);
  CHECK(res.content_type == "application/json");
  CHECK(res.body == R"({"error":{"code":"not_found","message":"no \"such\" file"}})");
}

TEST_CASE("content types by extension", "[http]") {
  CHECK(content_type_for(".html") == "text/html; charset=utf-8");
  CHECK(content_type_for(".JS") == "text/javascript; charset=utf-8");
  CHECK(content_type_for(".css") == "text/css; charset=utf-8");
  CHECK(content_type_for(".json") == "application/json");
  CHECK(content_type_for(".svg") == "image/svg+xml");
  CHECK(content_type_for(".png") == "image/png");
  CHECK(content_type_for(".ico") == "image/x-icon");
  CHECK(content_type_for(".woff2") == "font/woff2");
  CHECK(content_type_for(".txt") == "text/plain; charset=utf-8");
  CHECK(content_type_for(".exe") == "application/octet-stream");
  CHECK(content_type_for("") == "application/octet-stream");
}
