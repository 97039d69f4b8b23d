//! The evaluation bar in the status panel: while a hint is shown, how the search rates the
//! position for the seat to move (its expected share of the game, `Thought::expectation`), as
//! a filled bar and a percentage beside the seat's name.

use bevy::prelude::*;

use crate::table::game::ai::Hint;
use crate::table::game::seats::Seats;
use crate::table::game::session::Session;
use crate::table::look::widgets::{IVORY, MUTED, label};
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_bar.in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// The bar's frame (hidden while there is no hint).
#[derive(Component)]
struct EvalBar;
/// The part filled in proportion to the mover's share.
#[derive(Component)]
struct EvalFill;
/// "White: 64%".
#[derive(Component)]
struct EvalLabel;

/// The bar's height in pixels: a line's worth less, so it reads as a gauge, not a button.
const BAR_HEIGHT: f32 = 10.0;
/// The unfilled part: the other side's share, darker than the panel's text.
const REST: Color = Color::srgb(0.16, 0.16, 0.15);

/// The bar, hidden until a hint comes (the HUD puts it in its status panel).
pub fn eval_bar() -> impl Bundle {
    (
        Name::new("Evaluation bar"),
        EvalBar,
        Node { display: Display::None, flex_direction: FlexDirection::Column, row_gap: Val::Px(3.0), margin: UiRect::top(Val::Px(4.0)), ..default() },
        Pickable::IGNORE,
        children![
            (label("", 13.0, MUTED), EvalLabel),
            (
                Node { width: Val::Percent(100.0), height: Val::Px(BAR_HEIGHT), ..default() },
                BackgroundColor(REST),
                Pickable::IGNORE,
                children![(Node { width: Val::Percent(50.0), height: Val::Percent(100.0), ..default() }, BackgroundColor(IVORY), EvalFill, Pickable::IGNORE)],
            ),
        ],
    )
}

/// What the bar shows for a hint: the label and the filled fraction; `None` hides it.
pub fn bar_reading(session: &Session, seats: &Seats, hint: &Hint) -> Option<(String, f32)> {
    let h = hint.0.as_ref()?;
    let pos = session.game.position();
    let share = h.expectation.clamp(0.0, 1.0);
    let who = pos.seat_label(h.mover, &seats.players(session.game.id()));
    Some((format!("{who}: {:.0}% (the search's estimate)", share * 100.0), share))
}

/// Redraws the bar when the hint changes, or when the HUD has just made the bar.
fn show_bar(
    hint: Res<Hint>,
    session: Option<Res<Session>>,
    seats: Res<Seats>,
    added: Query<(), Added<EvalBar>>,
    mut bars: Query<&mut Node, (With<EvalBar>, Without<EvalFill>)>,
    mut fills: Query<&mut Node, (With<EvalFill>, Without<EvalBar>)>,
    mut labels: Query<&mut Text, With<EvalLabel>>,
) {
    if !hint.is_changed() && added.is_empty() {
        return;
    }
    let reading = session.as_deref().and_then(|s| bar_reading(s, &seats, &hint));
    let display = if reading.is_some() { Display::Flex } else { Display::None };
    for mut node in &mut bars {
        if node.display != display {
            node.display = display;
        }
    }
    let Some((words, share)) = reading else { return };
    for mut node in &mut fills {
        let width = Val::Percent(share * 100.0);
        if node.width != width {
            node.width = width;
        }
    }
    for mut t in &mut labels {
        t.set_if_neq(Text(words.clone()));
    }
}
