#!/usr/bin/env bash
# POST /api/v1/tasks on PostgreSQL for builds side by side (docs/benchmarks.md, "Creating a task
# through the API"): for each round and each `herald` binary given, a fresh database of 8 users,
# `herald serve --postgres` on it, wrk for 2 s of warm-up and then DURATION over 8 connections (the
# users' tokens in turn); prints requests/s, p99 and the CPU a request of the server and of all of
# PostgreSQL's processes (from /proc: run it on the machine PostgreSQL runs on).
# Usage: HERALD_POSTGRES_URL=… scripts/compare-task-creation.sh ROUNDS HERALD_BINARY...
# Needs wrk, psql, bc. Tunables: PORT, DURATION (seconds).
set -euo pipefail

cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 ROUNDS HERALD_BINARY..." >&2; exit 2; }
: "${HERALD_POSTGRES_URL:?HERALD_POSTGRES_URL must name a PostgreSQL server to create databases on}"
ROUNDS=$1
shift
PORT=${PORT:-18091}
DURATION=${DURATION:-8}
DATABASE="herald_compare_$$"
URL="${HERALD_POSTGRES_URL%/*}/$DATABASE"
SERVER=""
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null; psql "$HERALD_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" 2>/dev/null' EXIT

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
postgres_ticks() {
  local sum=0
  for pid in $(pgrep -x postgres); do sum=$((sum + $(ticks "$pid"))); done
  echo "$sum"
}
tick_ms=$(echo "1000 / $(getconf CLK_TCK)" | bc -l)

for round in $(seq "$ROUNDS"); do
  for herald in "$@"; do
    psql "$HERALD_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" -qc "CREATE DATABASE $DATABASE" \
      2>/dev/null
    tokens=()
    for user in $(seq 0 7); do
      tokens+=("$("$herald" user add "user-$user" --postgres "$URL" --time-zone Europe/Berlin --locale de |
        grep -o 'hrld_[A-Za-z0-9_-]*' | head -n 1)")
    done
    "$herald" serve --port "$PORT" --postgres "$URL" >/dev/null 2>&1 &
    SERVER=$!
    for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$PORT/openapi.yaml" && break; sleep 0.1; done
    wrk -t2 -c8 -d2s -s scripts/load-create-task.lua "http://127.0.0.1:$PORT" -- "warm-$round" "${tokens[@]}" >/dev/null
    serve0=$(ticks "$SERVER")
    postgres0=$(postgres_ticks)
    out=$(wrk -t2 -c8 -d"${DURATION}s" --latency -s scripts/load-create-task.lua "http://127.0.0.1:$PORT" -- \
      "run-$round" "${tokens[@]}")
    serve1=$(ticks "$SERVER")
    postgres1=$(postgres_ticks)
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    SERVER=""
    requests=$(echo "$out" | awk '/requests in/ { print $1 }')
    echo "$out" | awk -v herald="$herald" -v round="$round" \
      -v serve="$(echo "($serve1 - $serve0) * $tick_ms / $requests" | bc -l)" \
      -v postgres="$(echo "($postgres1 - $postgres0) * $tick_ms / $requests" | bc -l)" '
      /^Requests\/sec:/ { rate = $2 } $1 == "99%" { p99 = $2 } /^not created:/ { bad = $3 }
      END { if (bad > 0) { print "error: " bad " requests not created" > "/dev/stderr"; exit 1 }
            printf "round %d, %s: %.0f requests/s, p99 %s, CPU a request: serve %.3f ms, PostgreSQL %.3f ms\n",
              round, herald, rate, p99, serve, postgres }'
  done
done
