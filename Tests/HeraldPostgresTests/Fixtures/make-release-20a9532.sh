#!/usr/bin/env bash
# Makes the upgrade test's fixture (UpgradeFromReleaseTests): a many-user database as Herald's
# release at commit 20a9532 (schema v13: a delivery's kind a position in that build's
# Planner.kinds, its owner a position in the user's lists) leaves it, written by that release's own
# `herald serve` through its API — three users with focus blocks, tasks (one removed: a gap in the
# positions), settings and a movement schedule, and pending deliveries of every kind — then
#   release-20a9532.sql      the database, dumped (pg_dump --inserts)
#   release-20a9532.pending  each pending delivery as that release reads it:
#                            user request-id fire-instant kind owner-item
# A movement reminder answered (snoozed) and one unanswered are what a worker records; no worker
# runs here, so the script writes them into the users' movement columns and lets a change through
# the API plan from them.
#
# Usage: make-release-20a9532.sh HERALD
#   HERALD: the herald executable built at commit 20a9532 (git worktree add /tmp/r 20a9532 &&
#   swift build --package-path /tmp/r --product herald). Needs Debian's postgresql, curl, python3.
set -euo pipefail
herald=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)

postgres=$("$root/.ci/postgres")
url=$(echo "$postgres" | sed -n 1p)
directory=$(echo "$postgres" | sed -n 2p)
serve_pid=
cleanup() {
  [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null && wait "$serve_pid" 2>/dev/null
  "$root/.ci/postgres" stop "$directory" || true
}
trap cleanup EXIT

sql() { psql -v ON_ERROR_STOP=1 -qAt -F ' ' -d "$url" -c "$1"; }

declare -A tokens
add_user() {
  tokens[$1]=$("$herald" user add --postgres "$url" "$1" --time-zone "$2" --locale "$3" | tail -n 1)
}
add_user ada Europe/Berlin de
add_user bob America/New_York en
add_user cem UTC en

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$herald" serve --postgres "$url" --port "$port" >"$directory/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 100); do
  curl -s -o /dev/null "http://127.0.0.1:$port/" && break
  sleep 0.1
done

# One API call as a user; fails on any answer but 2xx.
api() {
  local user=$1 method=$2 path=$3 body=${4:-}
  curl -sf -X "$method" -H "Authorization: Bearer ${tokens[$user]}" -H 'Content-Type: application/json' \
    ${body:+--data "$body"} "http://127.0.0.1:$port/api/v1$path" >/dev/null
}
# An instant `$1` from now, on the whole hour, in UTC.
at() { date -u -d "$1" +%Y-%m-%dT%H:00:00Z; }

# Movement reminders all day, every day: planned whatever the hour the script runs at.
day='{"kind": "fallback"}'
movement="{\"intervalMinutes\": 45, \"fallbackIntervalMinutes\": 45,
  \"activeHours\": {\"start\": \"00:00\", \"end\": \"23:59\"},
  \"days\": {\"monday\": $day, \"tuesday\": $day, \"wednesday\": $day, \"thursday\": $day,
    \"friday\": $day, \"saturday\": $day, \"sunday\": $day}}"

for user in ada bob; do
  api $user PATCH /settings '{"dueDateAdvanceReminderEnabled": true, "dueDateAdvanceReminderMinutes": 60}'
  for block in 1 2 3; do
    api $user POST /focus-blocks "{\"id\": \"b$block\", \"title\": \"Block $block — Fokus\",
      \"start\": \"$(at "+$((block * 5)) hours")\", \"end\": \"$(at "+$((block * 5 + 1)) hours")\"}"
  done
  for task in 1 2 3 4; do
    api $user POST /tasks "{\"id\": \"t$task\", \"title\": \"Aufgabe $task: Steuer 'Q4'\",
      \"due\": \"$(at "+$((24 + task * 7)) hours")\"}"
  done
  api $user PUT /movement "$movement"
done
# A task and a block removed: the later tasks keep their positions (a gap), the later blocks move
# up a place (their rows' owners with them).
api ada DELETE /tasks/t2
api ada DELETE /focus-blocks/b1
api bob POST /tasks/t3/complete
api cem POST /tasks '{"id": "t1", "title": "Ohne Termin"}'

# What a worker records when ada snoozes her movement reminder and bob leaves his unanswered
# (whole seconds: the instants planned from them are compared as text); a change through the API
# then plans from it: ada's snoozed reminder, bob's follow-up.
sql "UPDATE herald_user SET movement_last_reminder_at = date_trunc('second', now()) - interval '1 minute',
  movement_last_answered = name = 'ada',
  movement_snoozed_at = CASE WHEN name = 'ada' THEN date_trunc('second', now()) - interval '1 minute' END,
  movement_delivered = 1 WHERE name IN ('ada', 'bob')"
for user in ada bob; do
  api $user PATCH /settings '{"focusBlockLeadMinutes": 10}'
done

# The kinds as that release ordered them (Planner.kinds at 20a9532), for the listing only.
kinds="ARRAY['focus-block-start', 'due-date-morning', 'due-date-advance', 'exercise-reminder',
  'exercise-reminder-snooze', 'exercise-reminder-follow-up', 'progress-report']"
sql "SELECT u.name, d.request_id, to_char(d.fire_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),
    ($kinds)[d.kind + 1],
    CASE WHEN d.kind = 0 THEN u.scenario::jsonb -> 'focusBlocks' -> d.owner ->> 'id'
      WHEN d.kind IN (1, 2) THEN (SELECT t.id FROM user_task t WHERE t.user_id = d.user_id AND t.position = d.owner)
      ELSE '-' END
  FROM delivery d JOIN herald_user u ON u.id = d.user_id WHERE d.status = 'pending'
  ORDER BY 1, 2, 3" >"$here/release-20a9532.pending"

# Every kind is there, and every owner found.
missing=$(sql "SELECT string_agg(k::text, ' ') FROM generate_series(0, 6) AS k
  WHERE NOT EXISTS (SELECT 1 FROM delivery WHERE status = 'pending' AND kind = k)")
[ -z "$missing" ] || { echo "$0: no pending delivery of kind $missing" >&2; exit 1; }
! grep -Eq '( $|  )' "$here/release-20a9532.pending" || { echo "$0: an owner not found" >&2; exit 1; }

# Without pg_dump's \restrict guard (against a hostile server's dump): this one is reviewed, and an
# older psql does not know the command.
pg_dump --inserts --no-owner --no-privileges -d "$url" | sed -E '/^\\(un)?restrict /d' \
  >"$here/release-20a9532.sql"
wc -l "$here/release-20a9532.pending"
