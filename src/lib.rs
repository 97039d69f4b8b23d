//! Variant Table: a 3D tabletop for chess and checkers variants whose rules are enforced by
//! the `variant_rules` engine.
//!
//! The app is a set of plugins, one per concern (see [`table`]). The logic plugins run under
//! `MinimalPlugins` for headless tests; [`table::TableRenderPlugin`] adds what a window needs.

// Bevy systems name their queries' filters in their signatures; that is the idiom, not complexity.
#![allow(clippy::type_complexity)]

pub mod bench;
pub mod dice;
pub mod table;
pub mod terminal;
