#include "http/client_address.hpp"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cctype>
#include <optional>
#include <stdexcept>

#include "events/text.hpp"

namespace wordhall::http {
namespace {

// The canonical text of an address written as "a.b.c.d", "a.b.c.d:port", "v6" or "[v6]:port".
std::optional<std::string> canonical(std::string_view entry) {
  entry = trim(entry);
  if (!entry.empty() && entry.front() == '[') {
    auto close = entry.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    entry = entry.substr(1, close - 1);
  } else if (std::count(entry.begin(), entry.end(), ':') == 1) {
    entry = entry.substr(0, entry.find(':'));
  }
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(std::string(entry), ec);
  if (ec) return std::nullopt;
  return address_text(address);
}

}  // namespace

std::string address_text(const boost::asio::ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6()).to_string();
  return address.to_string();
}

bool is_trusted_proxy(const std::string& address, const std::vector<std::string>& trusted_proxies) {
  return std::find(trusted_proxies.begin(), trusted_proxies.end(), address) != trusted_proxies.end();
}

std::string client_address(const std::string& tcp_peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies) {
  if (!is_trusted_proxy(tcp_peer, trusted_proxies)) return tcp_peer;
  while (!forwarded_for.empty()) {
    auto comma = forwarded_for.rfind(',');
    auto entry = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for = comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
    if (trim(entry).empty()) continue;
    auto address = canonical(entry);
    if (!address) return tcp_peer;
    if (!is_trusted_proxy(*address, trusted_proxies)) return *address;
  }
  return tcp_peer;
}

std::vector<std::string> parse_address_list(std::string_view comma_separated) {
  std::vector<std::string> out;
  while (!comma_separated.empty()) {
    auto comma = comma_separated.find(',');
    auto item = trim(comma_separated.substr(0, comma));
    if (!item.empty()) {
      auto address = canonical(item);
      if (!address) throw std::invalid_argument("\"" + std::string(item) + "\" is not an IP address");
      out.push_back(*address);
    }
    if (comma == std::string_view::npos) break;
    comma_separated.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace wordhall::http
