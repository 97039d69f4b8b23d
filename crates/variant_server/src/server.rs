//! The server: rooms behind one WebSocket endpoint (`/ws`, axum), each room's changes stored
//! before they are announced, the computer playing its seats, every room resumed at start.

use crate::protocol::{ANY_SEAT, ClockSpec, Event, FLOOD_BURST, FLOOD_RATE_PER_SECOND, FLOOD_STRIKES, Intent, MAX_FRAME_BYTES, clip};
use crate::room::{Entry, Room, Setup};
use crate::store::Store;
use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use rand::Rng;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;
use variant_rules::Seat;
use variant_rules::search::Memory;

/// Letters of room codes: no 0/O or 1/I, so a code read aloud or copied by hand is not
/// mistaken.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// Room code length: 32^6, about a billion codes.
const CODE_LEN: usize = 6;
/// Events a slow connection may fall behind by before it is dropped (it can resume).
const ROOM_BACKLOG: usize = 256;

/// A room as the server holds it: the state, its entry count, and the channel its events go
/// out on to every connection in the room.
pub struct LiveRoom {
    state: tokio::sync::Mutex<Live>,
    events: broadcast::Sender<Event>,
    /// Whether a task is choosing the computer's move now.
    thinking: AtomicBool,
    /// Each computer seat's search memory (transposition table and move history), kept from
    /// move to move as at the table; by seat index, taken out while that seat thinks.
    memories: Mutex<Vec<Memory>>,
}

struct Live {
    room: Room,
    seq: usize,
    /// When the game ended here, if it did (a finished room nobody sits at leaves memory a
    /// while later: see [`FINISHED_GRACE_MS`]).
    ended_ms: Option<i64>,
}

/// How long a finished room nobody is connected to stays in memory, for late watchers and
/// rejoins; its record stays stored.
const FINISHED_GRACE_MS: i64 = 60_000;

impl LiveRoom {
    fn new(live: Live) -> Arc<LiveRoom> {
        Arc::new(LiveRoom {
            state: tokio::sync::Mutex::new(live),
            events: broadcast::channel(ROOM_BACKLOG).0,
            thinking: AtomicBool::new(false),
            memories: Mutex::new(Vec::new()),
        })
    }

    /// Takes `seat`'s search memory out to think with (an empty one the first time).
    fn take_memory(&self, seat: Seat) -> Memory {
        let mut all = self.memories.lock().expect("memories lock");
        all.get_mut(seat.index()).map(std::mem::take).unwrap_or_default()
    }

    /// Puts back `seat`'s search memory after it has thought.
    fn keep_memory(&self, seat: Seat, memory: Memory) {
        let mut all = self.memories.lock().expect("memories lock");
        if all.len() <= seat.index() {
            all.resize_with(seat.index() + 1, Memory::new);
        }
        all[seat.index()] = memory;
    }
}

/// The server's shared state.
pub struct Server {
    rooms: Mutex<HashMap<String, Arc<LiveRoom>>>,
    store: Store,
}

impl Server {
    /// Opens the store and resumes every room whose game is not over (finished games stay in
    /// the store). A room whose entries no longer replay is reported and left out; the others
    /// open.
    pub async fn open(store: Store) -> Result<Arc<Server>, String> {
        let server = Arc::new(Server { rooms: Mutex::new(HashMap::new()), store });
        for stored in server.store.rooms(true).await? {
            let code = stored.code.clone();
            match replay(stored) {
                Ok(live) => {
                    let room = LiveRoom::new(live);
                    server.rooms.lock().expect("rooms lock").insert(code, room.clone());
                    kick_computer(server.clone(), room);
                }
                Err(e) => eprintln!("room {code} not resumed: {e}"),
            }
        }
        Ok(server)
    }

    /// How many rooms are open.
    pub fn room_count(&self) -> usize {
        self.rooms.lock().expect("rooms lock").len()
    }

    fn room(&self, code: &str) -> Result<Arc<LiveRoom>, String> {
        let code = code.trim().to_ascii_uppercase();
        self.rooms.lock().expect("rooms lock").get(&code).cloned().ok_or_else(|| format!("no room {}", clip(&code)))
    }
}

fn replay(stored: crate::store::StoredRoom) -> Result<Live, String> {
    let mut room = Room::new(stored.code, stored.setup)?;
    for (i, e) in stored.entries.iter().enumerate() {
        room.apply(e).map_err(|why| format!("entry {i}: {why}"))?;
    }
    // The time the server was down counts for nobody.
    room.start_turn(now_ms());
    Ok(Live { room, seq: stored.entries.len(), ended_ms: None })
}

/// How often the server looks for a seat whose time ran out (a flag falls at most this late).
const CLOCK_TICK: Duration = Duration::from_millis(100);

/// Ends the turn of every seat whose clock ran out, as a stored timeout entry, and lets finished
/// rooms nobody sits at leave memory. A room busy with something else is looked at on the next
/// tick.
async fn watch_clocks(server: Arc<Server>) {
    let mut tick = tokio::time::interval(CLOCK_TICK);
    loop {
        tick.tick().await;
        let rooms: Vec<Arc<LiveRoom>> = server.rooms.lock().expect("rooms lock").values().cloned().collect();
        for room in rooms {
            let Ok(mut live) = room.state.try_lock() else { continue };
            // A game that ended with nobody there (the computer's, the clock's) leaves memory
            // after the grace, as one does when its last player leaves.
            if live.ended_ms.is_some_and(|t| now_ms() - t > FINISHED_GRACE_MS) && live.room.connected() == 0 {
                server.rooms.lock().expect("rooms lock").remove(&live.room.code);
                continue;
            }
            let Some((seat, deadline)) = live.room.deadline() else { continue };
            if now_ms() < deadline {
                continue;
            }
            if let Err(e) = commit(&server, &room, &mut live, Entry::Timeout { seat: seat.letter() }).await {
                eprintln!("room {}: the timeout was not recorded: {e}", live.room.code);
                continue;
            }
            drop(live);
            kick_computer(server.clone(), room.clone());
        }
    }
}

/// Serves on `listener` until the task is dropped.
pub async fn serve(listener: tokio::net::TcpListener, server: Arc<Server>) -> Result<(), String> {
    let watch = tokio::spawn(watch_clocks(server.clone()));
    let _stop_watch = AbortOnDrop(watch);
    let app = Router::new().route("/ws", get(upgrade)).with_state(server);
    axum::serve(listener, app).await.map_err(|e| format!("server: {e}"))
}

/// Binds `addr`, opens the store at `db` and resumes its rooms, and serves in a task: the
/// address it listens on (a port 0 becomes the port chosen) and the task.
pub async fn start(addr: &str, db: &str) -> Result<(SocketAddr, tokio::task::JoinHandle<Result<(), String>>), String> {
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener.local_addr().map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let server = Server::open(Store::open(db).await?).await?;
    Ok((local, tokio::spawn(serve(listener, server))))
}

async fn upgrade(ws: WebSocketUpgrade, State(server): State<Arc<Server>>) -> Response {
    ws.max_message_size(MAX_FRAME_BYTES).max_frame_size(MAX_FRAME_BYTES).on_upgrade(move |socket| connection(socket, server))
}

/// Where a connection sits.
enum Place {
    Lobby,
    /// A seat, with the token that holds it (checked again at every action: the seat may have
    /// passed to the computer since).
    Seat(Arc<LiveRoom>, Seat, String),
    Watching,
}

/// A connection's allowance of intents: a token bucket refilled at the flood rate.
struct Allowance {
    tokens: f64,
    at: Instant,
    strikes: u32,
}

impl Allowance {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * FLOOD_RATE_PER_SECOND).min(FLOOD_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            self.strikes += 1;
            false
        }
    }
}

/// How long a closing connection's unread frames are drained, at most.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

/// Closes a flooding connection the way WebSocket closes: a close frame with the reason, then
/// its frames still in flight read and dropped until the client answers the close (or
/// [`CLOSE_DRAIN`] passes). Dropping a socket with unread data would reset it, and the client
/// could lose the refusals sent just before.
async fn close_flooded(mut socket: WebSocket) {
    let frame = axum::extract::ws::CloseFrame { code: axum::extract::ws::close_code::POLICY, reason: "too many messages".into() };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_DRAIN, async {
        while let Some(Ok(msg)) = socket.recv().await {
            if matches!(msg, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

async fn send(socket: &mut WebSocket, event: &Event) -> bool {
    let text = serde_json::to_string(event).expect("events serialise");
    socket.send(Message::Text(text.into())).await.is_ok()
}

async fn connection(mut socket: WebSocket, server: Arc<Server>) {
    let mut place = Place::Lobby;
    let mut feed: Option<broadcast::Receiver<Event>> = None;
    let mut allowance = Allowance { tokens: FLOOD_BURST, at: Instant::now(), strikes: 0 };
    let mut flooded = false;
    loop {
        let incoming = tokio::select! {
            msg = socket.recv() => msg,
            ev = async { match feed.as_mut() { Some(f) => f.recv().await, None => std::future::pending().await } } => {
                match ev {
                    Ok(ev) => { if !send(&mut socket, &ev).await { break } }
                    // Fell behind by more than the backlog: drop the connection; the client resumes.
                    Err(_) => break,
                }
                continue;
            }
        };
        let text = match incoming {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                if !send(&mut socket, &Event::refused("binary frames are not read: send JSON text")).await {
                    break;
                }
                continue;
            }
            Some(Ok(Message::Close(_))) | None => break,
            Some(Ok(_)) => continue,
            Some(Err(e)) => {
                // Oversized frames and broken framing end up here: say why, then close.
                let _ = send(&mut socket, &Event::refused(format!("connection closed: {e}"))).await;
                break;
            }
        };
        if !allowance.take() {
            let _ = send(&mut socket, &Event::refused("too many messages: slow down")).await;
            if allowance.strikes >= FLOOD_STRIKES {
                flooded = true;
                break;
            }
            continue;
        }
        let intent: Intent = match serde_json::from_str(text.as_str()) {
            Ok(i) => i,
            Err(e) => {
                if !send(&mut socket, &Event::refused(format!("not a message this server reads: {e}"))).await {
                    break;
                }
                continue;
            }
        };
        let replies = handle(&server, &mut place, &mut feed, intent).await;
        let mut open = true;
        for r in replies {
            open &= send(&mut socket, &r).await;
        }
        if !open {
            break;
        }
    }
    if flooded {
        close_flooded(socket).await;
    }
    if let Place::Seat(room, seat, _) = place {
        let mut live = room.state.lock().await;
        if live.room.connection(seat, false) {
            let _ = room.events.send(Event::Seats { seats: live.room.seat_views() });
        }
        // A finished game nobody sits at any more leaves memory; its record stays stored.
        if live.room.result().is_some() && live.room.connected() == 0 {
            server.rooms.lock().expect("rooms lock").remove(&live.room.code);
        }
    }
}

/// Aborts a task when dropped (the clock watch ends with the server it watches).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LEN).map(|_| CODE_LETTERS[rng.random_range(0..CODE_LETTERS.len())] as char).collect()
}

fn new_token() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// The answers to one intent (events for the other connections go out on the room's channel).
async fn handle(server: &Arc<Server>, place: &mut Place, feed: &mut Option<broadcast::Receiver<Event>>, intent: Intent) -> Vec<Event> {
    match intent {
        Intent::Ping => vec![Event::Pong],
        Intent::Create { game, options, computer, clock } => match create(server, game, options, computer, clock).await {
            Ok(code) => vec![Event::Created { room: code }],
            Err(e) => vec![Event::refused(e)],
        },
        Intent::Join { .. } | Intent::Resume { .. } | Intent::Watch { .. } if !matches!(place, Place::Lobby) => {
            vec![Event::refused("this connection is in a room already")]
        }
        Intent::Join { room, seat } => enter(server, place, feed, &room, Enter::Join(seat)).await,
        Intent::Resume { room, token } => enter(server, place, feed, &room, Enter::Resume(token)).await,
        Intent::Watch { room } => enter(server, place, feed, &room, Enter::Watch).await,
        other => {
            let (room, seat, token) = match place {
                Place::Seat(room, seat, token) => (room.clone(), *seat, token.clone()),
                Place::Watching => return vec![Event::refused("spectators cannot act")],
                Place::Lobby => return vec![Event::refused("you hold no seat: join or resume first")],
            };
            match act(server, &room, seat, &token, other).await {
                Ok(()) => Vec::new(),
                Err(e) => vec![Event::refused(e)],
            }
        }
    }
}

async fn create(server: &Arc<Server>, game: String, options: String, computer: Vec<(String, String)>, clock: Option<ClockSpec>) -> Result<String, String> {
    if game.len() > 40 || options.len() > 400 {
        return Err("game or options too long".into());
    }
    let seed: u64 = rand::rng().random();
    let code = loop {
        let c = new_code();
        if !server.rooms.lock().expect("rooms lock").contains_key(&c) {
            break c;
        }
    };
    if let Some(c) = clock {
        c.validate()?;
    }
    let room = Room::new(code.clone(), Setup { game, options, seed, clock })?;
    // Check the computer's seats before anything is stored (each seat named once).
    let mut fills = Vec::new();
    let mut named = variant_rules::SeatSet::EMPTY;
    for (letter, controller) in &computer {
        let seat = room.seat(letter)?;
        if named.contains(seat) {
            return Err(format!("seat {} is given to the computer twice", seat.letter()));
        }
        named = named.with(seat);
        fills.push(room.check_fill(seat, controller)?);
    }
    server.store.create_room(&code, &room.setup, now_ms()).await?;
    let live = LiveRoom::new(Live { room, seq: 0, ended_ms: None });
    {
        let mut state = live.state.lock().await;
        for e in &fills {
            commit(server, &live, &mut state, e.clone()).await?;
        }
    }
    server.rooms.lock().expect("rooms lock").insert(code.clone(), live.clone());
    kick_computer(server.clone(), live);
    Ok(code)
}

enum Enter {
    Join(String),
    Resume(String),
    Watch,
}

async fn enter(server: &Arc<Server>, place: &mut Place, feed: &mut Option<broadcast::Receiver<Event>>, code: &str, how: Enter) -> Vec<Event> {
    let room = match server.room(code) {
        Ok(r) => r,
        Err(e) => return vec![Event::refused(e)],
    };
    let mut live = room.state.lock().await;
    let (seat, token) = match how {
        Enter::Watch => (None, None),
        Enter::Resume(token) => match live.room.seat_of_token(&token) {
            Some(s) => (Some(s), Some(token)),
            None => return vec![Event::refused(format!("that token holds no seat in room {}", live.room.code))],
        },
        Enter::Join(letter) => {
            let seat = if letter.trim().eq_ignore_ascii_case(ANY_SEAT) {
                live.room.first_empty().ok_or_else(|| format!("no seat is free in room {}", live.room.code))
            } else {
                live.room.seat(&letter)
            };
            let checked = seat.and_then(|s| live.room.check_join(s, new_token()).map(|e| (s, e)));
            let (s, entry) = match checked {
                Ok(x) => x,
                Err(e) => return vec![Event::refused(e)],
            };
            let token = match &entry {
                Entry::Join { token, .. } => token.clone(),
                _ => unreachable!("check_join gives a join"),
            };
            if let Err(e) = commit(server, &room, &mut live, entry).await {
                return vec![Event::refused(e)];
            }
            (Some(s), Some(token))
        }
    };
    *feed = Some(room.events.subscribe());
    if let Some(s) = seat {
        if live.room.connection(s, true) {
            let _ = room.events.send(Event::Seats { seats: live.room.seat_views() });
        }
        *place = Place::Seat(room.clone(), s, token.clone().unwrap_or_default());
    } else {
        *place = Place::Watching;
    }
    let welcome = welcome(&live.room, seat, token);
    drop(live);
    vec![welcome]
}

fn welcome(room: &Room, seat: Option<Seat>, token: Option<String>) -> Event {
    let game = room.game();
    Event::Welcome {
        room: room.code.clone(),
        seat: seat.map(|s| s.letter().to_string()),
        token,
        game: room.game_id().as_str().to_string(),
        options: room.setup.options.clone(),
        seats: room.seat_views(),
        start: game.position_at(0).map(variant_rules::Position::public_text).unwrap_or_default(),
        moves: room.moves().to_vec(),
        position: variant_rules::Position::public_text(game.position()),
        turn: room.turn().map(|s| s.letter().to_string()),
        throw_due: room.throw_due(),
        result: room.result(),
        clock: room.clock_view(now_ms()),
    }
}

/// A seated player's move, throw, fill, resignation or draw offer.
async fn act(server: &Arc<Server>, room: &Arc<LiveRoom>, seat: Seat, token: &str, intent: Intent) -> Result<(), String> {
    let mut live = room.state.lock().await;
    if live.room.seat_of_token(token) != Some(seat) {
        return Err(format!("you no longer hold seat {} (it passed to the computer)", seat.letter()));
    }
    let entry = match intent {
        Intent::Move { text } => {
            if text.len() > 200 {
                return Err("that move is too long to be one".into());
            }
            live.room.check_move(seat, &text)?
        }
        Intent::Throw => live.room.check_throw(seat, &mut rand::rng())?,
        Intent::Fill { seat: letter, controller } => {
            let s = live.room.seat(&letter)?;
            live.room.check_fill(s, &controller)?
        }
        Intent::Resign => live.room.check_resign(seat)?,
        Intent::OfferDraw => live.room.check_draw_offer(seat)?,
        _ => return Err("not an action".into()),
    };
    commit(server, room, &mut live, entry).await?;
    drop(live);
    kick_computer(server.clone(), room.clone());
    Ok(())
}

/// Stores an entry, applies it, and announces what changed. Nothing is applied or announced if
/// the store refuses it.
async fn commit(server: &Server, room: &LiveRoom, live: &mut Live, mut entry: Entry) -> Result<(), String> {
    let was_over = live.room.result().is_some();
    // The server's clock decides: a move gets the time its turn took, and one made after the
    // seat's time ran out (before the watch caught it) is the timeout instead.
    let now = now_ms();
    if let Entry::Move { spent_ms, .. } = &mut entry {
        *spent_ms = live.room.spent(now);
        if let Some((seat, deadline)) = live.room.deadline()
            && now >= deadline
        {
            entry = Entry::Timeout { seat: seat.letter() };
        }
    }
    // The `Room::check_*` that made the entry guarantee it applies; it is stored first so that
    // nothing is announced that a restart would not replay.
    server.store.append(&live.room.code, live.seq, &entry).await.map_err(|e| format!("the server could not record that ({e}); nothing changed"))?;
    live.seq += 1;
    live.room.apply(&entry)?;
    // A new turn's clock starts after a move or a timeout; a join or fill may start the
    // clocks (the last seat taken). A resignation or a draw offer leaves the mover's time running.
    if !matches!(entry, Entry::DrawOffer { .. } | Entry::Resign { .. }) {
        live.room.start_turn(now);
    }
    let r = &live.room;
    let ended = if was_over { None } else { r.result() };
    let _ = match &entry {
        Entry::Move { .. } => {
            let played = r.moves().last().cloned().expect("a move was applied");
            room.events.send(Event::Moved { played, turn: r.turn().map(|s| s.letter().to_string()), throw_due: r.throw_due(), clock: r.clock_view(now) })
        }
        Entry::Join { .. } | Entry::Fill { .. } | Entry::Resign { .. } | Entry::Timeout { .. } => {
            if let Some(clock) = r.clock_view(now) {
                let _ = room.events.send(Event::Clock { clock });
            }
            room.events.send(Event::Seats { seats: r.seat_views() })
        }
        Entry::DrawOffer { .. } => room.events.send(Event::DrawOffered { seats: r.draw_offers().iter().map(|s| s.letter().to_string()).collect() }),
    };
    if let Some(result) = ended {
        server.store.finish(&live.room.code, &result).await?;
        let _ = room.events.send(Event::Ended { result });
        live.ended_ms = Some(now);
    }
    Ok(())
}

/// Lets the computer play while a seat it holds is to move, one task per room at a time.
fn kick_computer(server: Arc<Server>, room: Arc<LiveRoom>) {
    if room.thinking.swap(true, Ordering::AcqRel) {
        return;
    }
    tokio::spawn(async move {
        loop {
            let (snapshot, ply, seat, controller) = {
                let live = room.state.lock().await;
                match live.room.computer_to_move() {
                    Some((s, c)) => (live.room.game().clone(), live.room.moves().len(), s, c),
                    None => break,
                }
            };
            let mut memory = room.take_memory(seat);
            let thought = tokio::task::spawn_blocking(move || {
                let chosen = crate::room::computer_move_in(&snapshot, controller, &mut rand::rng(), &AtomicBool::new(false), &mut memory);
                (chosen, memory)
            })
            .await
            .ok();
            let chosen = thought.and_then(|(chosen, memory)| {
                room.keep_memory(seat, memory);
                chosen
            });
            let mut live = room.state.lock().await;
            // Someone resigned or the seat changed hands while it thought: look again.
            if live.room.moves().len() != ply || live.room.computer_to_move().is_none() {
                continue;
            }
            let Some(entry) = chosen else { break };
            if let Err(e) = commit(&server, &room, &mut live, entry).await {
                eprintln!("room {}: the computer's move was not recorded: {e}", live.room.code);
                // Try again shortly rather than spin on a failing store.
                drop(live);
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
        room.thinking.store(false, Ordering::Release);
        // A seat may have turned to the computer between the last look and the flag's reset.
        let again = room.state.lock().await.room.computer_to_move().is_some();
        if again {
            kick_computer(server, room);
        }
    });
}
