// check_append_request: everything that can be wrong with an append_request (journal.hpp)
// without looking at what is stored. invalid_argument naming the match and what is wrong:
// a bad match id, seqs not expected_last_seq+1, +2, ..., a seq overflow, a snapshot past the new
// last seq, or meta naming another match.
#pragma once

#include "storage/journal.hpp"
#include "storage/status.hpp"

namespace wordhall::storage {

status check_append_request(const append_request& request);

}  // namespace wordhall::storage
