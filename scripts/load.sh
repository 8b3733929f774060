#!/usr/bin/env bash
# Load figures for `herald serve`, end to end and repeatable (README, "Load"):
#   1. wrk against GET /api/v1/plan and POST /api/v1/tasks on loopback with a token, RUNS times
#      each, medians of requests/s, p99 latency and the server's CPU per request (from /proc);
#   2. `HeraldBenchmarks sse`: open event streams one process holds, memory per stream, and the
#      latency from a task completed through the API to its event on the streams.
# Needs wrk (apt-get install wrk) and curl. Everything lives in a temporary directory; the server
# is stopped at the end. Tunables: PORT, DURATION, THREADS, CONNECTIONS, RUNS, SSE_CLIENTS, SKIP_SSE;
# HERALD=path serves with that build of herald (say, an older one to compare) and skips the SSE part;
# with HERALD_POSTGRES_URL, `herald serve --postgres` on a fresh database of one user (needs psql).
set -euo pipefail

cd "$(dirname "$0")/.."
PORT=${PORT:-18080}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
RUNS=${RUNS:-3}
SSE_CLIENTS=${SSE_CLIENTS:-1000}

command -v wrk >/dev/null || { echo "error: wrk not found (apt-get install wrk)" >&2; exit 1; }
command -v curl >/dev/null || { echo "error: curl not found (apt-get install curl)" >&2; exit 1; }

if [ -n "${HERALD:-}" ]; then
  SKIP_SSE=1
else
  echo "== building release (swift build -c release)"
  swift build -c release --product herald
  swift build -c release --product HeraldBenchmarks
  BIN=$(swift build -c release --show-bin-path)
  HERALD="$BIN/herald"
fi

WORK=$(mktemp -d)
SERVER=""
DATABASE=""
cleanup() {
  if [ -n "$SERVER" ]; then kill -KILL "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  if [ -n "$DATABASE" ]; then psql "$HERALD_POSTGRES_URL" -qc "DROP DATABASE $DATABASE WITH (FORCE)" || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
BASE="http://127.0.0.1:$PORT"

if [ -n "${HERALD_POSTGRES_URL:-}" ]; then
  # Many users' mode: one user on a fresh database of its own, beside the URL's.
  DATABASE="herald_load_$$"
  psql "$HERALD_POSTGRES_URL" -qc "CREATE DATABASE $DATABASE"
  url="${HERALD_POSTGRES_URL%/*}/$DATABASE"
  TOKEN=$("$HERALD" user add load --postgres "$url" --time-zone Europe/Berlin --locale de |
    grep -o 'hrld_[A-Za-z0-9_-]*' | head -n 1)
  "$HERALD" serve --port "$PORT" --postgres "$url" >"$WORK/serve.log" 2>&1 &
else
  export HERALD_DATABASE="$WORK/herald.sqlite"
  TOKEN=$("$HERALD" token create load)
  "$HERALD" serve --port "$PORT" >"$WORK/serve.log" 2>&1 &
fi
SERVER=$!
for _ in $(seq 100); do
  curl -sf -o /dev/null "$BASE/openapi.yaml" && break
  sleep 0.1
done
curl -sf -o /dev/null "$BASE/openapi.yaml" || { echo "error: herald serve did not start:" >&2; cat "$WORK/serve.log" >&2; exit 1; }

api() { # METHOD PATH [BODY]
  curl -sf -o /dev/null -X "$1" -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
    ${3:+--data "$3"} "$BASE/api/v1$2"
}
at() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }

echo "== seeding: 200 tasks with due dates, 20 focus blocks of 10 tasks, the Office Worker schedule"
NOW=$(date +%s)
for i in $(seq 0 199); do
  api POST /tasks "{\"id\":\"task-$i\",\"title\":\"Task $i\",\"due\":\"$(at $((NOW + 3600 * (i + 1))))\"}"
done
for b in $(seq 0 19); do
  ids=$(seq -s, -f "\"task-%g\"" $((b * 10)) $((b * 10 + 9)))
  start=$((NOW + 86400 * (b / 4) + 3600 * (2 * (b % 4) + 1)))
  api POST /focus-blocks "{\"id\":\"block-$b\",\"title\":\"Block $b\",\"start\":\"$(at $start)\",\"end\":\"$(at $((start + 3600)))\",\"taskIDs\":[$ids]}"
done
api POST /movement/templates/officeWorker/apply
PLAN_BYTES=$(curl -sf -H "Authorization: Bearer $TOKEN" "$BASE/api/v1/plan" | wc -c)
echo "plan: $PLAN_BYTES bytes of JSON"

# The server's CPU time so far (user and system), in clock ticks.
server_ticks() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }

# Prints "requests/s p99-ms CPU-ms-per-request" from wrk's output (which gives p99 in us, ms or s)
# and the server's CPU ticks over the run (the first argument).
figures() {
  awk -v ticks="$1" -v hz="$(getconf CLK_TCK)" '/ requests in / { requests = $1 }
       /Requests\/sec:/ { rps = $2 }
       $1 == "99%" { v = $2; if (v ~ /us$/) v = v / 1000; else if (v ~ /ms$/) v = v + 0; else if (v ~ /s$/) v = v * 1000; p99 = v }
       /Non-2xx/ { bad = $NF }
       /^not created:/ { bad += $3 }
       END { if (bad > 0) { print "error: " bad " failed responses" > "/dev/stderr"; exit 1 }
             printf "%.0f %.2f %.3f\n", rps, p99, ticks * 1000 / hz / requests }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

run_wrk() { # NAME, then wrk arguments
  local name=$1; shift
  local file="$WORK/$(echo "$name" | tr -c 'A-Za-z0-9' '_')"
  : >"$file.figures"
  for run in $(seq "$RUNS"); do
    local before; before=$(server_ticks)
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$run" "$TOKEN" >"$file.$run.txt"
    figures $(($(server_ticks) - before)) <"$file.$run.txt" >>"$file.figures"
    echo "  $name, run $run: $(tail -1 "$file.figures" |
      awk '{ print $1 " requests/s, p99 " $2 " ms, server CPU " $3 " ms a request" }')"
  done
  echo "$name: median $(cut -d' ' -f1 "$file.figures" | median) requests/s," \
    "p99 $(cut -d' ' -f2 "$file.figures" | median) ms," \
    "server CPU $(cut -d' ' -f3 "$file.figures" | median) ms a request (median of $RUNS)" | tee -a "$WORK/summary"
}

echo "== wrk: $RUNS runs of $DURATION each, $THREADS threads, $CONNECTIONS connections; $(nproc) cores"
: >"$WORK/summary"
# The plan runs first, while the store holds only the seeded data.
run_wrk "GET /api/v1/plan" -H "Authorization: Bearer $TOKEN" "$BASE/api/v1/plan" --
run_wrk "POST /api/v1/tasks" -s scripts/load-create-task.lua "$BASE" --
echo "tasks in the store after the runs: $(curl -sf -H "Authorization: Bearer $TOKEN" "$BASE/api/v1/tasks" | grep -o '"id"' | wc -l)"

# SIGTERM, as a service manager stops it; SIGKILL if it has not stopped 10 s later.
kill -TERM "$SERVER"
for _ in $(seq 100); do kill -0 "$SERVER" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$SERVER" 2>/dev/null; then
  echo "note: herald serve did not stop within 10 s of SIGTERM: killed" | tee -a "$WORK/summary"
  kill -KILL "$SERVER"
fi
wait "$SERVER" 2>/dev/null || true; SERVER=""

if [ -z "${SKIP_SSE:-}" ]; then
  echo "== event streams: $BIN/HeraldBenchmarks sse (SSE_CLIENTS=$SSE_CLIENTS)"
  SSE_CLIENTS=$SSE_CLIENTS "$BIN/HeraldBenchmarks" sse
fi
echo "== summary"
cat "$WORK/summary"
