//! An online room at the table: its lines in the HUD (the code, this table's seat, who holds
//! each seat and whether they are connected) and the seat's Offer draw, Resign and Computer
//! for empty seats buttons.

use bevy::prelude::*;

use crate::table::look::widgets::{ActionSlot, Tooltip, WidgetStyle, button, panel};
use crate::table::online::link::{OnlineRoom, RoomAction};
use crate::table::schedule::{AppState, OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, show_room_actions.in_set(TurnSystems::Draw).in_set(OnScreen::Table));
}

/// The panel holding the room's buttons, with the buttons it shows (to rebuild only when they
/// change).
#[derive(Component)]
struct RoomActions {
    open: (bool, bool),
}

/// Whether this table's seat may resign or offer a draw: it holds a seat and the game goes on.
pub fn room_actions_open(room: &OnlineRoom) -> bool {
    room.seat.is_some() && room.result.is_none()
}

fn show_room_actions(room: Option<Res<OnlineRoom>>, panels: Query<(Entity, &RoomActions)>, slots: Query<(Entity, Ref<ActionSlot>)>, mut commands: Commands) {
    // The game's buttons, and whether empty seats could go to the computer.
    let open = (room.as_deref().is_some_and(room_actions_open), room.as_deref().is_some_and(|r| room_actions_open(r) && r.has_empty_seat()));
    let new_slot = slots.iter().any(|(_, s)| s.is_added());
    if panels.iter().any(|(_, p)| p.open == open) && !new_slot {
        return;
    }
    for (e, _) in &panels {
        commands.entity(e).despawn();
    }
    let Ok((slot, _)) = slots.single() else { return };
    let mut panel_e = commands.spawn((Name::new("Room actions"), RoomActions { open }, DespawnOnEnter(AppState::Launcher)));
    if !open.0 {
        return;
    }
    panel_e.insert(panel(Node { row_gap: Val::Px(6.0), padding: UiRect::all(Val::Px(8.0)), ..default() })).with_children(|p| {
        p.spawn((button("Offer draw", WidgetStyle::Button), Tooltip("Offer a draw; the game is drawn once every seat a person holds has offered".into())))
            .observe(|_: On<Pointer<Click>>, mut out: MessageWriter<RoomAction>| {
                out.write(RoomAction::OfferDraw);
            });
        p.spawn((
            button("Resign", WidgetStyle::Button),
            Tooltip("Give up: your side loses (with three or more sides the server's computer takes your seat)".into()),
        ))
        .observe(|_: On<Pointer<Click>>, mut out: MessageWriter<RoomAction>| {
            out.write(RoomAction::Resign);
        });
        if open.1 {
            p.spawn((
                button("Computer for empty seats", WidgetStyle::Button),
                Tooltip("Nobody came? The server's computer (1 s a move) takes every empty seat".into()),
            ))
            .observe(|_: On<Pointer<Click>>, mut out: MessageWriter<RoomAction>| {
                out.write(RoomAction::FillEmpty);
            });
        }
    });
    let e = panel_e.id();
    commands.entity(slot).add_child(e);
}
