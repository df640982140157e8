// match_directory: finds, spawns and supervises match actors.
//
// There is at most one actor per match in this process (the single writer). A lookup spawns the
// actor of a stored match on demand; the actor recovers itself from the journal. The directory
// monitors every actor it spawns: one that stops (passivation) or crashes is forgotten, and the
// next lookup spawns a fresh one from the journal. At start-up, `wake` spawns every unfinished
// match with a pending deadline, so timers that fell due while the server was down fire now.
//
// In a cluster (platform::cluster) each match has one owning node (storage/match_owners.hpp),
// and only the owner runs its actor. A lookup of a match another living node owns answers a
// remote_match standing in for it; of a match nobody owns, or whose owner left the cluster, it
// claims the match (compare-and-set: of two nodes claiming at once one wins, the other stands
// in for the winner) and runs it here. local_lookup answers only a match this node owns or could
// claim, for requests other nodes forward: never a stand-in, so a request cannot go round in
// circles. When a node leaves (node_gone), the stand-ins for its matches end (their subscribers
// ask again and reach the new owner) and the matches it owned with a pending deadline are
// claimed at once, so their timers fire. `wake` claims only what nobody living owns.
// release_all ends every actor here after this node's own lease lapsed and was taken again:
// other nodes may have claimed its matches meanwhile, so each is looked up afresh.
#pragma once

#include <caf/all.hpp>

#include <optional>
#include <string>
#include <unordered_map>

#include "actors/messages.hpp"
#include "actors/platform.hpp"

namespace wordhall {

class match_directory : public caf::event_based_actor {
 public:
  match_directory(caf::actor_config& cfg, platform* services);
  caf::behavior make_behavior() override;
  // Match actors live only as long as their directory.
  void on_exit() override;

 private:
  struct entry {
    caf::actor handle;
    std::string owner_node;  // empty: the match runs here; else a stand-in for that node's
  };

  caf::result<caf::actor> lookup(const std::string& id, bool local_only);
  // In a cluster: the actor for match `id` (of `g`), here when this node owns it or claims it
  // because no living node does, else a stand-in (invalid when local_only). nullopt: the
  // owners' bucket did not answer.
  std::optional<caf::actor> resolve(const std::string& id, const game* g, bool local_only);
  caf::actor spawn_match(const std::string& id, const game* g, bool is_new);
  caf::actor spawn_stand_in(const std::string& id, const std::string& owner_node);
  void end_entry(const std::string& id);
  size_t wake();
  void node_gone(const std::string& holder);

  platform* platform_;
  std::unordered_map<std::string, entry> live_;
  bool draining_ = false;
};

}  // namespace wordhall
