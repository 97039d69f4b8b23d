//! The launcher's Online panel: the server's address and Host, a room code with Join and
//! Watch, the seat to ask for, Rejoin for the seat held last, and a line saying how it goes
//! (rebuilt when any of it changes).

use bevy::prelude::*;
use variant_rules::Seat;

use super::actions::LauncherAction;
use super::choice::{Focus, LauncherChoice};
use super::online::{CLOCKS, OnlineAsk, OnlineForm};
use crate::table::look::widgets::{BRASS, IVORY, MUTED, Tooltip, WidgetStyle, button, clickable, label, panel};
use crate::table::online::link::OnlineStatus;
use crate::table::persist::settings::Settings;
use crate::table::schedule::{OnScreen, TurnSystems};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild.in_set(OnScreen::Launcher).in_set(TurnSystems::Draw));
}

/// The panel the Online widgets are drawn in.
#[derive(Component)]
pub struct OnlinePanel;

fn rebuild(
    form: Res<OnlineForm>,
    choice: Res<LauncherChoice>,
    settings: Res<Settings>,
    status: Res<OnlineStatus>,
    panel_q: Query<(Entity, Ref<OnlinePanel>)>,
    mut commands: Commands,
) {
    let Ok((panel_e, fresh)) = panel_q.single() else { return };
    if !form.is_changed() && !choice.is_changed() && !settings.is_changed() && !status.is_changed() && !fresh.is_added() {
        return;
    }
    commands.entity(panel_e).despawn_related::<Children>();
    commands.entity(panel_e).with_children(|p| {
        p.spawn(label("Online", 17.0, BRASS));
        let row = || Node { column_gap: Val::Px(6.0), align_items: AlignItems::Center, flex_wrap: FlexWrap::Wrap, row_gap: Val::Px(4.0), ..default() };
        p.spawn(row()).with_children(|r| {
            field(r, "Server", &form.server, choice.focus == Focus::Server, LauncherAction::EditServer, "The server's address, HOST:PORT (click, then type)");
            r.spawn((
                button("Host", WidgetStyle::Button),
                LauncherAction::Online(OnlineAsk::Host),
                Tooltip("Open a room for the chosen game on a server this machine runs at that address (or the one already there). Seats set to the computer are played by the server's computer; Human seats wait for friends to join with the room's code; you sit in the first".into()),
            ));
        });
        p.spawn(row()).with_children(|r| {
            field(r, "Room", &form.room, choice.focus == Focus::Room, LauncherAction::EditRoom, "A room's code, as its host read it out (click, then type; Enter joins)");
            r.spawn((button("Join", WidgetStyle::Button), LauncherAction::Online(OnlineAsk::Join), Tooltip("Take the seat chosen below in that room".into())));
            r.spawn((button("Watch", WidgetStyle::Button), LauncherAction::Online(OnlineAsk::Watch), Tooltip("See the room's game without a seat: you cannot act".into())));
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Seat", 13.0, MUTED));
            let seats = std::iter::once(None).chain((0..variant_rules::MAX_SEATS).map(|i| Some(Seat(i as u8))));
            for s in seats {
                let words = s.map_or("Any".to_string(), |s| s.letter().to_string());
                r.spawn((button(words, WidgetStyle::Chip { on: form.seat == s }), LauncherAction::OnlineSeat(s), Tooltip("The seat to join: Any takes the first one free".into())));
            }
        });
        p.spawn(row()).with_children(|r| {
            r.spawn(label("Clock", 13.0, MUTED));
            for c in std::iter::once(None).chain(CLOCKS.into_iter().map(Some)) {
                let words = c.map_or("none".to_string(), |c| c.to_string());
                r.spawn((
                    button(words, WidgetStyle::Chip { on: form.clock == c }),
                    LauncherAction::OnlineClock(c),
                    Tooltip("The clocks of a room you host (minutes + seconds a move): the server keeps them, and a seat whose time runs out loses".into()),
                ));
            }
        });
        if let Some(r) = &settings.rejoin {
            p.spawn((
                button(format!("Rejoin room {} as {}", r.room, r.seat), WidgetStyle::Button),
                LauncherAction::Online(OnlineAsk::Rejoin),
                Tooltip(format!("Back to the seat you held at {}, with its token: the game goes on where it stands", r.server)),
            ));
        }
        if !status.line.is_empty() {
            p.spawn(label(status.line.clone(), 13.0, MUTED));
        }
    });
}

/// A text field: its caption and a box showing what is typed (with a caret while focused).
fn field(r: &mut ChildSpawnerCommands, caption: &str, value: &str, focused: bool, action: LauncherAction, tip: &str) {
    r.spawn(label(caption, 13.0, MUTED));
    let shown = if focused {
        format!("{value}|")
    } else if value.is_empty() {
        "...".to_string()
    } else {
        value.to_string()
    };
    r.spawn((
        clickable(WidgetStyle::Chip { on: focused }, Node { width: Val::Px(150.0), padding: UiRect::axes(Val::Px(6.0), Val::Px(4.0)), ..default() }),
        action,
        Tooltip(tip.into()),
        children![(label(shown, 14.0, IVORY), TextLayout::no_wrap())],
    ));
}

/// The Online panel, empty until [`rebuild`] fills it.
pub fn online_panel() -> impl Bundle {
    (OnlinePanel, panel(Node { row_gap: Val::Px(6.0), ..default() }))
}
