# Sourced by bench/device/<topic>.sh: `run NAME LOG COMMAND...` runs one step with its output in
# LOG, appends "NAME: ok (T s)" or "NAME: FAILED (exit N, T s, see LOG)" to the `summary` array,
# sets status=1 on failure, and keeps going (a failed test must not hide the benchmark).
status=0
declare -a summary

run() {
  local name=$1 log=$2
  shift 2
  local start=$(date +%s)
  if "$@" > "$log" 2>&1; then
    summary+=("$name: ok ($(( $(date +%s) - start )) s)")
  else
    summary+=("$name: FAILED (exit $?, $(( $(date +%s) - start )) s, see $(basename "$log"))")
    status=1
  fi
}
