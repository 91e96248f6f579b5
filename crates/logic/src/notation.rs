//! Steps in the field's notation: `Naked Pair: 2,7 in r1c1,r1c5 (row 1) => r1c2,r1c3<>2`.
//!
//! A step is data ([`Step`]); this module alone makes its text, for every technique: the common
//! wording of [`Step::describe`], and the patterns that read their own way (fish, single-digit
//! patterns and colouring, wings, unique rectangles and loops, BUGs, aligned exclusions, direct
//! locked candidates, chains, forcing nets). It reads steps and
//! is read by no technique, so techniques find steps without knowing how they are written.
//!
//! A step of Sudoku Explainer's chains ([`Step::links`]) is written link by link, each
//! branch from its assumption to its conclusion, a candidate on as `r2c3=5` and off as
//! `r2c3<>5`: `r2c3=5 -> r2c7<>5 -> r2c7=3 -> r4c7<>3`; a cycle ends on the candidate it
//! started from. A step of several branches (a contradiction, a double, cell or region
//! forcing) writes them one after the other, separated by ` | ` on one line
//! ([`Step::describe`]) or each on a line of its own ([`Step::describe_lines`]). The line
//! names the difficulty with its length term: `(7.3 = 7.0 + 0.3 for length)`.
//!
//! The walks of the dynamic and nested chains derive a node from several at once (a single
//! rests on every other candidate of its cell or house being gone, a removal by a simple
//! technique or a nested chain on every candidate the pattern needed gone). A branch follows
//! the first of them at each link: for a candidate turned on, the one whose going off set
//! it on (the cause, not the others that went before); for a removal by a pattern, the
//! lowest-numbered candidate it rests on. Such a branch is readable, not complete: the
//! difficulty counts every node the conclusion rests on.

use std::fmt::Write as _;

use sudoku_core::constraint::{Spot, clue_line, diagonal, whispers_gap};
use sudoku_core::{Constraint, House, Layout, Size};

use crate::step::{Step, Technique, digits};

impl Step {
    /// The step in the field's notation, one line: the technique, the pattern, then what it
    /// makes, as in `Hidden Single (box): 7 in box 2 => r3c5=7` or
    /// `Naked Pair: 2,7 in r1c1,r1c5 (row 1) => r1c2,r1c3<>2`.
    pub fn describe(&self, size: Size) -> String {
        if !self.links.is_empty() {
            let branches: Vec<String> =
                self.links.iter().map(|branch| branch_text(branch, size)).collect();
            return format!(
                "{} ({}): {} => {}",
                self.technique,
                self.rating_text(),
                branches.join(" | "),
                self.effects(size)
            );
        }
        let mut text = format!("{}: ", self.label());
        if let Some(pattern) = pattern_text(self, size) {
            text.push_str(&pattern);
            text.push_str(" => ");
            text.push_str(&self.effects(size));
            return text;
        }
        let digits = digit_list(self.digits);
        let units = self.units.iter().map(House::to_string).collect::<Vec<_>>().join(", ");
        let cells = self
            .pattern
            .iter()
            .map(|&(cell, _)| size.name(cell).to_string())
            .collect::<Vec<_>>()
            .join(",");
        let chain = || {
            self.pattern
                .iter()
                .map(|&(cell, set)| format!("{}({})", size.name(cell), digit_list(set)))
                .collect::<Vec<_>>()
                .join(" - ")
        };
        match self.technique {
            Technique::FullHouse | Technique::HiddenSingleBox | Technique::HiddenSingleLine => {
                let _ = write!(text, "{digits} in {units}");
            }
            Technique::NakedSingle => {
                let _ = write!(text, "{cells} holds only {digits}");
            }
            Technique::Pointing | Technique::Claiming => match &self.units[..] {
                [from, into] => {
                    let _ = write!(text, "{digits} in {from} lies in {into} ({cells})");
                }
                _ => {
                    let _ = write!(text, "{digits} locked in {cells} ({units})");
                }
            },
            technique
                if matches!(
                    technique,
                    Technique::XChain
                        | Technique::XyChain
                        | Technique::SimpleColouring
                        | Technique::ContradictionForcing
                        | Technique::CellForcing
                ) || technique.chain_family().is_some() =>
            {
                let _ = write!(text, "{}", chain());
                if !units.is_empty() {
                    let _ = write!(text, " ({units})");
                }
            }
            _ => {
                let _ = write!(text, "{digits} in {cells}");
                if !units.is_empty() {
                    let _ = write!(text, " ({units})");
                }
            }
        }
        text.push_str(" => ");
        text.push_str(&self.effects(size));
        text
    }

    /// The step as lines for a terminal: one line as [`Step::describe`] writes it, but for a
    /// chain of several branches, whose first line names the technique, the difficulty and
    /// what the step makes, and each branch follows on a line of its own, indented by two
    /// spaces.
    pub fn describe_lines(&self, size: Size) -> Vec<String> {
        if self.links.len() < 2 {
            return vec![self.describe(size)];
        }
        let mut lines = vec![format!(
            "{} ({}): {} branches => {}",
            self.technique,
            self.rating_text(),
            self.links.len(),
            self.effects(size)
        )];
        lines.extend(self.links.iter().map(|branch| format!("  {}", branch_text(branch, size))));
        lines
    }

    /// The technique as the step's text names it: its name, but for a hidden single in a
    /// house that is not a box, the house's kind as the grid's layout names it, `Hidden Single
    /// (region)`, `Hidden Single (diagonal)`, `Hidden Single (window)`, `Hidden Single (extra
    /// region)`: [`Technique::HiddenSingleBox`] is the hidden single of every house but the
    /// lines.
    pub fn label(&self) -> String {
        match (self.technique, self.units.first()) {
            (Technique::HiddenSingleBox, Some(house)) if !matches!(house, House::Box(_)) => {
                format!("Hidden Single ({})", house_kind(house))
            }
            _ => self.technique.name().to_string(),
        }
    }

    /// The difficulty with its length term: `7.3 = 7.0 + 0.3 for length`, or `7.0`.
    fn rating_text(&self) -> String {
        let base = self.technique.difficulty();
        if self.extra == 0 {
            format!("{base:.1}")
        } else {
            let length = f64::from(self.extra) / 10.0;
            format!("{:.1} = {base:.1} + {length:.1} for length", self.difficulty())
        }
    }

    /// What the step makes, in the field's notation: `r3c5=7`, then eliminations grouped by
    /// value, `r1c2,r1c3<>2`, values removed from the same cells together, `r3c5<>2,7`.
    pub fn effects(&self, size: Size) -> String {
        let mut parts: Vec<String> = self
            .placements
            .iter()
            .map(|&(cell, value)| format!("{}={value}", size.name(cell)))
            .collect();
        let mut by_value: Vec<(u8, Vec<usize>)> = Vec::new();
        for &(cell, value) in &self.eliminations {
            match by_value.iter_mut().find(|(v, _)| *v == value) {
                Some((_, cells)) => cells.push(cell),
                None => by_value.push((value, vec![cell])),
            }
        }
        // Values removed from the same cells read as one: `r3c5<>2,7`.
        let mut groups: Vec<(Vec<usize>, Vec<u8>)> = Vec::new();
        for (value, mut cells) in by_value {
            cells.sort_unstable();
            match groups.iter_mut().find(|(same, _)| *same == cells) {
                Some((_, values)) => values.push(value),
                None => groups.push((cells, vec![value])),
            }
        }
        for (cells, values) in groups {
            let names: Vec<String> = cells.iter().map(|&c| size.name(c).to_string()).collect();
            let values: Vec<String> = values.iter().map(u8::to_string).collect();
            parts.push(format!("{}<>{}", names.join(","), values.join(",")));
        }
        parts.join(", ")
    }
}

/// One branch of a chain, link by link: `r2c3=5 -> r2c7<>5 -> r2c7=3`.
fn branch_text(branch: &[(usize, u8, bool)], size: Size) -> String {
    branch
        .iter()
        .map(|&(cell, value, on)| {
            format!("{}{}{value}", size.name(cell), if on { "=" } else { "<>" })
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The kind of a house, its name without its number: `region` for `region 4`, `extra region`
/// for `extra region 1`, so that the kind reads as the core's [`House`] names it.
fn house_kind(house: &House) -> String {
    let name = house.to_string();
    match name.rsplit_once(' ') {
        Some((kind, number)) if number.bytes().all(|b| b.is_ascii_digit()) => kind.to_string(),
        _ => name,
    }
}

/// The values of a candidate set as `2,7`.
pub fn digit_list(set: u64) -> String {
    digits(set).map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

/// The pattern of `step` in words, for the techniques whose patterns read their own way (a
/// fish, a chain, a forcing net); `None` for the common wording of [`Step::describe`].
pub(crate) fn pattern_text(step: &Step, size: Size) -> Option<String> {
    match step.technique {
        Technique::NakedPair
        | Technique::NakedTriple
        | Technique::NakedQuad
        | Technique::HiddenPair
        | Technique::HiddenTriple
        | Technique::HiddenQuad => None,
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => fish(step, size),
        Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::SimpleColouring
        | Technique::XChain => single_digit(step, size),
        Technique::XyWing | Technique::XyzWing | Technique::WWing => wing(step, size),
        Technique::UniqueRectangle => unique_rectangle(step, size),
        Technique::DirectPointing | Technique::DirectClaiming => direct_locked(step, size),
        Technique::UniqueLoop => unique_loop(step, size),
        Technique::Bug => bug(step, size),
        Technique::AlignedPairExclusion | Technique::AlignedTripleExclusion => aligned(step, size),
        Technique::XyChain => xy_chain(step, size),
        Technique::ContradictionForcing | Technique::CellForcing => forcing(step, size),
        Technique::Guess => guess(step, size),
        _ if step.rule.is_some() => rule_pattern(step, size),
        _ => None,
    }
}

/// A guess: the cell and the candidates it had, `r3c4 (2,7)`.
fn guess(step: &Step, size: Size) -> Option<String> {
    let &(cell, set) = step.pattern.first()?;
    Some(format!("{} ({})", size.name(cell), digit_list(set)))
}

/// The pattern of a fish in the field's words: `4 in rows 2,7 and columns 3,8`.
fn fish(step: &Step, _size: Size) -> Option<String> {
    let n = step.units.len() / 2;
    if n == 0 || step.units.len() != 2 * n {
        return None;
    }
    let (base, cover) = step.units.split_at(n);
    Some(format!("{} in {} and {}", digit_list(step.digits), lines(base)?, lines(cover)?))
}

/// Lines of one kind as `rows 2,7`; `None` if they are not all rows or all columns.
fn lines(units: &[House]) -> Option<String> {
    let numbers = |pick: fn(&House) -> Option<usize>| {
        units
            .iter()
            .map(|unit| pick(unit).map(|index| (index + 1).to_string()))
            .collect::<Option<Vec<_>>>()
            .map(|numbers| numbers.join(","))
    };
    match units.first()? {
        House::Row(_) => numbers(|unit| if let House::Row(r) = unit { Some(*r) } else { None })
            .map(|list| format!("rows {list}")),
        House::Column(_) => {
            numbers(|unit| if let House::Column(c) = unit { Some(*c) } else { None })
                .map(|list| format!("columns {list}"))
        }
        _ => None,
    }
}

/// A single-digit pattern (skyscraper, kite, X-chain) as its strong links,
/// `1 in r1c5=r1c1 - r5c1=r5c6 (row 1, row 5)`, or a colouring.
fn single_digit(step: &Step, size: Size) -> Option<String> {
    let value = digit_list(step.digits);
    let name = |cell: usize| size.name(cell).to_string();
    match step.technique {
        Technique::Skyscraper | Technique::TwoStringKite | Technique::XChain => {
            if step.pattern.len() < 2 || !step.pattern.len().is_multiple_of(2) {
                return None;
            }
            let links: Vec<String> = step
                .pattern
                .chunks(2)
                .map(|pair| format!("{}={}", name(pair[0].0), name(pair[1].0)))
                .collect();
            let mut text = format!("{value} in {}", links.join(" - "));
            if step.technique != Technique::XChain && !step.units.is_empty() {
                let units: Vec<String> = step.units.iter().map(ToString::to_string).collect();
                text.push_str(&format!(" ({})", units.join(", ")));
            }
            Some(text)
        }
        Technique::SimpleColouring => colouring(step, size, &value),
        _ => None,
    }
}

/// A colouring as `1 coloured r1c1,r5c5 / r1c5,r5c2`, then whether it is a trap or a wrap
/// (and which two cells of one colour see each other). The colours are not in the step, so
/// they are worked out again from its strong links: each unit holds two of its cells.
fn colouring(step: &Step, size: Size, value: &str) -> Option<String> {
    let cells: Vec<usize> = step.pattern.iter().map(|&(cell, _)| cell).collect();
    let edges: Vec<(usize, usize)> = step
        .units
        .iter()
        .filter_map(|unit| {
            let ends: Vec<usize> = (0..cells.len())
                .filter(|&i| house_holds(size, *unit, cells[i]) == Some(true))
                .collect();
            (ends.len() == 2).then(|| (ends[0], ends[1]))
        })
        .collect();
    let mut colour: Vec<Option<bool>> = vec![None; cells.len()];
    *colour.first_mut()? = Some(false);
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b) in &edges {
            match (colour[a], colour[b]) {
                (Some(c), None) => (colour[b], changed) = (Some(!c), true),
                (None, Some(c)) => (colour[a], changed) = (Some(!c), true),
                _ => {}
            }
        }
    }
    let names = |wanted: bool| {
        (0..cells.len())
            .filter(|&i| colour[i] == Some(wanted))
            .map(|i| size.name(cells[i]).to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut text = format!("{value} coloured {} / {}", names(false), names(true));
    let sees = |a: usize, b: usize| classic_peers(size, a, b);
    let wrapped = step.eliminations.iter().any(|(cell, _)| cells.contains(cell));
    let clash = (0..cells.len()).find_map(|i| {
        (i + 1..cells.len())
            .find(|&j| colour[i].is_some() && colour[i] == colour[j] && sees(cells[i], cells[j]))
            .map(|j| (cells[i], cells[j]))
    });
    match clash {
        Some((a, b)) if wrapped => {
            text.push_str(&format!(" (colour wrap: {} sees {})", size.name(a), size.name(b)));
        }
        _ => text.push_str(" (colour trap)"),
    }
    Some(text)
}

/// Wings read `r1c1(2,7) with r1c5(2,5), r3c2(5,7)` (pivot, then pincers); a W-wing reads
/// `1,2 in r1c1,r5c9 connected by 1 in column 5 (r1c5=r5c5)`.
fn wing(step: &Step, size: Size) -> Option<String> {
    let named = |&(cell, set): &(usize, u64)| format!("{}({})", size.name(cell), digit_list(set));
    match (step.technique, step.pattern.as_slice()) {
        (Technique::XyWing | Technique::XyzWing, [pivot, first, second]) => {
            Some(format!("{} with {}, {}", named(pivot), named(first), named(second)))
        }
        (Technique::WWing, [first, near, far, second]) => {
            let house = step.units.first().map(|unit| format!(" in {unit}")).unwrap_or_default();
            Some(format!(
                "{} in {},{} connected by {}{house} ({}={})",
                digit_list(first.1),
                size.name(first.0),
                size.name(second.0),
                digit_list(near.1),
                size.name(near.0),
                size.name(far.0),
            ))
        }
        _ => None,
    }
}

/// A unique rectangle: `2,7 in r1c1,r1c5,r3c1,r3c5 (type 1)`, or for type 2, with the extra value and the cells
/// that hold it: `2,7 in r1c1,r1c5,r3c1,r3c5, extra 4 in r3c1,r3c5 (type 2)`.
fn unique_rectangle(step: &Step, size: Size) -> Option<String> {
    if step.technique != Technique::UniqueRectangle {
        return None;
    }
    let names = |cells: &mut dyn Iterator<Item = usize>| {
        cells.map(|cell| size.name(cell).to_string()).collect::<Vec<_>>().join(",")
    };
    let cells = names(&mut step.pattern.iter().map(|&(cell, _)| cell));
    let mut text = format!("{} in {cells}", digit_list(step.digits));
    let roofs: Vec<&(usize, u64)> =
        step.pattern.iter().filter(|&&(_, set)| set & !step.digits != 0).collect();
    match roofs.first() {
        None => text.push_str(" (type 1)"),
        Some(&&(_, set)) => {
            let extra = digit_list(set & !step.digits);
            let roofs = names(&mut roofs.iter().map(|&&(cell, _)| cell));
            text.push_str(&format!(", extra {extra} in {roofs} (type 2)"));
        }
    }
    Some(text)
}

/// Cells by name, `r1c1,r1c5`.
fn cell_names(cells: impl Iterator<Item = usize>, size: Size) -> String {
    cells.map(|cell| size.name(cell).to_string()).collect::<Vec<_>>().join(",")
}

/// A direct pointing or claiming: `6 in box 6 lies in column 9 (r5c9,r6c9), one place left
/// in box 9`.
fn direct_locked(step: &Step, size: Size) -> Option<String> {
    let [from, into, other] = step.units.as_slice() else { return None };
    let cells = cell_names(step.pattern.iter().map(|&(cell, _)| cell), size);
    Some(format!(
        "{} in {from} lies in {into} ({cells}), one place left in {other}",
        digit_list(step.digits)
    ))
}

/// A unique loop, with its type read from the step: `1,4 in r1c8-r1c1-r2c1-r2c9 (loop of 4,
/// type 3, column 1)`. Type 1 removes the loop's values from its one extra cell; type 4
/// removes one loop value from two loop cells of a house; type 3 clears a house of a naked
/// set; type 2 removes an extra value from cells seeing the extra cells.
fn unique_loop(step: &Step, size: Size) -> Option<String> {
    let in_loop = |cell: usize| step.pattern.iter().any(|&(c, _)| c == cell);
    let on_loop = step.eliminations.iter().all(|&(cell, _)| in_loop(cell));
    let kind = match (on_loop, step.units.first()) {
        (true, None) => "type 1".to_string(),
        (true, Some(house)) => format!("type 4, {house}"),
        (false, Some(house)) => format!("type 3, {house}"),
        (false, None) => "type 2".to_string(),
    };
    let cells = step
        .pattern
        .iter()
        .map(|&(cell, _)| size.name(cell).to_string())
        .collect::<Vec<_>>()
        .join("-");
    let length = step.pattern.len();
    Some(format!("{} in {cells} (loop of {length}, {kind})", digit_list(step.digits)))
}

/// A BUG, with its type read from the step: `8 in r4c9 (type 1)`, the BUG cells with their
/// BUG values.
fn bug(step: &Step, size: Size) -> Option<String> {
    let cells = step
        .pattern
        .iter()
        .map(|&(cell, set)| format!("{}({})", size.name(cell), digit_list(set)))
        .collect::<Vec<_>>()
        .join(",");
    let kind = match (step.extra, step.units.first()) {
        (0, _) => "type 1".to_string(),
        (1, None) => "type 2".to_string(),
        (1, Some(house)) => format!("type 4, {house}"),
        (_, Some(house)) => format!("type 3, {house}"),
        (_, None) => return None,
    };
    Some(format!("BUG cells {cells} ({kind})"))
}

/// An aligned exclusion: the base cells, then the excluders they share: `r9c7,r9c8 excluded
/// by r7c7,r8c9`.
fn aligned(step: &Step, size: Size) -> Option<String> {
    let n = if step.technique == Technique::AlignedPairExclusion { 2 } else { 3 };
    let bases = cell_names(step.pattern.iter().take(n).map(|&(cell, _)| cell), size);
    let excluders = cell_names(step.pattern.iter().skip(n).map(|&(cell, _)| cell), size);
    Some(format!("{bases} excluded by {excluders}"))
}

/// An XY-chain: each cell with the value it would not hold, then the value it then holds:
/// `r1c1(2=7) - r1c5(7=3) - r3c5(3=2)`.
fn xy_chain(step: &Step, size: Size) -> Option<String> {
    if step.technique != Technique::XyChain {
        return None;
    }
    let mut off = step.digits;
    let links: Vec<String> = step
        .pattern
        .iter()
        .map(|&(cell, set)| {
            let on = set & !off;
            let link = format!("{}({}={})", size.name(cell), first_value(off), first_value(on));
            off = on;
            link
        })
        .collect();
    Some(links.join(" - "))
}

/// A forcing net. Contradiction: `r1c1=5 => r2c3=4, r5c3=4: r5c3 and r2c3 both 4 in column 3`. Cell forcing:
/// each alternative and the placements it forces, `r1c1=2 => r3c3=5; r1c1=7 => r2c2=4,
/// r3c3=5`, prefixed by the value and house (`4 in row 1: ...`) for a value's places.
fn forcing(step: &Step, size: Size) -> Option<String> {
    let entry = |&(cell, set): &(usize, u64)| format!("{}={}", size.name(cell), first_value(set));
    match step.technique {
        Technique::ContradictionForcing => {
            let (&assumption, rest) = step.pattern.split_first()?;
            let (chain, reason) = broken_reason(step, size)?;
            let mut text = entry(&assumption);
            let chain: Vec<String> = rest[..chain].iter().map(entry).collect();
            if !chain.is_empty() {
                text.push_str(" => ");
                text.push_str(&chain.join(", "));
            }
            text.push_str(": ");
            text.push_str(&reason);
            Some(text)
        }
        Technique::CellForcing => {
            let &(first, _) = step.pattern.first()?;
            // A branch starts at a place of the value in the house; in a house the size
            // alone does not place (a jigsaw's region, an extra region), at each entry of
            // the value, which a branch that started in the house rarely places again.
            let is_start = |&(cell, set): &(usize, u64)| match step.units.first() {
                None => cell == first,
                Some(&house) => set == step.digits && house_holds(size, house, cell) != Some(false),
            };
            let mut branches: Vec<String> = Vec::new();
            for item in &step.pattern {
                match branches.last_mut() {
                    Some(branch) if !is_start(item) => {
                        let separator = if branch.contains(" => ") { ", " } else { " => " };
                        branch.push_str(separator);
                        branch.push_str(&entry(item));
                    }
                    _ => branches.push(entry(item)),
                }
            }
            let mut text = match step.units.first() {
                Some(unit) => format!("{} in {unit}: ", first_value(step.digits)),
                None => String::new(),
            };
            text.push_str(&branches.join("; "));
            Some(text)
        }
        _ => None,
    }
}

/// How many entries of a contradiction's pattern after the assumption to print as its chain,
/// and the contradiction in words. The pattern may end with a witness entry that was never
/// placed: `(cell, 0)` for a cell left without candidates (not printed), a second value for a
/// cell already placed, or a value a seen cell already holds (both printed, as the single
/// that clashes); without one, the contradiction is a value (the step's digits) with no place
/// in the step's house.
fn broken_reason(step: &Step, size: Size) -> Option<(usize, String)> {
    let pattern = &step.pattern;
    let chain = pattern.len() - 1;
    let name = |cell: usize| size.name(cell).to_string();
    if chain > 0 {
        let (last, set) = pattern[chain];
        let earlier = &pattern[..chain];
        if set == 0 {
            return Some((chain - 1, format!("{} has no candidate left", name(last))));
        }
        if let Some(&(_, held)) = earlier.iter().find(|&&(cell, _)| cell == last) {
            let (a, b) = (first_value(held), first_value(set));
            return Some((chain, format!("{} both {a} and {b}", name(last))));
        }
        // The earlier cell of the value that `last` clashes with: one it sees in a row,
        // column or box, or one of the step's house with it; in a house the size alone does
        // not place, any.
        let clashes = |cell: usize| match step.units.first() {
            Some(&house) => {
                match (house_holds(size, house, cell), house_holds(size, house, last)) {
                    (Some(held), Some(also)) => classic_peers(size, cell, last) || held && also,
                    _ => cell != last,
                }
            }
            None => classic_peers(size, cell, last),
        };
        if let Some(&(other, _)) =
            earlier.iter().find(|&&(cell, held)| held == set && clashes(cell))
        {
            let unit = step.units.first()?;
            let value = first_value(set);
            return Some((
                chain,
                format!("{} and {} both {value} in {unit}", name(last), name(other)),
            ));
        }
    }
    let unit = step.units.first()?;
    Some((chain, format!("no place for {} in {unit}", first_value(step.digits))))
}

/// The pattern of a step of the rules with numbers and lines: the rule as the core names it,
/// then what the step read from it.
///
/// - cage combinations: `killer cage at r1c1 (sum 15): 1+5+9 or 2+4+9 in r1c1,r1c2,r2c1`;
/// - cage pointing: `killer cage at r1c1 (sum 3) needs 1 (1+2), in r1c1,r1c2 (row 1)`;
/// - the rule of 45: `row 1 less killer cage at r1c1 (sum 15), ...: r1c8+r1c9 = 18`;
/// - any other rule, the rule and the relation it sets: `thermometer from r2c3
///   (r2c3<r2c4<r2c5)`, `white dot r1c1-r1c2 (1) (r1c1, r1c2 differ by 1)`.
fn rule_pattern(step: &Step, size: Size) -> Option<String> {
    let usage = step.rule.as_deref()?;
    let names = |cells: &mut dyn Iterator<Item = usize>| cell_names(cells, size);
    let rules =
        || usage.rules.iter().map(|(_, rule)| rule.to_string()).collect::<Vec<_>>().join(", ");
    let combinations = || {
        let listed: Vec<String> = usage
            .combinations
            .iter()
            .map(|&set| digits(set).map(|d| d.to_string()).collect::<Vec<_>>().join("+"))
            .collect();
        if listed.is_empty() { "no combination".to_owned() } else { listed.join(" or ") }
    };
    Some(match step.technique {
        Technique::CageCombinations if usage.rules.len() == 1 && !step.pattern.is_empty() => {
            let cells = names(&mut step.pattern.iter().map(|&(cell, _)| cell));
            if !is_cage_sum(usage) {
                // A cage without a sum (or one too large to list): its digits differ.
                format!("{} ({})", rules(), relation(&usage.rules[0].1, size))
            } else {
                format!("{}: {} in {cells}", rules(), combinations())
            }
        }
        Technique::CagePointing => {
            let places = names(&mut step.pattern.iter().map(|&(cell, _)| cell));
            let house = step.units.first().map(|house| format!(" ({house})")).unwrap_or_default();
            let sets = if usage.combinations.is_empty() {
                String::new()
            } else {
                format!(" ({})", combinations())
            };
            format!("{} needs {}{sets}, in {places}{house}", rules(), digit_list(step.digits))
        }
        Technique::RuleOf45 => {
            let houses = step.units.iter().map(House::to_string).collect::<Vec<_>>().join(", ");
            let less =
                if usage.rules.is_empty() { String::new() } else { format!(" less {}", rules()) };
            let equation = usage.equation.as_ref().map_or_else(String::new, |equation| {
                // Outies alone read as what they add to: `r1c4 = 6`, not `-r1c4 = -6`.
                let flip = equation.terms.iter().all(|&(_, coefficient)| coefficient < 0);
                let sign = if flip { -1 } else { 1 };
                let mut text = String::new();
                for (i, &(cell, coefficient)) in equation.terms.iter().enumerate() {
                    let coefficient = sign * coefficient;
                    match (i, coefficient < 0) {
                        (0, false) => {}
                        (0, true) => text.push('-'),
                        (_, false) => text.push('+'),
                        (_, true) => text.push('-'),
                    }
                    text.push_str(&size.name(cell).to_string());
                }
                format!(": {text} = {}", i64::from(sign) * equation.total)
            });
            format!("{houses}{less}{equation}")
        }
        Technique::RuleContradiction => {
            let &(cell, set) = step.pattern.first()?;
            let houses = step.units.iter().map(House::to_string).collect::<Vec<_>>().join(", ");
            let why = match (step.pattern.get(1), step.units.is_empty(), usage.rules.is_empty()) {
                (Some(&(empty, 0)), _, _) => format!("{} has no digit left", size.name(empty)),
                (Some(&(_, missing)), false, _) => {
                    format!("no place for {} in {houses}", digit_list(missing))
                }
                (None, false, _) => format!("the rule of 45 on {houses} cannot hold"),
                (None, true, false) => format!("{} cannot hold", rules()),
                _ => "no way on".to_owned(),
            };
            format!(
                "{}={} leads, by singles and the rules, to: {why}",
                size.name(cell),
                digit_list(set)
            )
        }
        Technique::NegativeRule => {
            let &(source, set) = step.pattern.first()?;
            format!("{} beside {} ({})", rules(), size.name(source), digit_list(set))
        }
        _ => {
            let parts: Vec<String> = usage
                .rules
                .iter()
                .map(|(_, rule)| match relation(rule, size) {
                    text if text.is_empty() => rule.to_string(),
                    text => format!("{rule} ({text})"),
                })
                .collect();
            parts.join(", ")
        }
    })
}

/// Whether the one rule of `usage` is a killer cage with a sum.
fn is_cage_sum(usage: &crate::step::RuleUse) -> bool {
    matches!(usage.rules.first(), Some((_, Constraint::Killer { sum: Some(_), .. })))
}

/// What a rule says of its cells, in the notation's terms: `r2c3<r2c4<r2c5`, `r1c1+r1c2 = 10`,
/// `r1c1 = r1c2+r1c3`; empty where the rule's name says it all.
fn relation(rule: &Constraint, size: Size) -> String {
    let name = |place: &Spot| place.to_string();
    let joined =
        |places: &[Spot], between: &str| places.iter().map(name).collect::<Vec<_>>().join(between);
    match rule {
        Constraint::Killer { cells, sum: Some(sum) } => format!("{} = {sum}", joined(cells, "+")),
        Constraint::Killer { cells, sum: None } => format!("{} differ", joined(cells, ",")),
        Constraint::LittleKiller { clue, direction, sum } => {
            let cells = diagonal(size, *clue, *direction).unwrap_or_default();
            format!("{} = {sum}", joined(&cells, "+"))
        }
        Constraint::Arrow { circle, lines } => {
            let mut pill = circle.clone();
            pill.sort();
            let number = if pill.len() == 1 {
                name(&pill[0])
            } else {
                pill.iter()
                    .enumerate()
                    .map(|(k, place)| match pill.len() - 1 - k {
                        0 => name(place),
                        power => format!("{}*{}", 10u32.pow(power as u32), name(place)),
                    })
                    .collect::<Vec<_>>()
                    .join("+")
            };
            let sums: Vec<String> = lines.iter().map(|line| joined(line, "+")).collect();
            format!("{number} = {}", sums.join(" = "))
        }
        Constraint::Thermometer { cells } => joined(cells, "<"),
        Constraint::SlowThermometer { cells } => joined(cells, "<="),
        Constraint::Sandwich { clue, sum } => {
            let line = clue_line(size, *clue).unwrap_or_default();
            format!(
                "the digits between 1 and {} along {}..{} add to {sum}",
                size.side(),
                line.first().map(name).unwrap_or_default(),
                line.last().map(name).unwrap_or_default()
            )
        }
        Constraint::XSum { clue, sum } => {
            let line = clue_line(size, *clue).unwrap_or_default();
            let first = line.first().map(name).unwrap_or_default();
            format!("the first {first} digits from {first} add to {sum}")
        }
        Constraint::Skyscraper { clue, count } => {
            let line = clue_line(size, *clue).unwrap_or_default();
            let first = line.first().map(name).unwrap_or_default();
            format!("{count} digits seen from {first}")
        }
        Constraint::Difference { cells: [a, b], value } => {
            format!("{a} and {b} differ by {value}")
        }
        Constraint::Ratio { cells: [a, b], value } => {
            format!("one of {a}, {b} is {value} times the other")
        }
        Constraint::Xv { cells: [a, b], sum } => format!("{a}+{b} = {sum}"),
        Constraint::Odd { .. }
        | Constraint::Even { .. }
        | Constraint::Nonconsecutive
        | Constraint::NegativeRatio
        | Constraint::NegativeXv => String::new(),
        Constraint::Minimum { cell } | Constraint::Maximum { cell } => {
            let beside = rule.places(size);
            let word = if matches!(rule, Constraint::Minimum { .. }) { "below" } else { "above" };
            format!("{cell} {word} {}", joined(&beside[1..], ","))
        }
        Constraint::Palindrome { cells } => {
            let n = cells.len();
            (0..n / 2)
                .map(|i| format!("{}={}", cells[i], cells[n - 1 - i]))
                .collect::<Vec<_>>()
                .join(", ")
        }
        Constraint::Renban { cells } => {
            format!("{} a run of consecutive digits", joined(cells, ","))
        }
        Constraint::Whispers { cells, gap } => {
            let gap = gap.unwrap_or_else(|| whispers_gap(size.side()));
            format!("neighbours along {} differ by {gap} or more", joined(cells, "-"))
        }
        Constraint::Between { cells } => match cells.as_slice() {
            [first, inside @ .., last] if !inside.is_empty() => {
                format!("{} between {first} and {last}", joined(inside, ","))
            }
            _ => String::new(),
        },
        Constraint::RegionSum { cells } => {
            format!("the parts of {} in each region add alike", joined(cells, "-"))
        }
        Constraint::Entropic { cells } => {
            format!("a low, a middle and a high digit in every three along {}", joined(cells, "-"))
        }
        Constraint::Zipper { cells } => {
            // `r1c1+r1c5 = r1c2+r1c4 = r1c3`: the pairs from the ends in, then the middle cell.
            let n = cells.len();
            let mut sums: Vec<String> =
                (0..n / 2).map(|i| format!("{}+{}", cells[i], cells[n - 1 - i])).collect();
            if n % 2 == 1 {
                sums.push(name(&cells[n / 2]));
            }
            sums.join(" = ")
        }
        Constraint::Quadruple { cells, values } => {
            let listed: Vec<String> = values.iter().map(u8::to_string).collect();
            format!("{} among {}", listed.join(","), joined(cells, ","))
        }
        Constraint::Clone { cells, clones } => {
            cells.iter().zip(clones).map(|(a, b)| format!("{a}={b}")).collect::<Vec<_>>().join(", ")
        }
        Constraint::Indexer { cells, .. } => joined(cells, ","),
    }
}

/// Whether `cell` lies in `house`, for the houses the size alone places: rows, columns, boxes
/// and the houses of a rule (a diagonal, a window, a disjoint group), read from the core's
/// layout of that rule. `None` for a jigsaw's regions and extra regions, whose cells only the
/// grid's own layout holds (a step's text is written from the size alone).
fn house_holds(size: Size, house: House, cell: usize) -> Option<bool> {
    match house {
        House::Row(row) => Some(size.row_of(cell) == row),
        House::Column(col) => Some(size.col_of(cell) == col),
        House::Box(index) => Some(size.box_of(cell) == index),
        House::Rule(rule, _) => {
            let layout = Layout::new(size, None, &[rule], &[], None).ok()?;
            let (_, cells) = layout.houses().iter().find(|(named, _)| *named == house)?;
            Some(cells.iter().any(|&member| usize::from(member) == cell))
        }
        House::Region(_) | House::Extra(_) | House::Constraint(..) => None,
    }
}

/// Whether two different cells share a row, a column or a box of `size`.
fn classic_peers(size: Size, a: usize, b: usize) -> bool {
    a != b
        && (size.row_of(a) == size.row_of(b)
            || size.col_of(a) == size.col_of(b)
            || size.box_of(a) == size.box_of(b))
}

/// The smallest value of a candidate set.
fn first_value(set: u64) -> u8 {
    set.trailing_zeros() as u8 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn a_chain_of_several_branches_writes_each_and_the_difficulty_with_its_length() {
        let mut step = Step::new(Technique::CellForcingChains);
        step.extra = 3;
        step.eliminations = vec![(60, 1)];
        step.links = vec![
            vec![(61, 1, true), (60, 1, false)],
            vec![(61, 8, true), (59, 8, false), (59, 1, true), (60, 1, false)],
        ];
        let lines = step.describe_lines(Size::NINE);
        assert_eq!(
            lines,
            [
                "Cell Forcing Chains (8.3 = 8.0 + 0.3 for length): 2 branches => r7c7<>1",
                "  r7c8=1 -> r7c7<>1",
                "  r7c8=8 -> r7c6<>8 -> r7c6=1 -> r7c7<>1",
            ]
        );
        assert_eq!(
            step.describe(Size::NINE),
            "Cell Forcing Chains (8.3 = 8.0 + 0.3 for length): r7c8=1 -> r7c7<>1 | r7c8=8 -> \
             r7c6<>8 -> r7c6=1 -> r7c7<>1 => r7c7<>1"
        );
        // Without a length term, the difficulty alone.
        step.extra = 0;
        assert!(step.describe(Size::NINE).starts_with("Cell Forcing Chains (8.0): r7c8=1 -> "));
    }

    #[test]
    fn eliminations_are_grouped_by_value_in_the_description() {
        let mut step = Step::new(Technique::NakedPair);
        step.digits = 0b110;
        step.pattern = vec![(0, 0b110), (4, 0b110)];
        step.units = vec![House::Row(0)];
        step.eliminations = vec![(2, 2), (1, 2), (2, 3), (7, 3), (7, 2), (1, 3)];
        assert_eq!(
            step.describe(Size::NINE),
            "Naked Pair: 2,3 in r1c1,r1c5 (row 1) => r1c2,r1c3,r1c8<>2,3"
        );
        step.eliminations = vec![(2, 2), (1, 2), (2, 3)];
        assert_eq!(
            step.describe(Size::NINE),
            "Naked Pair: 2,3 in r1c1,r1c5 (row 1) => r1c2,r1c3<>2, r1c3<>3"
        );
    }

    #[test]
    fn a_layouts_houses_are_named_as_the_core_names_them() {
        use sudoku_core::Rule;
        // A hidden single in an extra region: the label takes the house's kind, not "box".
        let mut single = Step::new(Technique::HiddenSingleBox);
        single.digits = 1 << 3;
        single.units = vec![House::Extra(0)];
        single.placements = vec![(8, 4)];
        assert_eq!(single.label(), "Hidden Single (extra region)");
        assert_eq!(
            single.describe(Size::NINE),
            "Hidden Single (extra region): 4 in extra region 1 => r1c9=4"
        );
        single.units = vec![House::Box(2)];
        assert_eq!(single.describe(Size::NINE), "Hidden Single (box): 4 in box 3 => r1c9=4");
        // A value of a diagonal locked in a box.
        let mut pointing = Step::new(Technique::Pointing);
        pointing.digits = 1 << 8;
        pointing.units = vec![House::Rule(Rule::Diagonals, 0), House::Box(8)];
        pointing.pattern = vec![(60, 1 << 8), (80, 1 << 8)];
        pointing.eliminations = vec![(61, 9)];
        assert_eq!(
            pointing.describe(Size::NINE),
            "Pointing: 9 in diagonal 1 lies in box 9 (r7c7,r9c9) => r7c8<>9"
        );
        // Two cells of a window given one value: the earlier of them that clashes, as the
        // size alone does not place a window's cells.
        let mut clash = Step::new(Technique::ContradictionForcing);
        clash.digits = 1 << 3;
        clash.units = vec![House::Rule(Rule::Windoku, 0)];
        clash.pattern = vec![(0, 1 << 4), (10, 1 << 3), (30, 1 << 3)];
        clash.eliminations = vec![(0, 5)];
        assert_eq!(
            clash.describe(Size::NINE),
            "Contradiction Forcing Chain: r1c1=5 => r2c2=4, r4c4=4: r4c4 and r2c2 both 4 in \
             window 1 => r1c1<>5"
        );
    }
}
