#include "events/envelope.hpp"

#include "events/json_read.hpp"

namespace wordhall {

void write_envelope(json_writer& out, const event_envelope& event) {
  out.begin_object()
      .field("type", event.type)
      .field("v", event.version)
      .field("seq", event.seq)
      .field("id", event.id)
      .field("ts", event.timestamp_ms)
      .raw_field("payload", event.payload)
      .end_object();
}

std::string encode_envelope_json(const event_envelope& event) {
  json_writer out;
  write_envelope(out, event);
  return out.take();
}

result<event_envelope> decode_envelope_json(std::string_view json) {
  auto doc = json_document::parse(json);
  if (!doc) return doc.err();
  auto obj = as_object(doc->root(), "event");
  if (!obj) return obj.err();
  event_envelope event;
  auto type = get_string(*obj, "type");
  if (!type) return type.err();
  auto version = get_uint(*obj, "v");
  if (!version) return version.err();
  auto seq = get_uint(*obj, "seq");
  if (!seq) return seq.err();
  auto id = get_string(*obj, "id");
  if (!id) return id.err();
  auto ts = get_int(*obj, "ts");
  if (!ts) return ts.err();
  auto payload = find_field(*obj, "payload");
  if (!payload || !payload->is_object())
    return make_error("bad_field", "\"payload\" must be a JSON object");
  event.type = std::move(*type);
  event.version = static_cast<uint32_t>(*version);
  event.seq = *seq;
  event.id = std::move(*id);
  event.timestamp_ms = *ts;
  event.payload = to_json_text(*payload);
  return event;
}

}  // namespace wordhall
