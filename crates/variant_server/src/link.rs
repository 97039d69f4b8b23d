//! What a table (or any program without async code) uses to play in a room: a [`Link`] keeps
//! one connection to a server on a thread of its own, takes intents and hands back events
//! without blocking, and after a dropped connection reconnects and resumes its seat with the
//! seat's token; a [`Hosted`] server runs on this machine for a player who hosts.

use crate::client::Client;
use crate::protocol::{ClockSpec, Event, Intent};
use std::time::Duration;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// How a link enters its room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrance {
    /// Open a room (`Intent::Create`), then take `seat` in it (a letter, or
    /// [`crate::protocol::ANY_SEAT`]).
    Create { game: String, options: String, computer: Vec<(String, String)>, clock: Option<ClockSpec>, seat: String },
    /// Take a seat of a room (a letter, or [`crate::protocol::ANY_SEAT`]).
    Join { room: String, seat: String },
    /// Come back to a seat held before, with its token.
    Resume { room: String, token: String },
    /// Watch a room.
    Watch { room: String },
}

/// What a link reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// The connection is open (again): a `welcome` follows once the room is entered.
    Connected,
    /// An event from the server (boxed: a `welcome` carries the whole game).
    Event(Box<Event>),
    /// The connection dropped; the link is trying again (attempt number, why).
    Reconnecting { attempt: u32, why: String },
    /// The link gave up: the server could not be reached, refused the entrance, or stayed away
    /// longer than [`RECONNECT_ATTEMPTS`] tries. Nothing more follows.
    Closed(String),
}

/// Tries after a dropped connection before a link gives up, each [`RECONNECT_PAUSE`] apart at
/// most (the pause doubles from a quarter second): about a minute in all, long enough for a
/// server to restart.
pub const RECONNECT_ATTEMPTS: u32 = 20;
/// The longest pause between two tries.
pub const RECONNECT_PAUSE: Duration = Duration::from_secs(4);
/// How often an idle link pings the server, so a connection that died silently is noticed.
pub const KEEPALIVE: Duration = Duration::from_secs(15);

/// A connection to a room, kept on its own thread. Dropping it closes the connection.
pub struct Link {
    intents: UnboundedSender<Order>,
    events: UnboundedReceiver<LinkEvent>,
}

impl Link {
    /// Connects to the server at `addr` (`HOST:PORT`) and enters a room, on a new thread; the
    /// outcome arrives as events.
    pub fn open(addr: &str, entrance: Entrance) -> Link {
        let (intents, intents_rx) = unbounded_channel();
        let (events_tx, events) = unbounded_channel();
        let addr = addr.to_string();
        let spawned =
            std::thread::Builder::new().name("variant-link".into()).spawn(move || match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                Ok(rt) => rt.block_on(run(addr, entrance, intents_rx, events_tx)),
                Err(e) => {
                    let _ = events_tx.send(LinkEvent::Closed(format!("cannot start the network thread: {e}")));
                }
            });
        let link = Link { intents, events };
        if let Err(e) = spawned {
            // The receiver half is gone with the closure; say so through a fresh channel.
            let (tx, events) = unbounded_channel();
            let _ = tx.send(LinkEvent::Closed(format!("cannot start the network thread: {e}")));
            return Link { intents: link.intents, events };
        }
        link
    }

    /// Sends an intent (dropped if the link has closed).
    pub fn send(&self, intent: Intent) {
        let _ = self.intents.send(Order::Send(intent));
    }

    /// Drops the connection and enters the room afresh (a resume for a seat held): the
    /// server's `welcome` then brings the whole room again. For a client that fell out of step.
    pub fn reconnect(&self) {
        let _ = self.intents.send(Order::Reconnect);
    }

    /// The next event, if one has arrived.
    pub fn try_recv(&mut self) -> Option<LinkEvent> {
        self.events.try_recv().ok()
    }
}

/// What the link's owner asks of its thread.
#[derive(Debug)]
enum Order {
    Send(Intent),
    Reconnect,
}

/// Where the link stands with its room between connections.
struct Seating {
    entrance: Entrance,
    /// The room and seat token once a seat is held: every reconnection resumes it.
    held: Option<(String, String)>,
    /// Whether a `welcome` ever arrived (before it, a refusal ends the link).
    welcomed: bool,
}

impl Seating {
    /// The intents that enter the room on a fresh connection (a create sends its join once
    /// `created` names the room).
    fn first_intent(&self) -> Intent {
        if let Some((room, token)) = &self.held {
            return Intent::Resume { room: room.clone(), token: token.clone() };
        }
        match &self.entrance {
            Entrance::Create { game, options, computer, clock, .. } => {
                Intent::Create { game: game.clone(), options: options.clone(), computer: computer.clone(), clock: *clock }
            }
            Entrance::Join { room, seat } => Intent::Join { room: room.clone(), seat: seat.clone() },
            Entrance::Resume { room, token } => Intent::Resume { room: room.clone(), token: token.clone() },
            Entrance::Watch { room } => Intent::Watch { room: room.clone() },
        }
    }

    /// Notes what an event says about the seat; returns an intent to send in answer (a
    /// create's join), or the reason to give up.
    fn read(&mut self, ev: &Event) -> Result<Option<Intent>, String> {
        match ev {
            Event::Created { room } => {
                if let Entrance::Create { seat, .. } = &self.entrance {
                    let join = Intent::Join { room: room.clone(), seat: seat.clone() };
                    // Reconnecting before the welcome joins that room, not a new one.
                    self.entrance = Entrance::Join { room: room.clone(), seat: seat.clone() };
                    return Ok(Some(join));
                }
            }
            Event::Welcome { room, token, .. } => {
                self.welcomed = true;
                if let Some(t) = token {
                    self.held = Some((room.clone(), t.clone()));
                } else {
                    self.entrance = Entrance::Watch { room: room.clone() };
                }
            }
            Event::Refused { reason } if !self.welcomed => return Err(reason.clone()),
            _ => {}
        }
        Ok(None)
    }
}

async fn run(addr: String, entrance: Entrance, mut intents: UnboundedReceiver<Order>, events: UnboundedSender<LinkEvent>) {
    let mut seating = Seating { entrance, held: None, welcomed: false };
    let mut attempt = 0u32;
    loop {
        let why = match Client::connect(&addr).await {
            Ok(client) => {
                attempt = 0;
                if events.send(LinkEvent::Connected).is_err() {
                    return;
                }
                match session(client, &mut seating, &mut intents, &events).await {
                    Ended::Dropped(why) => why,
                    Ended::Done => return,
                    Ended::GaveUp(why) => {
                        let _ = events.send(LinkEvent::Closed(why));
                        return;
                    }
                }
            }
            // The first connection failing ends the link: nobody is there to come back to.
            Err(e) if !seating.welcomed && seating.held.is_none() => {
                let _ = events.send(LinkEvent::Closed(e));
                return;
            }
            Err(e) => e,
        };
        attempt += 1;
        if attempt > RECONNECT_ATTEMPTS {
            let _ = events.send(LinkEvent::Closed(format!("the server stayed away ({why})")));
            return;
        }
        if events.send(LinkEvent::Reconnecting { attempt, why }).is_err() {
            return;
        }
        let pause = Duration::from_millis(250u64 << attempt.min(6)).min(RECONNECT_PAUSE);
        // Waits out the pause, or ends at once if the link was dropped meanwhile.
        tokio::select! {
            _ = tokio::time::sleep(pause) => {}
            _ = events.closed() => return,
        }
    }
}

/// How one connection ended.
enum Ended {
    /// It dropped: try again.
    Dropped(String),
    /// The link was dropped by its owner.
    Done,
    /// Entering the room was refused.
    GaveUp(String),
}

/// One connection's life: enters the room, then passes intents out and events in.
async fn session(mut client: Client, seating: &mut Seating, intents: &mut UnboundedReceiver<Order>, events: &UnboundedSender<LinkEvent>) -> Ended {
    if let Err(e) = client.send(&seating.first_intent()).await {
        return Ended::Dropped(e);
    }
    // A refusal before this connection's welcome ends the link (a resume the server no longer
    // honours); a ping unanswered for a whole keepalive is a dead connection.
    let mut welcomed_here = false;
    let mut pinged = false;
    loop {
        tokio::select! {
            order = intents.recv() => {
                let intent = match order {
                    Some(Order::Send(intent)) => intent,
                    Some(Order::Reconnect) => {
                        client.close().await;
                        return Ended::Dropped("entering the room afresh".into());
                    }
                    None => {
                        client.close().await;
                        return Ended::Done;
                    }
                };
                if let Err(e) = client.send(&intent).await {
                    return Ended::Dropped(e);
                }
            }
            ev = client.recv(KEEPALIVE) => {
                let ev = match ev {
                    Ok(ev) => ev,
                    Err(e) if e.starts_with("no word") && !pinged => {
                        if let Err(e) = client.send(&Intent::Ping).await {
                            return Ended::Dropped(e);
                        }
                        pinged = true;
                        continue;
                    }
                    Err(e) => return Ended::Dropped(e),
                };
                pinged = false;
                match &ev {
                    Event::Welcome { .. } => welcomed_here = true,
                    Event::Refused { reason } if !welcomed_here && seating.welcomed => return Ended::GaveUp(reason.clone()),
                    _ => {}
                }
                match seating.read(&ev) {
                    Ok(Some(answer)) => {
                        if let Err(e) = client.send(&answer).await {
                            return Ended::Dropped(e);
                        }
                    }
                    Ok(None) => {}
                    Err(why) => return Ended::GaveUp(why),
                }
                if matches!(ev, Event::Pong) {
                    continue;
                }
                if events.send(LinkEvent::Event(Box::new(ev))).is_err() {
                    client.close().await;
                    return Ended::Done;
                }
            }
        }
    }
}

/// A server run on this machine for as long as the value lives (the launcher's Host).
pub struct Hosted {
    /// The address it listens on.
    pub addr: std::net::SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Hosted {
    /// Starts a server on `addr` with the store at `db`, on a thread of its own; returns once it
    /// listens (or why it cannot).
    pub fn start(addr: &str, db: &str) -> Result<Hosted, String> {
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let (addr, db) = (addr.to_string(), db.to_string());
        let thread = std::thread::Builder::new()
            .name("variant-host".into())
            .spawn(move || {
                let rt = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
                    Ok(rt) => rt,
                    Err(e) => {
                        let _ = ready_tx.send(Err(format!("cannot start the server's runtime: {e}")));
                        return;
                    }
                };
                rt.block_on(async move {
                    match crate::server::start(&addr, &db).await {
                        Ok((local, task)) => {
                            let _ = ready_tx.send(Ok(local));
                            tokio::select! {
                                _ = task => {}
                                _ = stop_rx => {}
                            }
                        }
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                        }
                    }
                });
                // Dropping the runtime ends every connection's task.
                rt.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(|e| format!("cannot start the server's thread: {e}"))?;
        match ready_rx.recv() {
            Ok(Ok(addr)) => Ok(Hosted { addr, stop: Some(stop), thread: Some(thread) }),
            Ok(Err(e)) => {
                let _ = thread.join();
                Err(e)
            }
            Err(_) => Err("the server's thread ended before it listened".into()),
        }
    }
}

impl Drop for Hosted {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
