//! Online rooms at the table: the link to a server (opened from the launcher's Online panel,
//! or a server hosted on this machine), and the server's events turned into the same commands
//! a local game runs on. The server decides; this table proposes its own seat's moves and
//! throws ([`crate::table::game::session::Authority::Server`]).

use bevy::prelude::*;

pub mod events;
pub mod link;
pub mod record;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((link::plugin, events::plugin));
}
