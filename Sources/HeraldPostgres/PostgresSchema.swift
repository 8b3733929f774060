import HeraldContracts
import HeraldCore
import HeraldPostgresConnections
import Logging
import PostgresNIO

/// The many-user schema. Every row of user data belongs to a user and goes with it.
///
/// - `herald_user`: the user, their zone, locale and webhook, their data as a scenario document
///   (`contracts/plan.md`) without their tasks, and their movement log (what the movement
///   reminders' answers changed).
/// - `user_task`: the user's tasks, one row each, in their order (a user may hold thousands).
/// - `api_token`: the SHA-256 of each token and whose it is.
/// - `delivery`: one row per reminder due — the plan, reconciled in the transaction that changes
///   the user's data; unique per (user, request id, fire instant), so replanning twice changes
///   nothing and a reminder is never queued twice. Its kind is stored by name, its owner (a block
///   or task) by the id in its request id: no position of this build's. A worker claims a row with a lease
///   (`claimed_until`); `due_at` is its time, or the time of its next try.
enum PostgresSchema {
  /// Migrations in order, each a list of statements, each applied once.
  static let migrations: [(name: String, statements: [String])] = [
    (
      "v1-users-tokens-deliveries",
      [
        """
        CREATE TABLE herald_user (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          name text NOT NULL UNIQUE,
          time_zone text NOT NULL,
          locale text NOT NULL,
          webhook_url text,
          webhook_secret text NOT NULL,
          scenario text NOT NULL,
          movement_last_reminder_at timestamptz,
          movement_last_answered boolean NOT NULL DEFAULT false,
          movement_snoozed_at timestamptz,
          movement_progress_day text,
          movement_delivered integer NOT NULL DEFAULT 0,
          movement_acknowledged integer NOT NULL DEFAULT 0,
          created_at timestamptz NOT NULL
        )
        """,
        """
        CREATE TABLE api_token (
          secret_hash bytea PRIMARY KEY,
          user_id bigint NOT NULL REFERENCES herald_user (id) ON DELETE CASCADE,
          name text NOT NULL,
          created_at timestamptz NOT NULL,
          UNIQUE (user_id, name)
        )
        """,
        """
        CREATE TABLE delivery (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          user_id bigint NOT NULL REFERENCES herald_user (id) ON DELETE CASCADE,
          request_id text NOT NULL,
          fire_at timestamptz NOT NULL,
          kind smallint NOT NULL,
          owner integer NOT NULL,
          status text NOT NULL DEFAULT 'pending'
            CHECK (status IN ('pending', 'delivered', 'missed', 'failed', 'skipped', 'silenced')),
          due_at timestamptz NOT NULL,
          attempts integer NOT NULL DEFAULT 0,
          claimed_until timestamptz,
          delivered_at timestamptz,
          late boolean,
          last_error text,
          UNIQUE (user_id, request_id, fire_at)
        )
        """,
        "CREATE INDEX delivery_due ON delivery (due_at) WHERE status = 'pending'",
      ]
    ),
    (
      // Bumped by every change of the user's data, so the server's live pages notice a change made
      // by another process (as SQLite's data version does for one user).
      "v2-user-version",
      ["ALTER TABLE herald_user ADD COLUMN version bigint NOT NULL DEFAULT 0"]
    ),
    (
      // What a delivered reminder said (its webhook body), numbered per user in the order the
      // deliveries were recorded, so a user's desktop can follow them as a stream and resume after
      // the last one it showed. The number comes from a per-user counter row updated in the
      // recording statement: its row lock orders one user's recordings, so a reader never sees
      // number n + 1 before n has been committed.
      "v3-delivery-events",
      [
        "ALTER TABLE delivery ADD COLUMN event_id bigint, ADD COLUMN payload text",
        "CREATE UNIQUE INDEX delivery_event ON delivery (user_id, event_id) WHERE event_id IS NOT NULL",
        """
        CREATE TABLE delivery_event_counter (
          user_id bigint PRIMARY KEY REFERENCES herald_user (id) ON DELETE CASCADE,
          last bigint NOT NULL
        )
        """,
      ]
    ),
    (
      // When an operator queued a failed or missed delivery again (`herald deliveries retry`): its
      // grace window counts from then, so a reminder retried the next day is still sent, late.
      "v4-delivery-requeued",
      ["ALTER TABLE delivery ADD COLUMN requeued_at timestamptz"]
    ),
    (
      // A user's document is written whole with every change of their data; PostgreSQL's default
      // compression (pglz) of a large one was the most costly step of such a change. lz4 is
      // several times faster; a server built without it keeps pglz (and works as before).
      "v5-scenario-lz4",
      [
        """
        DO $$ BEGIN
          ALTER TABLE herald_user ALTER COLUMN scenario SET COMPRESSION lz4;
        EXCEPTION WHEN feature_not_supported THEN NULL;
        END $$
        """
      ]
    ),
    (
      // A claim changes only columns no index holds (claimed_until, attempts): with room left on
      // the row's page, PostgreSQL writes it as a heap-only tuple, without a new entry in each of
      // the table's indexes. At the default fillfactor (100) every page is full when written.
      "v6-delivery-fillfactor",
      ["ALTER TABLE delivery SET (fillfactor = 80)"]
    ),
    (
      // A user's tasks as rows of their own, so adding one writes its row and its reminders, not
      // the whole document again: its cost does not grow with the tasks stored. `position` orders
      // the user's list (written 0, 1, … by a whole change; a task removed leaves a gap), and a
      // task's reminders are owned by it when planned. `body` is the task as the document writes it (`ScenarioDocument.encode(_:in:)`):
      // the user's text exactly, a NUL in a title included, which a text column would refuse.
      // A document written before holds its tasks until the user's next change moves them here.
      "v7-user-tasks",
      [
        """
        CREATE TABLE user_task (
          user_id bigint NOT NULL REFERENCES herald_user (id) ON DELETE CASCADE,
          id text NOT NULL,
          position integer NOT NULL,
          body text NOT NULL,
          PRIMARY KEY (user_id, id)
        )
        """,
        "CREATE INDEX user_task_position ON user_task (user_id, position)",
      ]
    ),
    (
      // A task added without an id takes the next numbered one (`PlanningState.newTask`): only
      // the user's largest numbered id is needed, the first entry of this index backwards.
      "v8-numbered-task-ids",
      [
        """
        CREATE INDEX user_task_numbered ON user_task (user_id, length(id), id COLLATE "C")
        WHERE id ~ '\(PlanningState.numberedTaskIDPattern)'
        """
      ]
    ),
    (
      // The queue's order is due time, then id (`QueuePlace`): a claim goes on after the last
      // row it took, even among rows due in the same instant, without reading those before it.
      "v9-queue-order",
      [
        "DROP INDEX delivery_due",
        "CREATE INDEX delivery_due ON delivery (due_at, id) WHERE status = 'pending'",
      ]
    ),
    (
      // Room on each page for a claimed version of every row on it: a backlog's claim takes all
      // of a page's rows in one statement, no earlier version can be pruned meanwhile, and at 80
      // only a quarter of the claims were heap-only; at 50, 95 % are (20 000 due at once, with
      // PostgreSQL's CPU a delivery down from 0.034–0.042 to 0.029–0.034 ms). The price is room:
      // the table of those 20 000 rows delivered took 1.5 times the pages. Rows already stored
      // stay where they are; `VACUUM FULL delivery` rewrites them at the new fillfactor.
      "v10-delivery-room-to-claim",
      ["ALTER TABLE delivery SET (fillfactor = 50)"]
    ),
    (
      // A foreign key checks each row a statement inserts on its own (a look-up and a lock of
      // the user's row): a third of a whole replace's statement, 744 checks for 31 users, when
      // every statement that writes a user's deliveries or tasks already holds that user's row
      // locked (their own or, for a user gone meanwhile, nothing to lock: nothing written).
      // Removing a user removes these rows itself (`removeUser(named:)`).
      "v11-user-rows-kept-by-the-users-lock",
      [
        "ALTER TABLE delivery DROP CONSTRAINT delivery_user_id_fkey",
        "ALTER TABLE user_task DROP CONSTRAINT user_task_user_id_fkey",
      ]
    ),
    (
      // A server keeps the users of the tokens it looked up (`TokenCache`) and forgets them when
      // told: by every process that changes a token or a user's own columns — a user removed,
      // their zone or locale changed by a replace — whatever program or statement does it. A
      // change of anything else (the version every change of data bumps) notifies nothing.
      "v12-account-changes-notified",
      [
        """
        CREATE FUNCTION herald_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('\(accountsChannel)', '');
          RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER api_token_changed AFTER UPDATE OR DELETE OR TRUNCATE ON api_token
        FOR EACH STATEMENT EXECUTE FUNCTION herald_account_changed()
        """,
        """
        CREATE TRIGGER herald_user_removed AFTER DELETE OR TRUNCATE ON herald_user
        FOR EACH STATEMENT EXECUTE FUNCTION herald_account_changed()
        """,
        """
        CREATE TRIGGER herald_user_changed
        AFTER UPDATE OF name, time_zone, locale, webhook_url, webhook_secret ON herald_user
        FOR EACH ROW
        WHEN ((OLD.name, OLD.time_zone, OLD.locale, OLD.webhook_url, OLD.webhook_secret)
          IS DISTINCT FROM (NEW.name, NEW.time_zone, NEW.locale, NEW.webhook_url, NEW.webhook_secret))
        EXECUTE FUNCTION herald_account_changed()
        """,
      ]
    ),
    (
      // The rules each zone's deliveries were planned with (`Zone.fingerprint`): a worker that
      // reads other rules for a zone (the tz database was updated) replans its users, then notes
      // the new ones; one that finds no note for a zone replans its users once.
      "v13-zone-rules",
      [
        """
        CREATE TABLE zone_rules (
          time_zone text PRIMARY KEY,
          fingerprint bigint NOT NULL,
          noted_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        "CREATE INDEX herald_user_time_zone ON herald_user (time_zone)",
      ]
    ),
    (
      // A reminder's kind by its stored name (`ReminderKind.storedName`), no longer by its place
      // in a build's `Planner.kinds`: a kind added anywhere but at the end would have relabelled
      // every pending row. And no owner: it was a block's or task's place in the user's lists,
      // which moves when an earlier one is removed, while the request id names the block or task
      // by its id, where a worker finds it (`ReminderKind.owner(ofIdentifier:in:)`). The names
      // are written out, for the order the kinds had until this version; they never change.
      // Text, not a number standing for a name: a name needs no second list of numbers kept in
      // step with the kinds (nor a migration for each kind added, as an enum type would), reads
      // as itself in a query, and costs a row some 15 bytes (less the owner's 4), a claim a short
      // string to read and look up (docs/benchmarks.md, "Kinds by name"). Rewrites the table
      // (its rows at the fillfactor, without the dropped column), holding it locked meanwhile:
      // every process of the release before stops first (its statements name the owner).
      "v14-kinds-by-name-owners-by-id",
      [
        "ALTER TABLE delivery DROP COLUMN owner",
        """
        ALTER TABLE delivery ALTER COLUMN kind TYPE text USING (
          CASE kind
            WHEN 0 THEN 'focus-block-start' WHEN 1 THEN 'due-date-morning' WHEN 2 THEN 'due-date-advance'
            WHEN 3 THEN 'exercise-reminder' WHEN 4 THEN 'exercise-reminder-snooze'
            WHEN 5 THEN 'exercise-reminder-follow-up' WHEN 6 THEN 'progress-report'
            ELSE 'unknown-' || kind
          END)
        """,
      ]
    ),
    (
      // Web Push (docs/contracts/push.md): the deployment's secrets — one VAPID key pair, one key
      // that signs notification links, by name, made by the first process that needs one — and
      // each user's subscriptions, one row an endpoint of theirs. Few rows, rarely written: the
      // user's key is a foreign key, removed with them.
      "v15-push",
      [
        "CREATE TABLE push_secret (name text PRIMARY KEY, value text NOT NULL)",
        """
        CREATE TABLE push_subscription (
          user_id bigint NOT NULL REFERENCES herald_user (id) ON DELETE CASCADE,
          id text NOT NULL,
          endpoint text NOT NULL,
          p256dh text NOT NULL,
          auth text NOT NULL,
          expiration_time timestamptz,
          created_at timestamptz NOT NULL,
          last_delivered_at timestamptz,
          PRIMARY KEY (user_id, id),
          UNIQUE (user_id, endpoint)
        )
        """,
      ]
    ),
  ]

  /// The channel a process NOTIFYs when it queued a delivery earlier than every pending one or due
  /// within seconds (`PlannedRows.wakesWorkers`), or gave claims back.
  static let channel = "herald_due"

  /// The channel a worker NOTIFYs after recording deliveries: the names of their users, one per line.
  static let deliveredChannel = "herald_delivered"

  /// The channel migration v12's triggers NOTIFY when a token or a user's own columns change.
  static let accountsChannel = "herald_accounts"

  /// Any constant: the key of the advisory lock that lets one process at a time migrate.
  static let migrationLock: Int64 = 0x4865_7261_6c64  // "Herald"

  /// Applies the migrations not yet applied, in one transaction that holds the advisory lock:
  /// processes starting together wait for the first, then find nothing left to do.
  static func migrate(_ connection: DatabaseConnection, logger: Logger) async throws {
    try await connection.withTransaction(logger: logger) { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
      try await connection.query(
        "CREATE TABLE IF NOT EXISTS herald_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
        logger: logger)
      var applied = Set<String>()
      for try await name in try await connection.query("SELECT name FROM herald_migration", logger: logger)
        .decode(String.self)
      {
        applied.insert(name)
      }
      for migration in migrations where !applied.contains(migration.name) {
        for statement in migration.statements {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO herald_migration (name) VALUES (\(migration.name))", logger: logger)
        logger.info("migrated", metadata: ["migration": "\(migration.name)"])
      }
    }
  }
}
