#include "actors/cluster_protocol.hpp"

#include "events/json_read.hpp"
#include "events/json_writer.hpp"

namespace wordhall {
namespace {

// Each text field with its name, so encoding and decoding cannot disagree.
template <class Message, class Visit>
void for_each_text(Message& m, Visit&& visit) {
  visit("kind", m.kind);
  visit("match", m.match);
  visit("caller", m.caller);
  visit("sub", m.sub);
  visit("to", m.to);
  visit("from", m.from);
  visit("command", m.command);
  visit("view", m.view);
  visit("events", m.events);
  visit("reply", m.reply);
  visit("code", m.code);
  visit("message", m.message);
  visit("game", m.game);
  visit("hash", m.hash);
  visit("state", m.state);
}

}  // namespace

std::string encode_wire_message(const wire_message& m) {
  json_writer out;
  out.begin_object();
  for_each_text(m, [&](const char* name, const std::string& value) {
    if (!value.empty()) out.field(name, value);
  });
  if (m.seq) out.field("seq", m.seq);
  if (m.ok) out.field("ok", true);
  out.end_object();
  return out.take();
}

result<wire_message> decode_wire_message(std::string_view text) {
  auto doc = json_document::parse(text);
  if (!doc) return doc.err();
  auto o = as_object(doc->root(), "cluster message");
  if (!o) return o.err();
  wire_message m;
  for_each_text(m, [&](const char* name, std::string& value) {
    if (auto v = optional_string(*o, name)) value = std::move(*v);
  });
  if (find_field(*o, "seq")) {
    auto seq = get_uint(*o, "seq");
    if (!seq) return seq.err();
    m.seq = *seq;
  }
  if (find_field(*o, "ok")) {
    auto ok = get_bool(*o, "ok");
    if (!ok) return ok.err();
    m.ok = *ok;
  }
  if (m.kind.empty()) return make_error("bad_field", "a cluster message needs a kind");
  return m;
}

std::string node_subject(const std::string& node, std::string_view what) {
  return "wh.node." + node + "." + std::string(what);
}

}  // namespace wordhall
