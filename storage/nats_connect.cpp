#include "storage/nats_connect.hpp"

#include <sstream>
#include <vector>

#include "storage/nats_status.hpp"

namespace wordhall::storage {

status connect_jetstream(const std::string& url, std::chrono::milliseconds timeout,
                         natsConnection** nc, jsCtx** js) {
  // natsOptions_SetURL takes one server; a list goes to SetServers, split.
  std::vector<std::string> servers;
  std::stringstream list(url);
  for (std::string server; std::getline(list, server, ',');)
    if (!server.empty()) servers.push_back(server);
  if (servers.empty()) return status::invalid_argument("no NATS server URL in \"" + url + "\"");
  std::vector<const char*> server_pointers;
  for (const auto& server : servers) server_pointers.push_back(server.c_str());
  natsOptions* options = nullptr;
  natsStatus s = natsOptions_Create(&options);
  if (s == NATS_OK) {
    s = natsOptions_SetServers(options, server_pointers.data(),
                               static_cast<int>(server_pointers.size()));
  }
  if (s == NATS_OK) s = natsOptions_SetTimeout(options, timeout.count());
  if (s == NATS_OK) s = natsOptions_SetMaxReconnect(options, -1);
  if (s == NATS_OK) s = natsOptions_SetReconnectWait(options, 100);
  if (s == NATS_OK) s = natsOptions_SetFailRequestsOnDisconnect(options, true);
  if (s == NATS_OK) s = natsOptions_SetReconnectBufSize(options, 1);
  if (s == NATS_OK) s = natsOptions_SetSendAsap(options, true);
  natsConnection* connection = nullptr;
  if (s == NATS_OK) s = natsConnection_Connect(&connection, options);
  natsOptions_Destroy(options);
  if (s != NATS_OK) return from_nats(s, "connect to " + url);
  jsOptions js_options;
  jsOptions_Init(&js_options);
  js_options.Wait = timeout.count();
  jsCtx* context = nullptr;
  s = natsConnection_JetStream(&context, connection, &js_options);
  if (s != NATS_OK) {
    natsConnection_Destroy(connection);
    return from_nats(s, "JetStream context");
  }
  *nc = connection;
  *js = context;
  return status::success();
}

status open_bucket(jsCtx* js, const bucket_spec& spec, kvStore** out) {
  natsStatus s = js_KeyValue(out, js, spec.name.c_str());
  if (s == NATS_NOT_FOUND) {
    kvConfig config;
    kvConfig_Init(&config);
    config.Bucket = spec.name.c_str();
    config.History = spec.history;
    config.TTL = std::chrono::nanoseconds(spec.ttl).count();  // the C client takes nanoseconds
    config.StorageType = js_FileStorage;
    config.Replicas = spec.replicas;
    s = js_CreateKeyValue(out, js, &config);
    // Another node created it between our look and our create.
    if (s != NATS_OK && js_KeyValue(out, js, spec.name.c_str()) == NATS_OK) s = NATS_OK;
  }
  return from_nats(s, "bucket " + spec.name);
}

}  // namespace wordhall::storage
