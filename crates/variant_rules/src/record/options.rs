//! A game's options in a record's `[Options]` tag: the command-line flags (`--players 4
//! --seating cut-throat`) of each option that differs from the game's default, read back by the
//! command line's own parser ([`OptionArgs::from_words`]).

use crate::cli::OptionArgs;
use crate::game::{GameId, GameOptions};

/// An option as words: its flag, and its value's word (`None` for a bare flag that is off).
type Word = fn(&GameOptions) -> Option<String>;

/// Every field of [`GameOptions`] with the flag that sets it. A bare flag (`--numbers`) is
/// written when on; its default is off in every game.
const FLAGS: [(&str, Word); 24] = [
    ("--players", |o| Some(o.players.to_string())),
    ("--topology", |o| Some(o.topology.as_str().into())),
    ("--numbers", |o| o.numbers.then(String::new)),
    ("--seed", |o| Some(o.seed.to_string())),
    ("--move-limit", |o| Some(o.move_limit.to_string())),
    ("--deploy-groups", |o| Some(o.deploy_groups.to_string())),
    ("--rules", |o| Some(o.dice_rules.as_str().into())),
    ("--no-move", |o| Some(o.no_move.as_str().into())),
    ("--draw-in-check", |o| Some(o.draw_in_check.as_str().into())),
    ("--uncovered-man", |o| Some(o.uncovered_man.as_str().into())),
    ("--brainking-six", |o| Some(o.brainking_six.as_str().into())),
    ("--seating", |o| Some(o.seating.as_str().into())),
    ("--queens-colours", |o| Some(o.queens_colours.as_str().into())),
    ("--notation", |o| Some(o.notation.as_str().into())),
    ("--symmetric", |o| o.symmetric.then(String::new)),
    ("--queens-position", |o| Some(if o.queens_open { "open" } else { "closed" }.into())),
    ("--forty-moves", |o| Some(if o.forty_moves { "on" } else { "off" }.into())),
    ("--edges", |o| Some(if o.cut_edges { "cut" } else { "full" }.into())),
    ("--extended-moves", |o| Some(if o.plain_moves { "off" } else { "on" }.into())),
    ("--corners", |o| Some(if o.full_corners { "full" } else { "cut" }.into())),
    ("--double-hop-check", |o| Some(if o.hop_checks { "yes" } else { "no" }.into())),
    ("--queens-rows", |o| Some(if o.queens_relocate { "relocate" } else { "5-4-3" }.into())),
    ("--tri-steps", |o| Some(if o.tri_steps_open { "open" } else { "blocked" }.into())),
    ("--sequence", |o| Some(if o.prose_sequence { "prose" } else { "table" }.into())),
];

/// The flags that set `opts` for `game`: those of the options that differ from its defaults
/// (the move limit from the default for the player count, as the command line sets it), or an
/// empty string.
pub fn flags(game: GameId, opts: &GameOptions) -> String {
    let opts = opts.effective(game);
    let mut base = GameOptions::default_for(game);
    if opts.players != base.players {
        base.players = opts.players;
        base.move_limit = game.default_move_limit_for(opts.players);
    }
    let base = base.effective(game);
    let mut out: Vec<String> = Vec::new();
    for (flag, word) in FLAGS {
        let (mine, usual) = (word(&opts), word(&base));
        let players = flag == "--players" && opts.players != GameOptions::default_for(game).players;
        if mine != usual || players {
            out.push(flag.into());
            out.extend(mine.filter(|w| !w.is_empty()));
        }
    }
    out.join(" ")
}

/// The options the words of an `[Options]` tag give `game`, checked as the command line checks
/// them.
pub fn read(game: GameId, words: &str) -> Result<GameOptions, String> {
    OptionArgs::from_words(words)?.resolve(game.as_str()).map(|(_, o)| o)
}
