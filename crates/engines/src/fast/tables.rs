//! Lookup tables of the band representation, computed at compile time.
//!
//! A *band* is three rows; for one digit its candidates are a 27-bit word, bit `9r + c` for row
//! `r` (0..3) of the band and column `c` (0..9). A *minirow* is the three cells of one row inside
//! one box; a band has nine, numbered `3r + k` for row `r` and box `k` of the band.

/// Bit `k` set when the 9-bit row `x` has a candidate in box `k` (columns `3k..3k+3`).
pub const BOXES_OF_ROW: [u8; 512] = {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                table[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    table
};

/// For a 3×3 occupancy `o` (bit `3i + j` set when row `i` may use column `j`), the union of the
/// permutation matrices inside `o`: exactly the entries that some one-per-row, one-per-column
/// choice uses. Zero when no such choice exists.
pub const PERMUTATION_UNION: [u16; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut table = [0u16; 512];
    let mut o: usize = 0;
    while o < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let matrix: u16 = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if o as u16 & matrix == matrix {
                table[o] |= matrix;
            }
            p += 1;
        }
        o += 1;
    }
    table
};

/// For a band's minirow occupancy (bit `3r + k` for row `r`, box `k`), the cells of the
/// minirows that some placement of the digit can still use: one minirow per row and per box
/// (the band-local rule for one digit). Zero when the digit cannot be placed in the band.
pub const BAND_KEEP: [u32; 512] = {
    let mut table = [0; 512];
    let mut o = 0;
    while o < 512 {
        let feasible = PERMUTATION_UNION[o];
        let mut minirow = 0;
        while minirow < 9 {
            if feasible & (1 << minirow) != 0 {
                let (row, box_index) = (minirow / 3, minirow % 3);
                table[o] |= 0b111 << (9 * row + 3 * box_index);
            }
            minirow += 1;
        }
        o += 1;
    }
    table
};

/// For a band's 9-bit column set, the columns that are the only column of their box: the digit
/// must go in that column within the band, so no other band may hold it there.
pub const LOCKED_COLUMNS: [u16; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut stack = 0;
        while stack < 3 {
            let group = (columns >> (3 * stack)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                table[columns] |= (group << (3 * stack)) as u16;
            }
            stack += 1;
        }
        columns += 1;
    }
    table
};

/// For each 8-bit set, eight bytes (little-endian) that are 1 where the set has its bit and 0
/// elsewhere: byte `i` is bit `i`. It turns eight cells' bits into eight cells' bytes at once.
pub const BYTES_OF_BITS: [u64; 256] = {
    let mut table = [0; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            table[bits] |= ((bits as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        bits += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_union_of_full_and_forced_occupancies() {
        assert_eq!(PERMUTATION_UNION[0o777], 0o777);
        // Row 0 can only use column 0: the others cannot use column 0.
        assert_eq!(PERMUTATION_UNION[0o771], 0o661);
        // Two rows confined to the same single column: impossible.
        assert_eq!(PERMUTATION_UNION[0o711], 0);
    }

    #[test]
    fn band_keep_expands_minirows_to_cells() {
        // Row 0 only in box 1, the others anywhere: box 1 is taken by row 0.
        let occupancy = 0o552;
        assert_eq!(BAND_KEEP[occupancy], 0o707_707_070);
        assert_eq!(BOXES_OF_ROW[0b000_100_000], 0b010);
    }

    #[test]
    fn bytes_of_bits_puts_bit_i_in_byte_i() {
        assert_eq!(BYTES_OF_BITS[0], 0);
        assert_eq!(BYTES_OF_BITS[0b1000_0101], 0x0100_0000_0001_0001);
        assert_eq!(BYTES_OF_BITS[0xFF], 0x0101_0101_0101_0101);
    }
}
