//! From clicks to moves: the selection state machine (pick a piece, then its destination, hop
//! by hop for jump sequences), the legal targets to highlight, and keyboard shortcuts.
//!
//! The mouse and the tests speak the same language: a [`CellClicked`] message per click on a
//! cell, a piece or a stack.

use bevy::prelude::*;
use variant_rules::scene::PieceKind;
use variant_rules::{AnyMove, Cell, MovePath, Position, Seat};

use crate::table::game::replay::{Replay, ReplayStep};
use crate::table::game::seats::Seats;
use crate::table::game::session::{GameCommand, PositionChanged, Session};
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CellClicked>()
        .add_message::<HandClicked>()
        .add_message::<PileClicked>()
        .add_message::<ChooseMove>()
        .init_resource::<Selection>()
        .add_systems(Update, keyboard.in_set(TurnSystems::Input).in_set(OnScreen::Table))
        .add_systems(Update, (refuse_while_viewing, select, choose).chain().in_set(TurnSystems::Validate).in_set(OnScreen::Play))
        .add_systems(Update, clear_on_change.in_set(TurnSystems::Animate));
}

/// A click (or drop) on a board cell, or on a piece or stack standing on it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellClicked {
    pub cell: Cell,
}

/// A click (or drag start) on a piece waiting in the hand of the side to move (or the tile it
/// drew), by kind.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandClicked {
    pub kind: PieceKind,
}

/// A click on a face-down draw pile: its owner draws the top tile (if it is their turn to).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileClicked {
    pub owner: Seat,
}

/// What the player has picked so far: a piece, and for jump sequences the hops chosen.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    pub from: Option<Cell>,
    /// A piece picked from the hand, by kind (its targets are the cells it can be placed on).
    pub hand: Option<PieceKind>,
    pub hops: Vec<Cell>,
    /// Cells the selection can go to next, with whether that step captures.
    pub targets: Vec<(Cell, bool)>,
    /// Moves on exactly the clicked cells that differ otherwise (the promotion piece, or what a
    /// move takes, where a move takes elsewhere than it lands): the player picks one.
    pub choices: Vec<MoveChoice>,
}

/// One of several moves on the same cells, as the HUD offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveChoice {
    pub mv: AnyMove,
    /// The move in notation.
    pub text: String,
    /// What it does ("promote to knight", "take on d5").
    pub what: String,
}

impl MoveChoice {
    fn of(pos: &variant_rules::AnyPosition, mv: AnyMove) -> MoveChoice {
        MoveChoice { mv, text: pos.move_text(mv), what: pos.describe_move(mv) }
    }
}

/// Picks entry `n` (from 0) of [`Selection::choices`] (a button in the HUD, or the key `n + 1`).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChooseMove(pub usize);

impl Selection {
    fn clear(&mut self) {
        *self = Selection::default();
    }
}

/// Legal moves with their cell paths (a swap can be picked from either of its squares).
fn legal_paths(session: &Session) -> Vec<(AnyMove, MovePath)> {
    let pos = session.game.position();
    let mut out = Vec::new();
    for m in pos.legal_move_list() {
        let path = pos.move_path(m);
        if path.swap {
            out.push((m, MovePath { from: path.landings[0], landings: vec![path.from], ..path.clone() }));
        }
        out.push((m, path));
    }
    out
}

/// Recomputes the targets of a selection; returns the moves completed by exactly its hops.
fn refresh(sel: &mut Selection, paths: &[(AnyMove, MovePath)]) -> Vec<AnyMove> {
    let Some(from) = sel.from else {
        sel.targets.clear();
        return vec![];
    };
    let matching: Vec<&(AnyMove, MovePath)> = paths.iter().filter(|(_, p)| p.from == from && p.landings.starts_with(&sel.hops)).collect();
    sel.targets.clear();
    for (_, p) in &matching {
        if let Some(&next) = p.landings.get(sel.hops.len()) {
            let t = (next, p.capture);
            if !sel.targets.contains(&t) {
                sel.targets.push(t);
            }
        }
    }
    matching.iter().filter(|(_, p)| p.landings == sel.hops && !sel.hops.is_empty()).map(|(m, _)| *m).collect()
}

/// A click on the board while the view is in the past is not played (it was aimed at a board
/// that is not the game's): the view returns to the game, and the HUD says so.
fn refuse_while_viewing(
    mut clicks: MessageReader<CellClicked>,
    mut hand_clicks: MessageReader<HandClicked>,
    mut pile_clicks: MessageReader<PileClicked>,
    replay: Res<Replay>,
    session: Option<ResMut<Session>>,
    mut steps: MessageWriter<ReplayStep>,
) {
    let clicked = clicks.read().count() + hand_clicks.read().count() + pile_clicks.read().count() > 0;
    if !clicked || replay.is_live() {
        return;
    }
    if let Some(mut session) = session {
        let marker = replay.marker(&session).unwrap_or_default();
        session.status = format!("{marker} (not the game): back at the game now, click again to play");
    }
    steps.write(ReplayStep::Last);
}

#[allow(clippy::too_many_arguments)]
fn select(
    mut clicks: MessageReader<CellClicked>,
    mut hand_clicks: MessageReader<HandClicked>,
    mut pile_clicks: MessageReader<PileClicked>,
    session: Option<ResMut<Session>>,
    seats: Res<Seats>,
    mut sel: ResMut<Selection>,
    mut out: MessageWriter<GameCommand>,
    replay: Res<Replay>,
) {
    let Some(mut session) = session else { return };
    if !replay.is_live() {
        // Refused by `refuse_while_viewing`.
        clicks.clear();
        hand_clicks.clear();
        pile_clicks.clear();
        return;
    }
    if seats.is_computer(session.game.position().turn()) {
        // The computer's pieces are not the players' to move.
        if !clicks.is_empty() || !hand_clicks.is_empty() || !pile_clicks.is_empty() {
            session.status = "wait: the computer is to move".into();
        }
        clicks.clear();
        hand_clicks.clear();
        pile_clicks.clear();
        return;
    }
    for &PileClicked { owner } in pile_clicks.read() {
        let pos = session.game.position();
        if pos.turn() != owner {
            session.status = "that pile is the other player's".into();
        } else if let Some(draw) = pos.draw_move() {
            out.write(GameCommand::Play(draw));
        } else {
            session.status = "no tile can be drawn now".into();
        }
    }
    if clicks.is_empty() && hand_clicks.is_empty() {
        return; // legal paths are computed only when there is a click to judge
    }
    let paths = legal_paths(&session);
    for &HandClicked { kind } in hand_clicks.read() {
        pick_from_hand(&mut session, &mut sel, &paths, kind);
    }
    for &CellClicked { cell } in clicks.read() {
        let topo = session.game.position().topology();
        debug!("clicked {}", topo.name(cell));
        let played = if let Some(kind) = sel.hand.take() {
            place_from_hand(&mut session, &paths, kind, cell)
        } else if sel.from.is_none() {
            pick_up(&mut session, &mut sel, &paths, cell)
        } else {
            put_down(&mut session, &mut sel, &paths, cell)
        };
        if let Some(m) = played {
            out.write(GameCommand::Play(m));
            sel.clear();
        }
    }
}

/// A piece in hand was picked: its targets are the cells it may be placed on.
fn pick_from_hand(session: &mut Session, sel: &mut Selection, paths: &[(AnyMove, MovePath)], kind: PieceKind) {
    let pos = session.game.position();
    let drops: Vec<(Cell, bool)> =
        paths.iter().filter(|(_, p)| pos.path_kind(p) == Some(kind) && p.landings == [p.from] && !p.swap).map(|(_, p)| (p.from, false)).collect();
    let word = pos.kind_name(kind).to_lowercase();
    sel.clear();
    if drops.is_empty() {
        session.status = format!("no {word} can be placed now");
    } else {
        sel.hand = Some(kind);
        sel.targets = drops;
        session.status = format!("place the {word}: click a highlighted square");
    }
}

/// A piece from the hand goes to the clicked cell, if it may be placed there.
fn place_from_hand(session: &mut Session, paths: &[(AnyMove, MovePath)], kind: PieceKind, cell: Cell) -> Option<AnyMove> {
    let pos = session.game.position();
    let found = paths.iter().find(|(_, p)| pos.path_kind(p) == Some(kind) && p.from == cell && p.landings == [cell] && !p.swap).map(|(m, _)| *m);
    if found.is_none() {
        session.status = format!("the {} cannot be placed on {}", pos.kind_name(kind).to_lowercase(), pos.topology().name(cell));
    }
    found
}

/// The first click: picks up the piece on `cell` if it can move. Moves that stay on the cell —
/// a piece dropped there from the hand, a pawn promoting there — are offered at once; the only
/// one is returned to be played.
fn pick_up(session: &mut Session, sel: &mut Selection, paths: &[(AnyMove, MovePath)], cell: Cell) -> Option<AnyMove> {
    let pos = session.game.position().clone();
    if !paths.iter().any(|(_, p)| p.from == cell) {
        session.status = format!("nothing of yours can move from {}", pos.topology().name(cell));
        refresh(sel, paths);
        return None;
    }
    sel.from = Some(cell);
    sel.hops.clear();
    session.status.clear();
    let in_place: Vec<AnyMove> = paths.iter().filter(|(_, p)| p.from == cell && p.landings == [cell]).map(|(m, _)| *m).collect();
    let only_in_place = paths.iter().filter(|(_, p)| p.from == cell).count() == in_place.len();
    if in_place.len() == 1 && only_in_place {
        return Some(in_place[0]); // nothing to choose (the last piece in hand, the one promotion)
    }
    if !in_place.is_empty() {
        sel.choices = in_place.iter().map(|&m| MoveChoice::of(&pos, m)).collect();
        session.status = "choose the move: click it below or press its number".into();
    }
    refresh(sel, paths);
    None
}

/// A click with a piece picked up: the next hop, the move's last cell, another piece of
/// one's own, or somewhere it cannot go (the HUD says why).
fn put_down(session: &mut Session, sel: &mut Selection, paths: &[(AnyMove, MovePath)], cell: Cell) -> Option<AnyMove> {
    sel.choices.clear();
    if sel.from == Some(cell) && sel.hops.is_empty() {
        sel.clear(); // clicking the selected piece again puts it down
        return None;
    }
    let mut next = sel.clone();
    next.hops.push(cell);
    let complete = refresh(&mut next, paths);
    if !next.targets.is_empty() {
        *sel = next; // a jump sequence that goes on: choose it hop by hop
    } else if complete.len() == 1 {
        return Some(complete[0]);
    } else if !complete.is_empty() {
        // Same cells, different moves: promotion pieces, or what is taken.
        let pos = session.game.position();
        next.targets.clear();
        next.choices = complete.iter().map(|&m| MoveChoice::of(pos, m)).collect();
        session.status = "choose the move: click it below or press its number".into();
        *sel = next;
    } else if paths.iter().any(|(_, p)| p.from == cell) {
        sel.from = Some(cell);
        sel.hops.clear();
        refresh(sel, paths);
    } else {
        session.status = explain(session, sel, cell);
        session.refused = Some(session.status.clone());
        sel.clear();
    }
    None
}

/// Plays the chosen one of several moves on the same cells.
fn choose(mut picks: MessageReader<ChooseMove>, mut sel: ResMut<Selection>, mut out: MessageWriter<GameCommand>) {
    for &ChooseMove(n) in picks.read() {
        if let Some(choice) = sel.choices.get(n) {
            out.write(GameCommand::Play(choice.mv));
            sel.clear();
        }
    }
}

/// Why the selected piece cannot go to `cell`, in the rules engine's words.
fn explain(session: &Session, sel: &Selection, cell: Cell) -> String {
    let from = sel.from.unwrap_or(cell);
    session.game.position().refusal(from, &sel.hops, cell, sel.targets.iter().any(|t| t.1))
}

fn clear_on_change(mut changed: MessageReader<PositionChanged>, mut sel: ResMut<Selection>, session: Option<Res<Session>>, seats: Res<Seats>) {
    if changed.read().count() == 0 {
        return;
    }
    sel.clear();
    // A tile just drawn from a pile is in hand: show where it may go (unless the computer drew it).
    if let Some(session) = session
        && let pos = session.game.position()
        && !seats.is_computer(pos.turn())
        && let Some(tile) = pos.piles().into_iter().find(|p| p.seat == pos.turn()).and_then(|p| p.held)
    {
        let paths = legal_paths(&session);
        sel.hand = Some(tile);
        sel.targets = paths.iter().map(|(_, p)| (p.from, false)).collect();
    }
}

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut out: MessageWriter<GameCommand>,
    mut pick: MessageWriter<ChooseMove>,
    mut sel: ResMut<Selection>,
    mut fan: ResMut<crate::table::game::view::FanOut>,
) {
    let Some(keys) = keys else { return };
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        out.write(GameCommand::Undo);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        out.write(GameCommand::Redo);
    }
    if keys.just_pressed(KeyCode::Escape) {
        sel.clear();
    }
    if keys.just_pressed(KeyCode::KeyF) {
        fan.0 = !fan.0;
    }
    const DIGITS: [KeyCode; 9] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    if !sel.choices.is_empty()
        && let Some(n) = DIGITS.iter().position(|&k| keys.just_pressed(k))
    {
        pick.write(ChooseMove(n));
    }
}
