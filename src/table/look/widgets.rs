//! Widgets the screens share: a text line in the table's ivory, a dark translucent panel, and the HUD's column width.

use bevy::prelude::*;

/// Width of the HUD's two columns, in logical pixels: the status and the inspection panel on the
/// left, the move list and the keys on the right, the board framed between them; 290 px holds
/// a pair of long jump sequences in the move list at 15 px.
pub const COLUMN_WIDTH: f32 = 290.0;
/// Gap between a panel and the window's edge.
pub const EDGE: f32 = 12.0;

/// Where the HUD stacks the actions open now (a choice between moves, the dice's buttons), off
/// the board: panels offering them are spawned as its children.
#[derive(Component, Debug, Clone, Copy)]
pub struct ActionSlot;

/// The panels' background: near-black, translucent enough to show the felt.
const PANEL: Color = Color::srgba(0.05, 0.05, 0.06, 0.72);

/// A line of text at `size` pixels in the table's ivory.
pub fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(size), TextColor(Color::srgb(0.93, 0.92, 0.88)))
}

/// A column panel with padding on the translucent background.
pub fn panel(node: Node) -> impl Bundle {
    (Node { padding: UiRect::all(Val::Px(10.0)), flex_direction: FlexDirection::Column, row_gap: Val::Px(4.0), ..node }, BackgroundColor(PANEL))
}
