//! The `registry!` macro: everything that follows from the one list in `registry.rs`.
//!
//! From the families it makes [`FamilyId`](super::FamilyId), the dispatch enums
//! [`AnyPosition`](super::AnyPosition), [`AnyMove`](super::AnyMove) and
//! [`AnyUndo`](super::AnyUndo) with their conversions, and the crate's dispatch macros
//! (`dispatch!`, `with_move!`, `by_family!`); from the games, [`GameId`](super::GameId) and
//! the table of [`GameSpec`](super::GameSpec)s behind [`GameId::spec`](super::GameId::spec) (each
//! game's launcher [`Group`](super::Group) and card summary first, then the facts that differ
//! from `GameSpec::new`'s).

/// The type a family's value is held as in the enums: `Plain<T>` is `T` itself, `Box<T>` is
/// boxed (see [`Unboxed`](super::Unboxed) for the way back).
macro_rules! kept {
    (Plain, $t:ty) => { $t };
    (Box, $t:ty) => { Box<$t> };
}

/// Expands the registry. `$d` is a `$` handed in by the invocation, so the macros defined here
/// can have metavariables of their own.
macro_rules! registry {
    (
        $d:tt
        families {
            $( $(#[$fam_attr:meta])* $F:ident($Keep:ident<$Pos:ty>, $Move:ty, $UKeep:ident<$Undo:ty>), )*
        }
        games {
            $(
                $(#[$game_attr:meta])* $Id:ident($Fam:ident, $name:literal, $description:literal) {
                    title: $title:literal, group: $group:ident, summary: [$line1:literal, $line2:literal $(,)?] $(, $field:ident: $value:expr)* $(,)?
                }
            )*
        }
    ) => {
        /// A family of games: the games one position type plays (listed in `registry.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FamilyId {
            $( $F, )*
        }

        /// Each family's position type under the family's name: what the dispatch macros open
        /// a held position as.
        pub(crate) mod family {
            use super::*;
            $( pub(crate) type $F = $Pos; )*
        }

        /// A position of any game.
        // The variants differ in size (a Doubles checkers position is ~400 bytes, a chess one
        // ~200); boxing the larger ones would allocate on every clone `Game` makes per move, for
        // no gain.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone)]
        pub enum AnyPosition {
            $( $(#[$fam_attr])* $F(kept!($Keep, $Pos)), )*
        }

        /// A move of any game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum AnyMove {
            $( $F($Move), )*
        }

        /// What [`AnyPosition`]'s `undo` needs: the undo record of the game that was played.
        // Sized like the positions it holds for the games whose undo is a copy (see `AnyPosition`).
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone)]
        pub enum AnyUndo {
            $( $F(kept!($UKeep, $Undo)), )*
            /// A move of another game was offered: nothing was played, nothing to take back.
            Nothing,
        }

        $(
            impl From<$Pos> for AnyPosition {
                fn from(p: $Pos) -> Self {
                    AnyPosition::$F(p.into())
                }
            }
            impl From<$Move> for AnyMove {
                fn from(m: $Move) -> Self {
                    AnyMove::$F(m)
                }
            }
            impl From<$Undo> for AnyUndo {
                fn from(u: $Undo) -> Self {
                    AnyUndo::$F(u.into())
                }
            }
            /// The undo record of this family, if that is what the [`AnyUndo`] holds.
            impl TryFrom<AnyUndo> for $Undo {
                type Error = AnyUndo;
                fn try_from(u: AnyUndo) -> Result<Self, AnyUndo> {
                    match u {
                        AnyUndo::$F(u) => Ok(Unboxed::<$Undo>::unboxed(u)),
                        other => Err(other),
                    }
                }
            }
        )*

        impl AnyPosition {
            /// The family of the game this position belongs to.
            pub fn family(&self) -> FamilyId {
                match self {
                    $( AnyPosition::$F(_) => FamilyId::$F, )*
                }
            }
        }

        /// Applies the same expression to whichever position an [`AnyPosition`] holds, bound
        /// to `$p` as its own type (by value, `&` or `&mut`, as the scrutinee is given; a boxed
        /// family is unboxed), so generic code over [`Position`](crate::position::Position)
        /// runs on the concrete type.
        macro_rules! dispatch {
            ($d pos:expr, $d p:ident => $d body:expr) => {
                match $d pos {
                    $(
                        crate::registry::AnyPosition::$F(p) => {
                            let $d p = crate::registry::Unboxed::<crate::registry::family::$F>::unboxed(p);
                            $d body
                        }
                    )*
                }
            };
        }

        /// Applies an expression to a position and a move of the same game (the position bound
        /// as in `dispatch!`); `$other` when the move belongs to another game (which no caller
        /// can make legal: it is answered, never a panic).
        macro_rules! with_move {
            ($d pos:expr, $d m:expr, $d p:ident, $d mv:ident => $d body:expr, $d other:expr) => {
                match ($d pos, $d m) {
                    $(
                        (crate::registry::AnyPosition::$F(p), crate::registry::AnyMove::$F($d mv)) => {
                            let $d p = crate::registry::Unboxed::<crate::registry::family::$F>::unboxed(p);
                            $d body
                        }
                    )*
                    _ => $d other,
                }
            };
        }

        /// Evaluates an expression with `$P` naming the position type of a [`FamilyId`]: for
        /// what a family does before there is a position (its start, reading its text).
        macro_rules! by_family {
            ($d family:expr, $d P:ident => $d body:expr) => {
                match $d family {
                    $(
                        crate::registry::FamilyId::$F => {
                            type $d P = crate::registry::family::$F;
                            $d body
                        }
                    )*
                }
            };
        }

        pub(crate) use {by_family, dispatch, with_move};

        /// Every game the engine plays, in the order `variant-rules games` lists them. Save
        /// files name a game by its variant in kebab case (`toe-toe`, `double-chess`); the
        /// command line by [`GameId::as_str`] (`toe-to-toe`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum GameId {
            $( $(#[$game_attr])* $Id, )*
        }

        /// How many games the engine plays.
        const GAME_COUNT: usize = [$( stringify!($Id) ),*].len();

        impl GameId {
            /// All games, in the order `variant-rules games` lists them.
            pub const ALL: [GameId; GAME_COUNT] = [$( GameId::$Id ),*];
        }

        /// Every game's entry, in [`GameId::ALL`]'s order (`GameId as usize` indexes it).
        static GAMES: [GameSpec; GAME_COUNT] = [$(
            {
                #[allow(unused_mut)]
                let mut spec = GameSpec::new(GameId::$Id, FamilyId::$Fam, $name, $description);
                spec.title = $title;
                spec.group = Group::$group;
                spec.summary = [$line1, $line2];
                $( spec.$field = $value; )*
                spec
            },
        )*];
    };
}
