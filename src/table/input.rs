//! From clicks to moves: the selection state machine (pick a piece, then its destination, hop
//! by hop for jump sequences), the legal targets to highlight, and keyboard shortcuts.
//!
//! The mouse and the tests speak the same language: a [`CellClicked`] message per click on a
//! cell, a piece or a stack.

use bevy::prelude::*;
use variant_rules::{AnyMove, Cell, MovePath};

use super::session::{GameCommand, PositionChanged, Session};
use super::{AppState, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CellClicked>()
        .add_message::<HandClicked>()
        .add_message::<PileClicked>()
        .add_message::<ChooseMove>()
        .init_resource::<Selection>()
        .add_systems(Update, keyboard.in_set(TurnSystems::Input).run_if(in_state(AppState::Playing).or_else(in_state(AppState::GameOver))))
        .add_systems(Update, (select, choose).chain().in_set(TurnSystems::Validate).run_if(in_state(AppState::Playing)))
        .add_systems(Update, clear_on_change.in_set(TurnSystems::Animate));
}

/// A click (or drop) on a board cell, or on a piece or stack standing on it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellClicked {
    pub cell: Cell,
}

/// A click (or drag start) on a piece waiting in the hand of the side to move (Toe-to-Toe
/// deployment): `kind` is its rules kind.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandClicked {
    pub kind: u8,
}

/// A click on a CHEX draw pile: its owner draws the top tile (if it is their turn to).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PileClicked {
    pub owner: u8,
}

/// What the player has picked so far: a piece, and for jump sequences the hops chosen.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    pub from: Option<Cell>,
    /// A piece picked from the hand, by kind (its targets are the cells it can be placed on).
    pub hand: Option<u8>,
    pub hops: Vec<Cell>,
    /// Cells the selection can go to next, with whether that step captures.
    pub targets: Vec<(Cell, bool)>,
    /// Moves on exactly the clicked cells that differ otherwise (the promotion piece, or what a
    /// Shadow Chess move takes), in notation with a description: the player picks one.
    pub choices: Vec<(String, String)>,
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
    for m in pos.legal_moves() {
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

fn select(
    mut clicks: MessageReader<CellClicked>,
    mut hand_clicks: MessageReader<HandClicked>,
    mut pile_clicks: MessageReader<PileClicked>,
    session: Option<ResMut<Session>>,
    mut sel: ResMut<Selection>,
    mut out: MessageWriter<GameCommand>,
) {
    let Some(mut session) = session else { return };
    for &PileClicked { owner } in pile_clicks.read() {
        let pos = session.game.position();
        if pos.turn() != owner {
            session.status = "that pile is the other player's".into();
        } else if pos.parse_move("draw").is_ok() {
            out.write(GameCommand::Play("draw".into()));
        } else {
            session.status = "no tile can be drawn now".into();
        }
    }
    if clicks.is_empty() && hand_clicks.is_empty() {
        return; // legal paths are computed only when there is a click to judge
    }
    let paths = legal_paths(&session);
    for &HandClicked { kind } in hand_clicks.read() {
        let drops: Vec<(Cell, bool)> =
            paths.iter().filter(|(_, p)| p.piece == kind && p.landings == [p.from] && !p.swap).map(|(_, p)| (p.from, false)).collect();
        sel.clear();
        if drops.is_empty() {
            session.status = format!("no {} can be placed now", variant_rules::toetoe::kind_name(kind));
        } else {
            sel.hand = Some(kind);
            sel.targets = drops;
            session.status = format!("place the {}: click a highlighted square", variant_rules::toetoe::kind_name(kind));
        }
    }
    for &CellClicked { cell } in clicks.read() {
        let pos = &session.game.position().clone();
        let topo = super::board::topology_of(pos);
        debug!("clicked {}", topo.name(cell));
        if let Some(kind) = sel.hand.take() {
            // A piece from the hand goes to the clicked cell, if it may be placed there.
            match paths.iter().find(|(_, p)| p.piece == kind && p.from == cell && p.landings == [cell] && !p.swap) {
                Some((m, _)) => {
                    out.write(GameCommand::Play(pos.move_text(*m)));
                }
                None => session.status = format!("the {} cannot be placed on {}", variant_rules::toetoe::kind_name(kind), topo.name(cell)),
            }
            sel.clear();
            continue;
        }
        let movable = paths.iter().any(|(_, p)| p.from == cell);
        if sel.from.is_none() {
            if movable {
                sel.from = Some(cell);
                sel.hops.clear();
                session.status.clear();
                // Moves that stay on the clicked cell — a piece dropped there from the hand, a
                // pawn promoting there — are offered at once.
                let in_place: Vec<AnyMove> = paths.iter().filter(|(_, p)| p.from == cell && p.landings == [cell]).map(|(m, _)| *m).collect();
                let only_in_place = paths.iter().filter(|(_, p)| p.from == cell).count() == in_place.len();
                if in_place.len() == 1 && only_in_place {
                    // Nothing to choose (the last piece in hand, the one promotion there is).
                    out.write(GameCommand::Play(pos.move_text(in_place[0])));
                    sel.clear();
                    continue;
                }
                if !in_place.is_empty() {
                    sel.choices = in_place.iter().map(|&m| (pos.move_text(m), describe(pos, m))).collect();
                    session.status = "choose the move: click it below or press its number".into();
                }
            } else {
                session.status = format!("nothing of yours can move from {}", topo.name(cell));
            }
            refresh(&mut sel, &paths);
            continue;
        }
        sel.choices.clear();
        if sel.from == Some(cell) && sel.hops.is_empty() {
            sel.clear(); // clicking the selected piece again puts it down
            continue;
        }
        let mut next = sel.clone();
        next.hops.push(cell);
        let complete = refresh(&mut next, &paths);
        if !next.targets.is_empty() {
            *sel = next; // a jump sequence that goes on: choose it hop by hop
        } else if complete.len() == 1 {
            out.write(GameCommand::Play(pos.move_text(complete[0])));
            sel.clear();
        } else if !complete.is_empty() {
            // Same cells, different moves: promotion pieces, or in Shadow Chess what is taken.
            next.targets.clear();
            next.choices = complete.iter().map(|&m| (pos.move_text(m), describe(pos, m))).collect();
            session.status = "choose the move: click it below or press its number".into();
            *sel = next;
        } else if movable {
            sel.from = Some(cell);
            sel.hops.clear();
            refresh(&mut sel, &paths);
        } else {
            session.status = explain(&session, &sel, cell);
            sel.clear();
        }
    }
}

/// Plays the chosen one of several moves on the same cells.
fn choose(mut picks: MessageReader<ChooseMove>, mut sel: ResMut<Selection>, mut out: MessageWriter<GameCommand>) {
    for &ChooseMove(n) in picks.read() {
        if let Some((text, _)) = sel.choices.get(n) {
            out.write(GameCommand::Play(text.clone()));
            sel.clear();
        }
    }
}

/// How a choice reads in the HUD: the promotion piece, what a shadow capture takes, the piece
/// placed from the hand.
fn describe(pos: &variant_rules::AnyPosition, m: AnyMove) -> String {
    let text = pos.move_text(m);
    if let variant_rules::AnyPosition::ToeToe(_) = pos {
        let path = pos.move_path(m);
        let name = variant_rules::toetoe::kind_name(path.piece);
        return if text.contains('@') {
            format!("place the {name}")
        } else if text.contains('=') {
            format!("promote to {name}")
        } else if path.swap {
            "swap".into()
        } else if path.capture {
            "capture".into()
        } else {
            "no capture".into()
        };
    }
    let names = [('q', "queen"), ('r', "rook"), ('b', "bishop"), ('n', "knight")];
    let mut parts = Vec::new();
    // Chess moves are origin and destination (4+ characters), then a promotion letter, then
    // `x` and the cell a shadow capture takes.
    let tail = text.get(4..).unwrap_or("");
    let (promo, taken) = tail.split_once('x').map_or((tail, None), |(p, t)| (p, Some(t)));
    if let Some((_, name)) = promo.chars().next().and_then(|c| names.iter().find(|(l, _)| *l == c.to_ascii_lowercase())) {
        parts.push(format!("promote to {name}"));
    }
    match taken {
        Some(cell) => parts.push(format!("take on {cell}")),
        None if pos.move_path(m).capture => parts.push("capture".into()),
        None => parts.push("no capture".into()),
    }
    parts.join(", ")
}

/// Why the selected piece cannot go to `cell`, in the rules engine's words.
fn explain(session: &Session, sel: &Selection, cell: Cell) -> String {
    let pos = session.game.position();
    let topo = super::board::topology_of(pos);
    let from = sel.from.map(|c| topo.name(c)).unwrap_or_default();
    let mut text = from.clone();
    let checkers = matches!(pos, variant_rules::AnyPosition::Checkers(_));
    for &h in sel.hops.iter().chain(std::iter::once(&cell)) {
        if checkers {
            text.push(if sel.targets.iter().any(|t| t.1) { 'x' } else { '-' });
        }
        text += &topo.name(h);
    }
    match pos.parse_move(&text) {
        Err(e) => format!("{text}: {e}"),
        Ok(_) => format!("{text}: not playable from here"),
    }
}

fn clear_on_change(mut changed: MessageReader<PositionChanged>, mut sel: ResMut<Selection>, session: Option<Res<Session>>) {
    if changed.read().count() == 0 {
        return;
    }
    sel.clear();
    // A CHEX tile just drawn is in hand: show where it may go.
    if let Some(session) = session
        && let variant_rules::AnyPosition::Chex(p) = session.game.position()
        && let Some(tile) = p.holding()
    {
        let paths = legal_paths(&session);
        sel.hand = Some(tile & 7);
        sel.targets = paths.iter().map(|(_, p)| (p.from, false)).collect();
    }
}

fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut out: MessageWriter<GameCommand>,
    mut pick: MessageWriter<ChooseMove>,
    mut sel: ResMut<Selection>,
    mut fan: ResMut<super::pieces::FanOut>,
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
