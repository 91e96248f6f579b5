//! The few kernels of `fast` written per instruction set.
//!
//! Everything else in the engine is plain Rust, compiled once per path. These are the spots
//! where the compiler's own vectorization proved fragile or slow: the writes to one row of the
//! state that run on every band update, the comparison that finds the lanes a write changed,
//! the count of a band's candidates a cell that finds naked singles, the test of a cell's
//! digits, and the sorting of the clues by value. The defaults are plain Rust (vectorized or not, as the compiler sees fit);
//! the paths that have vector instructions for them spell them out with `std::arch`.

/// An instruction set the search can run on. A value of the type is the proof that the
/// processor supports it, so the kernels may use its instructions.
pub(super) trait Isa: Copy {
    /// Bit `l` set where lane `l` of `a` and `b` differ.
    #[inline(always)]
    fn differ(self, a: &[u32; 16], b: &[u32; 16]) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps,
            };
            let mut equal = 0;
            for chunk in 0..4 {
                // SAFETY: `4 * chunk + 4 <= 16`, so each load reads 16 bytes inside the arrays;
                // SSE2 is part of the x86-64 baseline.
                let lanes = unsafe {
                    let a = _mm_loadu_si128(a.as_ptr().add(4 * chunk).cast::<__m128i>());
                    let b = _mm_loadu_si128(b.as_ptr().add(4 * chunk).cast::<__m128i>());
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))
                };
                equal |= (lanes as u32) << (4 * chunk);
            }
            !equal & 0xFFFF
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut mask = 0;
            for lane in 0..16 {
                mask |= u32::from(a[lane] != b[lane]) << lane;
            }
            mask
        }
    }

    /// Lane `own` of `row` becomes `word`, every other lane loses the bits of `clear`. Returns
    /// the other lanes that changed (bit `l` for lane `l`).
    #[inline(always)]
    fn narrow_row(self, row: &mut [u32; 16], own: usize, word: u32, clear: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of the x86-64 baseline; each load and store covers the 16 bytes
        // at `4 * chunk` (`4 * 3 + 4 <= 16`) inside `row`.
        unsafe {
            use std::arch::x86_64::{
                __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
                _mm_loadu_si128, _mm_movemask_ps, _mm_or_si128, _mm_set1_epi32, _mm_storeu_si128,
            };
            let own_lane = _mm_set1_epi32(own as i32);
            let (word, clear) = (_mm_set1_epi32(word as i32), _mm_set1_epi32(clear as i32));
            let mut unchanged = 0;
            for chunk in 0..4 {
                let at = row.as_mut_ptr().add(4 * chunk).cast::<__m128i>();
                let is_own = _mm_cmpeq_epi32(lane_numbers_128(chunk), own_lane);
                let old = _mm_loadu_si128(at);
                let cleared = _mm_andnot_si128(clear, old);
                let new =
                    _mm_or_si128(_mm_and_si128(is_own, word), _mm_andnot_si128(is_own, cleared));
                _mm_storeu_si128(at, new);
                let same = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(old, new)));
                unchanged |= (same as u32) << (4 * chunk);
            }
            !unchanged & 0xFFFF & !(1 << own)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let old = *row;
            for (lane, entry) in row.iter_mut().enumerate() {
                *entry = if lane == own { word } else { *entry & !clear };
            }
            self.differ(&old, row) & !(1 << own)
        }
    }

    /// Lane `lane` of `row` loses the bits of `clear`; returns whether it had any.
    #[inline(always)]
    fn clear_lane(self, row: &mut [u32; 16], lane: usize, clear: u32) -> bool {
        let had = row[lane] & clear != 0;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: as in `narrow_row`.
        unsafe {
            use std::arch::x86_64::{
                __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_loadu_si128,
                _mm_set1_epi32, _mm_storeu_si128,
            };
            let (target, clear) = (_mm_set1_epi32(lane as i32), _mm_set1_epi32(clear as i32));
            for chunk in 0..4 {
                let at = row.as_mut_ptr().add(4 * chunk).cast::<__m128i>();
                let mask = _mm_and_si128(_mm_cmpeq_epi32(lane_numbers_128(chunk), target), clear);
                _mm_storeu_si128(at, _mm_andnot_si128(mask, _mm_loadu_si128(at)));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        for (index, entry) in row.iter_mut().enumerate() {
            *entry &= if index == lane { !clear } else { !0 };
        }
        had
    }

    /// For each band, the cells holding each value, in the lanes of the band's state row: lane
    /// `v - 1` holds the cells of value `v` (1..=9), lane [`EMPTY_LANE`] the empty cells, the
    /// other lanes nothing (bit `p` of `masks[b][l]` for cell `27b + p`).
    #[inline(always)]
    fn cells_by_value(self, cells: &[u8; 81]) -> [[u32; 16]; 3] {
        let mut by_value = [[0u32; 16]; 3];
        for (band, band_cells) in cells.chunks_exact(27).enumerate() {
            for (position, &value) in band_cells.iter().enumerate() {
                by_value[band][lane_of_value(value)] |= 1 << position;
            }
        }
        by_value
    }

    /// The lanes 0..9 of `row` that hold any bit of `cells` (bit `l` for lane `l`).
    #[inline(always)]
    fn lanes_holding(self, row: &[u32; 16], cells: u32) -> u16 {
        // Without a branch per lane: which digits a cell holds is as good as random.
        let mut lanes = 0;
        for (lane, &word) in row[..9].iter().enumerate() {
            lanes |= u16::from(word & cells != 0) << lane;
        }
        lanes
    }

    /// The cells with at least one, two and three candidates among the nine digits' words of
    /// `row` (lanes 0..9; the others are ignored).
    #[inline(always)]
    fn candidate_counts(self, row: &[u32; 16]) -> [u32; 3] {
        // Bit-sliced counters, saturating at three.
        let (mut one, mut two, mut three) = (0, 0, 0);
        for &cells in &row[..9] {
            three |= two & cells;
            two |= one & cells;
            one |= cells;
        }
        [one, two, three]
    }

    /// The minirow occupancy of a band word: bit `3r + k` set when row `r` has a cell in box `k`.
    #[inline(always)]
    fn occupancy(self, cells: u32) -> usize {
        use super::tables::BOXES_OF_ROW;
        usize::from(BOXES_OF_ROW[(cells & 0x1FF) as usize])
            | usize::from(BOXES_OF_ROW[((cells >> 9) & 0x1FF) as usize]) << 3
            | usize::from(BOXES_OF_ROW[((cells >> 18) & 0x1FF) as usize]) << 6
    }
}

/// The lane of [`Isa::cells_by_value`] that holds the empty cells: one the digits leave free.
pub(super) const EMPTY_LANE: usize = 15;

/// The lane of [`Isa::cells_by_value`] for cells of `value` (0 for empty, else 1..=9).
#[inline(always)]
fn lane_of_value(value: u8) -> usize {
    (usize::from(value) + EMPTY_LANE) % 16
}

/// Each lane's own number, 0..16: compared with a lane number, it picks out that lane.
#[cfg(target_arch = "x86_64")]
static LANE_NUMBERS: [i32; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/// The numbers of lanes `4 * chunk..4 * chunk + 4`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn lane_numbers_128(chunk: usize) -> std::arch::x86_64::__m128i {
    // SAFETY: SSE2 is part of the x86-64 baseline; the slice (which panics unless
    // `chunk < 4`) holds the 16 bytes read.
    unsafe { std::arch::x86_64::_mm_loadu_si128(LANE_NUMBERS[4 * chunk..][..4].as_ptr().cast()) }
}

/// The baseline: SSE2 on x86-64 (part of every x86-64 processor), plain Rust elsewhere.
#[derive(Clone, Copy)]
pub(super) struct Baseline;

impl Isa for Baseline {}

/// AVX2 with BMI1, BMI2, LZCNT and POPCNT; `PEXT` says whether to use `pext`, which AMD
/// processors before Zen 3 implement in microcode, dozens of times slower than the table
/// lookup it replaces.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx2<const PEXT: bool>(());

/// Whether this processor has the features of [`Avx2`].
///
/// Always false under Miri, which interprets only some of the vector intrinsics and cannot run
/// the `cpuid` of [`has_fast_pext`]: without this, features enabled at compile time (say by
/// `-C target-cpu=native`) would count as detected. Every other path needs this one's
/// features, so no token is made and the search runs on the portable path.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_avx2() -> bool {
    !cfg!(miri)
        && is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
}

#[cfg(target_arch = "x86_64")]
impl<const PEXT: bool> Avx2<PEXT> {
    /// The proof of support, if this processor has the features (and, for `PEXT`, a fast
    /// `pext`).
    pub fn detect() -> Option<Self> {
        (has_avx2() && (!PEXT || has_fast_pext())).then_some(Avx2(()))
    }

    /// The numbers of lanes `8 * half..8 * half + 8` (see `LANE_NUMBERS`).
    #[inline(always)]
    fn lane_numbers(self, half: usize) -> std::arch::x86_64::__m256i {
        // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the slice (which panics
        // unless `half < 2`) holds the 32 bytes read.
        unsafe {
            std::arch::x86_64::_mm256_loadu_si256(LANE_NUMBERS[8 * half..][..8].as_ptr().cast())
        }
    }
}

/// Intel processors with BMI2 run `pext` in one cycle, and so do AMD's from Zen 3 (family 19h)
/// on; for anything else the table is the safe choice.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    // SAFETY: every x86-64 processor has CPUID, and leaves 0 and 1 always exist. (Newer Rust
    // declares `__cpuid` safe; the block keeps the oldest supported compiler building.)
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let vendor_bytes =
        [vendor.ebx.to_le_bytes(), vendor.edx.to_le_bytes(), vendor.ecx.to_le_bytes()];
    let vendor_name = vendor_bytes.concat();
    let base_family = (signature >> 8) & 0xF;
    let family =
        if base_family == 0xF { base_family + ((signature >> 20) & 0xFF) } else { base_family };
    match &vendor_name[..] {
        b"GenuineIntel" => true,
        b"AuthenticAMD" => family >= 0x19,
        _ => false,
    }
}

#[cfg(target_arch = "x86_64")]
impl<const PEXT: bool> Isa for Avx2<PEXT> {
    #[inline(always)]
    fn narrow_row(self, row: &mut [u32; 16], own: usize, word: u32, clear: u32) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_andnot_si256, _mm256_blendv_epi8, _mm256_castsi256_ps,
            _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_set1_epi32,
            _mm256_storeu_si256,
        };
        // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the loads and stores cover
        // the two 32-byte halves of `row`.
        unsafe {
            let at = row.as_mut_ptr().cast::<__m256i>();
            let own_lane = _mm256_set1_epi32(own as i32);
            let (word, clear) = (_mm256_set1_epi32(word as i32), _mm256_set1_epi32(clear as i32));
            let mut unchanged = 0;
            for half in 0..2 {
                let is_own = _mm256_cmpeq_epi32(self.lane_numbers(half), own_lane);
                let old = _mm256_loadu_si256(at.add(half));
                let new = _mm256_blendv_epi8(_mm256_andnot_si256(clear, old), word, is_own);
                _mm256_storeu_si256(at.add(half), new);
                let same = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(old, new)));
                unchanged |= (same as u32) << (8 * half);
            }
            !unchanged & 0xFFFF & !(1 << own)
        }
    }

    #[inline(always)]
    fn clear_lane(self, row: &mut [u32; 16], lane: usize, clear: u32) -> bool {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_set1_epi32, _mm256_storeu_si256,
        };
        let had = row[lane] & clear != 0;
        // SAFETY: as in `narrow_row`.
        unsafe {
            let at = row.as_mut_ptr().cast::<__m256i>();
            let target = _mm256_set1_epi32(lane as i32);
            let clear = _mm256_set1_epi32(clear as i32);
            for half in 0..2 {
                let mask =
                    _mm256_and_si256(_mm256_cmpeq_epi32(self.lane_numbers(half), target), clear);
                let old = _mm256_loadu_si256(at.add(half));
                _mm256_storeu_si256(at.add(half), _mm256_andnot_si256(mask, old));
            }
        }
        had
    }

    #[inline(always)]
    fn cells_by_value(self, cells: &[u8; 81]) -> [[u32; 16]; 3] {
        use std::arch::x86_64::{
            __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
        };
        // Padded so that each band's 27 bytes can be read as one 32-byte vector.
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(cells);
        let mut by_value = [[0u32; 16]; 3];
        for (band, masks) in by_value.iter_mut().enumerate() {
            // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the load reads bytes
            // `27 * band .. 27 * band + 32`, inside the 96 of `padded`.
            let bytes =
                unsafe { _mm256_loadu_si256(padded.as_ptr().add(27 * band).cast::<__m256i>()) };
            for value in 0..10 {
                // SAFETY: as above; AVX2 only.
                let matches = unsafe {
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(value as i8)))
                };
                masks[lane_of_value(value)] = matches as u32 & ((1 << 27) - 1);
            }
        }
        by_value
    }

    #[inline(always)]
    fn lanes_holding(self, row: &[u32; 16], cells: u32) -> u16 {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_movemask_ps, _mm256_set1_epi32, _mm256_setzero_si256,
        };
        // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the load reads lanes 0..8.
        let empty = unsafe {
            let low = _mm256_loadu_si256(row.as_ptr().cast::<__m256i>());
            let held = _mm256_and_si256(low, _mm256_set1_epi32(cells as i32));
            let empty = _mm256_cmpeq_epi32(held, _mm256_setzero_si256());
            _mm256_movemask_ps(_mm256_castsi256_ps(empty)) as u16
        };
        !empty & 0xFF | u16::from(row[8] & cells != 0) << 8
    }

    #[inline(always)]
    fn candidate_counts(self, row: &[u32; 16]) -> [u32; 3] {
        use std::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cvtsi32_si128, _mm_cvtsi128_si32, _mm_or_si128,
            _mm_shuffle_epi32, _mm256_and_si256, _mm256_castsi256_si128, _mm256_extracti128_si256,
            _mm256_loadu_si256, _mm256_or_si256, _mm256_zextsi128_si256,
        };
        /// Counters of two sets of lanes merged: at least one in either, at least two in
        /// either or one in each, at least three likewise.
        #[inline(always)]
        fn merge(a: [__m128i; 3], b: [__m128i; 3]) -> [__m128i; 3] {
            let [one_a, two_a, three_a] = a;
            let [one_b, two_b, three_b] = b;
            // SAFETY: SSE2 is part of the x86-64 baseline.
            unsafe {
                let three = _mm_or_si128(
                    _mm_or_si128(three_a, three_b),
                    _mm_or_si128(_mm_and_si128(two_a, one_b), _mm_and_si128(one_a, two_b)),
                );
                let two = _mm_or_si128(_mm_or_si128(two_a, two_b), _mm_and_si128(one_a, one_b));
                [_mm_or_si128(one_a, one_b), two, three]
            }
        }
        // The counters as a tree over the lanes: lane 8 joins lanes 0..8 lane by lane, then the
        // halves of the eight, then of the four, then of the two. Eleven steps of vector
        // operations instead of the nine dependent rounds of the plain loop.
        // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the load reads lanes 0..8.
        unsafe {
            let low = _mm256_loadu_si256(row.as_ptr().cast());
            let eighth = _mm256_zextsi128_si256(_mm_cvtsi32_si128(row[8] as i32));
            let one = _mm256_or_si256(low, eighth);
            let two = _mm256_and_si256(low, eighth);
            let zero = _mm_cvtsi32_si128(0);
            let half = |x| (_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
            let ((one_a, one_b), (two_a, two_b)) = (half(one), half(two));
            let four = merge([one_a, two_a, zero], [one_b, two_b, zero]);
            let two_lanes = merge(four, four.map(|x| _mm_shuffle_epi32::<0b01_00_11_10>(x)));
            let one_lane =
                merge(two_lanes, two_lanes.map(|x| _mm_shuffle_epi32::<0b10_11_00_01>(x)));
            one_lane.map(|counter| _mm_cvtsi128_si32(counter) as u32)
        }
    }

    #[inline(always)]
    fn occupancy(self, cells: u32) -> usize {
        if !PEXT {
            return Baseline.occupancy(cells);
        }
        // Bit 3j of `any` is set when minirow j holds a cell; `pext` packs those nine bits.
        let any = cells | cells >> 1 | cells >> 2;
        // SAFETY: `self` exists only if `Avx2::detect` found BMI2.
        unsafe { std::arch::x86_64::_pext_u32(any, 0o111_111_111) as usize }
    }
}

/// AVX-512 (F, BW, VL) on top of everything [`Avx2`] has, with a fast `pext`: a row of sixteen
/// lanes is one register, and a comparison gives its lane mask directly.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx512(());

#[cfg(target_arch = "x86_64")]
impl Avx512 {
    /// The proof of support, if this processor has the features and a fast `pext`.
    pub fn detect() -> Option<Self> {
        (has_avx512() && has_fast_pext()).then_some(Avx512(()))
    }

    /// The AVX2 kernels, which this processor runs too.
    fn avx2(self) -> Avx2<true> {
        Avx2(())
    }
}

/// Whether this processor has the features of [`Avx512`] (leaving `pext` aside).
#[cfg(target_arch = "x86_64")]
pub(super) fn has_avx512() -> bool {
    has_avx2()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
}

#[cfg(target_arch = "x86_64")]
impl Isa for Avx512 {
    #[inline(always)]
    fn differ(self, a: &[u32; 16], b: &[u32; 16]) -> u32 {
        use std::arch::x86_64::{_mm512_cmpneq_epi32_mask, _mm512_loadu_si512};
        // SAFETY: `self` exists only if `Avx512::detect` found AVX-512F; each load reads the 64
        // bytes of one array.
        unsafe {
            let a = _mm512_loadu_si512(a.as_ptr().cast());
            let b = _mm512_loadu_si512(b.as_ptr().cast());
            u32::from(_mm512_cmpneq_epi32_mask(a, b))
        }
    }

    #[inline(always)]
    fn narrow_row(self, row: &mut [u32; 16], own: usize, word: u32, clear: u32) -> u32 {
        use std::arch::x86_64::{
            _mm512_andnot_si512, _mm512_loadu_si512, _mm512_mask_set1_epi32, _mm512_set1_epi32,
            _mm512_storeu_si512, _mm512_test_epi32_mask,
        };
        // SAFETY: `self` exists only if `Avx512::detect` found AVX-512F; the load and the store
        // cover the 64 bytes of `row`.
        unsafe {
            let old = _mm512_loadu_si512(row.as_ptr().cast());
            let clear = _mm512_set1_epi32(clear as i32);
            let cleared = _mm512_andnot_si512(clear, old);
            let new = _mm512_mask_set1_epi32(cleared, 1 << own, word as i32);
            _mm512_storeu_si512(row.as_mut_ptr().cast(), new);
            // The other lanes that change are those holding a bit of `clear`.
            u32::from(_mm512_test_epi32_mask(old, clear)) & !(1 << own)
        }
    }

    #[inline(always)]
    fn clear_lane(self, row: &mut [u32; 16], lane: usize, clear: u32) -> bool {
        use std::arch::x86_64::{
            _mm512_loadu_si512, _mm512_mask_andnot_epi32, _mm512_set1_epi32, _mm512_storeu_si512,
        };
        // Read from the lane itself: a scalar test is quicker to a result than a vector one.
        let had = row[lane] & clear != 0;
        // SAFETY: as in `narrow_row`.
        unsafe {
            let old = _mm512_loadu_si512(row.as_ptr().cast());
            let clear = _mm512_set1_epi32(clear as i32);
            let new = _mm512_mask_andnot_epi32(old, 1 << lane, clear, old);
            _mm512_storeu_si512(row.as_mut_ptr().cast(), new);
        }
        had
    }

    #[inline(always)]
    fn cells_by_value(self, cells: &[u8; 81]) -> [[u32; 16]; 3] {
        self.avx2().cells_by_value(cells)
    }

    #[inline(always)]
    fn lanes_holding(self, row: &[u32; 16], cells: u32) -> u16 {
        self.avx2().lanes_holding(row, cells)
    }

    #[inline(always)]
    fn candidate_counts(self, row: &[u32; 16]) -> [u32; 3] {
        self.avx2().candidate_counts(row)
    }

    #[inline(always)]
    fn occupancy(self, cells: u32) -> usize {
        self.avx2().occupancy(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: varied words, the same on every run.
    struct Words(u32);

    impl Words {
        fn next(&mut self) -> u32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 17;
            self.0 ^= self.0 << 5;
            self.0
        }

        /// A row of 27-bit words, some of them equal to `like`'s.
        fn row_like(&mut self, like: &[u32; 16]) -> [u32; 16] {
            let mut row = *like;
            for lane in row.iter_mut() {
                if self.next().is_multiple_of(3) {
                    *lane = self.next() & 0o777_777_777;
                }
            }
            row
        }
    }

    /// Checks every kernel of `isa` against its definition in plain Rust.
    fn assert_kernels_match_definitions<I: Isa>(isa: I) {
        let mut words = Words(0x2545_F491);
        let rows = if cfg!(miri) { 4 } else { 64 };
        let mut previous = [0; 16];
        for _ in 0..rows {
            let row = words.row_like(&previous);
            let differ = (0..16).filter(|&l| row[l] != previous[l]).map(|l| 1 << l).sum::<u32>();
            assert_eq!(isa.differ(&row, &previous), differ);
            assert_eq!(isa.differ(&row, &row), 0);
            previous = row;

            let (word, clear) = (words.next() & 0o777_777_777, words.next() & 0o777_777_777);
            for own in 0..16 {
                let mut narrowed = row;
                let changed = isa.narrow_row(&mut narrowed, own, word, clear);
                let expected: [u32; 16] =
                    std::array::from_fn(|l| if l == own { word } else { row[l] & !clear });
                assert_eq!(narrowed, expected);
                let others_changed = (0..16)
                    .filter(|&l| l != own && expected[l] != row[l])
                    .map(|l| 1 << l)
                    .sum::<u32>();
                assert_eq!(changed, others_changed);

                let mut cleared = row;
                let had = isa.clear_lane(&mut cleared, own, clear);
                let expected: [u32; 16] =
                    std::array::from_fn(|l| if l == own { row[l] & !clear } else { row[l] });
                assert_eq!(cleared, expected);
                assert_eq!(had, row[own] & clear != 0);
            }

            let cells: [u8; 81] = std::array::from_fn(|_| (words.next() % 10) as u8);
            let by_value = isa.cells_by_value(&cells);
            for (cell, &value) in cells.iter().enumerate() {
                for (lane, &mask) in by_value[cell / 27].iter().enumerate() {
                    let holds = match lane {
                        EMPTY_LANE => value == 0,
                        9.. => false,
                        _ => usize::from(value) == lane + 1,
                    };
                    assert_eq!(mask >> (cell % 27) & 1 == 1, holds, "cell {cell}, lane {lane}");
                }
            }
            assert!(by_value.iter().flatten().all(|&mask| mask < 1 << 27));

            let cells = 1 << (words.next() % 27) | 1 << (words.next() % 27);
            let holding = (0..9).filter(|&l| row[l] & cells != 0).map(|l| 1 << l).sum::<u16>();
            assert_eq!(isa.lanes_holding(&row, cells), holding);

            let counts = isa.candidate_counts(&row);
            for (at_least, &cells) in counts.iter().enumerate() {
                for bit in 0..32 {
                    let holding = row[..9].iter().filter(|&&word| word >> bit & 1 == 1).count();
                    assert_eq!(cells >> bit & 1 == 1, holding > at_least, "{row:?}, bit {bit}");
                }
            }

            let band = words.next() & 0o777_777_777;
            let occupied = |row: u32, minirow: u32| band >> (9 * row + 3 * minirow) & 0o7 != 0;
            let occupancy =
                (0..9).filter(|&bit| occupied(bit / 3, bit % 3)).map(|bit| 1 << bit).sum::<usize>();
            assert_eq!(isa.occupancy(band), occupancy, "{band:o}");
        }
    }

    #[test]
    fn baseline_kernels_match_their_definitions() {
        assert_kernels_match_definitions(Baseline);
    }

    /// The vector kernels, on the paths this processor runs (none under Miri).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn vector_kernels_match_their_definitions() {
        if let Some(isa) = Avx2::<false>::detect() {
            assert_kernels_match_definitions(isa);
        }
        if let Some(isa) = Avx2::<true>::detect() {
            assert_kernels_match_definitions(isa);
        }
        if let Some(isa) = Avx512::detect() {
            assert_kernels_match_definitions(isa);
        }
    }
}
