//! The scene API every table draws from: pieces agree with each game's text position, kinds
//! map from the games' codes, and the words (move choices, losses, news, labels, dice lines)
//! are the ones the 3D table has shown.

use variant_rules::checkers::DoublesSeating;
use variant_rules::dicechess::DiceRules;
use variant_rules::scene::{FaceMeaning, Marks, MoveClass, PieceKind, Players};
use variant_rules::{AnyMove, AnyPosition, Game, GameId, GameOptions, Position, Seat};

fn game(id: GameId, opts: GameOptions, text: Option<&str>, moves: &str) -> Game {
    let mut g = Game::new(id, opts, text).unwrap();
    for m in moves.split_whitespace() {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn plain(id: GameId, moves: &str) -> Game {
    game(id, GameOptions::default_for(id), None, moves)
}

fn with_players(id: GameId, players: u8) -> GameOptions {
    GameOptions { players, ..GameOptions::default_for(id) }
}

/// The pieces the board field of a position's text holds, row by row from the top: each as
/// (seat letter, kind letter). FEN-like letters are White upper case, Black lower; checkers
/// are their seat's letter (upper case: crowned); Double Chess writes `[aK]`.
fn text_rows(id: GameId, text: &str) -> Vec<Vec<Option<(char, char)>>> {
    let board = text.split_whitespace().next().unwrap();
    let checkers = id.is_checkers_family();
    board
        .split('/')
        .map(|row| {
            let (mut cells, mut chars, mut n) = (Vec::new(), row.chars().peekable(), 0usize);
            while let Some(c) = chars.next() {
                if let Some(d) = c.to_digit(10) {
                    n = n * 10 + d as usize;
                    if !chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                        cells.extend(std::iter::repeat_n(None, n));
                        n = 0;
                    }
                } else if c == '-' {
                    // CHEX: no tile on the plane yet.
                } else if c == '[' {
                    let (s, k) = (chars.next().unwrap(), chars.next().unwrap());
                    assert_eq!(chars.next(), Some(']'));
                    cells.push(Some((s, k)));
                } else if checkers {
                    cells.push(Some((c.to_ascii_lowercase(), if c.is_ascii_uppercase() { 'K' } else { 'M' })));
                } else {
                    cells.push(Some((if c.is_ascii_uppercase() { 'a' } else { 'b' }, c.to_ascii_uppercase())));
                }
            }
            cells
        })
        .collect()
}

fn as_pair(seat: Seat, kind: PieceKind) -> (char, char) {
    (seat.letter().to_ascii_lowercase(), kind.letter())
}

/// The scene's pieces are the text's, cell by cell on square boards and as a multiset on a
/// hexagon (whose rows the text writes by their own files).
fn assert_pieces_match_text(id: GameId, pos: &AnyPosition) {
    let rows = text_rows(id, &pos.to_text());
    let topo = pos.topology();
    let mut from_text: Vec<(char, char)> = rows.iter().flatten().flatten().copied().collect();
    let mut from_scene: Vec<(char, char)> = pos.pieces().iter().map(|(_, p)| as_pair(p.seat, p.kind)).collect();
    from_text.sort_unstable();
    from_scene.sort_unstable();
    assert_eq!(from_scene, from_text, "{id}: {}", pos.to_text());
    if topo.tri_board().is_some() || id == GameId::Chex {
        return;
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = (topo.height() as usize - 1 - i) as u8;
        for (file, want) in row.iter().enumerate() {
            let cell = topo.cell(file as u8, rank).unwrap();
            assert_eq!(pos.piece_on(cell).map(|p| as_pair(p.seat, p.kind)), *want, "{id} at {}", topo.name(cell));
        }
    }
}

#[test]
fn pieces_at_the_start_are_those_of_the_text_position() {
    let mut starts: Vec<(GameId, GameOptions)> = GameId::ALL.iter().map(|&g| (g, GameOptions::default_for(g))).collect();
    for rules in DiceRules::ALL {
        starts.push((GameId::DiceChess, GameOptions { dice_rules: rules, ..GameOptions::default_for(GameId::DiceChess) }));
    }
    starts.push((GameId::DoubleChess, GameOptions { seating: DoublesSeating::CutThroat, ..GameOptions::default_for(GameId::DoubleChess) }));
    starts.push((GameId::Stax, with_players(GameId::Stax, 4)));
    for n in 3..=6 {
        starts.push((GameId::TriChess, with_players(GameId::TriChess, n)));
        starts.push((GameId::TriQueens, with_players(GameId::TriQueens, n)));
    }
    for (id, opts) in starts {
        let g = Game::new(id, opts, None).unwrap();
        assert_pieces_match_text(id, g.position());
    }
    // Mid-game too: a Stax stack's top is the text's, a promotion's piece and the Toe-to-Toe
    // army after deployment.
    assert_pieces_match_text(GameId::Chess, plain(GameId::Chess, "e2e4 d7d5 e4d5").position());
    assert_pieces_match_text(GameId::ToeToe, plain(GameId::ToeToe, "K@e1 G@d1").position());
}

#[test]
fn counts_at_the_start_follow_the_rules() {
    let per_seat = |g: &Game| -> Vec<usize> {
        let pos = g.position();
        pos.seating().seats().map(|s| pos.pieces().iter().filter(|(_, p)| p.seat == s).count()).collect()
    };
    assert_eq!(per_seat(&plain(GameId::Checkers, "")), [12, 12]);
    assert_eq!(per_seat(&plain(GameId::Chess, "")), [16, 16]);
    assert_eq!(per_seat(&plain(GameId::DoubleChess, "")), [16, 16, 16, 16]);
    assert_eq!(per_seat(&plain(GameId::ToeToe, "")), [8, 8], "pawns face to face, the rest in hand");
    assert_eq!(per_seat(&plain(GameId::ChecToe, "")), [0, 0]);
    assert_eq!(per_seat(&Game::new(GameId::Stax, with_players(GameId::Stax, 4), None).unwrap()), [12; 4]);
    let brainking = GameOptions { dice_rules: DiceRules::BrainKing10, ..GameOptions::default_for(GameId::DiceChess) };
    let kings = Game::new(GameId::DiceChess, brainking, None).unwrap().position().pieces().iter().filter(|(_, p)| p.kind == PieceKind::King).count();
    assert_eq!(kings, 6, "three kings a side on 10x10");
}

#[test]
fn hands_piles_and_looks() {
    let toe = plain(GameId::ToeToe, "");
    let letters = |v: Vec<PieceKind>| v.iter().map(|k| k.letter()).collect::<String>();
    // The text's hands: "KGRRNNEEkgrrnnee".
    assert_eq!(letters(toe.position().hand(Seat::A)), "KGRRNNEE");
    assert_eq!(toe.position().hand(Seat::B)[4], PieceKind::Horse);
    assert_eq!(letters(plain(GameId::ToeToe, "K@e1").position().hand(Seat::A)), "GRRNNEE");
    let chec = plain(GameId::ChecToe, "[2] Nb2v");
    assert_eq!(chec.position().hand(Seat::A), [PieceKind::Pawn, PieceKind::Bishop, PieceKind::Rook]);
    assert_eq!(chec.position().hand(Seat::B).len(), 4);
    let chex = plain(GameId::Chex, "");
    let piles = chex.position().piles();
    assert_eq!(piles.iter().map(|p| (p.seat, p.face_down, p.held)).collect::<Vec<_>>(), [(Seat::A, 16, None), (Seat::B, 16, None)]);
    let drawn = plain(GameId::Chex, "draw");
    let held: Vec<_> = drawn.position().piles().iter().map(|p| (p.face_down, p.held)).collect();
    assert_eq!(held, [(15, Some(PieceKind::Pawn)), (16, None)], "the pile's top tile is a pawn (PPNQ...)");
    assert!(chex.position().look().tiles && chex.position().look().plane);
    assert!(plain(GameId::Stax, "").position().look().stacks);
    assert!(toe.position().look().hands && !plain(GameId::Chess, "").position().look().hands);
    assert_eq!(chex.position().cell_name(drawn.position().legal_move_list().iter().map(|&m| drawn.position().move_path(m).from).next().unwrap()), "0,0");
    // A click on the pile plays the draw: the move the text calls "draw", a choice, never forced.
    let draw = chex.position().draw_move().expect("White draws first");
    assert_eq!((chex.position().move_text(draw), chex.position().move_class(draw)), ("draw".to_string(), MoveClass::Draw));
    assert_eq!(chex.position().forced_move(), None, "drawing is the only move, yet the player clicks the pile");
    assert_eq!(drawn.position().draw_move(), None, "a tile in hand must be placed first");
    assert_eq!(toe.position().draw_move(), None);
}

#[test]
fn kinds_come_from_each_games_codes() {
    let promo = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some("7k/P7/8/8/8/8/8/K7 w - - 0 1")).unwrap();
    let pos = promo.position();
    let kinds: Vec<PieceKind> = pos.legal_move_list().into_iter().filter_map(|m| pos.move_kind(m)).collect();
    assert_eq!(kinds, [PieceKind::Queen, PieceKind::Rook, PieceKind::Bishop, PieceKind::Knight]);
    let placed = |g: &Game| -> Vec<PieceKind> {
        let mut v: Vec<PieceKind> = g.position().legal_move_list().into_iter().filter_map(|m| g.position().move_kind(m)).collect();
        v.dedup();
        v
    };
    let toe = plain(GameId::ToeToe, "");
    assert_eq!(placed(&toe), [PieceKind::King, PieceKind::General, PieceKind::Chariot, PieceKind::Horse, PieceKind::Elephant]);
    assert_eq!(placed(&plain(GameId::ToeToe, "K@e1")), [PieceKind::General, PieceKind::Chariot, PieceKind::Horse, PieceKind::Elephant], "no king left in hand");
    assert_eq!(toe.position().kind_name(PieceKind::Horse), "horse", "Toe-to-Toe names its kinds in lower case");
    let chec = plain(GameId::ChecToe, "[5]");
    let dropped: Vec<PieceKind> = chec.position().legal_move_list().into_iter().filter_map(|m| chec.position().move_kind(m)).collect();
    assert!([PieceKind::Pawn, PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook].iter().all(|k| dropped.contains(k)));
    let stax = plain(GameId::Stax, "");
    assert!(stax.position().legal_move_list().into_iter().all(|m| stax.position().move_kind(m).is_none()));
}

fn described(pos: &AnyPosition, from: &str, to: &str) -> Vec<String> {
    let t = pos.topology();
    let (from, to) = (t.parse_cell(from).unwrap(), t.parse_cell(to).unwrap());
    pos.legal_move_list().into_iter().filter(|&m| pos.move_path(m).from == from && pos.move_path(m).landings == [to]).map(|m| pos.describe_move(m)).collect()
}

#[test]
fn move_choices_read_as_the_table_offers_them() {
    let promo = Game::new(GameId::Chess, GameOptions::default_for(GameId::Chess), Some("7k/P7/8/8/8/8/8/K7 w - - 0 1")).unwrap();
    assert_eq!(
        described(promo.position(), "a7", "a8"),
        ["promote to queen, no capture", "promote to rook, no capture", "promote to bishop, no capture", "promote to knight, no capture"]
    );
    assert_eq!(described(plain(GameId::Chess, "e2e4 d7d5").position(), "e4", "d5"), ["capture"]);
    let tri = "1[bR][bN][bB][bQ][bK][bB][bN][bR]/1[bP][bP][bP][bP][bP][bP][bP][bP][bP]1/13/15/15/13/1[aP][aP][aP][aP][aP][aP]1[aP][aP]1/1[aR][aN][aB][aQ][aK]2[aR] a AaBb - - - - 0";
    let tri = Game::new(GameId::TriChess, GameOptions::default_for(GameId::TriChess), Some(tri)).unwrap();
    let mut castle = described(tri.position(), "i1", "k1");
    castle.sort();
    assert_eq!(castle, ["castle short", "no capture"]);
    let toe = plain(GameId::ToeToe, "");
    let e1 = toe.position().topology().parse_cell("e1").unwrap();
    let drops: Vec<String> =
        toe.position().legal_move_list().into_iter().filter(|&m| toe.position().move_path(m).from == e1).map(|m| toe.position().describe_move(m)).collect();
    assert_eq!(drops, ["place the king", "place the general", "place the chariot", "place the horse", "place the elephant"]);
}

#[test]
fn losses_are_summarised_as_the_hud_shows_them() {
    assert_eq!(plain(GameId::Chess, "e2e4 d7d5 e4d5").captured_summary(), ["", "P"]);
    assert_eq!(plain(GameId::Stax, "c3-d4 f6-e5 d4xf6").captured_summary(), ["", "1 held prisoner"]);
    assert_eq!(plain(GameId::Checkers, "c3-d4 f6-e5 d4xf6").captured_summary(), ["", "1 taken"]);
    assert_eq!(plain(GameId::ToeToe, "").captured_summary(), ["in hand KGRRNNEE", "in hand KGRRNNEE"]);
    assert_eq!(plain(GameId::ChecToe, "[2] Nb2v").captured_summary(), ["in hand PBR", "in hand PNBR"]);
    assert_eq!(plain(GameId::Chex, "").captured_summary(), ["16 to draw (click the pile)", "16 to draw (click the pile)"]);
    assert_eq!(plain(GameId::Chex, "draw").captured_summary()[0], "15 to draw; drew a pawn: place it on a highlighted cell");
    let chess = plain(GameId::Chess, "e2e4 d7d5 e4d5");
    assert_eq!(chess.captured_text(&|s| chess.position().seat_role(s)), "Black lost: P   ");
    let toe = plain(GameId::ToeToe, "");
    assert_eq!(toe.captured_text(&|s| toe.position().seat_role(s)), "White: in hand KGRRNNEE   Black: in hand KGRRNNEE   ");
    let stax4 = game(GameId::Stax, with_players(GameId::Stax, 4), None, "");
    assert_eq!(stax4.captured_text(&|s| s.letter().to_string()), "", "nothing lost at the start");
}

#[test]
fn a_tri_chess_set_counts_its_losses_from_its_own_start_ninth_pawn_included() {
    let opts = with_players(GameId::TriChess, 3);
    let start = Game::new(GameId::TriChess, opts, None).unwrap();
    let text = start.position().to_text();
    assert_eq!(text.matches("[aP]1/").count(), 1, "seat A's Pawn row ends with its ninth Pawn: {text}");
    let short = text.replacen("[aP]1/", "2/", 1);
    let pos = AnyPosition::from_text(GameId::TriChess, &opts, &short).unwrap();
    assert_eq!(pos.captured_summary(Some(start.position())), ["P", "", ""]);
    assert_eq!(pos.captured_summary(None), ["", "", ""], "counted against eight Pawns, the ninth would hide the loss");
    let g = Game::new(GameId::TriChess, opts, Some(&short)).unwrap();
    assert_eq!(g.captured_summary(), ["P", "", ""], "a game set up from a position counts from its options' start");
    assert_eq!(start.captured_text(&|s| s.letter().to_string()), "");
}

fn double(seating: DoublesSeating, text: Option<&str>) -> Game {
    game(GameId::DoubleChess, GameOptions { seating, ..GameOptions::default_for(GameId::DoubleChess) }, text, "")
}

/// Plays the move from `from` to `to` and returns the news it makes.
fn play_cells(g: &mut Game, from: &str, to: &str) -> String {
    let before = g.position().clone();
    let t = before.topology();
    let (f, l) = (t.parse_cell(from).unwrap(), t.parse_cell(to).unwrap());
    let m = before.legal_move_list().into_iter().find(|&m| before.move_path(m).from == f && before.move_path(m).landings == [l]).expect("a legal move");
    g.play_move(m);
    g.position().news(&before, m, &Players::default())
}

const FIGURE_30: &str = "2[bR]3[bK]2[bR]2/3[bP][bP]7/5[bN]5[dR]/1[cP]10/1[cP]1[aP]6[dP]1/11[dK]/10[dP]1/[cR]3[bQ]1[dB]5/[cK]6[aQ]2[dP]1/3[aN]2[cB]5/5[aP][aP][aP]4/5[aK]3[aR]2 a - - - - - 0";

#[test]
fn double_chess_mates_missed_turns_and_immunity_in_words_and_marks() {
    let mut g = double(DoublesSeating::PartnersAdjacent, Some(FIGURE_30));
    let none = Players::default();
    let l7 = g.position().topology().parse_cell("l7").unwrap();
    assert!(g.position().pieces().iter().all(|(_, p)| p.marks.is_empty()));
    assert!(play_cells(&mut g, "h4", "k7").contains("Black 2 (D) is checkmated by A"));
    assert_eq!(g.position().marks_on(l7), Marks { mated: true, ..Marks::default() }, "B2's King stands checkmated");
    assert_eq!(g.position().seat_states_line(), "mated: D");
    assert!(g.position().state_lines(&none).contains(&"Black 2 (D): checkmated by A, misses turns".to_string()));
    assert_eq!(g.position().inspect(l7, &|s| g.position().seat_label(s, &none)), "l7: Black 2 (D) King, checkmated");
    play_cells(&mut g, "d11", "d10");
    assert_eq!(play_cells(&mut g, "b9", "c9"), "Black 2 (D) is checkmated and misses the turn");
    assert_eq!(g.position().turn(), Seat::A);
    assert!(play_cells(&mut g, "k7", "l7").contains("White 1 (A) takes the King of Black 2 (D)"));
    assert_eq!(g.position().marks_on(l7), Marks { immune: true, ..Marks::default() }, "the Queen that took the King");
    assert!(g.position().state_lines(&none).contains(&"Queen on l7 (White 1) immune from D this round".to_string()));
    assert!(g.captured_text(&|s| s.letter().to_string()).contains("D: PPPPPNNBRQK"), "B2 lost its King");
}

#[test]
fn cut_throat_sets_freeze_and_a_partner_without_a_move_passes() {
    let text = "2[cR]3[cK]5/12/12/4[dB]7/12/11[dK]/[bK]6[aQ]4/2[dN]9/12/1[bP]1[bN]8/12/5[aK]6 a - - - - - 0";
    let mut g = double(DoublesSeating::CutThroat, Some(text));
    play_cells(&mut g, "h6", "b6");
    let marked: Vec<(Seat, Marks)> = g.position().pieces().into_iter().filter(|(_, p)| !p.marks.is_empty()).map(|(_, p)| (p.seat, p.marks)).collect();
    assert_eq!(marked.len(), 3, "W2's King, Pawn and Knight: {marked:?}");
    assert!(marked.iter().all(|(s, m)| *s == Seat(1) && m.frozen));
    assert!(marked.iter().any(|(_, m)| m.mated));
    assert_eq!(g.position().seat_states_line(), "frozen: B");
    assert_eq!(g.position().closed_cells().len(), 16, "four 2x2 corners off limits");
    let corner = g.position().closed_cells()[0];
    assert!(g.position().marks_on(corner).closed);
    assert_eq!(g.position().inspect(corner, &|s| s.letter().to_string()), "a1: off limits (cut-throat corner)");
    assert!(double(DoublesSeating::PartnersAdjacent, None).position().closed_cells().is_empty());

    let text = "12/2[bP]9/2[aP]3[aQ]5/12/12/11[dK]/[cK]11/12/12/12/12/5[aK]6 b - - - - - 0";
    let mut g = double(DoublesSeating::PartnersAdjacent, Some(text));
    let before = g.position().clone();
    let pass = before.forced_move().expect("a forced pass");
    assert_eq!((before.move_text(pass), before.move_class(pass)), ("pass".to_string(), MoveClass::Pass));
    g.play_move(pass);
    assert_eq!(g.position().news(&before, pass, &Players::default()), "Black 1 (B) has no move and passes");
    assert_eq!(g.position().turn(), Seat(2));
}

fn colours(names: &[&str]) -> Players {
    Players { colours: names.iter().map(|s| s.to_string()).collect(), ..Players::default() }
}

#[test]
fn seats_are_labelled_by_role_name_set_and_colour() {
    let chess = plain(GameId::Chess, "");
    let mut players = colours(&["Ivory", "Ebony"]);
    assert_eq!(chess.position().seat_label(Seat::A, &players), "White");
    players.names = vec![String::new(), "Bob".into()];
    assert_eq!(chess.position().seat_label(Seat::B, &players), "Bob (Ebony)");
    let stax = plain(GameId::Stax, "");
    assert_eq!(stax.position().seat_label(Seat::A, &colours(&["Red", "Ivory"])), "Player A (Red)");
    let four = game(GameId::Stax, with_players(GameId::Stax, 4), None, "");
    assert_eq!(four.position().seat_label(Seat(3), &colours(&["Red", "Ivory", "Jade", "Cobalt"])), "Player D (Cobalt)");
    assert_eq!(GameId::DoubleChess.seat_role(4, Seat(3)), "Player D");
    assert_eq!(GameId::Chess.seat_role(2, Seat::B), "Black");

    let p = double(DoublesSeating::PartnersAdjacent, None);
    let mut players = Players::default();
    assert_eq!(p.position().seat_label(Seat(0), &players), "White 1 (A)");
    assert_eq!(p.position().seat_label(Seat(3), &players), "Black 2 (D)");
    players.names = vec![String::new(), String::new(), "Cy".into()];
    assert_eq!(p.position().seat_label(Seat(2), &players), "Cy (C, White 2)");
    assert_eq!(p.position().sets_line().unwrap(), "A White 1 south   B Black 1 north\nC White 2 west   D Black 2 east");
    let cut = double(DoublesSeating::CutThroat, None);
    assert_eq!(cut.position().sets_line().unwrap(), "A White 1 south   B White 2 west\nC Black 1 north   D Black 2 east");
    assert!(p.position().state_lines(&players).is_empty(), "nothing stands at the start");
    assert_eq!(p.seat_words(), ["a (White 1)", "b (Black 1)", "c (White 2)", "d (Black 2)"]);
    assert_eq!(chess.seat_words(), ["white", "black"]);
    assert_eq!(variant_rules::scene::letters_and(variant_rules::SeatSet::of(&[Seat(1), Seat(2), Seat(3)])), "B, C and D");
}

#[test]
fn tri_chess_sets_go_by_letter_and_colour_round_the_hexagon() {
    let tri = |n: u8| game(GameId::TriChess, with_players(GameId::TriChess, n), None, "");
    let p = tri(3);
    let mut players = colours(&["Red", "Ivory", "Jade"]);
    assert_eq!(p.position().seat_label(Seat(0), &players), "Set A (Red)");
    assert_eq!(p.position().seat_label(Seat(2), &players), "Set C (Jade)");
    players.names = vec![String::new(), String::new(), "Cy".into()];
    assert_eq!(p.position().seat_label(Seat(2), &players), "Cy (C, Jade)");
    assert_eq!(p.position().sets_line().unwrap(), "A south   B north-west   C north-east");
    assert_eq!(tri(6).position().sets_line().unwrap(), "A south   B south-west   C north-west\nD north   E north-east   F south-east");
    assert_eq!(tri(4).position().sets_line().unwrap(), "A south   B south-west\nC north   D north-east");
    let two = tri(2);
    let seats = colours(&["Ivory", "Ebony"]);
    assert_eq!((two.position().seat_label(Seat(0), &seats), two.position().seat_label(Seat(1), &seats)), ("White (A)".into(), "Black (B)".into()));
    assert_eq!(two.position().sets_line().unwrap(), "A White south   B Black north");
    assert_eq!((p.position().set_of(Seat(0)), two.position().set_of(Seat(1)).map(|s| s.light)), (None, Some(false)));
    assert_eq!(p.position().side_words(Seat(1)), "north-west");
}

fn texts(pos: &AnyPosition, moves: Vec<AnyMove>) -> Vec<String> {
    moves.into_iter().map(|m| pos.move_text(m)).collect()
}

#[test]
fn dice_faces_make_the_roll_the_table_plays() {
    let two = plain(GameId::DiceChess, "");
    let pos = two.position();
    assert_eq!((pos.dice_count(), pos.dice_ordered()), (2, false));
    assert_eq!(pos.roll_move(&[5, 3]).map(|m| pos.move_text(m)), Some("[3,5]".into()), "two dice sorted where order does not matter");
    assert_eq!(pos.roll_token(&[5, 3]), "[3,5]");
    assert_eq!(pos.face_meaning(1, 6), FaceMeaning::Piece(PieceKind::King));
    let gollon = GameOptions { dice_rules: DiceRules::GollonPieceCount, ..GameOptions::default_for(GameId::DiceChess) };
    let g = Game::new(GameId::DiceChess, gollon, None).unwrap();
    let pos = g.position();
    assert!(pos.dice_ordered() && GameId::DiceChess.dice_ordered(&gollon));
    assert_eq!(pos.roll_move(&[5, 3]).map(|m| pos.move_text(m)), Some("[5,3]".into()), "the piece die first, then the count");
    assert_eq!(pos.roll_token(&[5, 3]), "[5,3]");
    assert_eq!((pos.face_meaning(0, 5), pos.face_meaning(1, 5)), (FaceMeaning::Piece(PieceKind::Queen), FaceMeaning::Count(4)));
    let count = GameOptions { dice_rules: DiceRules::GollonCount, ..GameOptions::default_for(GameId::DiceChess) };
    let g = Game::new(GameId::DiceChess, count, None).unwrap();
    assert_eq!((g.position().dice_count(), g.position().face_meaning(0, 6)), (1, FaceMeaning::Count(4)));
    let chec = plain(GameId::ChecToe, "");
    let pos = chec.position();
    assert_eq!(pos.roll_move(&[3]).map(|m| pos.move_text(m)), Some("[3]".into()));
    assert_eq!(pos.roll_move(&[3, 4]), None);
    assert_eq!(
        (pos.face_meaning(0, 2), pos.face_meaning(0, 5), pos.face_meaning(0, 6)),
        (FaceMeaning::Piece(PieceKind::Knight), FaceMeaning::Wizard, FaceMeaning::Six)
    );
    let chess = plain(GameId::Chess, "");
    assert_eq!((chess.position().dice_count(), chess.position().roll_move(&[3]), chess.position().throw_prompt()), (0, None, None));
    assert_eq!(plain(GameId::DiceChess, "[1,2]").position().roll_move(&[3, 4]), None, "no roll is due");
}

#[test]
fn dice_lines_passes_rerolls_and_forced_moves() {
    assert_eq!(plain(GameId::DiceChess, "").position().throw_prompt().unwrap(), "Throw the dice: Space, or flick one with the mouse");
    assert_eq!(plain(GameId::ChecToe, "").position().throw_prompt().unwrap(), "Throw the die: Space, or flick it with the mouse");
    assert_eq!(plain(GameId::ChecToe, "[6]").position().throw_prompt().unwrap(), "A first 6 is void: throw again (Space)");
    let two_sixes = plain(GameId::ChecToe, "[2] Nb2v [3] Bc3v [6] [6]");
    assert_eq!(two_sixes.position().roll_line(), "Two sixes: drop or move any piece (E: try for a third six)");
    assert_eq!(plain(GameId::ChecToe, "[2] Nb2v [3] Bc3v [6] [6] reroll").position().throw_prompt().unwrap(), "Trying for a third six: throw (Space)");
    let apocalypse = plain(GameId::ChecToe, "[2] Nb2v [3] Bc3v [6] [6] reroll [6]");
    assert_eq!(apocalypse.position().roll_line(), "Three sixes: the Apocalypse!");
    let forced = apocalypse.position().forced_move().expect("the Apocalypse is played by itself");
    assert_eq!(apocalypse.position().move_class(forced), MoveClass::Apocalypse);
    assert_eq!(plain(GameId::ChecToe, "[5]").position().roll_line(), "Rolled 5: drop any piece, or move one as a Wizard");
    assert_eq!(plain(GameId::ChecToe, "[2]").position().roll_line(), "Rolled 2: drop or move the knight");

    let nothing = plain(GameId::DiceChess, "[5,6]");
    assert_eq!(nothing.position().roll_line(), "Rolled [5,6]: move a queen or a king");
    let pass = nothing.position().forced_move().expect("neither queen nor king can move at the start");
    assert_eq!(nothing.position().move_text(pass), "pass");
    assert!(nothing.position().optional_actions().is_empty(), "a forced pass is no button");
    assert_eq!(plain(GameId::DiceChess, "[3,3]").position().roll_line(), "Rolled [3,3]: doubles, any move");
    let rolled = plain(GameId::DiceChess, "[1,2]");
    assert_eq!((rolled.position().forced_move(), rolled.position().optional_actions()), (None, vec![]));
    let chec = plain(GameId::ChecToe, "[3]");
    assert_eq!(texts(chec.position(), chec.position().optional_actions()), ["reroll", "pass"]);
    let used = plain(GameId::ChecToe, "[3] reroll [2]");
    assert_eq!(texts(used.position(), used.position().optional_actions()), ["pass"]);
    assert_eq!(used.position().pass_move().map(|m| used.position().move_class(m)), Some(MoveClass::Pass));
    assert_eq!(used.position().reroll_move(), None);
    assert!(plain(GameId::Chess, "").position().optional_actions().is_empty());
}

#[test]
fn inspection_and_refusals_in_words() {
    let chess = plain(GameId::Chess, "");
    let pos = chess.position();
    let t = pos.topology();
    let role = |s: Seat| pos.seat_role(s);
    assert_eq!(pos.inspect(t.parse_cell("e1").unwrap(), &role), "e1: White King");
    assert_eq!(pos.inspect(t.parse_cell("e4").unwrap(), &role), "e4:");
    let refusal = pos.refusal(t.parse_cell("e2").unwrap(), &[], t.parse_cell("e5").unwrap(), false);
    assert!(refusal.starts_with("e2e5: ") && refusal.len() > 7, "{refusal}");
    let stax = plain(GameId::Stax, "c3-d4 f6-e5 d4xf6");
    let pos = stax.position();
    let f6 = pos.topology().parse_cell("f6").unwrap();
    let players = colours(&["Red", "Ivory"]);
    assert_eq!(pos.inspect(f6, &|s| pos.seat_label(s, &players)), "f6:\n  top: Player A (Red)\n       Player B (Ivory)");
    assert_eq!(pos.stack_on(f6).iter().map(|p| (p.seat, p.kind)).collect::<Vec<_>>(), [(Seat::B, PieceKind::Man), (Seat::A, PieceKind::Man)], "bottom first");
    let stax = plain(GameId::Stax, "");
    let t = stax.position().topology();
    let refusal = stax.position().refusal(t.parse_cell("c3").unwrap(), &[], t.parse_cell("c5").unwrap(), false);
    assert!(refusal.starts_with("c3-c5: "), "{refusal}");
    let toe = plain(GameId::ToeToe, "");
    let e2 = toe.position().topology().parse_cell("e4").unwrap();
    assert_eq!(toe.position().inspect(e2, &|s| toe.position().seat_role(s)), "e4: White pawn");
}

#[test]
fn the_terminal_board_as_it_was_printed() {
    let text = plain(GameId::Chess, "").position().board_text(&Players::default());
    let want = [
        " 8  r n b q k b n r",
        " 7  p p p p p p p p",
        " 6  . . . . . . . .",
        " 5  . . . . . . . .",
        " 4  . . . . . . . .",
        " 3  . . . . . . . .",
        " 2  P P P P P P P P",
        " 1  R N B Q K B N R",
        "    a b c d e f g h",
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), want);
    let text = double(DoublesSeating::PartnersAdjacent, None).position().board_text(&Players::default());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "12  .  .  bR bN bB bQ bK bB bN bR .  . ");
    assert_eq!(lines[6], " 6  cK cP .  .  .  .  .  .  .  .  dP dQ");
    assert_eq!(lines[12], "    a  b  c  d  e  f  g  h  i  j  k  l ");
    assert_eq!(lines[13], "A White 1 south   B Black 1 north   C White 2 west   D Black 2 east");
    let text = double(DoublesSeating::CutThroat, None).position().board_text(&Players::default());
    assert!(text.lines().next().unwrap().starts_with("12  ## ## cR"), "{text}");
    let text = plain(GameId::Stax, "").position().board_text(&Players::default());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[8], "    a  b  c  d  e  f  g  h ");
    assert_eq!(lines[4], format!(" 4 {}", "    . ".repeat(4)));
    let tri = game(GameId::TriChess, with_players(GameId::TriChess, 3), None, "").position().board_text(&Players::default());
    assert_eq!(tri.lines().nth(11), Some("A south   B north-west   C north-east"));
    assert!(plain(GameId::Chex, "").position().board_text(&Players::default()).contains("tiles to draw: White 16, Black 16"));
    assert!(plain(GameId::Chex, "draw").position().board_text(&Players::default()).contains("drawn, to place: P"));
    assert!(plain(GameId::ToeToe, "").position().board_text(&Players::default()).contains("(Deploy phase; position"));
    assert_eq!(variant_rules::scene::ascii_notation("Ra4⌄"), "Ra4v");
}
