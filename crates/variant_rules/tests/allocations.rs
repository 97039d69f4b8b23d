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

#[test]
fn perft_does_not_allocate_per_node() {
    for (game, wrap, depth) in [
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
    ] {
        let mut o = GameOptions::default_for(game);
        o.topology = wrap;
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
