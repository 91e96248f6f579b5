//! "Make one like this": a new puzzle of the loaded one's band and clue symmetry (or those
//! chosen on the page), made by the generator's own search, as `sudoku generate --rating BAND
//! --symmetry SYMMETRY` makes puzzle `seed` (one puzzle number, on the page's one thread).

use serde::Serialize;
use sudoku_core::Grid;
use sudoku_generate::{ClueSymmetry, RatingTarget, Targets};
use sudoku_logic::Band;

use crate::puzzle::read;

/// Candidates the page's search may judge: a few seconds at 9×9 in the browser for the
/// forcing-chain band, and the page's worker keeps it off the page's thread.
pub const PAGE_ATTEMPTS: u64 = 600;

/// The puzzle made, and what it is.
#[derive(Serialize, Debug)]
pub struct Made {
    /// One line, `.` for a blank.
    pub puzzle: String,
    /// Its rating on the size's scale (Sudoku Explainer's at 9×9).
    pub difficulty: f64,
    /// Its band, as `sudoku rate` names it.
    pub band: &'static str,
    /// Its hardest technique, if any step was taken.
    pub hardest: Option<&'static str>,
    /// Its clue symmetry, by name.
    pub symmetry: &'static str,
    /// Its clue count.
    pub clues: usize,
    /// The candidates judged to find it.
    pub attempts: u64,
}

/// The most symmetric of the clue symmetries that `grid`'s clue places keep (`none` if none).
pub fn symmetry_of(grid: &Grid) -> ClueSymmetry {
    let mask: Vec<bool> = grid.cells().iter().map(|&value| value != 0).collect();
    let kept = |symmetry: &ClueSymmetry| symmetry.keeps(grid.size(), &mask);
    // The groups with most symmetries first, so that a puzzle with all eight reads as `full`.
    [
        ClueSymmetry::Full,
        ClueSymmetry::Rot90,
        ClueSymmetry::Sticks,
        ClueSymmetry::Diagonals,
        ClueSymmetry::Rot180,
        ClueSymmetry::Diagonal,
        ClueSymmetry::AntiDiagonal,
        ClueSymmetry::Mirror,
        ClueSymmetry::Flip,
    ]
    .into_iter()
    .find(kept)
    .unwrap_or(ClueSymmetry::None)
}

/// A puzzle like the first of `text`: of band `band` (`""` for the puzzle's own) and symmetry
/// `symmetry` (`""` for the puzzle's own), puzzle number `seed` of the generator's seed 0.
pub fn like(text: &str, band: &str, symmetry: &str, seed: u64) -> Result<Made, String> {
    let puzzle = read(text)?.grid;
    let size = puzzle.size();
    if size.side() > 9 {
        return Err(format!(
            "the page makes puzzles up to 9×9 (a {size} one takes seconds to hours); `sudoku \
             generate --size {}` makes them",
            size.side()
        ));
    }
    let mut engine = sudoku_engines::default_engine_for(size).create();
    let band = match band {
        "" => {
            let rated = sudoku_generate::rate(&puzzle, engine.as_mut());
            rated.band().ok_or("the puzzle's solutions could not be counted, so it has no band")?
        }
        name => match RatingTarget::parse(name).map_err(|refusal| refusal.to_string())? {
            RatingTarget::Band(band) => band,
            RatingTarget::Range { .. } => return Err(format!("rating: '{name}' is not a band")),
        },
    };
    let symmetry = match symmetry {
        "" => symmetry_of(&puzzle),
        name => ClueSymmetry::parse(name).map_err(|refusal| refusal.to_string())?,
    };
    let targets = Targets {
        symmetry,
        rating: Some(RatingTarget::Band(band)),
        attempts: PAGE_ATTEMPTS,
        ..Targets::default()
    };
    targets.check(size).map_err(|refusal| refusal.to_string())?;
    let made = sudoku_generate::make_one(0, seed, size, &targets, engine.as_mut())
        .map_err(|failure| failure.to_string())?;
    let Some(grid) = made.puzzle else {
        return Err(format!(
            "no {band} puzzle with {} symmetry within {PAGE_ATTEMPTS} attempts: try again for \
             another, or `sudoku generate --rating {band} --symmetry {}` with more",
            symmetry.name(),
            symmetry.name()
        ));
    };
    let rated = match made.rated {
        Some(rated) => rated,
        None => sudoku_generate::rate(&grid, engine.as_mut()),
    };
    Ok(Made {
        puzzle: grid.to_line(),
        difficulty: rated.er,
        band: rated.band().unwrap_or(Band::Guessing).name(),
        hardest: rated.hardest().map(|technique| technique.name()),
        symmetry: symmetry.name(),
        clues: grid.clue_count(),
        attempts: made.attempts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Size;

    const ROT180: &str =
        "1....3.9........1.76..9...2....2.5...376.192...6.7....6...1..45.4........9.5....6";

    #[test]
    fn a_puzzle_like_this_has_its_band_and_symmetry() {
        let made = like(ROT180, "", "", 3).unwrap();
        assert_eq!(made.symmetry, "rot180");
        let given = sudoku_generate::rate(
            &read(ROT180).unwrap().grid,
            sudoku_engines::default_engine_for(Size::NINE).create().as_mut(),
        );
        assert_eq!(made.band, given.band().unwrap().name());
        let grid = read(&made.puzzle).unwrap().grid;
        assert_eq!(symmetry_of(&grid).name(), "rot180", "{}", made.puzzle);
        assert_ne!(made.puzzle, ROT180);
        // Chosen on the page instead.
        let chosen = like(ROT180, "2-basic", "diagonal", 1).unwrap();
        assert_eq!((chosen.band, chosen.symmetry), ("2-basic", "diagonal"));
    }

    #[test]
    fn unknown_choices_are_refused_in_one_line() {
        assert!(like(ROT180, "hardish", "", 0).unwrap_err().starts_with("--rating"));
        assert!(like(ROT180, "", "spiral", 0).unwrap_err().starts_with("--symmetry"));
        assert!(like(ROT180, "7..8", "", 0).unwrap_err().contains("not a band"));
    }
}
