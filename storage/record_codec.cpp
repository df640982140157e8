#include "storage/record_codec.hpp"

#include <type_traits>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "storage/crc32c.hpp"

namespace wordhall::storage {
namespace {

constexpr size_t crc_size = 4;

template <class T>
void put_fixed_le(std::string* out, T v) {
  static_assert(std::is_integral_v<T>);
  char buf[sizeof(T)];
  auto u = static_cast<std::make_unsigned_t<T>>(v);
  for (size_t i = 0; i < sizeof(T); ++i, u >>= 8) buf[i] = static_cast<char>(u & 0xff);
  out->append(buf, sizeof(T));
}

void put_str(std::string* out, std::string_view s) {
  put_fixed_le(out, static_cast<uint32_t>(s.size()));
  out->append(s.data(), s.size());
}

// Reserves room for the CRC; seal() fills it in once the body is complete.
void begin_value(std::string* out) {
  out->clear();
  out->append(crc_size, '\0');
}

void seal(std::string* out) {
  uint32_t masked = crc32c::mask(crc32c::value(out->data() + crc_size, out->size() - crc_size));
  for (size_t i = 0; i < crc_size; ++i, masked >>= 8) (*out)[i] = static_cast<char>(masked & 0xff);
}

// Bounds-checked cursor over a body. Each read names the field, so a failure can say where the
// record ended early.
class body_reader {
 public:
  explicit body_reader(std::string_view body) : rest_(body) {}

  template <class T>
  bool fixed(T* v, const char* field) {
    if (failed_field_ || rest_.size() < sizeof(T)) return fail(field);
    std::make_unsigned_t<T> u = 0;
    for (size_t i = sizeof(T); i-- > 0;) u = (u << 8) | static_cast<uint8_t>(rest_[i]);
    *v = static_cast<T>(u);
    rest_.remove_prefix(sizeof(T));
    return true;
  }

  bool str(std::string_view* v, const char* field) {
    uint32_t len = 0;
    if (!fixed(&len, field)) return false;
    if (rest_.size() < len) return fail(field);
    *v = rest_.substr(0, len);
    rest_.remove_prefix(len);
    return true;
  }

  status finish(std::string_view record) const {
    if (failed_field_) {
      return status::data_loss(std::string(record) + " record truncated at " + failed_field_);
    }
    if (!rest_.empty()) {
      return status::data_loss(std::string(record) + " record has " +
                               std::to_string(rest_.size()) + " trailing bytes");
    }
    return status::success();
  }

 private:
  // Keeps the first failure: that is where the record ended.
  bool fail(const char* field) {
    if (!failed_field_) failed_field_ = field;
    return false;
  }

  std::string_view rest_;
  const char* failed_field_ = nullptr;
};

// Checks the frame and returns the body through *body.
status open_frame(std::string_view value, std::string_view record, std::string_view* body) {
  if (value.size() < crc_size) {
    return status::data_loss(std::string(record) + " value too short for its checksum (" +
                             std::to_string(value.size()) + " bytes)");
  }
  uint32_t stored = 0;
  for (size_t i = crc_size; i-- > 0;) stored = (stored << 8) | static_cast<uint8_t>(value[i]);
  *body = value.substr(crc_size);
  uint32_t actual = crc32c::value(*body);
  if (crc32c::unmask(stored) != actual) {
    return status::data_loss(std::string(record) + " checksum mismatch");
  }
  return status::success();
}

status check_format(uint8_t format, uint8_t expected, std::string_view record) {
  if (format == expected) return status::success();
  return status::data_loss("unknown " + std::string(record) + " format " + std::to_string(format));
}

status meta_error(const error& e) { return status::data_loss("meta record: " + e.message); }

}  // namespace

void encode_event_value(const event_envelope& event, std::string* out) {
  begin_value(out);
  out->reserve(crc_size + 1 + 4 + 8 + 8 + 12 + event.type.size() + event.id.size() +
               event.payload.size());
  put_fixed_le(out, event_format);
  put_fixed_le(out, event.version);
  put_fixed_le(out, event.seq);
  put_fixed_le(out, event.timestamp_ms);
  put_str(out, event.type);
  put_str(out, event.id);
  put_str(out, event.payload);
  seal(out);
}

status decode_event_value(std::string_view value, event_envelope* out) {
  std::string_view body;
  status s = open_frame(value, "event", &body);
  if (!s.ok()) return s;
  body_reader in(body);
  uint8_t format = 0;
  std::string_view type, id, payload;
  if (in.fixed(&format, "format")) {
    s = check_format(format, event_format, "event");
    if (!s.ok()) return s;
  }
  // The chain stops at the first field that does not fit; finish() reports which.
  (void)(in.fixed(&out->version, "version") && in.fixed(&out->seq, "seq") &&
         in.fixed(&out->timestamp_ms, "timestamp") && in.str(&type, "type") &&
         in.str(&id, "id") && in.str(&payload, "payload"));
  s = in.finish("event");
  if (!s.ok()) return s;
  out->type.assign(type.data(), type.size());
  out->id.assign(id.data(), id.size());
  out->payload.assign(payload.data(), payload.size());
  return s;
}

void encode_snapshot_value(const snapshot_record& snapshot, std::string* out) {
  begin_value(out);
  out->reserve(crc_size + 1 + 8 + 8 + snapshot.game.size() + snapshot.state.size());
  put_fixed_le(out, snapshot_format);
  put_fixed_le(out, snapshot.seq);
  put_str(out, snapshot.game);
  put_str(out, snapshot.state);
  seal(out);
}

status decode_snapshot_value(std::string_view value, snapshot_record* out) {
  std::string_view body;
  status s = open_frame(value, "snapshot", &body);
  if (!s.ok()) return s;
  body_reader in(body);
  uint8_t format = 0;
  std::string_view game, state;
  if (in.fixed(&format, "format")) {
    s = check_format(format, snapshot_format, "snapshot");
    if (!s.ok()) return s;
  }
  (void)(in.fixed(&out->seq, "seq") && in.str(&game, "game") && in.str(&state, "state"));
  s = in.finish("snapshot");
  if (!s.ok()) return s;
  out->game.assign(game.data(), game.size());
  out->state.assign(state.data(), state.size());
  return s;
}

void encode_meta_value(const match_meta& meta, std::string* out) {
  json_writer json;
  json.begin_object()
      .field("id", meta.id)
      .field("game", meta.game)
      .field("created_ms", meta.created_ms)
      .field("status", meta.status)
      .key("players")
      .begin_array();
  for (const auto& player : meta.players) json.value(player);
  json.end_array()
      .field("last_seq", meta.last_seq)
      .field("updated_ms", meta.updated_ms)
      .field("next_deadline_ms", meta.next_deadline_ms)
      .end_object();
  begin_value(out);
  out->append(json.str());
  seal(out);
}

status decode_meta_value(std::string_view value, match_meta* out) {
  std::string_view body;
  status s = open_frame(value, "meta", &body);
  if (!s.ok()) return s;
  auto doc = json_document::parse(body);
  if (!doc) return meta_error(doc.err());
  auto obj = as_object(doc->root(), "meta record");
  if (!obj) return meta_error(obj.err());
  auto id = get_string(*obj, "id");
  if (!id) return meta_error(id.err());
  auto game = get_string(*obj, "game");
  if (!game) return meta_error(game.err());
  auto created = get_int(*obj, "created_ms");
  if (!created) return meta_error(created.err());
  auto match_status = get_string(*obj, "status");
  if (!match_status) return meta_error(match_status.err());
  auto last_seq = get_uint(*obj, "last_seq");
  if (!last_seq) return meta_error(last_seq.err());
  auto updated = get_int(*obj, "updated_ms");
  if (!updated) return meta_error(updated.err());
  simdjson::dom::array players;
  auto players_field = find_field(*obj, "players");
  if (!players_field || players_field->get(players)) {
    return status::data_loss("meta record: \"players\" must be an array");
  }
  out->players.clear();
  for (simdjson::dom::element player : players) {
    std::string_view name;
    if (player.get(name)) return status::data_loss("meta record: players must be strings");
    out->players.emplace_back(name);
  }
  out->id = std::move(*id);
  out->game = std::move(*game);
  out->created_ms = *created;
  out->status = std::move(*match_status);
  out->last_seq = *last_seq;
  out->updated_ms = *updated;
  // Absent in records written before timers were indexed: no deadline.
  int64_t deadline = 0;
  if (auto field = find_field(*obj, "next_deadline_ms"); field && field->get(deadline))
    return status::data_loss("meta record: \"next_deadline_ms\" must be an integer");
  out->next_deadline_ms = deadline;
  return s;
}

}  // namespace wordhall::storage
