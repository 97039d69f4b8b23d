//! A headless player: joins (or creates) a room, plays one seat with a controller (random,
//! greedy or the search), and returns the game's result line when it ends.

use crate::client::Client;
use crate::protocol::{Event, Intent};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use variant_rules::cli::OptionArgs;
use variant_rules::search::Controller;
use variant_rules::{AnyPosition, GameId, Position};

/// How long a bot waits for any word from the server before giving up: longer than the
/// slowest computer seat's move (ten minutes is the longest `ai:MS`).
const QUIET_LIMIT: Duration = Duration::from_secs(660);
/// How long it waits for the answer to joining or creating.
const ANSWER_LIMIT: Duration = Duration::from_secs(10);

/// What the bot does.
pub struct BotPlan {
    pub server: String,
    /// Create a room for this game with these option words, or join this room.
    pub create: Option<(GameId, String)>,
    pub room: Option<String>,
    pub seat: String,
    pub controller: Controller,
    /// Seats to give the server's computer when creating: (letter, controller).
    pub computer: Vec<(String, String)>,
    /// The room's clocks when creating.
    pub clock: Option<crate::protocol::ClockSpec>,
}

/// What the bot knows of the game: the last public position and whose turn it is.
struct Seen {
    game: GameId,
    options: String,
    position: String,
    turn: Option<String>,
    throw_due: bool,
}

/// Plays the plan; `on_room` hears the room's code once created. Returns the result line.
pub async fn run(plan: BotPlan, mut on_room: impl FnMut(&str)) -> Result<String, String> {
    let mut client = Client::connect(&plan.server).await?;
    let room = match (&plan.create, &plan.room) {
        (Some((game, words)), _) => {
            client.send(&Intent::Create { game: game.as_str().into(), options: words.clone(), computer: plan.computer.clone(), clock: plan.clock }).await?;
            let code = client.expect(ANSWER_LIMIT, |e| if let Event::Created { room } = e { Some(room.clone()) } else { None }).await?;
            on_room(&code);
            code
        }
        (None, Some(code)) => code.clone(),
        (None, None) => return Err("give --create GAME or --room CODE".into()),
    };
    client.send(&Intent::Join { room: room.clone(), seat: plan.seat.clone() }).await?;
    let (mut seen, me, result) = client
        .expect(ANSWER_LIMIT, |e| match e {
            Event::Welcome { game, options, position, turn, throw_due, seat, result, .. } => Some((
                Seen { game: game.parse().ok()?, options: options.clone(), position: position.clone(), turn: turn.clone(), throw_due: *throw_due },
                seat.clone().unwrap_or_default(),
                result.clone(),
            )),
            _ => None,
        })
        .await
        .map_err(|e| format!("cannot join room {room}: {e}"))?;
    if let Some(r) = result {
        return Ok(r);
    }
    // A seeded generator, not `rand::rng()`: the bot's future moves between threads.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::from_os_rng();
    loop {
        if seen.turn.as_deref() == Some(me.as_str()) {
            let intent = if seen.throw_due { Intent::Throw } else { Intent::Move { text: choose(&seen, plan.controller, &mut rng)? } };
            client.send(&intent).await?;
        }
        // Wait for the next move (ours, announced, or someone else's) or the end.
        loop {
            match client.recv(QUIET_LIMIT).await? {
                Event::Moved { played, turn, throw_due, .. } => {
                    (seen.position, seen.turn, seen.throw_due) = (played.position, turn, throw_due);
                    break;
                }
                Event::Ended { result } => {
                    client.close().await;
                    return Ok(result);
                }
                Event::Refused { reason } => return Err(format!("the server refused the bot's move: {reason}")),
                _ => {}
            }
        }
    }
}

/// The controller's move in the position the server last showed.
fn choose(seen: &Seen, controller: Controller, rng: &mut impl rand::Rng) -> Result<String, String> {
    let (id, opts) = OptionArgs::from_words(&seen.options)?.resolve(seen.game.as_str())?;
    let pos = AnyPosition::from_public_text(id, &opts, &seen.position).map_err(|e| format!("cannot read the server's position: {e}"))?;
    let m = controller.decide(&pos, &[], &AtomicBool::new(false), rng).ok_or("the bot has no move in the server's position")?;
    Ok(pos.move_text(m))
}
