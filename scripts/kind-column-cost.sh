#!/usr/bin/env bash
# What storing a delivery's kind by name costs PostgreSQL (docs/benchmarks.md, "Kinds by name"):
# the delivery table as release 20a9532 had it (kind smallint, owner integer) against migration
# v14's (kind text, no owner), the same 20 000 rows (1 000 users × 20, the compare job's backlog)
# written in one statement of arrays as `PlannedRows` binds them, written again (every row a
# conflict: a replan that changes nothing), then claimed 100 a statement with the worker's claim
# (pgbench's average latency), and the heap's size at fillfactor 50. The two layouts alternate,
# ROUNDS rounds each; a table of its own in DATABASE's database, dropped at the end.
# Usage: scripts/kind-column-cost.sh postgres://USER@HOST:PORT/DATABASE   (needs psql, pgbench)
set -euo pipefail
database=$1
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"; psql -q "$database" -c "DROP TABLE IF EXISTS kind_cost_delivery" 2>/dev/null' EXIT

rows="FROM generate_series(1, 1000) AS u, generate_series(1, 20) AS g"
for layout in old new; do
  if [ $layout = old ]; then
    columns="kind smallint NOT NULL, owner integer NOT NULL,"
    arrays="(SELECT array_agg(0::int2) $rows), (SELECT array_agg(g::int4) $rows)) AS p (user_id, request_id, fire_at, kind, owner))"
    insert="INSERT INTO kind_cost_delivery (user_id, request_id, fire_at, kind, owner, due_at)
      SELECT p.user_id, p.request_id, p.fire_at, p.kind, p.owner, p.fire_at FROM plan AS p
      ON CONFLICT (user_id, request_id, fire_at) DO UPDATE SET kind = excluded.kind, owner = excluded.owner
      WHERE kind_cost_delivery.status = 'pending'
        AND (kind_cost_delivery.kind, kind_cost_delivery.owner) IS DISTINCT FROM (excluded.kind, excluded.owner)"
    returned="d.kind, d.owner"
  else
    columns="kind text NOT NULL,"
    arrays="(SELECT array_agg('focus-block-start'::text) $rows)) AS p (user_id, request_id, fire_at, kind))"
    insert="INSERT INTO kind_cost_delivery (user_id, request_id, fire_at, kind, due_at)
      SELECT p.user_id, p.request_id, p.fire_at, p.kind, p.fire_at FROM plan AS p
      ON CONFLICT (user_id, request_id, fire_at) DO NOTHING"
    returned="d.kind"
  fi
  cat >"$work/setup-$layout.sql" <<EOF
DROP TABLE IF EXISTS kind_cost_delivery;
CREATE TABLE kind_cost_delivery (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, user_id bigint NOT NULL, request_id text NOT NULL,
  fire_at timestamptz NOT NULL, $columns status text NOT NULL DEFAULT 'pending', due_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0, claimed_until timestamptz, delivered_at timestamptz, late boolean,
  last_error text, event_id bigint, payload text, requeued_at timestamptz,
  UNIQUE (user_id, request_id, fire_at)) WITH (fillfactor = 50);
CREATE INDEX kind_cost_delivery_due ON kind_cost_delivery (due_at, id) WHERE status = 'pending';
EOF
  cat >"$work/insert-$layout.sql" <<EOF
WITH plan AS (SELECT * FROM unnest((SELECT array_agg(u) $rows),
  (SELECT array_agg('focus-block-start-b' || g) $rows),
  (SELECT array_agg(timestamptz '2026-12-01' + g * interval '1 minute') $rows), $arrays
$insert;
EOF
  cat >"$work/claim-$layout.sql" <<EOF
WITH due AS (
  SELECT id, claimed_until IS NOT NULL AS taken_over FROM kind_cost_delivery
  WHERE status = 'pending' AND due_at <= '2027-01-01' AND (claimed_until IS NULL OR claimed_until <= '2026-12-31')
  ORDER BY due_at, id LIMIT 100 FOR UPDATE SKIP LOCKED)
UPDATE kind_cost_delivery AS d SET claimed_until = '2027-01-01', attempts = d.attempts + 1 FROM due WHERE d.id = due.id
RETURNING d.id, d.user_id, d.request_id, d.fire_at, $returned, d.attempts, d.due_at, d.requeued_at, due.taken_over;
EOF
done

milliseconds() {
  local start
  start=$(date +%s%N)
  psql -q -v ON_ERROR_STOP=1 "$database" -f "$1" >/dev/null
  echo $((($(date +%s%N) - start) / 1000000))
}
for _ in $(seq "$ROUNDS"); do
  for layout in old new; do
    psql -q -v ON_ERROR_STOP=1 "$database" -f "$work/setup-$layout.sql" 2>/dev/null
    first=$(milliseconds "$work/insert-$layout.sql")
    again=$(milliseconds "$work/insert-$layout.sql")
    psql -q "$database" -c "VACUUM ANALYZE kind_cost_delivery"
    heap=$(psql -At "$database" -c "SELECT pg_relation_size('kind_cost_delivery')")
    claim=$(pgbench -n -f "$work/claim-$layout.sql" -t 200 -c 1 "$database" 2>/dev/null | awk '/latency average/ {print $4}')
    echo "$layout  insert ${first} ms  again ${again} ms  claim of 100 ${claim} ms  heap ${heap} bytes"
  done
done
