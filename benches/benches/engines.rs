//! Every registered engine over every corpus, with criterion: one group per corpus (and size),
//! one bench per engine that solves that size, throughput in puzzles.
//!
//! Each iteration solves the whole (sampled) corpus in mode `unique` (count to 2, as the
//! published tables do); instrumented engines search under the node budget of
//! `sudoku_benches::BUDGET`. Keep and compare baselines with criterion's own flags:
//! `cargo bench -- --save-baseline main`, then `cargo bench -- --baseline main`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::Limits;
use sudoku_engines::ENGINES;

fn engines_over_corpora(c: &mut Criterion) {
    for (group_name, corpus) in sudoku_benches::corpora() {
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Elements(corpus.puzzles.len() as u64));
        group.sample_size(10);
        group.warm_up_time(Duration::from_secs(1));
        group.measurement_time(Duration::from_secs(3));
        let sizes = corpus.sizes();
        for info in ENGINES.iter().filter(|info| sizes.iter().all(|&(size, _)| info.supports(size)))
        {
            let limits = if info.instrumented {
                Limits::UNIQUE.with_node_budget(sudoku_benches::BUDGET)
            } else {
                Limits::UNIQUE
            };
            let mut engine = info.create();
            group.bench_function(&*info.name, |bencher| {
                bencher.iter(|| {
                    for puzzle in &corpus.puzzles {
                        black_box(engine.solve(black_box(&puzzle.grid), limits));
                    }
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, engines_over_corpora);
criterion_main!(benches);
