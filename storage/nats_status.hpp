// from_nats: a NATS client result in the storage layer's vocabulary (status.hpp).
//
//   the server refused a message for its expected last subject sequence     -> aborted
//   no answer, no connection, no responder (no JetStream leader right now)  -> unavailable
//   JetStream out of storage                                                -> resource_exhausted
//   anything else the server or client refused                             -> unavailable
//
#pragma once

#include <nats/nats.h>

#include <string>

#include "storage/status.hpp"

namespace wordhall::storage {

// `text`: the server's error text when the caller has it (an asynchronous acknowledgement);
// otherwise the client's last error on this thread.
inline status from_nats(natsStatus s, jsErrCode code, const std::string& context,
                        const char* text = nullptr) {
  if (s == NATS_OK) return status::success();
  if (!text) text = nats_GetLastError(nullptr);
  std::string message = context + ": " + natsStatus_GetText(s);
  if (text && *text) message += std::string(" (") + text + ")";
  if (code == JSStreamWrongLastSequenceErr) return status::aborted(message);
  if (code == JSStorageResourcesExceededErr || code == JSInsufficientResourcesErr) {
    return status::resource_exhausted(message);
  }
  if (s == NATS_NOT_FOUND) return status::not_found(message);
  return status::unavailable(message);
}

inline status from_nats(natsStatus s, const std::string& context) {
  return from_nats(s, static_cast<jsErrCode>(0), context);
}

// What JetStream's answer to a publish or API request says about reaching NATS at all.
inline bool unreachable(natsStatus s) {
  return s == NATS_TIMEOUT || s == NATS_NO_SERVER || s == NATS_CONNECTION_CLOSED ||
         s == NATS_CONNECTION_DISCONNECTED || s == NATS_IO_ERROR || s == NATS_NO_RESPONDERS ||
         s == NATS_INSUFFICIENT_BUFFER || s == NATS_STALE_CONNECTION || s == NATS_NOT_YET_CONNECTED;
}

}  // namespace wordhall::storage
