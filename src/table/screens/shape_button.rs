//! The HUD's button for a board whose edges join: "True shape" bends it into a cylinder or a
//! torus, "Flat board" lays it flat again (as T does).

use bevy::prelude::*;
use variant_rules::Wrap;

use crate::table::game::session::Session;
use crate::table::game::view::{BoardShape, ToggleShape};
use crate::table::look::widgets::{ActionSlot, Tooltip, WidgetStyle, button, panel};
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_shape_button.in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// The panel holding the button, and what it offers (to rebuild only when that changes).
#[derive(Component)]
struct ShapeButton {
    offers: Option<bool>,
}

/// What the button offers for the board in `session`: the true shape (`Some(true)`), the flat
/// board (`Some(false)`), or nothing for a board that is flat anyway (or triangular).
pub fn shape_offer(session: Option<&Session>, shape: &BoardShape) -> Option<bool> {
    let topo = session?.game.position().topology();
    (topo.wrap() != Wrap::Flat && topo.tri_board().is_none()).then_some(!shape.true_shape)
}

fn show_shape_button(
    session: Option<Res<Session>>,
    shape: Res<BoardShape>,
    panels: Query<(Entity, &ShapeButton)>,
    slots: Query<(Entity, Ref<ActionSlot>)>,
    mut commands: Commands,
) {
    let offers = shape_offer(session.as_deref(), &shape);
    let new_slot = slots.iter().any(|(_, s)| s.is_added());
    if panels.iter().any(|(_, p)| p.offers == offers) && !new_slot {
        return;
    }
    for (e, _) in &panels {
        commands.entity(e).despawn();
    }
    let Ok((slot, _)) = slots.single() else { return };
    let mut panel_e = commands.spawn((Name::new("Board shape"), ShapeButton { offers }, DespawnOnEnter(AppState::Launcher)));
    let Some(bend) = offers else { return };
    let (caption, tip) = if bend {
        ("True shape", "Bend the board into its true shape, its joined edges meeting: a cylinder, or a torus for a universal board (T)")
    } else {
        ("Flat board", "Lay the board flat again, its joined edges repeated as dimmed cells (T)")
    };
    panel_e.insert(panel(Node { padding: UiRect::all(Val::Px(8.0)), ..default() })).with_children(|p| {
        p.spawn((button(caption, WidgetStyle::Button), Tooltip(tip.into()))).observe(|_: On<Pointer<Click>>, mut out: MessageWriter<ToggleShape>| {
            out.write(ToggleShape);
        });
    });
    let e = panel_e.id();
    commands.entity(slot).add_child(e);
}
