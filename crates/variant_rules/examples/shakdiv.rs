//! Debug helper: shakmaty's perft divide for a FEN (for comparing with `variant-rules perft --divide`).
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, uci::UciMove};
fn perft(p: &Chess, d: u32) -> u64 {
    if d == 0 {
        1
    } else {
        let ms = p.legal_moves();
        if d == 1 {
            return ms.len() as u64;
        }
        ms.iter()
            .map(|m| {
                let mut q = p.clone();
                q.play_unchecked(*m);
                perft(&q, d - 1)
            })
            .sum()
    }
}
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let fen: Fen = a[1].parse().unwrap();
    let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
    let d: u32 = a[2].parse().unwrap();
    for m in pos.legal_moves() {
        let mut q = pos.clone();
        q.play_unchecked(m);
        println!("{}: {}", UciMove::from_standard(m), perft(&q, d - 1));
    }
}
