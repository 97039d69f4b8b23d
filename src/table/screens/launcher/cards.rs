//! The launcher's left side: every game as a card (a picture of its start, its name and two
//! lines on what it is), under the engine's groups, in a column that scrolls; the chosen
//! card is outlined and scrolled into view when the keys choose another.

use bevy::prelude::*;
use bevy::ui_widgets::{ScrollArea, ScrollIntoView};
use variant_rules::GameId;

use super::actions::LauncherAction;
use super::choice::{LauncherChoice, games};
use crate::table::look::widgets::{BRASS, IVORY, MUTED, Tooltip, WidgetStyle, clickable, label};
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, mark_chosen.in_set(OnScreen::Launcher).in_set(TurnSystems::Draw));
}

/// A game's card; its index in the launcher's list.
#[derive(Component, Debug, Clone, Copy)]
pub struct GameCard(pub usize);

/// A card's size in pixels: the picture is 16:9 at the card's inner width.
const CARD_WIDTH: f32 = 182.0;
const PICTURE: (f32, f32) = (172.0, 97.0);

/// Where the pictures of the games' starts lie under the assets folder, by the engine's name
/// of the game (`scripts/thumbnails.sh` draws them with the table's own screenshot command).
pub fn picture_path(id: GameId) -> String {
    format!("thumbs/{}.png", id.as_str())
}

/// The games by the engine's groups, in the launcher's order: (heading, indices into `games`).
pub fn grouped() -> Vec<(&'static str, Vec<usize>)> {
    variant_rules::Group::ALL
        .iter()
        .map(|&g| (g.name(), games().iter().enumerate().filter(|(_, id)| id.group() == g).map(|(i, _)| i).collect::<Vec<_>>()))
        .filter(|(_, ids)| !ids.is_empty())
        .collect()
}

/// Fills the card column with every group's heading and cards.
pub(super) fn fill_cards(commands: &mut Commands, column: Entity, assets: Option<&AssetServer>) {
    for (heading, ids) in grouped() {
        commands
            .entity(column)
            .with_child((label(heading, 17.0, BRASS), Node { margin: UiRect::new(Val::Px(2.0), Val::ZERO, Val::Px(10.0), Val::Px(4.0)), ..default() }));
        let row = commands
            .spawn((
                Name::new(heading),
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    align_items: AlignItems::FlexStart,
                    align_content: AlignContent::FlexStart,
                    flex_shrink: 0.0,
                    column_gap: Val::Px(8.0),
                    row_gap: Val::Px(8.0),
                    ..default()
                },
                Pickable::IGNORE,
            ))
            .id();
        commands.entity(column).add_child(row);
        for i in ids {
            let card = card(commands, i, assets);
            commands.entity(row).add_child(card);
        }
    }
}

/// One card: picture, name, the engine's two-line summary; a click chooses the game.
fn card(commands: &mut Commands, index: usize, assets: Option<&AssetServer>) -> Entity {
    let id = games()[index];
    let [first, second] = id.summary();
    let node =
        Node { width: Val::Px(CARD_WIDTH), flex_direction: FlexDirection::Column, padding: UiRect::all(Val::Px(4.0)), row_gap: Val::Px(2.0), ..default() };
    let picture = Node { width: Val::Px(PICTURE.0), height: Val::Px(PICTURE.1), ..default() };
    let mut card = commands.spawn((
        Name::new(format!("Card {}", id.as_str())),
        clickable(WidgetStyle::Card { on: false }, node),
        GameCard(index),
        LauncherAction::Game(index),
        Tooltip(id.description().to_string()),
    ));
    card.with_children(|c| {
        match assets {
            Some(assets) => c.spawn((ImageNode::new(assets.load(picture_path(id))), picture, BackgroundColor(Color::srgb(0.14, 0.2, 0.16)), Pickable::IGNORE)),
            None => c.spawn((picture, BackgroundColor(Color::srgb(0.14, 0.2, 0.16)), Pickable::IGNORE)),
        };
        // Text at the picture's width: measured at its own width, a text node in a column would
        // size the card for one word a line.
        let width = Node { width: Val::Px(PICTURE.0), ..default() };
        c.spawn((label(id.title(), 15.0, IVORY), width.clone()));
        c.spawn((label(format!("{first} {second}"), 11.5, MUTED), width));
    });
    card.id()
}

/// Outlines the chosen card, and scrolls it into view when the choice moved to another (once
/// the layout has placed it: a card not yet laid out cannot be scrolled to).
fn mark_chosen(
    choice: Res<LauncherChoice>,
    mut cards: Query<(Entity, &GameCard, &mut WidgetStyle, &ComputedNode)>,
    mut commands: Commands,
    mut shown: Local<Option<usize>>,
) {
    if !choice.is_changed() && *shown == Some(choice.game) {
        return;
    }
    for (entity, card, mut style, node) in &mut cards {
        let on = card.0 == choice.game;
        style.set_if_neq(WidgetStyle::Card { on });
        if on && *shown != Some(card.0) && node.size().y > 0.0 {
            commands.trigger(ScrollIntoView { entity });
            *shown = Some(card.0);
        }
    }
}

/// The scrolling column the cards sit in (the screen's left side).
pub fn card_column() -> impl Bundle {
    (
        Name::new("Games"),
        ScrollArea,
        Node {
            flex_direction: FlexDirection::Column,
            flex_grow: 1.0,
            min_height: Val::Px(0.0),
            overflow: Overflow::scroll_y(),
            padding: UiRect::right(Val::Px(8.0)),
            ..default()
        },
    )
}
