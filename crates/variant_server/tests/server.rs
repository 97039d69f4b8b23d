//! The server on loopback (127.0.0.1 only; every wait bounded): whole games between bots, and
//! each fault the issue lists — illegal, malformed, oversized and out-of-turn intents, forged
//! tokens, floods, dropped connections, hidden piles, a killed server — refused with a reason
//! while other rooms go on, and no accepted move lost.

use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use variant_rules::{GameId, Position};
use variant_server::bot::{self, BotPlan};
use variant_server::client::Client;
use variant_server::link::{Entrance, Hosted, Link, LinkEvent};
use variant_server::protocol::{ANY_SEAT, Event, Intent, MAX_FRAME_BYTES, Occupant};
use variant_server::room::Room;
use variant_server::store::Store;

/// Long enough for a random game's answer on a loaded 2-core machine, short enough to fail fast.
const WAIT: Duration = Duration::from_secs(10);

struct TestServer {
    addr: String,
    db: String,
    _dir: tempfile::TempDir,
    task: tokio::task::JoinHandle<Result<(), String>>,
}

async fn server() -> TestServer {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("rooms.sqlite").display());
    let (addr, task) = variant_server::server::start("127.0.0.1:0", &db).await.expect("server starts");
    TestServer { addr: addr.to_string(), db, _dir: dir, task }
}

async fn create(c: &mut Client, game: &str, options: &str, computer: &[(&str, &str)]) -> String {
    let computer = computer.iter().map(|(s, c)| (s.to_string(), c.to_string())).collect();
    c.send(&Intent::Create { game: game.into(), options: options.into(), computer, clock: None }).await.expect("send");
    c.expect(WAIT, |e| if let Event::Created { room } = e { Some(room.clone()) } else { None }).await.expect("room created")
}

/// Joins a seat; the token the server issued.
async fn join(c: &mut Client, room: &str, seat: &str) -> String {
    c.send(&Intent::Join { room: room.into(), seat: seat.into() }).await.expect("send");
    c.expect(WAIT, |e| if let Event::Welcome { token, .. } = e { token.clone() } else { None }).await.expect("joined")
}

/// Sends an intent and returns the refusal's reason (failing if something else happens first).
async fn refused(c: &mut Client, intent: Intent) -> String {
    c.send(&intent).await.expect("send");
    loop {
        match c.recv(WAIT).await.expect("an answer") {
            Event::Refused { reason } => return reason,
            Event::Moved { played, .. } => panic!("{intent:?} was played as {}", played.text),
            _ => {}
        }
    }
}

/// Plays `text` and waits for the server's announcement of it (other seats' moves announced
/// meanwhile are passed over).
async fn play(c: &mut Client, text: &str) -> String {
    c.send(&Intent::Move { text: text.into() }).await.expect("send");
    c.expect(WAIT, |e| if let Event::Moved { played, .. } = e { (played.text == text).then(|| played.text.clone()) } else { None })
        .await
        .expect("move accepted")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_a_game_to_its_end_and_agree_on_the_result() {
    let s = server().await;
    let (tx, rx) = tokio::sync::oneshot::channel();
    let mut tx = Some(tx);
    let plan = |room: Option<String>, seat: &str| BotPlan {
        server: s.addr.clone(),
        create: room.is_none().then(|| (GameId::Chess, String::new())),
        room,
        seat: seat.into(),
        controller: "random".parse().expect("controller"),
        computer: Vec::new(),
        clock: None,
    };
    let a = tokio::spawn(bot::run(plan(None, "A"), move |code| {
        let _ = tx.take().map(|t| t.send(code.to_string()));
    }));
    let code = tokio::time::timeout(WAIT, rx).await.expect("a room code in time").expect("code");
    let b = bot::run(plan(Some(code.clone()), "B"), |_| {}).await.expect("bot B finishes");
    let a = tokio::time::timeout(Duration::from_secs(60), a).await.expect("bot A finishes in time").expect("task").expect("bot A finishes");
    assert_eq!(a, b, "both seats read the same result");
    // The result is the engine's, replayed from the store.
    let store = Store::open(&s.db).await.expect("store");
    let stored = store.rooms(false).await.expect("rooms").into_iter().find(|r| r.code == code).expect("room stored");
    let mut room = Room::new(stored.code, stored.setup).expect("room");
    for e in &stored.entries {
        room.apply(e).expect("stored entries replay");
    }
    assert_eq!(room.result(), Some(a));
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_intents_are_refused_with_a_reason_and_change_nothing() {
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    let mut b = Client::connect(&s.addr).await.expect("connect");
    let mut watcher = Client::connect(&s.addr).await.expect("connect");
    let room = create(&mut a, "chess", "", &[]).await;
    join(&mut a, &room, "A").await;
    join(&mut b, &room, "B").await;
    watcher.send(&Intent::Watch { room: room.clone() }).await.expect("send");
    watcher.expect(WAIT, |e| matches!(e, Event::Welcome { seat: None, .. }).then_some(())).await.expect("watching");

    let why = refused(&mut a, Intent::Move { text: "e2e5".into() }).await;
    assert!(why.contains("e2") || why.to_lowercase().contains("pawn"), "illegal move's reason: {why}");
    let why = refused(&mut a, Intent::Move { text: "hello".into() }).await;
    assert!(why.contains("not a move"), "malformed move's reason: {why}");
    let why = refused(&mut b, Intent::Move { text: "e7e5".into() }).await;
    assert_eq!(why, "it is White's turn, not Black's", "out of turn");
    let why = refused(&mut watcher, Intent::Move { text: "e2e4".into() }).await;
    assert!(why.contains("spectators"), "spectator: {why}");
    let why = refused(&mut b, Intent::Join { room: room.clone(), seat: "A".into() }).await;
    assert!(why.contains("in a room already"), "second join: {why}");
    let mut c = Client::connect(&s.addr).await.expect("connect");
    let why = refused(&mut c, Intent::Join { room: room.clone(), seat: "A".into() }).await;
    assert!(why.contains("taken"), "taken seat: {why}");
    let why = refused(&mut c, Intent::Join { room: "NOSUCH".into(), seat: "A".into() }).await;
    assert!(why.contains("no room"), "missing room: {why}");
    let why = refused(&mut c, Intent::Resume { room: room.clone(), token: "0123456789abcdef0123456789abcdef".into() }).await;
    assert!(why.contains("token"), "forged token: {why}");
    let why = refused(&mut c, Intent::Move { text: "e2e4".into() }).await;
    assert!(why.contains("no seat"), "no seat: {why}");
    let why = refused(&mut c, Intent::Create { game: "chess".into(), options: "--seed 7".into(), computer: Vec::new(), clock: None }).await;
    assert!(why.contains("seed"), "a chosen seed: {why}");
    let twice = vec![("B".to_string(), "random".to_string()), ("b".to_string(), "greedy".to_string())];
    let why = refused(&mut c, Intent::Create { game: "chess".into(), options: String::new(), computer: twice, clock: None }).await;
    assert!(why.contains("twice"), "a seat given to the computer twice: {why}");
    let why = refused(&mut c, Intent::Create { game: "go".into(), options: String::new(), computer: Vec::new(), clock: None }).await;
    assert!(!why.is_empty(), "an unknown game is refused");
    c.send_raw(Message::Text("{\"type\":\"move\"".into())).await.expect("send");
    let why = c.expect(WAIT, |e| if let Event::Refused { reason } = e { Some(reason.clone()) } else { None }).await.expect("refusal");
    assert!(why.contains("not a message"), "malformed JSON: {why}");
    c.send_raw(Message::Binary(vec![1, 2, 3].into())).await.expect("send");
    let why = c.expect(WAIT, |e| if let Event::Refused { reason } = e { Some(reason.clone()) } else { None }).await.expect("refusal");
    assert!(why.contains("binary"), "binary frame: {why}");

    // Nothing above changed the game: the first legal move is still ply 1.
    assert_eq!(play(&mut a, "e2e4").await, "e2e4");
    assert_eq!(play(&mut b, "e7e5").await, "e7e5");

    // An oversized frame gets a reason and the connection closes; the room plays on.
    let mut big = Client::connect(&s.addr).await.expect("connect");
    big.send_raw(Message::Text("x".repeat(MAX_FRAME_BYTES * 4).into())).await.expect("send");
    let mut closed = false;
    for _ in 0..3 {
        match big.recv(WAIT).await {
            Err(_) => {
                closed = true;
                break;
            }
            Ok(Event::Refused { .. }) => {}
            Ok(other) => panic!("oversized frame answered with {other:?}"),
        }
    }
    assert!(closed, "the oversized frame's connection is closed");
    assert_eq!(play(&mut a, "g1f3").await, "g1f3");
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_cut_off_while_another_room_plays_on() {
    let s = server().await;
    let mut flooder = Client::connect(&s.addr).await.expect("connect");
    // Another room, played by the server's computer on both sides meanwhile.
    let mut host = Client::connect(&s.addr).await.expect("connect");
    let other = create(&mut host, "stax", "", &[("A", "random"), ("B", "random")]).await;
    let mut refusals = 0;
    let mut closed = false;
    for _ in 0..5_000 {
        if flooder.send(&Intent::Ping).await.is_err() {
            closed = true;
            break;
        }
    }
    for _ in 0..10_000 {
        match flooder.recv(Duration::from_secs(5)).await {
            Ok(Event::Refused { reason }) if reason.contains("too many") => refusals += 1,
            Ok(_) => {}
            Err(_) => {
                closed = true;
                break;
            }
        }
    }
    assert!(refusals > 0, "the flood was refused");
    assert!(closed, "the flooding connection was closed");
    let mut watcher = Client::connect(&s.addr).await.expect("connect");
    watcher.send(&Intent::Watch { room: other }).await.expect("send");
    let result = watcher
        .expect(Duration::from_secs(60), |e| match e {
            Event::Welcome { result: Some(r), .. } | Event::Ended { result: r } => Some(r.clone()),
            _ => None,
        })
        .await
        .expect("the other room's game ends");
    assert!(!result.is_empty());
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_resumes_with_the_token_and_nobody_else_can() {
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    let mut b = Client::connect(&s.addr).await.expect("connect");
    let room = create(&mut a, "checkers", "", &[]).await;
    let token_a = join(&mut a, &room, "A").await;
    join(&mut b, &room, "B").await;
    let first = {
        let pos = variant_rules::AnyPosition::start(GameId::Checkers, &variant_rules::GameOptions::default_for(GameId::Checkers)).expect("start");
        pos.move_text(pos.legal_move_list()[0])
    };
    play(&mut a, &first).await;
    a.close().await;
    // B sees A's seat go offline.
    let offline = b
        .expect(WAIT, |e| match e {
            Event::Seats { seats } => seats.iter().any(|v| v.seat == "A" && v.occupant == Occupant::Player { connected: false }).then_some(()),
            _ => None,
        })
        .await;
    assert!(offline.is_ok(), "the seat shows as disconnected: {offline:?}");
    let mut back = Client::connect(&s.addr).await.expect("connect");
    back.send(&Intent::Resume { room: room.clone(), token: token_a.clone() }).await.expect("send");
    let (seat, moves) =
        back.expect(WAIT, |e| if let Event::Welcome { seat, moves, .. } = e { Some((seat.clone(), moves.clone())) } else { None }).await.expect("resumed");
    assert_eq!(seat.as_deref(), Some("A"));
    assert_eq!(moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(), vec![first.as_str()], "the game is intact");
    // B replies; then it is A's turn, and B cannot act in A's place.
    let reply = {
        let pos = variant_rules::AnyPosition::from_text(GameId::Checkers, &variant_rules::GameOptions::default_for(GameId::Checkers), &moves[0].position)
            .expect("position");
        pos.move_text(pos.legal_move_list()[0])
    };
    play(&mut b, &reply).await;
    let why = refused(&mut b, Intent::Move { text: reply }).await;
    assert!(why.contains("turn"), "B acting in A's place: {why}");
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dice_are_thrown_by_the_server_only() {
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    let room = create(&mut a, "dice-chess", "", &[("B", "random")]).await;
    a.send(&Intent::Join { room: room.clone(), seat: "A".into() }).await.expect("send");
    let due = a.expect(WAIT, |e| if let Event::Welcome { throw_due, .. } = e { Some(*throw_due) } else { None }).await.expect("joined");
    assert!(due, "Dice Chess opens with White's throw");
    let legal_roll = {
        let pos = variant_rules::AnyPosition::start(GameId::DiceChess, &variant_rules::GameOptions::default_for(GameId::DiceChess)).expect("start");
        let mut outcomes = Vec::new();
        pos.chance(&mut outcomes);
        pos.move_text(outcomes[0].0)
    };
    let why = refused(&mut a, Intent::Move { text: legal_roll }).await;
    assert!(why.contains("throw"), "a client cannot choose its roll: {why}");
    a.send(&Intent::Throw).await.expect("send");
    let thrown = a.expect(WAIT, |e| if let Event::Moved { played, .. } = e { Some(played.clone()) } else { None }).await.expect("thrown");
    assert!(thrown.throw && thrown.seat == "A", "{thrown:?}");
    let why = refused(&mut a, Intent::Throw).await;
    assert!(why.contains("no throw"), "no second throw: {why}");
    s.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_message_carries_a_chex_piles_order() {
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    let mut watcher = Client::connect(&s.addr).await.expect("connect");
    let room = create(&mut a, "chex", "", &[("B", "greedy")]).await;
    let mut frames: Vec<String> = Vec::new();
    a.send(&Intent::Join { room: room.clone(), seat: "A".into() }).await.expect("send");
    watcher.send(&Intent::Watch { room: room.clone() }).await.expect("send");
    let mut rng = rand::rng();
    let mut position = String::new();
    let mut my_turn = false;
    // Play A's seat at random for up to 40 plies, keeping every frame either connection reads.
    for _ in 0..400 {
        let ev = a.recv(WAIT).await.expect("event");
        frames.push(serde_json::to_string(&ev).expect("json"));
        match &ev {
            Event::Welcome { position: p, turn, .. } => (position, my_turn) = (p.clone(), turn.as_deref() == Some("A")),
            Event::Moved { played, turn, .. } => (position, my_turn) = (played.position.clone(), turn.as_deref() == Some("A")),
            Event::Ended { .. } => break,
            _ => {}
        }
        if frames.len() > 60 {
            break;
        }
        if my_turn {
            let pos = variant_rules::AnyPosition::from_public_text(GameId::Chex, &variant_rules::GameOptions::default_for(GameId::Chex), &position)
                .expect("public text reads");
            let legal = pos.legal_move_list();
            let m = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
            a.send(&Intent::Move { text: pos.move_text(m) }).await.expect("send");
            my_turn = false;
        }
    }
    while let Ok(ev) = watcher.recv(Duration::from_millis(300)).await {
        frames.push(serde_json::to_string(&ev).expect("json"));
    }
    // The real piles, from the store (which holds the seed the server drew).
    let store = Store::open(&s.db).await.expect("store");
    let stored = store.rooms(false).await.expect("rooms").into_iter().find(|r| r.code == room).expect("stored");
    let seed = stored.setup.seed;
    let mut real = Room::new(stored.code, stored.setup).expect("room");
    for e in &stored.entries {
        real.apply(e).expect("replays");
    }
    let start_piles = real.game().position_at(0).expect("start").to_text().split_whitespace().nth(2).expect("piles field").to_string();
    let now_piles = real.game().position().to_text().split_whitespace().nth(2).expect("piles field").to_string();
    assert!(start_piles.len() > 20, "the piles' order is a long text: {start_piles}");
    let all = frames.join("\n");
    assert!(frames.len() > 5, "the seat saw the game: {} frames", frames.len());
    for secret in [start_piles.as_str(), now_piles.as_str()] {
        let half = secret.split('/').next().expect("white's pile");
        assert!(half.len() < 3 || !all.contains(half), "a pile's order {half} was sent");
    }
    assert!(!all.contains(&seed.to_string()), "the seed was sent");
    s.task.abort();
}

#[test]
fn the_bot_command_fails_in_one_line_for_what_it_cannot_do() {
    let bin = env!("CARGO_BIN_EXE_variant-server");
    // A port nothing listens on: bind one, then close it.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let out =
        std::process::Command::new(bin).args(["bot", "--server", &format!("127.0.0.1:{port}"), "--room", "ABCDEF", "--seat", "A"]).output().expect("runs");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert!(err.contains("no server answers"), "{err}");
    let out = std::process::Command::new(bin)
        .args(["bot", "--server", "127.0.0.1:1", "--create", "chess", "--seat", "A", "--controller", "clever"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown controller"));
}

/// A server process, killed (SIGKILL) when dropped, so a failing test leaves none behind.
struct ServeProcess(std::process::Child);

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `variant-server serve` on a free port with the given store; its address.
fn spawn_serve(db: &str) -> (ServeProcess, String) {
    spawn_serve_on("127.0.0.1:0", db)
}

/// Starts `variant-server serve` on `listen` with the given store; its address.
fn spawn_serve_on(listen: &str, db: &str) -> (ServeProcess, String) {
    use std::io::BufRead;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_variant-server"))
        .args(["serve", "--listen", listen, "--db", db])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("server runs");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    let addr = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("first line: {line}")).to_string();
    (ServeProcess(child), addr)
}

#[test]
fn killing_the_server_mid_game_loses_no_accepted_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("rooms.sqlite").display());
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let (child, addr) = spawn_serve(&db);
    let (room, token, played) = rt.block_on(async {
        let mut a = Client::connect(&addr).await.expect("connect");
        let room = create(&mut a, "stax", "", &[("B", "random")]).await;
        a.send(&Intent::Join { room: room.clone(), seat: "A".into() }).await.expect("send");
        let mut token = String::new();
        // Play A's first legal move a few times, each announced (accepted) before the kill.
        let mut played = Vec::new();
        let opts = variant_rules::GameOptions::default_for(GameId::Stax);
        loop {
            let ev = a.recv(WAIT).await.expect("event");
            let (p, turn) = match ev {
                Event::Welcome { position, turn, token: t, .. } => {
                    token = t.expect("a seat's token");
                    (position, turn)
                }
                Event::Moved { played: m, turn, .. } => {
                    played.push(m.text.clone());
                    (m.position, turn)
                }
                _ => continue,
            };
            let position = p;
            if played.len() >= 8 || turn.is_none() {
                break;
            }
            if turn.as_deref() == Some("A") {
                let pos = variant_rules::AnyPosition::from_text(GameId::Stax, &opts, &position).expect("position");
                a.send(&Intent::Move { text: pos.move_text(pos.legal_move_list()[0]) }).await.expect("send");
            }
        }
        (room, token, played)
    });
    // SIGKILL: no chance to flush or close anything.
    drop(child);
    let (child, addr) = spawn_serve(&db);
    let moves = rt.block_on(async {
        let mut a = Client::connect(&addr).await.expect("connect");
        a.send(&Intent::Resume { room: room.clone(), token }).await.expect("send");
        a.expect(WAIT, |e| if let Event::Welcome { moves, .. } = e { Some(moves.clone()) } else { None }).await.expect("resumed")
    });
    drop(child);
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    assert!(texts.len() >= played.len(), "every announced move survived: {played:?} vs {texts:?}");
    assert_eq!(&texts[..played.len()], played.iter().map(String::as_str).collect::<Vec<_>>().as_slice());
}

/// The next event of `link` that `pick` accepts, polling for at most [`WAIT`]; every event
/// passed over is kept in `seen`.
fn link_wait<T>(link: &mut Link, seen: &mut Vec<LinkEvent>, mut pick: impl FnMut(&LinkEvent) -> Option<T>) -> T {
    let deadline = std::time::Instant::now() + WAIT;
    while std::time::Instant::now() < deadline {
        match link.try_recv() {
            Some(ev) => {
                if let Some(t) = pick(&ev) {
                    return t;
                }
                seen.push(ev);
            }
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    panic!("no such event within {WAIT:?}; seen {seen:?}");
}

fn welcomed(ev: &LinkEvent) -> Option<(Option<String>, usize)> {
    match ev {
        LinkEvent::Event(e) => match &**e {
            Event::Welcome { seat, moves, .. } => Some((seat.clone(), moves.len())),
            _ => None,
        },
        _ => None,
    }
}

fn moved(ev: &LinkEvent) -> Option<String> {
    match ev {
        LinkEvent::Event(e) => match &**e {
            Event::Moved { played, .. } => Some(played.text.clone()),
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn a_link_reconnects_to_its_seat_after_the_server_restarts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("rooms.sqlite").display());
    // A port that was free a moment ago, so the restarted server listens where the links look.
    let port = std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port();
    let listen = format!("127.0.0.1:{port}");
    let (child, addr) = spawn_serve_on(&listen, &db);
    let mut seen = Vec::new();
    let mut a = Link::open(&addr, Entrance::Create { game: "chess".into(), options: String::new(), computer: Vec::new(), clock: None, seat: ANY_SEAT.into() });
    assert_eq!(link_wait(&mut a, &mut seen, welcomed), (Some("A".to_string()), 0));
    let room = seen
        .iter()
        .find_map(|e| {
            if let LinkEvent::Event(ev) = e
                && let Event::Created { room } = &**ev
            {
                Some(room.clone())
            } else {
                None
            }
        })
        .expect("created");
    let mut b = Link::open(&addr, Entrance::Join { room: room.clone(), seat: ANY_SEAT.into() });
    assert_eq!(link_wait(&mut b, &mut seen, welcomed), (Some("B".to_string()), 0), "'any' takes the first free seat");
    a.send(Intent::Move { text: "e2e4".into() });
    assert_eq!(link_wait(&mut b, &mut seen, moved), "e2e4");
    // The room is full now: a third link is refused and gives up with the reason.
    let mut c = Link::open(&addr, Entrance::Join { room: room.clone(), seat: ANY_SEAT.into() });
    let why = link_wait(&mut c, &mut seen, |e| if let LinkEvent::Closed(w) = e { Some(w.clone()) } else { None });
    assert!(why.contains("no seat is free"), "{why}");
    // SIGKILL, then the same address again: both links come back to their seats by themselves.
    drop(child);
    link_wait(&mut a, &mut seen, |e| matches!(e, LinkEvent::Reconnecting { .. }).then_some(()));
    let (_child, _) = spawn_serve_on(&listen, &db);
    assert_eq!(link_wait(&mut a, &mut seen, welcomed), (Some("A".to_string()), 1), "A resumed with the move kept");
    assert_eq!(link_wait(&mut b, &mut seen, welcomed), (Some("B".to_string()), 1), "B resumed with the move kept");
    b.send(Intent::Move { text: "e7e5".into() });
    assert_eq!(link_wait(&mut a, &mut seen, moved), "e7e5");
    // A client out of step asks to enter afresh: the welcome brings the room whole again.
    a.reconnect();
    assert_eq!(link_wait(&mut a, &mut seen, welcomed), (Some("A".to_string()), 2), "A resumed with both moves");
    // Nobody listening on a port: the link closes at once with the reason.
    drop(_child);
    let mut d = Link::open(&listen, Entrance::Watch { room });
    let why = link_wait(&mut d, &mut seen, |e| if let LinkEvent::Closed(w) = e { Some(w.clone()) } else { None });
    assert!(why.contains("no server answers"), "{why}");
}

#[test]
fn a_hosted_server_serves_until_dropped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("rooms.sqlite").display());
    let hosted = Hosted::start("127.0.0.1:0", &db).expect("hosted");
    let addr = hosted.addr.to_string();
    let mut seen = Vec::new();
    let mut a = Link::open(
        &addr,
        Entrance::Create { game: "stax".into(), options: String::new(), computer: vec![("B".into(), "random".into())], clock: None, seat: "A".into() },
    );
    assert_eq!(link_wait(&mut a, &mut seen, welcomed), (Some("A".to_string()), 0));
    let taken = Hosted::start(&addr, &db).err().expect("the port is taken");
    assert!(taken.contains("cannot listen"), "{taken}");
    drop(hosted);
    link_wait(&mut a, &mut seen, |e| matches!(e, LinkEvent::Reconnecting { .. }).then_some(()));
}

#[test]
fn clock_specs_read_as_chess_players_write_them() {
    use variant_server::protocol::ClockSpec;
    assert_eq!("5+3".parse::<ClockSpec>(), Ok(ClockSpec { base_ms: 300_000, increment_ms: 3_000 }));
    assert_eq!("0.5+0".parse::<ClockSpec>(), Ok(ClockSpec { base_ms: 30_000, increment_ms: 0 }));
    for bad in ["5", "5+", "x+3", "0+3", "2000+0", "5+-1", "5+4000"] {
        let e = bad.parse::<ClockSpec>().expect_err(bad);
        assert!(!e.contains('\n') && e.contains("clock"), "{bad}: {e}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_clock_charges_each_move_and_a_seat_out_of_time_loses() {
    use variant_server::protocol::ClockSpec;
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    // Two seconds each and one more a move.
    let clock = Some(ClockSpec { base_ms: 2_000, increment_ms: 1_000 });
    a.send(&Intent::Create { game: "chess".into(), options: String::new(), computer: Vec::new(), clock }).await.expect("send");
    let room = a.expect(WAIT, |e| if let Event::Created { room } = e { Some(room.clone()) } else { None }).await.expect("created");
    join(&mut a, &room, "A").await;
    // The clocks wait for the last seat: nothing runs while B is empty.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut b = Client::connect(&s.addr).await.expect("connect");
    b.send(&Intent::Join { room: room.clone(), seat: "B".into() }).await.expect("send");
    let view = b.expect(WAIT, |e| if let Event::Welcome { clock, .. } = e { clock.clone() } else { None }).await.expect("a clock");
    assert!(view.remaining_ms.iter().all(|r| r.is_some_and(|ms| ms > 1_900)), "{view:?}");
    tokio::time::sleep(Duration::from_millis(400)).await;
    a.send(&Intent::Move { text: "e2e4".into() }).await.expect("send");
    let view = a.expect(WAIT, |e| if let Event::Moved { clock, .. } = e { clock.clone() } else { None }).await.expect("the move's clock");
    let white = view.remaining_ms[0].expect("timed");
    assert!((2_000 + 1_000 - 1_000..=2_000 + 1_000 - 350).contains(&white), "White spent about 0.4 s and gained 1 s: {white}");
    assert_eq!(view.running.as_deref(), Some("B"));
    // Black never moves: its two seconds run out and White wins on time.
    let result = b.expect(Duration::from_secs(5), |e| if let Event::Ended { result } = e { Some(result.clone()) } else { None }).await.expect("the flag falls");
    assert_eq!(result, "White wins (Black ran out of time)");
    // A move after the flag is refused: the game is over.
    let why = refused(&mut b, Intent::Move { text: "e7e5".into() }).await;
    assert!(why.contains("over"), "{why}");
    // The record keeps it: a replay of the store ends the same way.
    let store = Store::open(&s.db).await.expect("store");
    let stored = store.rooms(false).await.expect("rooms").into_iter().find(|r| r.code == room).expect("stored");
    assert_eq!(stored.setup.clock, clock);
    let mut replayed = Room::new(stored.code.clone(), stored.setup.clone()).expect("room");
    for e in &stored.entries {
        replayed.apply(e).expect("applies");
    }
    assert_eq!(replayed.result().as_deref(), Some("White wins (Black ran out of time)"));
    s.task.abort();
}

#[test]
fn a_turn_earns_one_increment_however_many_moves_it_takes_and_only_while_the_clocks_run() {
    use variant_server::protocol::ClockSpec;
    use variant_server::room::{Entry, Setup};
    let spec = ClockSpec { base_ms: 60_000, increment_ms: 2_000 };
    let mut room = Room::new("T".into(), Setup { game: "chex".into(), options: String::new(), seed: 9, clock: Some(spec) }).expect("room");
    // A move before every seat is held: no clock runs, nothing is charged or earned.
    room.apply(&Entry::Join { seat: 'A', token: "a".into() }).expect("join");
    assert!(room.deadline().is_none(), "no clock runs with an empty seat");
    room.apply(&Entry::Join { seat: 'B', token: "b".into() }).expect("join");
    room.start_turn(0);
    assert_eq!(room.deadline().map(|(s, at)| (s.letter(), at)), Some(('A', 60_000)));
    // White's turn: draw (the turn stays), then place (it passes): charged both, earns once.
    room.apply(&Entry::Move { seat: 'A', text: "draw".into(), throw: false, spent_ms: 1_000 }).expect("draw");
    let place = variant_rules::Position::move_text(room.game().position(), room.game().position().legal_move_list()[0]);
    room.apply(&Entry::Move { seat: 'A', text: place, throw: false, spent_ms: 500 }).expect("place");
    let view = room.clock_view(0).expect("clocks");
    assert_eq!(view.remaining_ms[0], Some(60_000 - 1_500 + 2_000));
    assert_eq!(view.remaining_ms[1], Some(60_000));
    // A stored setup with a clock no client could ask for is refused, not run.
    let huge = ClockSpec { base_ms: 60_000, increment_ms: u64::MAX };
    assert!(Room::new("U".into(), Setup { game: "chess".into(), options: String::new(), seed: 1, clock: Some(huge) }).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_that_passed_to_the_computer_is_no_longer_its_players_and_clocks_are_checked() {
    use variant_server::protocol::ClockSpec;
    let s = server().await;
    let mut a = Client::connect(&s.addr).await.expect("connect");
    // A clock no `MINUTES+SECONDS` text gives, sent as JSON: refused in one line.
    let huge = Some(ClockSpec { base_ms: 60_000, increment_ms: u64::MAX });
    let why = refused(&mut a, Intent::Create { game: "chess".into(), options: String::new(), computer: Vec::new(), clock: huge }).await;
    assert!(why.contains("clock"), "{why}");
    // Four-seat cut-throat Stax: A resigns, the computer takes A, and A's connection can do
    // nothing more for it (no moves, no second resignation).
    let room = create(&mut a, "stax", "--players 4 --seating cut-throat", &[("B", "random"), ("C", "random"), ("D", "random")]).await;
    join(&mut a, &room, "A").await;
    a.send(&Intent::Resign).await.expect("send");
    a.expect(WAIT, |e| if let Event::Seats { seats } = e { matches!(seats[0].occupant, Occupant::Computer { .. }).then_some(()) } else { None })
        .await
        .expect("A passed to the computer");
    // (The computer's moves for A and the others keep arriving meanwhile.)
    a.send(&Intent::Resign).await.expect("send");
    let why = a.expect(WAIT, |e| if let Event::Refused { reason } = e { Some(reason.clone()) } else { None }).await.expect("refused");
    assert!(why.contains("no longer hold seat A"), "{why}");
    s.task.abort();
}
