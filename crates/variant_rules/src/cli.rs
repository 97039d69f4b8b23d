//! Command-line arguments that choose a game and its options, shared by `variant-rules` and
//! the `variant-table` game so both accept the same flags with the same errors.

use clap::Args;

use crate::game::{GameId, GameOptions};
use crate::topology::Wrap;

/// `--topology`, `--numbers`, `--seed`, `--move-limit`, `--deploy-groups`, `--rules`,
/// `--no-move`, `--draw-in-check`, `--uncovered-man`, `--brainking-six`, `--players`,
/// `--seating`, `--queens-colours`, `--notation`, `--symmetric`, `--queens-position`,
/// `--forty-moves`, `--edges`, `--extended-moves`, `--corners`, `--double-hop-check`,
/// `--queens-rows`, `--tri-steps`, `--sequence`.
#[derive(Args, Clone, Debug, Default)]
pub struct OptionArgs {
    /// Board topology: flat, cylinder or universal (checkers family).
    #[arg(long, allow_hyphen_values = true)]
    pub topology: Option<String>,
    /// Numbers variation (checkers family).
    #[arg(long)]
    pub numbers: bool,
    /// Seed for the setup shuffle (Numbers).
    #[arg(long, allow_hyphen_values = true, default_value_t = 0)]
    pub seed: u64,
    /// Checkers family: plies without a jump or a man's move before a draw (0 = none).
    #[arg(long, allow_hyphen_values = true)]
    pub move_limit: Option<u16>,
    /// Toe-to-Toe Chess: pieces each side deploys at a time, e.g. 2,2,2,2 (adding up to 8).
    #[arg(long, allow_hyphen_values = true)]
    pub deploy_groups: Option<String>,
    /// Dice Chess: two-dice, brainking, brainking-10x10, gollon-count or gollon-piece-count.
    #[arg(long, allow_hyphen_values = true)]
    pub rules: Option<String>,
    /// Dice Chess: what a roll that allows no move does: pass (the text) or reroll.
    #[arg(long, allow_hyphen_values = true)]
    pub no_move: Option<String>,
    /// CHEX: whether a player in check may draw a tile: allowed (the text, ruling X3) or forbidden.
    #[arg(long, allow_hyphen_values = true)]
    pub draw_in_check: Option<String>,
    /// Stax and Queens: a man uncovered on its king row: wait (the text, ruling C6) or crown.
    #[arg(long, allow_hyphen_values = true)]
    pub uncovered_man: Option<String>,
    /// Dice Chess, BrainKing rules: what a 6 lets a 7th-rank pawn do: none (ruling D4) or any.
    #[arg(long, allow_hyphen_values = true)]
    pub brainking_six: Option<String>,
    /// Checkers, Stax and Queens: 2 players, or 4 (Doubles on the 12x12 board); the triangular games 2 to 6.
    #[arg(long, allow_hyphen_values = true)]
    pub players: Option<String>,
    /// Four players: partners-adjacent (default), partners-opposite or cut-throat; the triangular
    /// games also partners-gap (4) and trios (6), cut-throat by default.
    #[arg(long, allow_hyphen_values = true)]
    pub seating: Option<String>,
    /// Four-player Queens: partners on the same colour (default) or mixed.
    #[arg(long, allow_hyphen_values = true)]
    pub queens_colours: Option<String>,
    /// Double Chess: print moves in grid (a1-l12, default) or corner (I, II, A-H, III, IV from the mover's side) notation.
    #[arg(long, allow_hyphen_values = true)]
    pub notation: Option<String>,
    /// Triangular games: Figures 14 and 20's symmetric positions (the extra file, the corners).
    #[arg(long)]
    pub symmetric: bool,
    /// Four-player Tri-Queens on mixed colours: closed (Figure 19, default) or open (Figure 18).
    #[arg(long, allow_hyphen_values = true)]
    pub queens_position: Option<String>,
    /// Tri-Chek's 40-move option: on (default) or off.
    #[arg(long, allow_hyphen_values = true)]
    pub forty_moves: Option<String>,
    /// Tri-Chess: full (default, a ninth Pawn) or cut (the unoccupied outer edges out of play).
    #[arg(long, allow_hyphen_values = true)]
    pub edges: Option<String>,
    /// Tri-Chess for 3-6 players: the extended Knight and Pawn moves, on (default) or off.
    #[arg(long, allow_hyphen_values = true)]
    pub extended_moves: Option<String>,
    /// Tri-Chess for 5-6 players: the 12-rank board's corners cut (default) or full.
    #[arg(long, allow_hyphen_values = true)]
    pub corners: Option<String>,
    /// Double Chess: whether a Knight's second hop gives check, no (default) or yes.
    #[arg(long, allow_hyphen_values = true)]
    pub double_hop_check: Option<String>,
    /// Four-player Queens: 5-4-3 (default: every seat five, four, three from its edge) or
    /// relocate (the older start, kept for saves made before it).
    #[arg(long, allow_hyphen_values = true)]
    pub queens_rows: Option<String>,
    /// Tri-Queens: blocked (default: a step or jump between corners may not pass over an
    /// occupied triangle between them) or open.
    #[arg(long, allow_hyphen_values = true)]
    pub tri_steps: Option<String>,
    /// Four-player triangular games, cut-throat or partners-gap: table (default, the table under
    /// Figure 17) or prose (the sentences' orders).
    #[arg(long, allow_hyphen_values = true)]
    pub sequence: Option<String>,
}

/// The option flags alone, as a record's `[Options]` tag holds them.
#[derive(clap::Parser)]
#[command(no_binary_name = true)]
struct OptionWords {
    #[command(flatten)]
    options: OptionArgs,
}

impl OptionArgs {
    /// Reads option flags from words (`--players 4 --seating cut-throat`), with the command
    /// line's parser; an error is its first line.
    pub fn from_words(words: &str) -> Result<OptionArgs, String> {
        use clap::Parser;
        OptionWords::try_parse_from(words.split_whitespace()).map(|w| w.options).map_err(|e| {
            let first = e.to_string().lines().next().unwrap_or("bad options").trim_start_matches("error: ").to_string();
            format!("options '{words}': {first}")
        })
    }

    /// The game id and validated options these arguments describe.
    pub fn resolve(&self, game: &str) -> Result<(GameId, GameOptions), String> {
        let id: GameId = game.parse()?;
        let mut opts = GameOptions::default_for(id);
        if let Some(t) = &self.topology {
            opts.topology = t.parse::<Wrap>()?;
        }
        opts.numbers = self.numbers;
        opts.seed = self.seed;
        if let Some(n) = self.move_limit {
            if !id.is_checkers_family() && id != GameId::ChecToe {
                return Err(format!("--move-limit is a checkers-family and Chec Toe option; {id} does not have it"));
            }
            opts.move_limit = n;
        }
        if let Some(g) = &self.deploy_groups {
            opts.deploy_groups = g.parse()?;
            if id != crate::game::GameId::ToeToe {
                return Err(format!("--deploy-groups belongs to Toe-to-Toe Chess; {id} has no deployment"));
            }
        }
        for (flag, value) in [("--rules", &self.rules), ("--no-move", &self.no_move)] {
            if value.is_some() && id != GameId::DiceChess {
                return Err(format!("{flag} belongs to Dice Chess; {id} has no such option"));
            }
        }
        if let Some(r) = &self.rules {
            opts.dice_rules = r.parse()?;
        }
        if let Some(n) = &self.no_move {
            opts.no_move = n.parse()?;
        }
        if let Some(d) = &self.draw_in_check {
            if id != GameId::Chex {
                return Err(format!("--draw-in-check belongs to CHEX; {id} has no such option"));
            }
            opts.draw_in_check = d.parse()?;
        }
        if let Some(u) = &self.uncovered_man {
            opts.uncovered_man = u.parse()?;
        }
        if let Some(b) = &self.brainking_six {
            opts.brainking_six = b.parse()?;
        }
        self.resolve_seats(id, &mut opts)?;
        opts.validate(id)?;
        Ok((id, opts))
    }
}

impl OptionArgs {
    fn resolve_seats(&self, id: GameId, opts: &mut GameOptions) -> Result<(), String> {
        if let Some(p) = &self.players {
            let counts = id.player_counts();
            opts.players = p.parse().ok().filter(|n| counts.contains(n)).ok_or_else(|| {
                let list: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
                format!("--players must be {} for {id}, not '{p}'", list.join(" or "))
            })?;
            if self.move_limit.is_none() {
                opts.move_limit = id.default_move_limit_for(opts.players);
            }
        }
        if let Some(s) = &self.seating {
            opts.seating = s.parse()?;
        }
        if let Some(c) = &self.queens_colours {
            opts.queens_colours = c.parse()?;
        }
        if let Some(n) = &self.notation {
            opts.notation = n.parse()?;
        }
        opts.symmetric = self.symmetric;
        // Two-valued options: (flag, value given, the word for true, the word for false, field).
        let switches: [(&str, &Option<String>, &str, &str, &mut bool); 9] = [
            ("--queens-position", &self.queens_position, "open", "closed", &mut opts.queens_open),
            ("--forty-moves", &self.forty_moves, "on", "off", &mut opts.forty_moves),
            ("--edges", &self.edges, "cut", "full", &mut opts.cut_edges),
            ("--extended-moves", &self.extended_moves, "off", "on", &mut opts.plain_moves),
            ("--corners", &self.corners, "full", "cut", &mut opts.full_corners),
            ("--double-hop-check", &self.double_hop_check, "yes", "no", &mut opts.hop_checks),
            ("--queens-rows", &self.queens_rows, "relocate", "5-4-3", &mut opts.queens_relocate),
            ("--tri-steps", &self.tri_steps, "open", "blocked", &mut opts.tri_steps_open),
            ("--sequence", &self.sequence, "prose", "table", &mut opts.prose_sequence),
        ];
        for (flag, value, yes, no, field) in switches {
            if let Some(v) = value {
                *field = match v.as_str() {
                    w if w == yes => true,
                    w if w == no => false,
                    _ => return Err(format!("unknown {flag} '{v}' (expected {} or {})", no.min(yes), no.max(yes))),
                };
            }
        }
        if self.corners.is_some() && (id != GameId::TriChess || opts.players < 5) {
            return Err(format!("--corners belongs to Tri-Chess for five and six players (the 12-rank board); not {id} with {} players", opts.players));
        }
        self.refuse_unused(id, opts)
    }

    /// Options whose off value is also what old saves load: refused here when given where they
    /// change nothing (`validate` accepts either value, for those saves).
    fn refuse_unused(&self, id: GameId, opts: &GameOptions) -> Result<(), String> {
        if self.queens_rows.is_some() && !(id == GameId::Queens && opts.players == 4) {
            return Err(format!("--queens-rows arranges four-player Queens (add --players 4); {id} with {} players has one start", opts.players));
        }
        if self.tri_steps.is_some() && id != GameId::TriQueens {
            return Err(format!("--tri-steps belongs to Tri-Queens, whose pieces stand on both colours; {id} has no such option"));
        }
        if self.sequence.is_some() && !id.is_triangular() {
            return Err(format!("--sequence belongs to Tri-Chek, Tri-Stax and Tri-Queens; {id} has no such option"));
        }
        Ok(())
    }
}

/// Parses `T` from the process arguments; on a usage error prints one line and returns exit
/// code 2 (help and version print in full and return 0).
pub fn parse_or_exit<T: clap::Parser>(program: &str) -> Result<T, std::process::ExitCode> {
    T::try_parse().map_err(|e| {
        use clap::error::ErrorKind;
        if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
            // A closed pipe (`--help | head -1`) is no error worth a panic.
            let _ = std::io::Write::write_fmt(&mut std::io::stdout(), format_args!("{e}"));
            return std::process::ExitCode::SUCCESS;
        }
        let first = e.to_string().lines().next().unwrap_or("bad arguments").trim_start_matches("error: ").to_string();
        eprintln!("{program}: {first}");
        std::process::ExitCode::from(2)
    })
}
