//! Sudoku Explainer's chains as `sudoku explain --scale explainer` writes them: link by link,
//! each branch from its assumption to its conclusion, the same candidates as the step's pattern.

use sudoku_core::{Size, parse_one};
use sudoku_logic::{Board, Ladder, Options, Scale, Step, Technique};

/// The steps of Sudoku Explainer's ladder on puzzle 11 of the shipped corpus (rated 7.1).
fn explainer_steps() -> Vec<Step> {
    let line = "..16....3......8.9...815..2..4.....7.7....6.....58.2.....793....56...9..7........";
    let mut board = Board::new(&parse_one(line.as_bytes()).expect("the puzzle reads").grid);
    let ladder =
        Ladder::of_scale(Scale::Explainer, Options { uniqueness: true, ..Options::default() });
    let mut steps = Vec::new();
    ladder.run(&mut board, |_, step| steps.push(step.clone()));
    steps
}

/// Whether `technique` is one of Sudoku Explainer's chains, whose steps carry their links.
fn is_chain(technique: Technique) -> bool {
    use Technique::*;
    matches!(
        technique,
        XCycle
            | YCycle
            | ForcingXChain
            | Cycle
            | XyForcingChain
            | NishioForcing
            | CellForcingChains
            | RegionForcingChains
            | DynamicForcing
            | DynamicForcingPlus
            | NestedForcing
            | NestedMultipleForcing
            | NestedDynamicForcing
            | NestedDynamicForcingPlus
    )
}

#[test]
fn a_chain_of_sudoku_explainers_reads_link_by_link_from_its_assumption() {
    let steps = explainer_steps();
    let forcing = steps
        .iter()
        .find(|step| step.technique == Technique::XyForcingChain)
        .expect("the puzzle's walk takes a forcing chain");
    assert_eq!(
        forcing.describe(Size::NINE),
        "XY Forcing Chain (7.1 = 7.0 + 0.1 for length): r4c2=9 -> r4c2<>8 -> r4c8=8 -> \
         r5c8<>8 -> r5c8=9 -> r6c8<>9 -> r6c2=9 -> r4c2<>9 => r4c2<>9"
    );
    assert_eq!(forcing.describe_lines(Size::NINE), [forcing.describe(Size::NINE)]);
    for step in steps.iter().filter(|step| is_chain(step.technique)) {
        // The links are the pattern's candidates in order, each branch after the other;
        // a cycle's single branch closes on its start, which the pattern holds once.
        let mut links: Vec<(usize, u64)> = step
            .links
            .iter()
            .flatten()
            .map(|&(cell, value, _)| (cell, 1u64 << (value - 1)))
            .collect();
        let cycle =
            matches!(step.technique, Technique::XCycle | Technique::YCycle | Technique::Cycle);
        if cycle {
            assert_eq!(step.links.len(), 1);
            assert_eq!(step.links[0].first(), step.links[0].last(), "{step:?}");
            links.pop();
        }
        assert_eq!(links, step.pattern, "{}", step.describe(Size::NINE));
        // Each link turns the state over: on, off, on, ... (static chains).
        for branch in &step.links {
            assert!(branch.windows(2).all(|pair| pair[0].2 != pair[1].2), "{branch:?}");
        }
    }
    // Every other step has no links.
    assert!(steps.iter().any(|step| !is_chain(step.technique)));
    for step in steps.iter().filter(|step| !is_chain(step.technique)) {
        assert!(step.links.is_empty(), "{step:?}");
    }
}
