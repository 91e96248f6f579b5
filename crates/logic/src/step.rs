//! Techniques and the steps they find: data first, text made from the data.

use std::fmt;

use sudoku_core::{Constraint, Grid, House};

use crate::houses::values;

/// Every technique of the ladder, easiest first: the order in which the solver tries them. The
/// order (`Ord`) never puts a harder technique before an easier one, so the hardest of a path
/// is its maximum.
///
/// Each has a difficulty on the scale of Sudoku Explainer's ratings (1.0 for a full house up
/// to about 8 for forcing chains), so a puzzle's rating, the hardest step it needs, reads like
/// the ratings the community publishes. Where a technique has no Sudoku Explainer rating
/// (skyscraper, two-string kite, W-wing, simple colouring), it sits with the techniques of
/// the same reach.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Technique {
    /// The last empty cell of a house takes the one value missing.
    FullHouse,
    /// An odd or even cell loses the values of the other kind.
    OddEven,
    /// A value has one place left in a box (on a grid with a layout: in a box, an irregular
    /// region or a house the layout adds, such as a diagonal).
    HiddenSingleBox,
    /// A value has one place left in a row or column.
    HiddenSingleLine,
    /// A minimum or maximum cell, smaller or larger than each cell beside it, and those cells.
    MinMax,
    /// The digits a killer cage can hold for its sum: the sets of as many distinct digits as
    /// it has cells that add to its sum and that its cells' candidates allow, each cell keeping
    /// the digits some such set can put there (a digit no other cell of the cage can take,
    /// placed; a cage left one cell to fill, filled).
    CageCombinations,
    /// An X (the two cells add to 10) or a V (to 5).
    Xv,
    /// A palindrome: the cells at the same distance from its two ends hold the same digit.
    Palindrome,
    /// Clones: each cell holds the same digit as its clone.
    Clone,
    /// Pointing that leaves a value one place in another box: the placement, directly.
    DirectPointing,
    /// A thermometer (or slow thermometer): digits increase from the bulb, so each cell lies
    /// above the cells before it and below those after it.
    Thermometer,
    /// A kropki dot: the two cells differ by one (white) or one is twice the other (black).
    Kropki,
    /// A quadruple: the digits in the circle appear among the four cells around it.
    Quadruple,
    /// Claiming that leaves a value one place in another line: the placement, directly.
    DirectClaiming,
    /// A whispers line: neighbours along it differ by at least the gap (5 on 9×9).
    Whispers,
    /// A hidden pair that leaves another value one place in its house: the placement.
    DirectHiddenPair,
    /// An arrow: the digits along its line add to the digit (or the number of a pill) in its
    /// circle.
    Arrow,
    /// A zipper line: two cells as far from its middle add to the same sum, the middle
    /// cell's digit on a line of odd length.
    Zipper,
    /// A renban line: its digits are a run of consecutive digits in any order.
    Renban,
    /// An entropic line: every three cells in a row along it hold a low, a middle and a high
    /// digit.
    Entropic,
    /// A little killer: the digits along the diagonal add to the clue.
    LittleKiller,
    /// A negative rule: cells side by side without a dot are not consecutive (or not in the
    /// dots' ratio), without an X or V do not add to 10 or 5.
    NegativeRule,
    /// A cell has one candidate left.
    NakedSingle,
    /// A between line: the digits between its two ends lie strictly between the ends' digits.
    Between,
    /// Row, column or box indexers: the digit of an indexer cell says where in its row,
    /// column or box its own row's, column's or position's number goes.
    Indexer,
    /// A hidden triple that leaves another value one place in its house: the placement.
    DirectHiddenTriple,
    /// A value's places in a box lie in one row or column: it leaves the rest of that line. On
    /// a grid with a layout: a value's places in a box, region or added house all lie in
    /// another house, and leave the rest of it.
    Pointing,
    /// A digit every combination of a killer cage needs, whose places in the cage all see a
    /// cell outside it: that cell cannot hold it. A cage inside a house (all its places in
    /// one row, say) clears the rest of the house of the digits it needs.
    CagePointing,
    /// The rule of 45: a house holds every digit once, so its digits add to 45 (on 9×9); take
    /// away the killer cages inside it and the cells left (the innies) add to what the cages
    /// leave; take away every cage that touches it and the cells it does not cover less those
    /// the cages stick out by (the outies) add to what is left. Also for rows or columns side
    /// by side (harder by a tenth for each house more, and a tenth for outies: see
    /// [`Step::extra`]).
    RuleOf45,
    /// A value's places in a row or column lie in one box: it leaves the rest of that box. On
    /// a grid with a layout: they lie in any other house (a region, a diagonal, ...).
    Claiming,
    /// Two cells of a house hold the same two candidates only.
    NakedPair,
    /// A region-sum line: the line's cells in each region it crosses add to the same sum.
    RegionSum,
    /// A sandwich clue: the digits between the 1 and the 9 of the row or column add to it.
    Sandwich,
    /// A value's places in two rows lie in two columns (or the other way round).
    XWing,
    /// An X-sum clue: the first `x` digits of the row or column from the clue add to it, `x`
    /// being the first of them.
    XSum,
    /// A skyscraper clue: this many digits of the row or column, seen from the clue, are
    /// larger than every digit before them.
    SkyscraperClue,
    /// Two values of a house have the same two places only.
    HiddenPair,
    /// Three cells of a house hold three candidates between them.
    NakedTriple,
    /// The fish of three rows and three columns.
    Swordfish,
    /// Three values of a house have three places between them.
    HiddenTriple,
    /// Two conjugate pairs of one value in parallel lines with one end in a common line.
    Skyscraper,
    /// A conjugate pair in a row and one in a column, one end of each in a common box.
    TwoStringKite,
    /// Three two-candidate cells `xy`, `xz`, `yz`, the first seeing the other two.
    XyWing,
    /// An `xyz` cell seeing an `xz` and a `yz` cell.
    XyzWing,
    /// Two `xy` cells joined by a conjugate pair of `y`.
    WWing,
    /// Four cells in two rows, two columns and two boxes that would otherwise hold a deadly
    /// pattern. Assumes the puzzle has one solution; not used on grids with a layout, whose
    /// rules (a diagonal, a knight's move) may forbid the swap that makes the pattern deadly.
    UniqueRectangle,
    /// A loop of cells holding two values `a`, `b` (a rectangle is the loop of four), each row,
    /// column and box it meets holding two of its cells, that would otherwise be a deadly
    /// pattern: Sudoku Explainer's types 1 to 4. Harder for longer loops and bigger sets (see
    /// [`Step::extra`]). Assumes the puzzle has one solution; not used on grids with a layout.
    UniqueLoop,
    /// Four cells of a house hold four candidates between them.
    NakedQuad,
    /// The fish of four rows and four columns.
    Jellyfish,
    /// Four values of a house have four places between them.
    HiddenQuad,
    /// The conjugate pairs of one value coloured in two colours.
    SimpleColouring,
    /// Bivalue universal grave: were the few cells with three or more candidates to hold only
    /// the values that appear three times in their houses, every cell would hold two values,
    /// each twice in each house, a pattern with no or several solutions; Sudoku Explainer's
    /// types 1 to 4. Assumes the puzzle has one solution; not used on grids with a layout.
    Bug,
    /// Two cells that see each other, or share a value's every place elsewhere: each pair of
    /// their candidates that leaves a third cell empty is excluded.
    AlignedPairExclusion,
    /// A loop of alternating strong and weak links of one value that holds either way round:
    /// whatever sees both ways goes. Sudoku Explainer's bidirectional X-cycle; longer loops
    /// rate harder (see [`Step::extra`]), as every chain of its scale.
    XCycle,
    /// A loop of two-candidate cells, each linked to the next by a common value, that holds
    /// either way round. Sudoku Explainer's bidirectional Y-cycle.
    YCycle,
    /// An alternating chain of one value's strong and weak links.
    XChain,
    /// A chain of one value from a candidate to its own negation: the candidate goes (or, from
    /// its absence, to itself: it is placed). Sudoku Explainer's forcing X-chain.
    ForcingXChain,
    /// A chain of two-candidate cells.
    XyChain,
    /// A loop of links of cells and of values that holds either way round. Sudoku Explainer's
    /// bidirectional cycle.
    Cycle,
    /// A chain of links of cells and of values from a candidate to its own negation. Sudoku
    /// Explainer's forcing chain.
    XyForcingChain,
    /// The exclusion of aligned pairs extended to three cells.
    AlignedTripleExclusion,
    /// Assuming a candidate leads, by singles, to a contradiction.
    ContradictionForcing,
    /// Assuming a candidate (or its absence) leads, by one value's links on a board the
    /// assumption reduces as it goes, to a candidate both on and off. Sudoku Explainer's
    /// Nishio forcing chain.
    NishioForcing,
    /// A candidate that, put in its cell, leads by singles and the rules with numbers and
    /// lines (every rule, and the sums of the rule of 45) to a cell without a digit, a house
    /// without a place for one, or a rule that cannot hold: it goes. The contradiction
    /// forcing chain of a variant grid.
    RuleContradiction,
    /// Every candidate of a cell (or every place of a value in a house) leads to the same
    /// conclusion.
    CellForcing,
    /// Every candidate of a cell leads, by links on the board as it is, to the same
    /// conclusion. Sudoku Explainer's cell forcing chains.
    CellForcingChains,
    /// Every place of a value in a house leads, by links on the board as it is, to the same
    /// conclusion. Sudoku Explainer's region forcing chains.
    RegionForcingChains,
    /// Links followed on a board each assumption reduces as it goes: a candidate whose being
    /// on (or off) is contradictory, whose being on and off imply the same, or a cell's
    /// candidates or a value's places that all imply the same. Sudoku Explainer's dynamic
    /// forcing chains.
    DynamicForcing,
    /// Dynamic forcing chains whose walks also use locked candidates, naked and hidden pairs
    /// and X-wings. Sudoku Explainer's dynamic forcing chains (+).
    DynamicForcingPlus,
    /// Dynamic forcing chains (+) whose walks, when their links run dry, also take what the
    /// static forcing chains and cycles find on the board they reduced. Sudoku Explainer's
    /// first level of nested forcing chains.
    NestedForcing,
    /// As [`Technique::NestedForcing`], the multiple (cell and region) forcing chains
    /// joining the walks too. Sudoku Explainer's second level.
    NestedMultipleForcing,
    /// Dynamic forcing chains (+) whose walks use dynamic forcing chains. Sudoku Explainer's
    /// third level.
    NestedDynamicForcing,
    /// Dynamic forcing chains (+) whose walks use dynamic forcing chains and the first level
    /// of nested chains. Sudoku Explainer's fourth level.
    NestedDynamicForcingPlus,
    /// Not a technique: where every technique is stuck, a value put in a cell to go on (the
    /// solution's, when an explanation is asked to go on by guessing). No ladder has it and
    /// no rating counts it; it is in no list of [`Technique::ALL`].
    Guess,
}

/// A family of Sudoku Explainer's chains: one rung of its ladder, whose techniques are found
/// together, in one pass ([`Technique::chain_family`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ChainFamily {
    /// Cycles and forcing chains on the board as it is.
    Static,
    /// Contradictions from one value at a time, on a board reduced as the walk goes.
    Nishio,
    /// Cell and region forcing chains on the board as it is.
    Multiple,
    /// Contradiction, double, cell and region forcing on a board reduced as the walk goes.
    Dynamic,
    /// As [`ChainFamily::Dynamic`], the simple techniques joining the walks.
    DynamicPlus,
    /// As [`ChainFamily::DynamicPlus`], chains of lower families joining the walks too: Sudoku
    /// Explainer's nesting level, 2 to 5 (1 is [`ChainFamily::DynamicPlus`]).
    Nested(u8),
}

impl Technique {
    /// Every technique of the ladders, easiest first ([`Technique::Guess`] is none).
    pub const ALL: [Technique; 72] = [
        Technique::FullHouse,
        Technique::OddEven,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::MinMax,
        Technique::CageCombinations,
        Technique::Xv,
        Technique::Palindrome,
        Technique::Clone,
        Technique::DirectPointing,
        Technique::Thermometer,
        Technique::Kropki,
        Technique::Quadruple,
        Technique::DirectClaiming,
        Technique::Whispers,
        Technique::DirectHiddenPair,
        Technique::Arrow,
        Technique::Zipper,
        Technique::Renban,
        Technique::Entropic,
        Technique::LittleKiller,
        Technique::NegativeRule,
        Technique::NakedSingle,
        Technique::Between,
        Technique::Indexer,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::CagePointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::RegionSum,
        Technique::Sandwich,
        Technique::XWing,
        Technique::XSum,
        Technique::SkyscraperClue,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::UniqueRectangle,
        Technique::UniqueLoop,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::SimpleColouring,
        Technique::Bug,
        Technique::AlignedPairExclusion,
        Technique::XCycle,
        Technique::YCycle,
        Technique::XChain,
        Technique::ForcingXChain,
        Technique::XyChain,
        Technique::Cycle,
        Technique::XyForcingChain,
        Technique::AlignedTripleExclusion,
        Technique::ContradictionForcing,
        Technique::NishioForcing,
        Technique::RuleContradiction,
        Technique::CellForcing,
        Technique::CellForcingChains,
        Technique::RegionForcingChains,
        Technique::DynamicForcing,
        Technique::DynamicForcingPlus,
        Technique::NestedForcing,
        Technique::NestedMultipleForcing,
        Technique::NestedDynamicForcing,
        Technique::NestedDynamicForcingPlus,
    ];

    /// The name used in explanations and reports.
    pub fn name(self) -> &'static str {
        match self {
            Technique::RuleContradiction => "Contradiction by the Rules",
            Technique::OddEven => "Odd/Even Cell",
            Technique::MinMax => "Minimum/Maximum Cell",
            Technique::CageCombinations => "Cage Combinations",
            Technique::Xv => "XV",
            Technique::Palindrome => "Palindrome",
            Technique::Clone => "Clone",
            Technique::Thermometer => "Thermometer",
            Technique::Kropki => "Kropki Dot",
            Technique::Quadruple => "Quadruple",
            Technique::Whispers => "Whispers",
            Technique::Arrow => "Arrow Sum",
            Technique::Zipper => "Zipper Line",
            Technique::Renban => "Renban",
            Technique::Entropic => "Entropic Line",
            Technique::LittleKiller => "Little Killer",
            Technique::NegativeRule => "Negative Rule",
            Technique::Between => "Between Line",
            Technique::Indexer => "Indexer",
            Technique::CagePointing => "Cage Pointing",
            Technique::RuleOf45 => "Rule of 45",
            Technique::RegionSum => "Region-Sum Line",
            Technique::Sandwich => "Sandwich",
            Technique::XSum => "X-Sum",
            Technique::SkyscraperClue => "Skyscraper Clue",
            Technique::Guess => "Guess",
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox => "Hidden Single (box)",
            Technique::HiddenSingleLine => "Hidden Single (line)",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriple => "Direct Hidden Triple",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::XyWing => "XY-Wing",
            Technique::XyzWing => "XYZ-Wing",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::UniqueLoop => "Unique Loop",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::SimpleColouring => "Simple Colouring",
            Technique::Bug => "BUG",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
            Technique::AlignedTripleExclusion => "Aligned Triple Exclusion",
            Technique::ContradictionForcing => "Contradiction Forcing Chain",
            Technique::CellForcing => "Forcing Chain",
            Technique::XCycle => "Bidirectional X-Cycle",
            Technique::YCycle => "Bidirectional Y-Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::Cycle => "Bidirectional Cycle",
            Technique::XyForcingChain => "XY Forcing Chain",
            Technique::NishioForcing => "Nishio Forcing Chain",
            Technique::CellForcingChains => "Cell Forcing Chains",
            Technique::RegionForcingChains => "Region Forcing Chains",
            Technique::DynamicForcing => "Dynamic Forcing Chain",
            Technique::DynamicForcingPlus => "Dynamic Forcing Chain Plus",
            Technique::NestedForcing => "Dynamic Forcing Chains (+ Forcing Chains)",
            Technique::NestedMultipleForcing => {
                "Dynamic Forcing Chains (+ Multiple Forcing Chains)"
            }
            Technique::NestedDynamicForcing => "Dynamic Forcing Chains (+ Dynamic Forcing Chains)",
            Technique::NestedDynamicForcingPlus => {
                "Dynamic Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
            }
        }
    }

    /// A short machine name: `hidden-single-box`, `x-wing`, ...
    pub fn key(self) -> &'static str {
        match self {
            Technique::RuleContradiction => "rule-contradiction",
            Technique::OddEven => "odd-even",
            Technique::MinMax => "min-max",
            Technique::CageCombinations => "cage-combinations",
            Technique::Xv => "xv",
            Technique::Palindrome => "palindrome",
            Technique::Clone => "clone",
            Technique::Thermometer => "thermometer",
            Technique::Kropki => "kropki",
            Technique::Quadruple => "quadruple",
            Technique::Whispers => "whispers",
            Technique::Arrow => "arrow",
            Technique::Zipper => "zipper",
            Technique::Renban => "renban",
            Technique::Entropic => "entropic",
            Technique::LittleKiller => "little-killer",
            Technique::NegativeRule => "negative-rule",
            Technique::Between => "between",
            Technique::Indexer => "indexer",
            Technique::CagePointing => "cage-pointing",
            Technique::RuleOf45 => "rule-of-45",
            Technique::RegionSum => "region-sum",
            Technique::Sandwich => "sandwich",
            Technique::XSum => "x-sum",
            Technique::SkyscraperClue => "skyscraper-clue",
            Technique::Guess => "guess",
            Technique::FullHouse => "full-house",
            Technique::HiddenSingleBox => "hidden-single-box",
            Technique::HiddenSingleLine => "hidden-single-line",
            Technique::DirectPointing => "direct-pointing",
            Technique::DirectClaiming => "direct-claiming",
            Technique::DirectHiddenPair => "direct-hidden-pair",
            Technique::NakedSingle => "naked-single",
            Technique::DirectHiddenTriple => "direct-hidden-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden-triple",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string-kite",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::UniqueLoop => "unique-loop",
            Technique::NakedQuad => "naked-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden-quad",
            Technique::SimpleColouring => "simple-colouring",
            Technique::Bug => "bug",
            Technique::AlignedPairExclusion => "aligned-pair-exclusion",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::AlignedTripleExclusion => "aligned-triple-exclusion",
            Technique::ContradictionForcing => "contradiction-forcing",
            Technique::CellForcing => "forcing-chain",
            Technique::XCycle => "x-cycle",
            Technique::YCycle => "y-cycle",
            Technique::ForcingXChain => "forcing-x-chain",
            Technique::Cycle => "cycle",
            Technique::XyForcingChain => "xy-forcing-chain",
            Technique::NishioForcing => "nishio-forcing-chain",
            Technique::CellForcingChains => "cell-forcing-chains",
            Technique::RegionForcingChains => "region-forcing-chains",
            Technique::DynamicForcing => "dynamic-forcing-chain",
            Technique::DynamicForcingPlus => "dynamic-forcing-chain-plus",
            Technique::NestedForcing => "nested-forcing-chain",
            Technique::NestedMultipleForcing => "nested-multiple-forcing-chain",
            Technique::NestedDynamicForcing => "nested-dynamic-forcing-chain",
            Technique::NestedDynamicForcingPlus => "nested-dynamic-forcing-chain-plus",
        }
    }

    /// The difficulty of the easiest step of this technique (see [`Technique`]); a step's own
    /// is [`Step::difficulty`].
    pub fn difficulty(self) -> f64 {
        match self {
            Technique::RuleContradiction => 7.5,
            // No rating counts a guess.
            Technique::Guess => 0.0,
            Technique::OddEven => 1.0,
            Technique::MinMax => 1.5,
            Technique::CageCombinations => 1.6,
            Technique::Xv => 1.6,
            Technique::Palindrome => 1.6,
            Technique::Clone => 1.6,
            Technique::Thermometer => 1.7,
            Technique::Kropki => 1.8,
            Technique::Quadruple => 1.8,
            Technique::Whispers => 1.9,
            Technique::Arrow => 2.0,
            Technique::Zipper => 2.0,
            Technique::Renban => 2.1,
            Technique::Entropic => 2.1,
            Technique::LittleKiller => 2.2,
            Technique::NegativeRule => 2.2,
            Technique::Between => 2.4,
            Technique::Indexer => 2.4,
            Technique::CagePointing => 2.6,
            Technique::RuleOf45 => 2.7,
            Technique::RegionSum => 3.0,
            Technique::Sandwich => 3.0,
            Technique::XSum => 3.2,
            Technique::SkyscraperClue => 3.2,
            Technique::FullHouse => 1.0,
            Technique::HiddenSingleBox => 1.2,
            Technique::HiddenSingleLine => 1.5,
            Technique::DirectPointing => 1.7,
            Technique::DirectClaiming => 1.9,
            Technique::DirectHiddenPair => 2.0,
            Technique::NakedSingle => 2.3,
            Technique::DirectHiddenTriple => 2.5,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::Skyscraper => 4.0,
            Technique::TwoStringKite => 4.1,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.4,
            Technique::UniqueRectangle => 4.5,
            Technique::UniqueLoop => 4.5,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::SimpleColouring => 5.6,
            Technique::Bug => 5.6,
            Technique::AlignedPairExclusion => 6.2,
            Technique::XChain => 6.5,
            Technique::XyChain => 6.6,
            Technique::AlignedTripleExclusion => 7.5,
            Technique::ContradictionForcing => 7.5,
            Technique::CellForcing => 8.0,
            Technique::XCycle | Technique::YCycle => 6.5,
            Technique::ForcingXChain => 6.6,
            Technique::Cycle | Technique::XyForcingChain => 7.0,
            Technique::NishioForcing => 7.5,
            Technique::CellForcingChains | Technique::RegionForcingChains => 8.0,
            Technique::DynamicForcing => 8.5,
            Technique::DynamicForcingPlus => 9.0,
            Technique::NestedForcing => 9.5,
            Technique::NestedMultipleForcing => 10.0,
            Technique::NestedDynamicForcing => 10.5,
            Technique::NestedDynamicForcingPlus => 11.0,
        }
    }

    /// The family of Sudoku Explainer's chains the technique belongs to, if it is one of
    /// them: the family's techniques are found together, in one pass.
    pub(crate) fn chain_family(self) -> Option<ChainFamily> {
        Some(match self {
            Technique::XCycle
            | Technique::YCycle
            | Technique::ForcingXChain
            | Technique::Cycle
            | Technique::XyForcingChain => ChainFamily::Static,
            Technique::NishioForcing => ChainFamily::Nishio,
            Technique::CellForcingChains | Technique::RegionForcingChains => ChainFamily::Multiple,
            Technique::DynamicForcing => ChainFamily::Dynamic,
            Technique::DynamicForcingPlus => ChainFamily::DynamicPlus,
            Technique::NestedForcing => ChainFamily::Nested(2),
            Technique::NestedMultipleForcing => ChainFamily::Nested(3),
            Technique::NestedDynamicForcing => ChainFamily::Nested(4),
            Technique::NestedDynamicForcingPlus => ChainFamily::Nested(5),
            _ => return None,
        })
    }

    /// Whether the technique is sound only for puzzles with one solution.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::UniqueLoop | Technique::Bug)
    }

    /// The technique whose [`Technique::key`] or name is `text` (case and spaces ignored).
    pub fn from_name(text: &str) -> Option<Technique> {
        let simple = |name: &str| {
            name.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .map(|c| c.to_ascii_lowercase())
                .collect::<String>()
        };
        let wanted = simple(text);
        Technique::ALL.into_iter().find(|technique| {
            simple(technique.key()) == wanted || simple(technique.name()) == wanted
        })
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One deduction: a technique, what it found (the pattern that proves it) and what it makes
/// (placements and eliminations). Cells are row-major indices, values `1..=side`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// The values the pattern is about (value `v` is bit `v − 1`).
    pub digits: u64,
    /// The houses the pattern lives in: the house of a single or subset, a fish's base lines
    /// then its cover lines. On a grid with a layout, its irregular regions and the houses it
    /// adds (a diagonal, a window, an extra region) are named as such.
    pub units: Vec<House>,
    /// The cells that prove the step, each with the candidates of it the pattern uses; for
    /// a chain, its candidates in order.
    pub pattern: Vec<(usize, u64)>,
    /// Values put in cells.
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed from cells.
    pub eliminations: Vec<(usize, u8)>,
    /// Tenths of a point the step adds to its technique's difficulty, where Sudoku Explainer
    /// rates a bigger pattern harder: a longer unique loop, a bigger set of a unique loop's
    /// type 3 or of a BUG's type 3, BUG types 2 to 4 over type 1. Zero for most steps.
    pub extra: u8,
    /// For a step of Sudoku Explainer's chains, each branch of the chain from its assumption
    /// to its conclusion: its candidates in order, each as cell, value and whether it is on
    /// (true) or off. One branch for a cycle or a forcing chain, two for a contradiction or
    /// a double forcing, one per candidate of the cell or place of the value for cell and
    /// region forcing. Empty for every other technique, whose [`Step::pattern`] says it all.
    pub links: Vec<Vec<(usize, u8, bool)>>,
    /// For a step of the rules with numbers and lines (a killer cage, a thermometer, the rule
    /// of 45, ...): the rules it used and what it read from them. `None` for every step of
    /// the classic techniques.
    pub rule: Option<Box<RuleUse>>,
}

/// The rules with numbers and lines a step used, and what it read from them: which cage,
/// which line, the digit sets a cage can hold, the sum the rule of 45 gives.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RuleUse {
    /// The rules, each with its index among the layout's ([`sudoku_core::Layout::constraints`]).
    pub rules: Vec<(usize, Constraint)>,
    /// For a sum of distinct digits (a killer cage): the sets of digits its cells can hold
    /// (value `v` is bit `v − 1`), each allowing every cell a digit of its own.
    pub combinations: Vec<u64>,
    /// For the rule of 45: the sum it gives, over the cells still empty.
    pub equation: Option<Equation>,
}

/// A sum over cells: `Σ coefficient · digit = total`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Equation {
    /// The cells, each with its coefficient (1 for an innie, -1 for an outie).
    pub terms: Vec<(usize, i32)>,
    /// What they add to.
    pub total: i64,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            digits: 0,
            units: Vec::new(),
            pattern: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            extra: 0,
            links: Vec::new(),
            rule: None,
        }
    }

    /// Whether the step holds in `solution` (a solved grid of the step's puzzle): each value it
    /// places is the solution's, and each candidate it removes is not. A step of a sound
    /// technique holds in every solution of its puzzle.
    pub fn holds_in(&self, solution: &Grid) -> bool {
        self.placements.iter().all(|&(cell, value)| solution.get(cell) == value)
            && self.eliminations.iter().all(|&(cell, value)| solution.get(cell) != value)
    }

    /// The step's difficulty: its technique's, plus [`Step::extra`] tenths.
    pub fn difficulty(&self) -> f64 {
        // Whole tenths, so that a sum prints and compares as the scale's one-decimal figures.
        (self.technique.difficulty() * 10.0 + f64::from(self.extra)).round() / 10.0
    }
}

/// The values of a candidate set (value `v` is bit `v − 1`), smallest first.
pub fn digits(set: u64) -> impl Iterator<Item = u8> {
    values(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_order_never_puts_a_harder_technique_first_and_names_are_unique() {
        for pair in Technique::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].difficulty() <= pair[1].difficulty(), "{pair:?}");
        }
        for technique in Technique::ALL {
            assert_eq!(Technique::from_name(technique.key()), Some(technique));
            assert_eq!(Technique::from_name(technique.name()), Some(technique));
        }
        assert_eq!(Technique::from_name("xy wing"), Some(Technique::XyWing));
        assert_eq!(Technique::from_name("nonsense"), None);
    }

    #[test]
    fn a_step_holds_in_a_solution_only_if_every_placement_and_removal_does() {
        let solution = sudoku_core::parse_one(
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap()
        .grid;
        let mut step = Step::new(Technique::NakedSingle);
        step.placements.push((0, 5));
        step.eliminations.push((1, 4));
        assert!(step.holds_in(&solution));
        // Placing another value, or removing the solution's own, does not hold.
        let mut wrong = step.clone();
        wrong.placements.push((80, 8));
        assert!(!wrong.holds_in(&solution));
        let mut removes_the_answer = step.clone();
        removes_the_answer.eliminations.push((80, 9));
        assert!(!removes_the_answer.holds_in(&solution));
    }
}
