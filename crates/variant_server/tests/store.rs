//! The room store on both databases: SQLite (a temp file) and a real Postgres server that
//! `scripts/postgres.sh` installs (Debian's package) and starts on 127.0.0.1 for the test. Under
//! CI a missing Postgres fails the test; elsewhere it is skipped with a note.

use std::path::Path;
use std::process::Command;
use std::time::Duration;
use variant_server::client::Client;
use variant_server::protocol::{ClockSpec, Event, Intent};
use variant_server::room::{Entry, Room, Setup};
use variant_server::server::Server;
use variant_server::store::Store;

/// Writes a room and its entries, reads them back in order, and replays them to the same game.
async fn round_trip(url: &str) {
    let store = Store::open(url).await.expect("open");
    // Opening again finds the schema in place (migrations run once).
    let store2 = Store::open(url).await.expect("open again");
    let setup = Setup {
        game: "stax".into(),
        options: "--topology cylinder".into(),
        seed: u64::MAX - 3,
        clock: Some(ClockSpec { base_ms: 300_000, increment_ms: 3_000 }),
    };
    let code = format!("T{}", std::process::id() % 100_000);
    store.create_room(&code, &setup, 1).await.expect("room");
    let mut room = Room::new(code.clone(), setup.clone()).expect("room");
    let mut entries = vec![Entry::Join { seat: 'A', token: "t".repeat(32) }, Entry::Fill { seat: 'B', controller: "ai:50".into() }];
    for e in &entries {
        room.apply(e).expect("applies");
    }
    for _ in 0..6 {
        let pos = room.game().position();
        let m = pos.legal_move_list()[0];
        let e =
            Entry::Move { seat: variant_rules::Position::turn(pos).letter(), text: variant_rules::Position::move_text(pos, m), throw: false, spent_ms: 1234 };
        room.apply(&e).expect("applies");
        entries.push(e);
    }
    for (i, e) in entries.iter().enumerate() {
        store.append(&code, i, e).await.expect("append");
    }
    // The same entry number twice is refused by the database, not silently kept.
    assert!(store.append(&code, 0, &entries[0]).await.is_err());
    store.finish(&code, "a result").await.expect("finish");
    let back = store2.rooms(false).await.expect("rooms").into_iter().find(|r| r.code == code).expect("stored room");
    assert_eq!(back.setup, setup, "the seed's 64 bits survive a signed column");
    assert_eq!(back.entries, entries);
    let mut again = Room::new(back.code, back.setup).expect("room");
    for e in &back.entries {
        again.apply(e).expect("replays");
    }
    assert_eq!(variant_rules::Position::to_text(again.game().position()), variant_rules::Position::to_text(room.game().position()));
}

/// Two rooms: one the server's computer plays to its end, one where it has moved and waits for
/// a person. A second server opened on the same database (a restart) resumes the open one
/// with its moves, and leaves the finished one in the store only.
async fn restart(url: &str) {
    let (addr, task) = variant_server::server::start("127.0.0.1:0", url).await.expect("server");
    let mut c = Client::connect(&addr.to_string()).await.expect("connect");
    let open_room = |computer: Vec<(String, String)>| Intent::Create { game: "checkers".into(), options: String::new(), computer, clock: None };
    let both = open_room(vec![("A".into(), "random".into()), ("B".into(), "random".into())]);
    let one = open_room(vec![("A".into(), "random".into())]);
    let mut codes = Vec::new();
    for intent in [both, one] {
        c.send(&intent).await.expect("send");
        codes.push(c.expect(Duration::from_secs(10), |e| if let Event::Created { room } = e { Some(room.clone()) } else { None }).await.expect("created"));
    }
    let mut w = Client::connect(&addr.to_string()).await.expect("connect");
    w.send(&Intent::Watch { room: codes[0].clone() }).await.expect("send");
    w.expect(Duration::from_secs(60), |e| match e {
        Event::Welcome { result: Some(_), .. } | Event::Ended { .. } => Some(()),
        _ => None,
    })
    .await
    .expect("the computer finishes the first game");
    let mut w = Client::connect(&addr.to_string()).await.expect("connect");
    w.send(&Intent::Watch { room: codes[1].clone() }).await.expect("send");
    w.expect(Duration::from_secs(10), |e| match e {
        Event::Welcome { moves, .. } if !moves.is_empty() => Some(()),
        Event::Moved { .. } => Some(()),
        _ => None,
    })
    .await
    .expect("the computer opens the second game");
    task.abort();
    let store = Store::open(url).await.expect("store");
    let open: Vec<String> = store.rooms(true).await.expect("rooms").into_iter().map(|r| r.code).collect();
    assert!(open.contains(&codes[1]) && !open.contains(&codes[0]), "open rooms {open:?}, made {codes:?}");
    let server = Server::open(Store::open(url).await.expect("store")).await.expect("reopens");
    assert_eq!(server.room_count(), open.len(), "every open room resumes");
    let stored = store.rooms(false).await.expect("rooms").into_iter().find(|r| r.code == codes[1]).expect("stored");
    assert_eq!(stored.entries.iter().filter(|e| matches!(e, Entry::Move { .. })).count(), 1, "the computer's first move, stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_stores_and_replays_rooms() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("rooms.sqlite").display());
    round_trip(&url).await;
    restart(&url).await;
}

#[test]
fn a_bad_database_url_is_one_line_not_a_panic() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let e = rt.block_on(Store::open("mysql://nowhere/x")).expect_err("refused");
    assert!(e.starts_with("database:") && !e.contains('\n'), "{e}");
    let e = rt.block_on(Store::open("sqlite:///no/such/dir/x.sqlite")).expect_err("refused");
    assert!(e.starts_with("database:"), "{e}");
}

/// A Postgres server for the test: started by `scripts/postgres.sh` in a temp directory,
/// stopped when dropped.
struct Postgres {
    dir: tempfile::TempDir,
    url: String,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = Command::new(script()).arg("stop").arg(self.dir.path()).status();
    }
}

fn script() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/postgres.sh")
}

fn postgres() -> Result<Postgres, String> {
    // Under /tmp: the `postgres` user that runs the server when we are root must reach it.
    let dir = tempfile::Builder::new().prefix("vt-pg").tempdir_in("/tmp").map_err(|e| e.to_string())?;
    let out = Command::new(script()).arg("start").arg(dir.path()).output().map_err(|e| format!("scripts/postgres.sh: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("failed").to_string());
    }
    let url = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Ok(Postgres { dir, url })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stores_and_replays_rooms() {
    let pg = match postgres() {
        Ok(pg) => pg,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: no Postgres ({e}); CI runs this test");
            return;
        }
        Err(e) => panic!("Postgres did not start: {e}"),
    };
    round_trip(&pg.url).await;
    restart(&pg.url).await;
}
