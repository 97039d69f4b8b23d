//! Move generation allocates nothing per node: perft over hundreds of thousands of nodes
//! makes only the handful of allocations that grow its per-ply move buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use variant_rules::{AnyPosition, GameId, GameOptions, Wrap};

/// Counts every allocation made through the global allocator.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The count is global: tests that read it run one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn perft_does_not_allocate_per_node() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for (game, wrap, depth, players) in [
        (GameId::Chess, Wrap::Flat, 4),
        (GameId::CylinderChess, Wrap::Cylinder, 4),
        (GameId::ShadowChess, Wrap::Flat, 4),
        (GameId::Checkers, Wrap::Flat, 7),
        (GameId::Stax, Wrap::Universal, 7),
        (GameId::Queens, Wrap::Cylinder, 6),
        (GameId::ToeToe, Wrap::Flat, 3),
        (GameId::Chex, Wrap::Flat, 10),
        (GameId::DiceChess, Wrap::Flat, 4),
        (GameId::ChecToe, Wrap::Flat, 5),
    ]
    .into_iter()
    .map(|(game, wrap, depth)| (game, wrap, depth, 2))
    // Doubles: four seats, whose moves are taken back from a copy of the position.
    .chain([(GameId::Stax, Wrap::Flat, 7, 4)])
    {
        let mut o = GameOptions::default_for(game);
        o.topology = wrap;
        o.players = players;
        let pos = AnyPosition::start(game, &o).unwrap();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let nodes = pos.perft(depth);
        let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
        // One buffer per ply plus a few doublings each (and Dice Chess's one scratch buffer);
        // nothing that scales with the node count.
        assert!(made <= 8 * depth as usize + 10, "{game} {wrap}: {made} allocations for {nodes} nodes");
        assert!(nodes > 10_000, "{game}: tree too small to mean anything");
    }
}

/// The search, like perft, allocates per search (its buffers, and the table when its memory has
/// none to lend) but never per node: a chess search of some hundred thousand nodes with a
/// kept memory makes a few hundred allocations at most.
#[test]
fn search_does_not_allocate_per_node() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    use std::sync::atomic::AtomicBool;
    use variant_rules::search::{self, Limits, Memory};
    let pos = AnyPosition::start(GameId::Chess, &GameOptions::default_for(GameId::Chess)).unwrap();
    let mut memory = Memory::new();
    let stop = AtomicBool::new(false);
    search::think_with(&pos, &[], &Limits::depth(5), &stop, &mut memory);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let t = search::think_with(&pos, &[], &Limits::depth(11), &stop, &mut memory);
    let made = ALLOCATIONS.load(Ordering::Relaxed) - before;
    assert!(t.nodes > 50_000, "tree too small to mean anything: {} nodes", t.nodes);
    // Per-ply buffers: 128 plies of three vectors, each growing a few times, plus the line.
    assert!(made < 2_000, "{made} allocations for {} nodes", t.nodes);
}
