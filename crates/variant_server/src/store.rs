//! Where rooms live between restarts: SQLite embedded (a file in the data directory) or
//! Postgres by URL, through sqlx's `Any` driver, with the migrations under `migrations/`.
//!
//! Each room is a row of `rooms` (game, options, the seed the server drew) and its entries
//! (joins, moves, throws, resignations) in order in `entries`; the server writes an entry
//! before it announces it, and a restarted server replays every room from them.

use crate::room::{Entry, Setup};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AnyPool, Row};
use std::borrow::Cow;

/// The schema's migrations, in order, embedded in the binary.
const MIGRATIONS: &[(i64, &str, &str)] =
    &[(1, "rooms", include_str!("../migrations/0001_rooms.sql")), (2, "clocks", include_str!("../migrations/0002_clocks.sql"))];

/// A connection pool to the room store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// A stored room: its setup, entries in order, and its result once over.
#[derive(Clone, Debug)]
pub struct StoredRoom {
    pub code: String,
    pub setup: Setup,
    pub entries: Vec<Entry>,
}

fn db_err(what: &str) -> impl Fn(sqlx::Error) -> String + '_ {
    move |e| format!("database: {what}: {e}")
}

impl Store {
    /// Opens (creating if need be) the store at `url` (`sqlite://PATH` or `postgres://...`)
    /// and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store, String> {
        install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains('?') { format!("{url}?mode=rwc") } else { url.to_string() };
        // SQLite allows one writer; a single connection keeps writes in order without "database
        // is locked" retries. Postgres gets a few.
        let max = if url.starts_with("sqlite:") { 1 } else { 4 };
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // Write-ahead log, synced at checkpoints: a committed entry is in the
                        // file (the OS's cache) when the insert returns, so a killed server
                        // loses nothing; only a power cut can take the last moments' entries.
                        // A commit then costs no fsync: the load figure went from 610 to
                        // 3,700 moves a second (docs/architecture.md, "Network play").
                        sqlx::Executor::execute(&mut *conn, "PRAGMA journal_mode = WAL").await?;
                        sqlx::Executor::execute(&mut *conn, "PRAGMA synchronous = NORMAL").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .map_err(db_err("connect"))?;
        let migrations: Vec<Migration> = MIGRATIONS
            .iter()
            .map(|&(version, name, sql)| Migration::new(version, Cow::Borrowed(name), MigrationType::Simple, Cow::Borrowed(sql), false))
            .collect();
        let migrator = Migrator { migrations: Cow::Owned(migrations), ..Migrator::DEFAULT };
        migrator.run(&pool).await.map_err(|e| format!("database: migrations: {e}"))?;
        Ok(Store { pool })
    }

    /// Records a new room.
    pub async fn create_room(&self, code: &str, setup: &Setup, created_ms: i64) -> Result<(), String> {
        let clock = setup.clock.map(|c| serde_json::to_string(&c)).transpose().map_err(|e| format!("clock: {e}"))?;
        sqlx::query("INSERT INTO rooms (code, game, options, seed, created_ms, clock) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(code)
            .bind(&setup.game)
            .bind(&setup.options)
            .bind(setup.seed as i64)
            .bind(created_ms)
            .bind(clock)
            .execute(&self.pool)
            .await
            .map_err(db_err("create room"))?;
        Ok(())
    }

    /// Appends entry number `seq` (from 0) of a room.
    pub async fn append(&self, code: &str, seq: usize, entry: &Entry) -> Result<(), String> {
        let text = serde_json::to_string(entry).map_err(|e| format!("entry: {e}"))?;
        sqlx::query("INSERT INTO entries (room, seq, entry) VALUES ($1, $2, $3)")
            .bind(code)
            .bind(seq as i64)
            .bind(text)
            .execute(&self.pool)
            .await
            .map_err(db_err("append entry"))?;
        Ok(())
    }

    /// Marks a room's game over with its result.
    pub async fn finish(&self, code: &str, result: &str) -> Result<(), String> {
        sqlx::query("UPDATE rooms SET result = $1 WHERE code = $2").bind(result).bind(code).execute(&self.pool).await.map_err(db_err("finish room"))?;
        Ok(())
    }

    /// Every room (or only those whose game is not over: what a starting server resumes),
    /// with its entries in order.
    pub async fn rooms(&self, open_only: bool) -> Result<Vec<StoredRoom>, String> {
        let sql = if open_only {
            "SELECT code, game, options, seed, clock FROM rooms WHERE result IS NULL ORDER BY created_ms, code"
        } else {
            "SELECT code, game, options, seed, clock FROM rooms ORDER BY created_ms, code"
        };
        let rows = sqlx::query(sql).fetch_all(&self.pool).await.map_err(db_err("read rooms"))?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let code: String = row.try_get(0).map_err(db_err("room code"))?;
            let setup = Setup {
                game: row.try_get(1).map_err(db_err("room game"))?,
                options: row.try_get(2).map_err(db_err("room options"))?,
                seed: row.try_get::<i64, _>(3).map_err(db_err("room seed"))? as u64,
                clock: match row.try_get::<Option<String>, _>(4).map_err(db_err("room clock"))? {
                    Some(text) => Some(serde_json::from_str(&text).map_err(|e| format!("database: room {code} clock: {e}"))?),
                    None => None,
                },
            };
            let entries = self.entries(&code).await?;
            out.push(StoredRoom { code, setup, entries });
        }
        Ok(out)
    }

    async fn entries(&self, code: &str) -> Result<Vec<Entry>, String> {
        let rows = sqlx::query("SELECT seq, entry FROM entries WHERE room = $1 ORDER BY seq")
            .bind(code)
            .fetch_all(&self.pool)
            .await
            .map_err(db_err("read entries"))?;
        rows.iter()
            .enumerate()
            .map(|(i, row)| {
                let seq: i64 = row.try_get(0).map_err(db_err("entry seq"))?;
                if seq != i as i64 {
                    return Err(format!("database: room {code} is missing entry {i}"));
                }
                let text: String = row.try_get(1).map_err(db_err("entry"))?;
                serde_json::from_str(&text).map_err(|e| format!("database: room {code} entry {i}: {e}"))
            })
            .collect()
    }
}
