//! Variant Table's game server and its clients, with no Bevy: people at their own machines
//! play one game, and the server alone decides what is legal, whose turn it is and how the dice
//! fall.
//!
//! - [`protocol`]: the JSON messages on the WebSocket (intents in, events out) and the limits;
//! - [`room`]: a room's game, seats and holders, and the checks every intent passes;
//! - [`store`]: rooms and their entries in SQLite or Postgres (sqlx), replayed at start;
//! - [`server`]: the axum WebSocket endpoint, rooms, the computer's seats;
//! - [`client`]: a WebSocket client (tokio-tungstenite) for bots and tests;
//! - [`link`]: a connection on its own thread that reconnects (the table), and a server hosted in-process;
//! - [`bot`]: a headless player of one seat; [`cli`]: the `serve` and `bot` commands.

pub mod bot;
pub mod cli;
pub mod client;
pub mod link;
pub mod protocol;
pub mod room;
pub mod server;
pub mod store;
