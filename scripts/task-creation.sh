#!/usr/bin/env bash
# Task creation through the API, end to end (docs/benchmarks.md, "Creating a task through the
# API"): the release `herald serve` on a fresh SQLite file, and — with HERALD_POSTGRES_URL — on a
# fresh PostgreSQL database of its own (8 users), each with 10, 1 000 and 10 000 tasks stored;
# scripts/task-creation.py times 200 creations one at a time, then wrk creates as many as it can in
# DURATION over 8 connections (2 threads), the users' tokens in turn.
# Needs python3, curl, wrk, and for PostgreSQL psql. Tunables: STORED (the counts), PORT, DURATION.
set -euo pipefail

cd "$(dirname "$0")/.."
STORED=${STORED:-"10 1000 10000"}
PORT=${PORT:-18090}
DURATION=${DURATION:-10s}
command -v wrk >/dev/null || { echo "error: wrk not found (apt-get install wrk)" >&2; exit 1; }
WORK=$(mktemp -d)
swift build -c release --product herald >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
HERALD="$(swift build -c release --show-bin-path)/herald"
SERVER=""
stop_server() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  SERVER=""
}
trap 'stop_server; rm -rf "$WORK"' EXIT

serve() { # the arguments of `herald serve` besides the port
  "$HERALD" serve --port "$PORT" "$@" >"$WORK/serve.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/openapi.yaml" && return
    sleep 0.1
  done
  echo "error: herald serve did not start:" >&2
  cat "$WORK/serve.log" >&2
  exit 1
}

measure() { # STORED TOKEN...
  local stored=$1
  scripts/task-creation.py "http://127.0.0.1:$PORT" "$@"
  wrk -t2 -c8 -d"$DURATION" --latency -s scripts/load-create-task.lua "http://127.0.0.1:$PORT" -- "wrk-$stored" "${@:2}" |
    awk -v stored="$stored" '/Requests\/sec:/ { rps = $2 } $1 == "99%" { p99 = $2 } /^not created:/ { bad = $3 }
      END { if (bad > 0) { print "error: " bad " requests not created" > "/dev/stderr"; exit 1 }
            printf "%s stored: %.0f requests/s, p99 %s, by 8 connections at once\n", stored, rps, p99 }'
}

echo "SQLite (one user; herald serve on a file of its own):"
for stored in $STORED; do
  export HERALD_DATABASE="$WORK/herald-$stored.sqlite"
  token=$("$HERALD" token create bench)
  serve
  measure "$stored" "$token"
  stop_server
done
unset HERALD_DATABASE

if [ -n "${HERALD_POSTGRES_URL:-}" ]; then
  echo "PostgreSQL (8 users; herald serve --postgres on a database of its own):"
  for stored in $STORED; do
    database="herald_tasks_${stored}_$$"
    psql "$HERALD_POSTGRES_URL" -qc "CREATE DATABASE $database"
    url="${HERALD_POSTGRES_URL%/*}/$database"
    tokens=()
    for user in $(seq 0 7); do
      tokens+=("$("$HERALD" user add "user-$user" --postgres "$url" --time-zone Europe/Berlin --locale de |
        grep -o 'hrld_[A-Za-z0-9_-]*' | head -n 1)")
    done
    serve --postgres "$url"
    measure "$stored" "${tokens[@]}"
    stop_server
    psql "$HERALD_POSTGRES_URL" -qc "DROP DATABASE $database WITH (FORCE)"
  done
fi
