/**
 * The app database's schema history, one list for both dialects: SQLite (the embedded default,
 * DATA_DIR/gatehouse.db) and PostgreSQL (DATABASE_URL). Each entry is written once, with the few
 * spellings that differ between the two taken from `DialectSql`. A released entry is never edited: a
 * change is a new entry. The runners are lib/sqlite/migrate.ts (SQLite) and app-db.ts (PostgreSQL,
 * under an advisory lock).
 */
export interface DialectSql {
  /** An auto-incrementing integer primary key. */
  autoId: string;
  /** Epoch milliseconds (past 2^31: BIGINT in PostgreSQL). */
  epochMs: string;
  /** The users.email column and, after the table, what makes it unique without regard to case. */
  email: { column: string; unique: string };
  /** A rate-limiter key (rate-limiter-flexible's RateLimiterPostgres declares VARCHAR(255)). */
  limiterKey: string;
  /** A floating-point number (`pg` returns DOUBLE PRECISION as a JS number, unlike NUMERIC). */
  real: string;
  /** The text at `key` of a JSON object stored as TEXT (null when absent). `key` is ours, never input. */
  jsonText(column: string, key: string): string;
  /** The JSON object text in `column` with `key` set to the string `value` (an SQL string literal). */
  jsonSetText(column: string, key: string, value: string): string;
  /** Where `needle` first occurs in `text`, from 1 (0 when it does not). */
  position(text: string, needle: string): string;
  /** The start (epoch ms) of the UTC calendar month the epoch-ms integer `ms` falls in. */
  monthStartMs(ms: string): string;
  /** `text` on PostgreSQL, nothing on SQLite (a server-side function, which SQLite has no use for in-process). */
  postgresOnly(text: string): string;
}

export const DIALECT_SQL: Readonly<Record<"sqlite" | "postgres", DialectSql>> = {
  sqlite: {
    autoId: "INTEGER PRIMARY KEY AUTOINCREMENT",
    epochMs: "INTEGER",
    email: { column: "TEXT NOT NULL UNIQUE COLLATE NOCASE", unique: "" },
    limiterKey: "TEXT",
    real: "REAL",
    jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
    jsonSetText: (column, key, value) => `json_set(${column}, '$.${key}', ${value})`,
    position: (text, needle) => `instr(${text}, ${needle})`,
    monthStartMs: (ms) => `(CAST(strftime('%s', ${ms} / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000)`,
    postgresOnly: () => "",
  },
  postgres: {
    autoId: "BIGSERIAL PRIMARY KEY",
    epochMs: "BIGINT",
    email: { column: "TEXT NOT NULL", unique: "CREATE UNIQUE INDEX users_email_key ON users (lower(email));" },
    limiterKey: "VARCHAR(255)",
    real: "DOUBLE PRECISION",
    jsonText: (column, key) => `(${column}::jsonb ->> '${key}')`,
    jsonSetText: (column, key, value) => `jsonb_set(${column}::jsonb, '{${key}}', to_jsonb(${value}::text))::text`,
    position: (text, needle) => `strpos(${text}, ${needle})`,
    monthStartMs: (ms) => `(CAST(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp(${ms} / 1000.0) AT TIME ZONE 'UTC')) AS BIGINT) * 1000)`,
    postgresOnly: (text) => text,
  },
};

export interface AppMigration {
  version: number;
  name: string;
  sql(dialect: DialectSql): string;
}

export const APP_MIGRATIONS: readonly AppMigration[] = [
  {
    version: 1,
    name: "users and preset audit",
    // Emails are stored lower-cased (users-store.ts); the unique rule also refuses a second account
    // that differs only in case.
    sql: (d) => `
      CREATE TABLE users (
        id            TEXT PRIMARY KEY,
        email         ${d.email.column},
        name          TEXT NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('viewer', 'editor', 'admin')),
        provider      TEXT NOT NULL CHECK (provider IN ('credentials', 'oidc')),
        password_hash TEXT,
        is_demo       INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1)),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      ${d.email.unique}

      CREATE TABLE preset_audit (
        id         ${d.autoId},
        slug       TEXT NOT NULL,
        version    INTEGER NOT NULL,
        version_id TEXT,
        user_id    TEXT NOT NULL,
        user_email TEXT NOT NULL,
        user_name  TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX preset_audit_by_slug ON preset_audit (slug, id DESC);
    `,
  },
  {
    version: 2,
    name: "session revocation",
    // session_version is sealed into each session token at sign-in; raising it (password reset, lower
    // role, sign-out everywhere) ends every session issued before. revoked_sessions holds single sessions
    // ended by signing out, until the moment they would have expired anyway.
    sql: (d) => `
      ALTER TABLE users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 1;
      CREATE TABLE revoked_sessions (
        session_id TEXT PRIMARY KEY,
        expires_at ${d.epochMs} NOT NULL
      );
      CREATE INDEX revoked_sessions_by_expiry ON revoked_sessions (expires_at);
    `,
  },
  {
    version: 3,
    name: "rate limits",
    // The shape rate-limiter-flexible's RateLimiterSQLite and RateLimiterPostgres read and write
    // (rate-limits.ts): one row per limiter key, `expire` in epoch milliseconds. Rows past `expire`
    // count as absent and are swept; the index keeps that sweep cheap.
    sql: (d) => `
      CREATE TABLE rate_limits (
        key    ${d.limiterKey} PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire ${d.epochMs}
      );
      CREATE INDEX rate_limits_by_expire ON rate_limits (expire);
    `,
  },
  {
    version: 4,
    name: "instance settings",
    // Facts every instance sharing the database must agree on, e.g. a fingerprint of AUTH_SECRET
    // (shared-secret-check.ts): an instance started with another secret would refuse the others' sessions.
    sql: () => `
      CREATE TABLE instance_settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: "video generations",
    // One row per generation (a prompt on 1-4 models) and one per model's gateway job. The history is
    // ours: the gateway knows only its key, not who asked. Costs are USD as REAL/DOUBLE (estimates and
    // the gateway's own figures, summed for the daily spending guard, never used for billing).
    // next_poll_at (epoch ms) is stored so every tab and instance shares one backoff per job.
    sql: (d) => `
      CREATE TABLE video_generations (
        id              TEXT PRIMARY KEY,
        user_id         TEXT NOT NULL,
        user_email      TEXT NOT NULL,
        user_name       TEXT NOT NULL,
        prompt          TEXT NOT NULL,
        settings        TEXT NOT NULL,
        models          TEXT NOT NULL,
        estimated_cost  ${d.real} NOT NULL,
        estimate_complete INTEGER NOT NULL CHECK (estimate_complete IN (0, 1)),
        idempotency_key TEXT NOT NULL,
        request_fingerprint TEXT NOT NULL,
        created_at      TEXT NOT NULL,
        UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX video_generations_by_time ON video_generations (created_at DESC, id DESC);
      CREATE INDEX video_generations_by_user_time ON video_generations (user_id, created_at);

      CREATE TABLE video_jobs (
        id             ${d.autoId},
        generation_id  TEXT NOT NULL REFERENCES video_generations (id) ON DELETE CASCADE,
        position       INTEGER NOT NULL,
        model          TEXT NOT NULL,
        gateway_job_id TEXT,
        status         TEXT NOT NULL,
        error          TEXT,
        estimated_cost ${d.real},
        cost           ${d.real},
        submitted_at   TEXT NOT NULL,
        completed_at   TEXT,
        content_url    TEXT,
        next_poll_at   ${d.epochMs},
        poll_count     INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX video_jobs_by_generation ON video_jobs (generation_id, position);
      CREATE INDEX video_jobs_by_gateway_job ON video_jobs (gateway_job_id);
    `,
  },
  {
    version: 6,
    name: "video frames apart, unknown outcomes",
    // Frame images sent as data: URLs (up to 1 MiB each) move out of video_generations.settings into a
    // table of their own, read only by the frame route: the history's lists and gets read every
    // settings text they return, and 40 generations with two frames made one 100-item list take
    // 0.9 s and 260 MB of a server's memory with six viewers. The settings keep the marker 'stored'
    // (video-generations-store.ts STORED_FRAME) where a frame was. The image stays base64 text: the
    // move below is plain SQL in both dialects and SQLite has no base64 decoder; `size` is its
    // decoded bytes, summed for the per-user bound (VIDEO_MAX_FRAME_BYTES_PER_USER).
    // video_jobs.outcome_unknown marks a job whose charge nobody knows (its submission interrupted,
    // the gateway no longer knowing it): the daily spending guard counts it at its estimate, where
    // a failure the gateway reported counts nothing. The jobs already failed so are marked by their
    // recorded reason.
    sql: (d) => {
      const frameRows = (frame: string) =>
        `SELECT id AS generation_id, '${frame}' AS frame, ${d.jsonText("settings", frame)} AS url FROM video_generations`;
      const moveFrame = (frame: string) => `
        UPDATE video_generations SET settings = ${d.jsonSetText("settings", frame, "'stored'")}
        WHERE ${d.jsonText("settings", frame)} LIKE 'data:%';`;
      return `
      CREATE TABLE video_generation_frames (
        generation_id TEXT NOT NULL REFERENCES video_generations (id) ON DELETE CASCADE,
        frame         TEXT NOT NULL CHECK (frame IN ('first_frame', 'last_frame')),
        mime          TEXT NOT NULL,
        size          INTEGER NOT NULL,
        base64        TEXT NOT NULL,
        PRIMARY KEY (generation_id, frame)
      );

      INSERT INTO video_generation_frames (generation_id, frame, mime, size, base64)
      SELECT generation_id, frame, mime,
             length(base64) / 4 * 3 - (CASE WHEN base64 LIKE '%==' THEN 2 WHEN base64 LIKE '%=' THEN 1 ELSE 0 END),
             base64
      FROM (
        SELECT generation_id, frame,
               lower(substr(url, 6, ${d.position("url", "';'")} - 6)) AS mime,
               substr(url, ${d.position("url", "','")} + 1) AS base64
        FROM (${frameRows("first_frame")} UNION ALL ${frameRows("last_frame")}) AS sent
        WHERE url LIKE 'data:%'
      ) AS legacy;
      ${moveFrame("first_frame")}
      ${moveFrame("last_frame")}

      ALTER TABLE video_jobs ADD COLUMN outcome_unknown INTEGER NOT NULL DEFAULT 0 CHECK (outcome_unknown IN (0, 1));
      UPDATE video_jobs SET outcome_unknown = 1
      WHERE status = 'failed'
        AND (error LIKE 'The submission was interrupted before the gateway%' OR error LIKE 'The gateway no longer knows this job%');
    `;
    },
  },
  {
    version: 7,
    name: "evaluations: question sets, runs, items",
    // Question sets are versioned: each edit adds a row to question_set_versions with the whole row list
    // as JSON (bounded by the import limits, lib/evaluations), and a run pins the version it used. A run's items
    // (version x question x repeat) are rows claimed by the runner of whichever instance gets them first:
    // `lease_until` (epoch ms) is renewed while the item runs, so an item whose instance died is claimed
    // again once its lease lapses and a live one is never taken from it. `not_before` delays an item that
    // the gateway rate-limited (Retry-After). Results are written as they arrive; nothing of a run lives
    // only in memory.
    sql: (d) => `
      CREATE TABLE question_sets (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL,
        latest      INTEGER NOT NULL,
        created_by  TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      );

      CREATE TABLE question_set_versions (
        set_id      TEXT NOT NULL REFERENCES question_sets (id) ON DELETE CASCADE,
        version     INTEGER NOT NULL,
        rows        TEXT NOT NULL,
        row_count   INTEGER NOT NULL,
        note        TEXT NOT NULL DEFAULT '',
        created_by  TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        PRIMARY KEY (set_id, version)
      );

      CREATE TABLE eval_runs (
        id            TEXT PRIMARY KEY,
        user_id       TEXT NOT NULL,
        set_id        TEXT NOT NULL,
        set_version   INTEGER NOT NULL,
        plan          TEXT NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('running', 'cancelled', 'finished', 'stopped')),
        stop_reason   TEXT,
        cap_usd       ${d.real} NOT NULL,
        item_reserve_usd ${d.real} NOT NULL,
        created_at    TEXT NOT NULL,
        ended_at      TEXT
      );
      CREATE INDEX eval_runs_by_status ON eval_runs (status);
      CREATE INDEX eval_runs_by_set ON eval_runs (set_id, created_at);

      CREATE TABLE eval_items (
        run_id          TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
        position        INTEGER NOT NULL,
        version_index   INTEGER NOT NULL,
        question_index  INTEGER NOT NULL,
        repeat_index    INTEGER NOT NULL,
        status          TEXT NOT NULL CHECK (status IN ('pending', 'claimed', 'done', 'failed', 'cancelled')),
        claimed_by      TEXT,
        lease_until     ${d.epochMs},
        not_before      ${d.epochMs},
        attempts        INTEGER NOT NULL DEFAULT 0,
        result          TEXT,
        error           TEXT,
        checks          TEXT,
        cost_usd        ${d.real},
        started_at      TEXT,
        ended_at        TEXT,
        PRIMARY KEY (run_id, position)
      );
      CREATE INDEX eval_items_by_status ON eval_items (run_id, status, position);
    `,
  },
  {
    version: 8,
    name: "evaluation re-scores on the spending ledger; preset audit notes",
    // A re-score calls the judge model over a finished run's stored answers: its spending is the editor's who
    // asked, on the same ledger as runs and video generations (EvaluationRunsStore.chargesSince reads both tables).
    // While it runs it counts at its reserve (the estimate), then at what it cost. A preset save may carry a
    // note (a designation from a run's results links to the run).
    sql: (d) => `
      CREATE TABLE eval_rescores (
        id           TEXT PRIMARY KEY,
        run_id       TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
        user_id      TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
        checks       TEXT NOT NULL,
        reserve_usd  ${d.real} NOT NULL,
        cost_usd     ${d.real} NOT NULL DEFAULT 0,
        created_at   TEXT NOT NULL,
        ended_at     TEXT
      );
      CREATE INDEX eval_rescores_by_user ON eval_rescores (user_id, created_at);
      CREATE INDEX eval_rescores_by_run ON eval_rescores (run_id, created_at);

      ALTER TABLE preset_audit ADD COLUMN note TEXT;
    `,
  },
  {
    version: 9,
    name: "evaluation runs keep their running spend; items counted from an index",
    // A claim weighs the run's spending against its cap: kept on the run row (added to in the transaction that
    // records an item's cost) it is one read, where summing the items grew with the run. Runs recorded before
    // start from their items' sum. The progress counts per version and status (polled by the run page) and the
    // list's totals read this index alone, never the items' stored answers.
    sql: (d) => `
      ALTER TABLE eval_runs ADD COLUMN spent_usd ${d.real} NOT NULL DEFAULT 0;
      UPDATE eval_runs SET spent_usd = COALESCE((SELECT SUM(i.cost_usd) FROM eval_items i WHERE i.run_id = eval_runs.id), 0);
      CREATE INDEX eval_items_by_version ON eval_items (run_id, version_index, status, cost_usd);
    `,
  },
  {
    version: 10,
    name: "the spending ledger: entries, hourly rollups, budgets per person; evaluation reserves",
    // Every gateway call that can cost money is one ledger entry (lib/server/ledger/): reserved (an upper bound)
    // before the call, settled (the gateway's reported cost) after it, or left "unknown" at its reserve when
    // nobody learned what it cost; "released" when the call was never made. What an entry counts against a
    // budget is its reserve until it settles, then what it cost. ledger_hourly sums the entries per user, UTC
    // hour and (feature, model, preset, version), written in the transaction that writes the entry: budgets
    // and usage views read it, never the entries in bulk. Whole hours let a view cut days at any whole-hour
    // time zone exactly. A preset-less entry has preset '' and version 0, so the rollup's key has no NULLs.
    // user_budgets holds an admin's limits for a person (NULL: the settings' default). An evaluation item
    // keeps its claim's ledger entry and reserve, the run the reserves it has in flight (claims weigh them).
    sql: (d) => `
      CREATE TABLE ledger_entries (
        id              TEXT PRIMARY KEY,
        user_id         TEXT NOT NULL,
        created_ms      ${d.epochMs} NOT NULL,
        hour_ms         ${d.epochMs} NOT NULL,
        feature         TEXT NOT NULL,
        model           TEXT NOT NULL,
        preset          TEXT NOT NULL DEFAULT '',
        preset_version  INTEGER NOT NULL DEFAULT 0,
        subject_kind    TEXT NOT NULL,
        subject_id      TEXT NOT NULL,
        generation_id   TEXT,
        input_tokens    INTEGER,
        output_tokens   INTEGER,
        web_searches    INTEGER,
        reserved_usd    ${d.real} NOT NULL,
        settled_usd     ${d.real},
        state           TEXT NOT NULL CHECK (state IN ('reserved', 'settled', 'unknown', 'released')),
        settled_ms      ${d.epochMs}
      );
      CREATE INDEX ledger_entries_by_user_time ON ledger_entries (user_id, created_ms);
      CREATE INDEX ledger_entries_by_time ON ledger_entries (created_ms);
      CREATE INDEX ledger_entries_by_subject ON ledger_entries (subject_kind, subject_id);

      CREATE TABLE ledger_hourly (
        user_id         TEXT NOT NULL,
        hour_ms         ${d.epochMs} NOT NULL,
        feature         TEXT NOT NULL,
        model           TEXT NOT NULL,
        preset          TEXT NOT NULL,
        preset_version  INTEGER NOT NULL,
        calls           INTEGER NOT NULL,
        counted_usd     ${d.real} NOT NULL,
        settled_usd     ${d.real} NOT NULL,
        open_usd        ${d.real} NOT NULL,
        input_tokens    ${d.epochMs} NOT NULL,
        output_tokens   ${d.epochMs} NOT NULL,
        web_searches    INTEGER NOT NULL,
        PRIMARY KEY (user_id, hour_ms, feature, model, preset, preset_version)
      );
      CREATE INDEX ledger_hourly_by_hour ON ledger_hourly (hour_ms);

      CREATE TABLE user_budgets (
        user_id     TEXT PRIMARY KEY,
        day_usd     ${d.real},
        month_usd   ${d.real},
        updated_at  TEXT NOT NULL
      );

      ALTER TABLE eval_runs ADD COLUMN reserved_usd ${d.real} NOT NULL DEFAULT 0;
      ALTER TABLE eval_items ADD COLUMN reserve_usd ${d.real};
      ALTER TABLE eval_items ADD COLUMN ledger_entry TEXT;
      ALTER TABLE video_jobs ADD COLUMN ledger_entry TEXT;
    `,
  },
  {
    version: 11,
    name: "run names, preset release gates and the designated version's history",
    // A run's name is null until someone renames it (the pages show a default from its versions and set). A
    // preset's gate is one JSON document per preset (lib/evaluations/release-gate.ts parses it). Every move of a preset's
    // designated version through Gatehouse is one row: who, when, from → to, the run that justified it, an admin's
    // override reason; a revert is a move too, pointing at the move it undid.
    sql: (d) => `
      ALTER TABLE eval_runs ADD COLUMN name TEXT;

      CREATE TABLE preset_gates (
        slug        TEXT PRIMARY KEY,
        gate        TEXT NOT NULL,
        updated_by  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      );

      CREATE TABLE designation_moves (
        id               ${d.autoId},
        slug             TEXT NOT NULL,
        from_version     INTEGER,
        to_version       INTEGER NOT NULL,
        source_version   INTEGER NOT NULL,
        run_id           TEXT,
        override_reason  TEXT,
        reverts_move     INTEGER,
        user_id          TEXT NOT NULL,
        user_email       TEXT NOT NULL,
        user_name        TEXT NOT NULL,
        created_at       TEXT NOT NULL
      );
      CREATE INDEX designation_moves_by_slug ON designation_moves (slug, id);
    `,
  },
  {
    version: 12,
    name: "evaluation scorings: re-scores as resumable jobs, kept side by side, verdicts cached",
    // A re-score is a scoring of a run's stored answers (number 2, 3, ...; the run's own verdicts are scoring 1):
    // kept whole, never overwriting another. Its items are claimed with a lease like a run's (any instance, a restart
    // resumes) and each stores its verdicts as it ends. eval_verdicts caches one verdict per (answer, check, judge
    // model): the key is a hash of the check's spelling, and for the checks that call the judge also of the judge
    // model and the pass threshold; a scoring runs only the checks whose key is not there yet.
    sql: (d) => `
      CREATE TABLE eval_scorings (
        id               TEXT PRIMARY KEY,
        run_id           TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
        number           INTEGER NOT NULL,
        user_id          TEXT NOT NULL,
        status           TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed', 'cancelled')),
        checks           TEXT NOT NULL,
        judge_model      TEXT,
        judge_threshold  ${d.real},
        judge_pricing    TEXT,
        total            INTEGER NOT NULL,
        done_count       INTEGER NOT NULL DEFAULT 0,
        judge_calls      INTEGER NOT NULL DEFAULT 0,
        reused           INTEGER NOT NULL DEFAULT 0,
        cost_usd         ${d.real} NOT NULL DEFAULT 0,
        error            TEXT,
        created_at       TEXT NOT NULL,
        ended_at         TEXT,
        UNIQUE (run_id, number)
      );
      CREATE INDEX eval_scorings_by_status ON eval_scorings (status);

      CREATE TABLE eval_scoring_items (
        scoring_id   TEXT NOT NULL REFERENCES eval_scorings (id) ON DELETE CASCADE,
        position     INTEGER NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('pending', 'claimed', 'done')),
        claimed_by   TEXT,
        lease_until  ${d.epochMs},
        checks       TEXT,
        PRIMARY KEY (scoring_id, position)
      );
      CREATE INDEX eval_scoring_items_by_status ON eval_scoring_items (scoring_id, status, position);

      CREATE TABLE eval_verdicts (
        run_id     TEXT NOT NULL REFERENCES eval_runs (id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        check_key  TEXT NOT NULL,
        verdict    TEXT NOT NULL,
        PRIMARY KEY (run_id, position, check_key)
      );
    `,
  },
  {
    version: 13,
    name: "personal access tokens",
    // A token is stored as the SHA-256 of its text (the text has 256 random bits, so no slow hash is needed); it is
    // shown once, at creation. A revoked token keeps its row (revoked_at) until its user goes (the cascade).
    sql: () => `
      CREATE TABLE access_tokens (
        id            TEXT PRIMARY KEY,
        user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name          TEXT NOT NULL,
        token_hash    TEXT NOT NULL UNIQUE,
        scope         TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        last_used_at  TEXT,
        revoked_at    TEXT
      );
      CREATE INDEX access_tokens_by_user ON access_tokens (user_id, created_at);
    `,
  },
  {
    version: 14,
    name: "question-set versions stored in pieces; items' verdicts as a pass flag",
    // A version's rows (up to 20 MB of JSON) written as one value held SQLite's synchronous writer, and so every
    // other user's request, for 230-435 ms (issue 36). They are now written as pieces of about 256 KB, each the
    // JSON array of consecutive rows, with a turn of the event loop between pieces, under a storage id nobody reads
    // until the version's row naming it (`pieces`, `piece_count`) is published in one short transaction: a save
    // cut between pieces leaves only unreferenced pieces, which the store sweeps. `created_at` stands before the
    // piece's text so a sweep's scan never walks the text. Versions written before keep their rows in
    // question_set_versions.rows (`pieces` NULL) and read as before.
    // An item's `passed` (1: done with an answer and every check passed, 0 otherwise) is written with its checks, so
    // the runs list's pass rate per version is one grouped query over an index, never its items' stored JSON. Items
    // stored before are flagged from their checks: JSON.stringify writes a failed check as `"passed":false` and a
    // string holding those characters escapes its quotes, so the text test is exact.
    sql: () => `
      CREATE TABLE question_set_pieces (
        storage_id  TEXT NOT NULL,
        piece       INTEGER NOT NULL,
        created_at  TEXT NOT NULL,
        rows        TEXT NOT NULL,
        PRIMARY KEY (storage_id, piece)
      );
      ALTER TABLE question_set_versions ADD COLUMN pieces TEXT;
      ALTER TABLE question_set_versions ADD COLUMN piece_count INTEGER;
      CREATE INDEX question_set_versions_by_pieces ON question_set_versions (pieces);

      ALTER TABLE eval_items ADD COLUMN passed INTEGER;
      UPDATE eval_items SET passed = CASE
        WHEN status = 'done' AND result IS NOT NULL AND (checks IS NULL OR checks NOT LIKE '%"passed":false%') THEN 1 ELSE 0 END;
      CREATE INDEX eval_items_passes ON eval_items (run_id, version_index, passed);
    `,
  },
  {
    version: 15,
    name: "ledger entries grouped by what they belong to (a run's calls in one lookup); a run's estimate range kept beside its actual",
    // An evaluation item's calls are ledger entries of subject "run:position"; subject_group holds the run, so the
    // run page, the results and the exports read what each item counts with one indexed equality lookup (a range
    // over subject_id would follow the database's collation, which need not sort ':' as bytes do). A run keeps the
    // estimate it started with (low to high, from its real requests), so its page shows it beside what it spent.
    sql: (d) => `
      ALTER TABLE ledger_entries ADD COLUMN subject_group TEXT;
      UPDATE ledger_entries SET subject_group = substr(subject_id, 1, ${d.position("subject_id", "':'")} - 1)
        WHERE subject_kind = 'evaluation-item' AND ${d.position("subject_id", "':'")} > 0;
      CREATE INDEX ledger_entries_by_group ON ledger_entries (subject_kind, subject_group);

      ALTER TABLE eval_runs ADD COLUMN estimate_low_usd ${d.real};
      ALTER TABLE eval_runs ADD COLUMN estimate_high_usd ${d.real};
    `,
  },
  {
    version: 16,
    name: "ledger rollups per day and month, and for the whole team per hour and day",
    // At 5M entries and 200 people the per-person hourly rollup holds about as many rows as there are entries, so a
    // view over everyone and 13 months read millions of them (11-19 s, issue 39). Four more rollups, written in the
    // entry's transaction like the first: per person per UTC day and month, and for the whole team (no person) per
    // UTC hour and day. A view sums the coarsest rows that tile its range (lib/server/ledger/range-pieces.ts); a
    // budget reads a person's month and day rows. They start from the hourly rows already there. On PostgreSQL the
    // write's steps are functions, whose statements' plans are kept per connection: the same SQL sent by the app was
    // planned on every write, and each step was a round trip (a reserve and a settle took 2.5 ms; ledger/README.md).
    sql: (d) => `
      ${rollupTable(d, "ledger_daily", "day_ms", { perPerson: true })}
      CREATE INDEX ledger_daily_by_day ON ledger_daily (day_ms);
      ${rollupTable(d, "ledger_monthly", "month_ms", { perPerson: true })}
      CREATE INDEX ledger_monthly_by_month ON ledger_monthly (month_ms);
      ${rollupTable(d, "ledger_team_hourly", "hour_ms", { perPerson: false })}
      ${rollupTable(d, "ledger_team_daily", "day_ms", { perPerson: false })}
      ${deriveRollupsFromHourly(d).join(";\n      ")};
      ${d.postgresOnly(BUMP_ROLLUPS_FUNCTION)}
      ${d.postgresOnly(LEDGER_WRITE_FUNCTIONS)}
    `,
  },
  {
    version: 17,
    name: "an index that answers a run's results revision without reading its items",
    // Every read of a run's results asks what changed since the last one (items ended, the newest end): over the
    // (run, status, position) index that read each ended item's row, 190 ms of a blocked event loop for a run of
    // 120,000 items on SQLite, on every page of its results (issue 36). With the end time in the index both figures
    // come from the index alone (20 ms).
    sql: () => `CREATE INDEX eval_items_ended ON eval_items (run_id, status, ended_at);`,
  },
];

/**
 * The ledger's write on PostgreSQL in three calls (ledger.ts says what each does; SQLite runs the same steps as
 * statements in the process): ledger_lock_figures takes the person's lock (as AppDb.lockWithin does) and then reads
 * their limits and this month's and today's spending, each statement of a function seeing what committed before it,
 * so after the lock; ledger_add_reserve writes a reserved entry and its rollups; ledger_settle settles a reserved or
 * unknown entry (false when it is neither) and moves its rollups from the reserve to the cost.
 */
const LEDGER_WRITE_FUNCTIONS = `
      CREATE FUNCTION ledger_lock_figures(p_space INTEGER, p_key TEXT, p_user TEXT, p_month BIGINT, p_day BIGINT)
        RETURNS TABLE (day_usd DOUBLE PRECISION, month_usd DOUBLE PRECISION, month_spent DOUBLE PRECISION, day_spent DOUBLE PRECISION)
        LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(p_space, hashtext(p_key));
        RETURN QUERY SELECT
          (SELECT b.day_usd FROM user_budgets b WHERE b.user_id = p_user),
          (SELECT b.month_usd FROM user_budgets b WHERE b.user_id = p_user),
          (SELECT SUM(m.counted_usd) FROM ledger_monthly m WHERE m.user_id = p_user AND m.month_ms = p_month),
          (SELECT SUM(d.counted_usd) FROM ledger_daily d WHERE d.user_id = p_user AND d.day_ms = p_day);
      END $$;

      CREATE FUNCTION ledger_add_reserve(p_id TEXT, p_user TEXT, p_created BIGINT, p_hour BIGINT, p_day BIGINT, p_month BIGINT,
        p_feature TEXT, p_model TEXT, p_preset TEXT, p_version INTEGER, p_kind TEXT, p_subject TEXT, p_group TEXT, p_reserve DOUBLE PRECISION)
        RETURNS VOID LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ledger_entries (id, user_id, created_ms, hour_ms, feature, model, preset, preset_version, subject_kind, subject_id, subject_group, reserved_usd, state)
        VALUES (p_id, p_user, p_created, p_hour, p_feature, p_model, p_preset, p_version, p_kind, p_subject, p_group, p_reserve, 'reserved');
        PERFORM ledger_bump_rollups(p_user, p_hour, p_day, p_month, p_feature, p_model, p_preset, p_version, 1, p_reserve, 0, p_reserve, 0, 0, 0);
      END $$;

      CREATE FUNCTION ledger_settle(p_id TEXT, p_cost DOUBLE PRECISION, p_at BIGINT, p_generation TEXT, p_input BIGINT, p_output BIGINT, p_searches INTEGER)
        RETURNS BOOLEAN LANGUAGE plpgsql AS $$
      DECLARE
        e ledger_entries%ROWTYPE;
      BEGIN
        SELECT * INTO e FROM ledger_entries WHERE id = p_id FOR UPDATE;
        IF NOT FOUND OR e.state NOT IN ('reserved', 'unknown') THEN
          RETURN FALSE;
        END IF;
        UPDATE ledger_entries SET state = 'settled', settled_usd = p_cost, settled_ms = p_at, generation_id = COALESCE(p_generation, e.generation_id),
          input_tokens = p_input, output_tokens = p_output, web_searches = p_searches
          WHERE id = p_id;
        PERFORM ledger_bump_rollups(e.user_id, e.hour_ms, e.hour_ms - e.hour_ms % 86400000,
          CAST(EXTRACT(EPOCH FROM date_trunc('month', to_timestamp(e.hour_ms / 1000.0) AT TIME ZONE 'UTC')) AS BIGINT) * 1000,
          e.feature, e.model, e.preset, e.preset_version, 0, p_cost - e.reserved_usd, p_cost,
          CASE WHEN e.state = 'reserved' THEN -e.reserved_usd ELSE 0 END, COALESCE(p_input, 0), COALESCE(p_output, 0), COALESCE(p_searches, 0));
        RETURN TRUE;
      END $$;`;

/** ledger_bump_rollups: the five upserts of one entry's change (rollups.ts's order), as the SQL in bumpRollups. */
const BUMP_ROLLUPS_FUNCTION = `
      CREATE FUNCTION ledger_bump_rollups(p_user TEXT, p_hour BIGINT, p_day BIGINT, p_month BIGINT, p_feature TEXT, p_model TEXT,
        p_preset TEXT, p_version INTEGER, p_calls INTEGER, p_counted DOUBLE PRECISION, p_settled DOUBLE PRECISION,
        p_open DOUBLE PRECISION, p_input BIGINT, p_output BIGINT, p_searches INTEGER) RETURNS VOID LANGUAGE plpgsql AS $$
      BEGIN
        ${[
          ["ledger_hourly", "user_id, hour_ms", "p_user, p_hour"],
          ["ledger_daily", "user_id, day_ms", "p_user, p_day"],
          ["ledger_monthly", "user_id, month_ms", "p_user, p_month"],
          ["ledger_team_hourly", "hour_ms", "p_hour"],
          ["ledger_team_daily", "day_ms", "p_day"],
        ]
          .map(
            ([table, keys, values]) => `
        INSERT INTO ${table} (${keys}, feature, model, preset, preset_version, calls, counted_usd, settled_usd, open_usd, input_tokens, output_tokens, web_searches)
        VALUES (${values}, p_feature, p_model, p_preset, p_version, p_calls, p_counted, p_settled, p_open, p_input, p_output, p_searches)
        ON CONFLICT (${keys}, feature, model, preset, preset_version) DO UPDATE SET
          ${["calls", "counted_usd", "settled_usd", "open_usd", "input_tokens", "output_tokens", "web_searches"].map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(", ")};`,
          )
          .join("")}
      END $$;`;

/** A rollup table as ledger_hourly's (migration 10): keyed by (person,) the start of its period and the dimensions. */
function rollupTable(d: DialectSql, name: string, time: string, { perPerson }: { perPerson: boolean }): string {
  const primaryKey = perPerson ? `user_id, ${time}` : time;
  return `
      CREATE TABLE ${name} (
        ${perPerson ? "user_id         TEXT NOT NULL," : ""}
        ${time}         ${d.epochMs} NOT NULL,
        feature         TEXT NOT NULL,
        model           TEXT NOT NULL,
        preset          TEXT NOT NULL,
        preset_version  INTEGER NOT NULL,
        calls           INTEGER NOT NULL,
        counted_usd     ${d.real} NOT NULL,
        settled_usd     ${d.real} NOT NULL,
        open_usd        ${d.real} NOT NULL,
        input_tokens    ${d.epochMs} NOT NULL,
        output_tokens   ${d.epochMs} NOT NULL,
        web_searches    INTEGER NOT NULL,
        PRIMARY KEY (${primaryKey}, feature, model, preset, preset_version)
      );`;
}

/**
 * Fills the day, month and team rollups from `ledger_hourly` (which they must equal, summed): migration 16 on an
 * existing ledger, and the usage benchmark after it seeds the hourly rows. One statement a rollup; the tables must be
 * empty.
 */
export function deriveRollupsFromHourly(d: DialectSql): string[] {
  const dims = "feature, model, preset, preset_version";
  const sums = "SUM(calls), SUM(counted_usd), SUM(settled_usd), SUM(open_usd), SUM(input_tokens), SUM(output_tokens), SUM(web_searches)";
  const columns = `${dims}, calls, counted_usd, settled_usd, open_usd, input_tokens, output_tokens, web_searches`;
  const day = `(hour_ms - hour_ms % 86400000)`;
  const month = d.monthStartMs("hour_ms");
  return [
    `INSERT INTO ledger_daily (user_id, day_ms, ${columns}) SELECT user_id, ${day}, ${dims}, ${sums} FROM ledger_hourly GROUP BY user_id, ${day}, ${dims}`,
    `INSERT INTO ledger_monthly (user_id, month_ms, ${columns}) SELECT user_id, ${month}, ${dims}, ${sums} FROM ledger_hourly GROUP BY user_id, ${month}, ${dims}`,
    `INSERT INTO ledger_team_hourly (hour_ms, ${columns}) SELECT hour_ms, ${dims}, ${sums} FROM ledger_hourly GROUP BY hour_ms, ${dims}`,
    `INSERT INTO ledger_team_daily (day_ms, ${columns}) SELECT ${day}, ${dims}, ${sums} FROM ledger_hourly GROUP BY ${day}, ${dims}`,
  ];
}
