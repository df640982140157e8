// gcide_corpus: the GNU Collaborative International Dictionary of English (Debian's dict-gcide,
// /usr/share/dictd/gcide.dict.dz: Webster's Revised Unabridged of 1913 with later additions) as
// sentences for PPMI vectors, a view of meaning from a dictionary that is not WordNet.
//
// The file is dictd's text: entries separated by blank lines, each opening at column 0 with its
// headword and pronunciation ("Dog \Dog\ (d[o^]g), n. [AS. docga ...]"), then indented senses,
// notes, quotations and "Syn:" lists, each closed by a source tag ("[1913 Webster]", "[PJC]").
// A paragraph (lines up to a blank line) becomes one sentence, prefixed with its entry's headword
// so the word shares windows with its definition. Cleaning:
//   - "\...\" on the headword line (pronunciation) and the "(...)" right after it are dropped;
//   - "[...]" spans are dropped (etymologies, source tags, "[Obs.]"), except accent codes of at
//     most four characters without a space ("Zo["o]l" -> "Zool", "[ae]" -> "ae");
//   - lines indented twelve spaces or more are quotations and are dropped, as is what follows
//     "--" on a line (an author);
//   - "{" and "}" around cross-references are dropped, the words kept.
// The dictionary took some entries from WordNet; so that this view stays independent of the
// WordNet views, a paragraph tagged "[WordNet ...]" is dropped, and so is every paragraph of an
// entry whose only sources are WordNet. The 00-database-* entries at the top are skipped.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "events/result.hpp"
#include "models/codenames/ppmi_corpus.hpp"

namespace wordhall::codenames {

// The sentences of dictionary text in dictd's format, as described above.
std::vector<std::string> gcide_sentences(std::string_view text);

// Reads `path` (gzip, dictzip or plain text). Errors: `missing_corpus` naming the file and the
// Debian package when it cannot be read.
result<corpus> read_gcide_corpus(const std::string& path,
                                 std::unordered_set<std::string> stop_words);

}  // namespace wordhall::codenames
