// client_address: the address the limits count a request against.
//
// Normally the TCP peer's address. Behind a reverse proxy every connection comes from the proxy,
// so when the TCP peer is one of `trusted_proxies` the client is read from X-Forwarded-For:
// walking it from the right (each proxy appends the address it received from), the first entry
// that is not itself a trusted proxy. Only a trusted proxy's header counts: from anyone else the
// header is ignored, or a client could name any address it likes and escape its limits. An entry
// that is not an IP address (or a header of trusted proxies only, or none) leaves the TCP peer.
//
// Addresses are compared in their canonical text, an IPv4 address mapped into IPv6 (a dual-stack
// listener's "::ffff:10.0.0.1") as plain IPv4; "[v6]:port" and "v4:port" entries lose their port.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace wordhall::http {

std::string client_address(const std::string& tcp_peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted_proxies);

// The canonical text of an address.
std::string address_text(const boost::asio::ip::address& address);

bool is_trusted_proxy(const std::string& address, const std::vector<std::string>& trusted_proxies);

// "10.0.0.1, ::1" -> {"10.0.0.1", "::1"} in canonical text; an entry that is no IP address is an
// error naming it (std::invalid_argument), for the setting to refuse at start-up.
std::vector<std::string> parse_address_list(std::string_view comma_separated);

}  // namespace wordhall::http
