# Sourced by tools/run and tools/test: `phase NAME COMMAND…` runs a step and remembers how long it
# took; `print_phases` prints them all, so a first run shows where its time went.
phase_lines=()
phase() {
  local name=$1 started=$SECONDS status=0
  shift
  "$@" || status=$?
  phase_lines+=("$(printf '%-10s %5d s' "$name" $((SECONDS - started)))")
  return "$status"
}
print_phases() {
  local line
  echo "phases:"
  for line in "${phase_lines[@]}"; do echo "  $line"; done
}
