//! Widgets the screens share: a text line in the table's ivory, and a dark translucent panel.

use bevy::prelude::*;

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
