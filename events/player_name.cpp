#include "events/player_name.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace wordhall {
namespace {

bool invisible(UChar32 c) {
  return (c >= 0x200B && c <= 0x200F) || c == 0x2060 || c == 0xFEFF ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool valid_utf8(std::string_view text) {
  int32_t i = 0, length = static_cast<int32_t>(text.size());
  while (i < length) {
    UChar32 c;
    U8_NEXT(text.data(), i, length, c);
    if (c < 0) return false;
  }
  return true;
}

}  // namespace

result<std::string> player_name(std::string_view text, size_t max_characters) {
  const std::string too_long = "a name has 1 to " + std::to_string(max_characters) +
                               " characters and no control characters";
  if (!valid_utf8(text)) return make_error("bad_name", too_long);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return make_error("internal", "Unicode normalisation is unavailable");
  icu::UnicodeString normal = nfc->normalize(
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size()))),
      status);
  if (U_FAILURE(status)) return make_error("bad_name", too_long);

  std::vector<UChar32> kept;
  for (int32_t i = 0; i < normal.length(); i = normal.moveIndex32(i, 1)) {
    UChar32 c = normal.char32At(i);
    if (!invisible(c)) kept.push_back(c);
  }
  auto space = [](UChar32 c) { return u_isUWhiteSpace(c) != 0; };
  auto first = std::find_if_not(kept.begin(), kept.end(), space);
  auto last = std::find_if_not(kept.rbegin(), std::make_reverse_iterator(first), space).base();
  if (first == last)
    return make_error("name_empty", "a name needs at least one visible character");
  bool control = std::any_of(first, last, [](UChar32 c) { return u_iscntrl(c) != 0; });
  if (control || static_cast<size_t>(last - first) > max_characters)
    return make_error("bad_name", too_long);

  std::string out;
  icu::UnicodeString cleaned;
  for (auto it = first; it != last; ++it) cleaned.append(*it);
  cleaned.toUTF8String(out);
  return out;
}

bool same_player_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace wordhall
