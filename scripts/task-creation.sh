#!/usr/bin/env bash
# Task creation through the API, end to end (docs/benchmarks.md, "Creating a task through the
# API"): the release `herald serve` on a fresh SQLite file, and — with HERALD_POSTGRES_URL — on a
# fresh PostgreSQL database of its own (8 users), each with 10, 1 000 and 10 000 tasks stored;
# scripts/task-creation.py times 200 creations one at a time, then wrk creates as many as it can in
# DURATION over 8 connections (2 threads), the users' tokens in turn.
#
# The counts of one engine are served side by side (a server each) and measured in ROUNDS rounds,
# one wrk run per count a round, the counts in turn: on a machine whose speed drifts over minutes,
# each count then meets the same drift, and the median of its rounds is printed with their range.
# Needs python3, curl, wrk, and for PostgreSQL psql. Tunables: STORED (the counts), PORT (the
# first server's), DURATION, ROUNDS.
set -euo pipefail

cd "$(dirname "$0")/.."
STORED=${STORED:-"10 1000 10000"}
PORT=${PORT:-18090}
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
command -v wrk >/dev/null || { echo "error: wrk not found (apt-get install wrk)" >&2; exit 1; }
WORK=$(mktemp -d)
swift build -c release --product herald >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
HERALD="$(swift build -c release --show-bin-path)/herald"
SERVERS=()
DATABASES=()
stop_servers() {
  for server in "${SERVERS[@]}"; do kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; done
  SERVERS=()
}
drop_databases() {
  for database in "${DATABASES[@]}"; do
    psql "$HERALD_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true
  done
  DATABASES=()
}
trap 'stop_servers; drop_databases; rm -rf "$WORK"' EXIT

serve() { # PORT, then the arguments of `herald serve` besides the port
  local port=$1
  shift
  "$HERALD" serve --port "$port" "$@" >"$WORK/serve-$port.log" 2>&1 &
  SERVERS+=($!)
  for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$port/openapi.yaml" && return
    sleep 0.1
  done
  echo "error: herald serve did not start:" >&2
  cat "$WORK/serve-$port.log" >&2
  exit 1
}

# Fills each count's server (task-creation.py, which also times creations one at a time), then
# measures them in rounds; the tokens of the server at PORT+i are in $WORK/tokens-i.
measure_all() { # COUNT...
  local counts=("$@") index round
  for index in "${!counts[@]}"; do
    # shellcheck disable=SC2046 # one word per token
    scripts/task-creation.py "http://127.0.0.1:$((PORT + index))" "${counts[$index]}" $(cat "$WORK/tokens-$index")
  done
  for round in $(seq "$ROUNDS"); do
    for index in "${!counts[@]}"; do
      # shellcheck disable=SC2046
      wrk -t2 -c8 -d"$DURATION" --latency -s scripts/load-create-task.lua "http://127.0.0.1:$((PORT + index))" -- \
        "wrk-$round" $(cat "$WORK/tokens-$index") |
        awk -v which="$index" '/Requests\/sec:/ { rps = $2 } $1 == "99%" { p99 = $2 } /^not created:/ { bad = $3 }
          END { if (bad > 0) { print "error: " bad " requests not created" > "/dev/stderr"; exit 1 }
                printf "%s %.0f %s\n", which, rps, p99 }' >>"$WORK/rounds"
    done
  done
  for index in "${!counts[@]}"; do
    awk -v which="$index" -v stored="${counts[$index]}" -v rounds="$ROUNDS" '$1 == which { n++; rate[n] = $2; p99[n] = $3 }
      END {
        # Sorted by rate (insertion sort: a handful of rounds); the p99 printed is the median round'"'"'s.
        for (i = 2; i <= n; i++) for (j = i; j > 1 && rate[j] < rate[j - 1]; j--) {
          t = rate[j]; rate[j] = rate[j - 1]; rate[j - 1] = t; t = p99[j]; p99[j] = p99[j - 1]; p99[j - 1] = t }
        m = int((n + 1) / 2)
        printf "%s stored: %.0f requests/s (median of %d rounds, %.0f–%.0f), p99 %s, by 8 connections at once\n",
          stored, rate[m], rounds, rate[1], rate[n], p99[m] }' "$WORK/rounds"
  done
  rm -f "$WORK/rounds"
}

read -r -a counts <<<"$STORED"

echo "SQLite (one user; herald serve on a file of its own for each count):"
for index in "${!counts[@]}"; do
  export HERALD_DATABASE="$WORK/herald-$index.sqlite"
  "$HERALD" token create bench >"$WORK/tokens-$index"
  serve $((PORT + index))
done
unset HERALD_DATABASE
measure_all "${counts[@]}"
stop_servers

if [ -n "${HERALD_POSTGRES_URL:-}" ]; then
  echo "PostgreSQL (8 users; herald serve --postgres on a database of its own for each count):"
  for index in "${!counts[@]}"; do
    database="herald_tasks_${counts[$index]}_$$"
    DATABASES+=("$database")
    psql "$HERALD_POSTGRES_URL" -qc "CREATE DATABASE $database"
    url="${HERALD_POSTGRES_URL%/*}/$database"
    : >"$WORK/tokens-$index"
    for user in $(seq 0 7); do
      "$HERALD" user add "user-$user" --postgres "$url" --time-zone Europe/Berlin --locale de |
        grep -o 'hrld_[A-Za-z0-9_-]*' | head -n 1 >>"$WORK/tokens-$index"
    done
    serve $((PORT + index)) --postgres "$url"
  done
  measure_all "${counts[@]}"
  stop_servers
  drop_databases
fi
