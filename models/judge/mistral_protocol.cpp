#include "models/judge/mistral_protocol.hpp"

#include <cctype>
#include <cmath>
#include <unordered_map>

#include "events/json_read.hpp"
#include "events/json_writer.hpp"
#include "events/text.hpp"

namespace wordhall::judge {
namespace {

constexpr std::string_view system_prompt =
    "You are evaluating German words for a friendly, creativity-focused word game.";

constexpr std::string_view instructions =
    "The game language is German and every word is a German word, written in capitals as laid "
    "on the board. For each word, judge its creativity, rarity and beauty as you see fit and give "
    "one score, an integer from 1 to 100. No bonuses for length or position. Reply with JSON "
    "only: {\"evaluations\":[{\"word\":...,\"score\":...,\"explanation\":...}]}, exactly one "
    "evaluation per word, each word spelled exactly as given. Keep each explanation brief: one or "
    "two sentences, in German.";

void write_schema(json_writer& out) {
  out.begin_object().field("type", "object").key("properties").begin_object();
  out.key("evaluations").begin_object().field("type", "array").key("items").begin_object();
  out.field("type", "object").key("properties").begin_object();
  out.key("word").begin_object().field("type", "string").end_object();
  out.key("score").begin_object().field("type", "integer").end_object();
  out.key("explanation").begin_object().field("type", "string").end_object();
  out.end_object();  // properties
  out.key("required").begin_array().value("word").value("score").value("explanation").end_array();
  out.field("additionalProperties", false);
  out.end_object().end_object();  // items, evaluations
  out.end_object();               // properties
  out.key("required").begin_array().value("evaluations").end_array();
  out.field("additionalProperties", false);
  out.end_object();
}

error bad_reply(std::string message) { return make_error("llm_bad_reply", std::move(message)); }

// The assistant's text: a string, or (newer Mistral replies) a list of {"type":"text","text":..}.
result<std::string> message_content(simdjson::dom::element root) {
  simdjson::dom::element choices;
  if (root["choices"].get(choices) || !choices.is_array())
    return bad_reply("the reply has no \"choices\"");
  simdjson::dom::element content;
  if (array_of(choices).at(0)["message"]["content"].get(content))
    return bad_reply("the reply has no choices[0].message.content");
  std::string_view text;
  if (!content.get(text)) return std::string(text);
  if (!content.is_array()) return bad_reply("choices[0].message.content is not text");
  std::string joined;
  for (auto chunk : array_of(content)) {
    std::string_view type, part;
    if (chunk["type"].get(type) || type != "text" || chunk["text"].get(part)) continue;
    joined += part;
  }
  if (joined.empty()) return bad_reply("choices[0].message.content holds no text");
  return joined;
}

std::string_view strip_fence(std::string_view text) {
  text = trim(text);
  if (text.substr(0, 3) != "```") return text;
  auto newline = text.find('\n');
  if (newline == std::string_view::npos) return text;
  text.remove_prefix(newline + 1);
  text = trim(text);
  if (text.size() >= 3 && text.substr(text.size() - 3) == "```") text.remove_suffix(3);
  return trim(text);
}

}  // namespace

std::string_view rating_instructions() { return instructions; }

std::string build_rating_request(std::string_view model, const std::vector<std::string>& words) {
  json_writer user;
  user.begin_object().field("language", "German").key("words").begin_array();
  for (auto& w : words) user.value(w);
  user.end_array().field("instructions", instructions).end_object();

  json_writer out;
  out.begin_object().field("model", model).field("temperature", 0);
  out.key("messages").begin_array();
  out.begin_object().field("role", "system").field("content", system_prompt).end_object();
  out.begin_object().field("role", "user").field("content", user.str()).end_object();
  out.end_array();
  out.key("response_format").begin_object().field("type", "json_schema");
  out.key("json_schema").begin_object().field("name", "evaluations").field("strict", true);
  out.key("schema");
  write_schema(out);
  out.end_object().end_object().end_object();
  return out.take();
}

result<std::vector<word_rating>> parse_rating_reply(std::string_view body,
                                                    const std::vector<std::string>& words) {
  auto reply = json_document::parse(body);
  if (!reply) return bad_reply("the reply is not JSON: " + reply.err().message);
  auto content = message_content(reply->root());
  if (!content) return content.err();
  auto doc = json_document::parse(strip_fence(*content));
  if (!doc) return bad_reply("the message content is not JSON: " + doc.err().message);
  simdjson::dom::element evaluations;
  if (doc->root()["evaluations"].get(evaluations) || !evaluations.is_array())
    return bad_reply("the message content has no \"evaluations\" array");

  std::unordered_map<std::string, std::size_t> wanted;  // normalised word -> index in `words`
  for (std::size_t i = 0; i < words.size(); ++i) wanted.emplace(normalise_word(words[i]), i);
  std::vector<word_rating> out(words.size());
  std::vector<bool> seen(words.size(), false);
  for (auto item : array_of(evaluations)) {
    auto obj = as_object(item, "an evaluation");
    if (!obj) return bad_reply(obj.err().message);
    auto word = get_string(*obj, "word");
    if (!word) return bad_reply("an evaluation's " + word.err().message);
    auto it = wanted.find(normalise_word(*word));
    if (it == wanted.end()) return make_error("llm_wrong_words", "unrequested word \"" + *word + "\"");
    if (seen[it->second]) return make_error("llm_wrong_words", "word \"" + *word + "\" rated twice");
    simdjson::dom::element score_element;
    int64_t score = 0;
    double real = 0;
    if ((*obj)["score"].get(score_element)) return bad_reply("\"" + *word + "\" has no score");
    if (score_element.get(score) != simdjson::SUCCESS) {
      // 42.0 is an integer written oddly; 42.5 is not.
      if (score_element.get(real) || real != std::floor(real) || std::abs(real) > 1e6)
        return bad_reply("the score of \"" + *word + "\" is not an integer");
      score = static_cast<int64_t>(real);
    }
    if (score < 1 || score > 100)
      return make_error("llm_score_out_of_range",
                        "the score of \"" + *word + "\" is " + std::to_string(score) + ", not 1..100");
    auto explanation = get_string(*obj, "explanation");
    if (!explanation) return bad_reply("\"" + *word + "\": " + explanation.err().message);
    auto said = trim(*explanation);
    if (said.empty()) return bad_reply("\"" + *word + "\" has an empty explanation");
    seen[it->second] = true;
    out[it->second] = word_rating{words[it->second], static_cast<int>(score), std::string(said)};
  }
  for (std::size_t i = 0; i < words.size(); ++i)
    if (!seen[i]) return make_error("llm_wrong_words", "\"" + words[i] + "\" was not rated");
  return out;
}

}  // namespace wordhall::judge
