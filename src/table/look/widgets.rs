//! Widgets the screens share, on Bevy's headless UI widgets (`bevy::ui_widgets`): text in the
//! table's ivory, translucent panels, the HUD's column width, buttons, choice chips and cards
//! that light up under the pointer, and tooltips that follow it.

use bevy::picking::hover::Hovered;
use bevy::prelude::*;
use bevy::ui::{InteractionDisabled, Pressed};
use bevy::ui_widgets::Button as WidgetButton;
use bevy::window::PrimaryWindow;

use crate::table::schedule::TurnSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_tooltip).add_systems(Update, (style_widgets, show_tooltip).in_set(TurnSystems::Draw));
}

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

/// The table's ivory, for text.
pub const IVORY: Color = Color::srgb(0.93, 0.92, 0.88);

/// Dimmed text: captions, what cannot be chosen here.
pub const MUTED: Color = Color::srgb(0.62, 0.62, 0.58);

/// The highlight of what is chosen: brass, as the table's fittings.
pub const BRASS: Color = Color::srgb(0.83, 0.66, 0.3);

/// A line of text at `size` pixels in the table's ivory.
pub fn text(s: impl Into<String>, size: f32) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(size), TextColor(IVORY))
}

/// Text in `colour` that the pointer passes through to the widget under it.
pub fn label(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (Text::new(s), TextFont::from_font_size(size), TextColor(colour), Pickable::IGNORE)
}

/// A column panel with padding on the translucent background.
pub fn panel(node: Node) -> impl Bundle {
    (Node { padding: UiRect::all(Val::Px(10.0)), flex_direction: FlexDirection::Column, row_gap: Val::Px(4.0), ..node }, BackgroundColor(PANEL))
}

/// How a clickable widget is drawn; [`style_widgets`] colours it by this, the pointer and
/// whether it can be used.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum WidgetStyle {
    /// A command ("Open…").
    Button,
    /// The main command of a screen ("Play").
    Primary,
    /// One value of a choice; `on` is the value chosen.
    Chip { on: bool },
    /// A game's card; `on` is the game chosen.
    Card { on: bool },
}

/// What the pointer shows over a widget: a short text (an option's ruling, a card's summary).
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Tooltip(pub String);

/// A clickable widget: Bevy's headless button (it sends `Activate` on a click, or Enter/Space
/// when focused), drawn as `style`; `node` sets its size and layout.
pub fn clickable(style: WidgetStyle, node: Node) -> impl Bundle {
    (
        WidgetButton,
        style,
        Hovered::default(),
        Node { border: UiRect::all(Val::Px(1.0)), border_radius: BorderRadius::all(Val::Px(5.0)), ..node },
        BackgroundColor(Color::NONE),
        BorderColor::all(Color::NONE),
    )
}

/// A button with a one-line caption.
pub fn button(caption: impl Into<String>, style: WidgetStyle) -> impl Bundle {
    button_in(caption, style, Node::default())
}

/// A button with a one-line caption, laid out as `node` says (a width, a position) with the
/// style's padding.
pub fn button_in(caption: impl Into<String>, style: WidgetStyle, node: Node) -> impl Bundle {
    let size = if style == WidgetStyle::Primary { 20.0 } else { 14.0 };
    let pad = if style == WidgetStyle::Primary { UiRect::axes(Val::Px(22.0), Val::Px(8.0)) } else { UiRect::axes(Val::Px(7.0), Val::Px(4.0)) };
    let justify = if node.justify_content == JustifyContent::Default { JustifyContent::Center } else { node.justify_content };
    let node = Node { padding: pad, justify_content: justify, align_items: AlignItems::Center, ..node };
    (clickable(style, node), children![(label(caption, size, IVORY), TextLayout::no_wrap())])
}

/// Background and border of a widget drawn as `style`, hovered or pressed or not, usable or not.
pub fn widget_colours(style: WidgetStyle, hovered: bool, pressed: bool, disabled: bool) -> (Color, Color) {
    let lift = if disabled {
        0.0
    } else if pressed {
        0.12
    } else if hovered {
        0.07
    } else {
        0.0
    };
    let grey = |v: f32, a: f32| Color::srgba(v + lift, v + lift, v + lift * 0.8, a);
    match style {
        WidgetStyle::Button => (grey(0.2, 0.9), Color::srgba(0.5, 0.5, 0.48, 0.6)),
        WidgetStyle::Primary => (Color::srgb(0.2 + lift, 0.42 + lift, 0.26 + lift), BRASS),
        WidgetStyle::Chip { on: true } => (Color::srgb(0.42 + lift, 0.33 + lift, 0.14 + lift), BRASS),
        WidgetStyle::Chip { on: false } if disabled => (grey(0.1, 0.6), Color::srgba(0.3, 0.3, 0.3, 0.4)),
        WidgetStyle::Chip { on: false } => (grey(0.16, 0.9), Color::srgba(0.45, 0.45, 0.42, 0.5)),
        WidgetStyle::Card { on } => (
            grey(0.1, 0.85),
            if on {
                BRASS
            } else if hovered {
                Color::srgb(0.6, 0.58, 0.5)
            } else {
                Color::srgba(0.3, 0.3, 0.3, 0.6)
            },
        ),
    }
}

/// Colours every widget by its style and state (a few dozen on screen: cheap; writes only
/// what changed, so nothing downstream redraws for nothing).
fn style_widgets(mut q: Query<(&WidgetStyle, &Hovered, Has<Pressed>, Has<InteractionDisabled>, &mut BackgroundColor, &mut BorderColor)>) {
    for (style, hovered, pressed, disabled, mut bg, mut border) in &mut q {
        let (fill, edge) = widget_colours(*style, hovered.get(), pressed, disabled);
        bg.set_if_neq(BackgroundColor(fill));
        border.set_if_neq(BorderColor::all(edge));
    }
}

/// The one tooltip box, shown beside the pointer over a widget with a [`Tooltip`].
#[derive(Component)]
struct TooltipBox;

/// The widest a tooltip grows before it wraps, in pixels.
const TOOLTIP_WIDTH: f32 = 420.0;

fn spawn_tooltip(mut commands: Commands) {
    commands.spawn((
        Name::new("Tooltip"),
        TooltipBox,
        GlobalZIndex(50),
        Pickable::IGNORE,
        Visibility::Hidden,
        Node {
            position_type: PositionType::Absolute,
            max_width: Val::Px(TOOLTIP_WIDTH),
            padding: UiRect::all(Val::Px(8.0)),
            border: UiRect::all(Val::Px(1.0)),
            ..default()
        },
        BackgroundColor(Color::srgba(0.08, 0.08, 0.07, 0.96)),
        BorderColor::all(BRASS),
        children![label("", 14.0, IVORY)],
    ));
}

fn show_tooltip(
    tips: Query<(&Tooltip, &Hovered)>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut tip_box: Query<(&mut Node, &mut Visibility, &Children), With<TooltipBox>>,
    mut texts: Query<&mut Text>,
) {
    let Ok((mut node, mut vis, children)) = tip_box.single_mut() else { return };
    let hovered = tips.iter().find(|(_, h)| h.get()).map(|(t, _)| t.0.as_str());
    let cursor = window.single().ok().and_then(|w| w.cursor_position().map(|c| (c, w.width(), w.height())));
    let (Some(tip), Some((at, width, height))) = (hovered, cursor) else {
        vis.set_if_neq(Visibility::Hidden);
        return;
    };
    if let Some(mut t) = children.first().and_then(|&c| texts.get_mut(c).ok()) {
        t.set_if_neq(Text(tip.to_string()));
    }
    // Beside the pointer, kept on screen: to the left of it on the right half, above it low down.
    let left = if at.x > width * 0.5 { (at.x - TOOLTIP_WIDTH - 12.0).max(4.0) } else { at.x + 16.0 };
    let top = if at.y > height * 0.6 { (at.y - 120.0).max(4.0) } else { at.y + 18.0 };
    node.left = Val::Px(left);
    node.top = Val::Px(top);
    vis.set_if_neq(Visibility::Inherited);
}
