//! Load figure (a benchmark, not a test): how many rooms and moves a second one server process
//! holds, with the latency from a client's move to the server's announcement of it, and the
//! memory each room costs.
//!
//! `cargo bench -p variant_server --bench load [-- ROOMS SECONDS GAME]` (defaults: 200 rooms,
//! 20 s, stax). The server runs in this process on 127.0.0.1 with a SQLite file in a temp
//! directory (or the database `VT_LOAD_DB` names, e.g. a Postgres URL from
//! `scripts/postgres.sh start DIR`); each room has two simulated clients, each playing its seat at random as fast as
//! the server answers (every move is a real WebSocket message, parsed, checked by the engine,
//! stored and broadcast). When a game ends the pair opens a new room. Prints rooms, games
//! finished, moves per second, p50/p99 latency and resident memory per room.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;
use variant_rules::{AnyPosition, GameId, GameOptions, Position};
use variant_server::client::Client;
use variant_server::protocol::{Event, Intent};

const LIMIT: Duration = Duration::from_secs(30);

#[derive(Default)]
struct Tally {
    moves: AtomicU64,
    games: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
}

fn resident_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()))
        .unwrap_or(0)
}

/// One seat's client: plays random legal moves when its turn comes, timing each from send to
/// the announcement.
async fn seat(addr: String, room: String, letter: &'static str, game: GameId, tally: Arc<Tally>, until: Instant) -> Result<bool, String> {
    let mut c = Client::connect(&addr).await?;
    c.send(&Intent::Join { room, seat: letter.into() }).await?;
    let opts = GameOptions::default_for(game);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(letter.as_bytes()[0] as u64);
    let mut sent: Option<(Instant, String)> = None;
    loop {
        let ev = c.recv(LIMIT).await?;
        // Time is up: stop at the next word from the server (the other seat's leaving is one),
        // so no seat waits out the limit for a move that will not come.
        if Instant::now() > until && !matches!(ev, Event::Ended { .. }) {
            c.close().await;
            return Ok(false);
        }
        let (position, turn) = match ev {
            Event::Welcome { position, turn, .. } => (position, turn),
            Event::Moved { played, turn, .. } => {
                if let Some((t0, text)) = &sent
                    && *text == played.text
                {
                    tally.latencies_us.lock().await.push(t0.elapsed().as_micros() as u64);
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    sent = None;
                }
                (played.position, turn)
            }
            Event::Ended { .. } => {
                if letter == "A" {
                    tally.games.fetch_add(1, Ordering::Relaxed);
                }
                return Ok(true);
            }
            Event::Refused { reason } => return Err(reason),
            _ => continue,
        };
        if turn.as_deref() == Some(letter) {
            let pos = AnyPosition::from_public_text(game, &opts, &position)?;
            let legal = pos.legal_move_list();
            let m = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
            let text = pos.move_text(m);
            sent = Some((Instant::now(), text.clone()));
            c.send(&Intent::Move { text }).await?;
        }
    }
}

/// A pair of clients playing game after game until time is up.
async fn pair(addr: String, game: GameId, tally: Arc<Tally>, until: Instant) -> Result<(), String> {
    while Instant::now() < until {
        let mut host = Client::connect(&addr).await?;
        host.send(&Intent::Create { game: game.as_str().into(), options: String::new(), computer: Vec::new(), clock: None }).await?;
        let room = host.expect(LIMIT, |e| if let Event::Created { room } = e { Some(room.clone()) } else { None }).await?;
        host.close().await;
        let a = tokio::spawn(seat(addr.clone(), room.clone(), "A", game, tally.clone(), until));
        let b = tokio::spawn(seat(addr.clone(), room, "B", game, tally.clone(), until));
        let (a, b) = (a.await.map_err(|e| e.to_string())??, b.await.map_err(|e| e.to_string())??);
        if !(a && b) {
            break;
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let rooms: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let game: GameId = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(GameId::Stax);
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let db = std::env::var("VT_LOAD_DB").ok().filter(|u| !u.is_empty()).unwrap_or_else(|| format!("sqlite://{}", dir.path().join("load.sqlite").display()));
    println!("store: {}", db.split(':').next().unwrap_or("?"));
    rt.block_on(async {
        let before_kb = resident_kb();
        let (addr, _task) = variant_server::server::start("127.0.0.1:0", &db).await.expect("server");
        let tally = Arc::new(Tally::default());
        let start = Instant::now();
        let until = start + Duration::from_secs(seconds);
        let pairs: Vec<_> = (0..rooms).map(|_| tokio::spawn(pair(addr.to_string(), game, tally.clone(), until))).collect();
        let mut failed = 0;
        for p in pairs {
            if !matches!(p.await, Ok(Ok(()))) {
                failed += 1;
            }
        }
        let elapsed = start.elapsed().as_secs_f64();
        let after_kb = resident_kb();
        let mut lat = tally.latencies_us.lock().await.clone();
        lat.sort_unstable();
        let pct = |p: f64| lat.get(((lat.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(0) as f64 / 1000.0;
        let moves = tally.moves.load(Ordering::Relaxed);
        println!("game: {game}");
        println!("rooms_at_once: {rooms}");
        println!("clients: {}", rooms * 2);
        println!("seconds: {elapsed:.1}");
        println!("games_finished: {}", tally.games.load(Ordering::Relaxed));
        println!("moves: {moves}");
        println!("moves_per_second: {:.0}", moves as f64 / elapsed);
        println!("latency_ms_p50: {:.2}", pct(0.50));
        println!("latency_ms_p99: {:.2}", pct(0.99));
        println!("pairs_failed: {failed}");
        // Clients live in this process too; their share is small next to a room's game history.
        println!("rss_mb: {:.1}", after_kb as f64 / 1024.0);
        println!("kb_per_room_including_its_clients: {:.0}", (after_kb.saturating_sub(before_kb)) as f64 / rooms as f64);
    });
}
