// match_owners: which node of a cluster owns each match, and which nodes are alive, in two
// JetStream key-value buckets.
//
// A node is alive while its entry in the nodes bucket lives: the key is the node's name, the
// value the incarnation that holds it (a jetstream_lease the node renews; the bucket's TTL ends
// it when the node stops renewing). A match's owner is an entry `<token>` -> `<node>/<incarnation>`
// in the owners bucket, which never expires: an owner whose incarnation is no longer alive has
// left its matches to whoever claims them next.
//
// Contract:
//   - owner() reads the match's owner entry: ok with the holder and the entry's revision, or
//     not_found when the match was never claimed.
//   - claim() writes `holder` as the owner, compare-and-set on `expected_revision` (0: the match
//     has no entry yet). aborted when the entry changed meanwhile: another node claimed it first.
//   - live_nodes() lists every node whose entry lives, with its incarnation.
//   - owned() lists every owner entry (for the sweep after a node died).
//   - unavailable when NATS cannot be reached or does not answer within options.timeout.
// Thread-safe: the NATS client is.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "storage/status.hpp"

namespace wordhall::storage {

struct owner_entry {
  std::string holder;  // "<node>/<incarnation>"
  uint64_t revision = 0;
};

class match_owners {
 public:
  struct options {
    std::string url = "nats://127.0.0.1:4222";  // comma-separated server URLs
    std::string owners_bucket = "wh-owners";
    std::string nodes_bucket = "wh-nodes";  // the nodes' leases (jetstream_lease's bucket)
    int replicas = 1;
    std::chrono::milliseconds timeout{5000};
  };

  // Connects and creates the owners bucket when it is missing. The nodes bucket is the nodes'
  // leases' (made by the first node's lease); until it exists no node is alive.
  static status open(const options& opts, std::unique_ptr<match_owners>* out);

  ~match_owners();
  match_owners(const match_owners&) = delete;
  match_owners& operator=(const match_owners&) = delete;

  status owner(const std::string& match_id, owner_entry* out) const;
  status claim(const std::string& match_id, const std::string& holder, uint64_t expected_revision,
               uint64_t* revision = nullptr);
  status live_nodes(std::map<std::string, std::string>* incarnation_by_node) const;
  status owned(std::vector<std::pair<std::string, owner_entry>>* out) const;

 private:
  struct connection;
  match_owners(std::unique_ptr<connection> nats, const options& opts);

  std::unique_ptr<connection> nats_;
  options options_;
};

// "<node>/<incarnation>", and back (false when `holder` has no '/').
std::string owner_holder(const std::string& node, const std::string& incarnation);
bool split_owner_holder(const std::string& holder, std::string* node, std::string* incarnation);

}  // namespace wordhall::storage
