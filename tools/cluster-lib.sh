# Sourced by tools/cluster and tools/bench-cluster: starting NATS servers and wordhall nodes on
# loopback and waiting for them. Each start_* prints nothing and sets START_PID to the process.

nats_binary() { command -v nats-server || echo /usr/sbin/nats-server; }

# start_nats NAME CLIENT_PORT DIR [ROUTE_PORT ROUTES]: a NATS server with JetStream, its data
# and log (nats.log) in DIR; with ROUTE_PORT and ROUTES (comma-separated URLs) a cluster member.
# Returns once it is ready (up to 30 s).
start_nats() {
  local name=$1 port=$2 dir=$3 args=()
  mkdir -p "$dir"
  : >"$dir/nats.log"
  [ $# -gt 3 ] && args=(-n "$name" --cluster_name wordhall --cluster "nats://127.0.0.1:$4" --routes "$5")
  "$(nats_binary)" -js -a 127.0.0.1 -p "$port" -sd "$dir/jetstream" -l "$dir/nats.log" "${args[@]}" \
    </dev/null >/dev/null 2>&1 &
  START_PID=$!
  for _ in $(seq 300); do grep -q "Server is ready" "$dir/nats.log" 2>/dev/null && return 0; sleep 0.1; done
  echo "NATS server $name did not start; see $dir/nats.log" >&2
  return 1
}

# start_nats_cluster BASE_PORT DIR: three members n1..n3 on client ports BASE..BASE+2 and route
# ports BASE+100..BASE+102, data under DIR/nats-nK; returns once they elected JetStream's
# metadata leader. Sets NATS_URLS and NATS_PIDS.
start_nats_cluster() {
  local base=$1 dir=$2 routes="" i
  NATS_URLS="" NATS_PIDS=()
  for i in 0 1 2; do routes+="${routes:+,}nats://127.0.0.1:$((base + 100 + i))"; done
  for i in 0 1 2; do
    start_nats "n$((i + 1))" $((base + i)) "$dir/nats-n$((i + 1))" $((base + 100 + i)) "$routes" || return 1
    NATS_PIDS+=("$START_PID")
    NATS_URLS+="${NATS_URLS:+,}nats://127.0.0.1:$((base + i))"
  done
  # JetStream takes streams only once its members elected a metadata leader (a few seconds).
  for _ in $(seq 300); do
    grep -q "metadata leader" "$dir"/nats-n*/nats.log 2>/dev/null && return 0
    sleep 0.1
  done
  echo "the NATS servers elected no JetStream leader in 30 s; see $dir/nats-n*/nats.log" >&2
  return 1
}

# start_node NAME PORT DIR NATS_URLS [SERVE_ARGS…]: `wordhall serve` in the cluster, logging to
# DIR/server.log. Returns at once; wait_ready waits for it.
start_node() {
  local name=$1 port=$2 dir=$3 urls=$4
  shift 4
  mkdir -p "$dir"
  build/wordhall serve --cluster "$urls" --node "$name" --port "$port" --data-dir "$dir" "$@" \
    </dev/null >>"$dir/server.log" 2>&1 &
  START_PID=$!
}

# The HTTP status line of GET /readyz on 127.0.0.1:$1 ("" when nothing answers).
readyz_status() {
  local line=""
  if { exec 3<>"/dev/tcp/127.0.0.1/$1"; } 2>/dev/null; then
    printf 'GET /readyz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    IFS= read -r -t 5 line <&3 || true
    exec 3<&- 3>&-
  fi
  echo "$line"
}

# wait_ready PORT PID LOG: until the node answers /readyz with 200 (up to 120 s: JetStream elects
# its leaders some seconds after its servers meet, and the nodes wait for them).
wait_ready() {
  local port=$1 pid=$2 log=$3
  for _ in $(seq 1200); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "the node on port $port stopped; the end of $log:" >&2
      tail -n 15 "$log" >&2
      return 1
    fi
    case $(readyz_status "$port") in *" 200 "*) return 0 ;; esac
    sleep 0.1
  done
  echo "the node on port $port is not ready after 120 s; see $log" >&2
  return 1
}
