//! The few kernels of `fast` written per instruction set.
//!
//! Everything else in the engine is plain Rust, compiled once per path. These are the spots
//! where the compiler's own vectorization proved fragile: small edits elsewhere in the search
//! made it emit a slow version of the same loop, so they are spelled out with `std::arch`.

/// An instruction set the search can run on. A value of the type is the proof that the
/// processor supports it, so the kernels may use its instructions.
pub(super) trait Isa: Copy {
    /// Bit `i` set where `seen[i] != current[i]`.
    fn changed(self, seen: &[u32; 32], current: &[u32; 32]) -> u32;

    /// Bit-sliced candidate counts of each band: the cells with at least one, at least two and
    /// at least three candidates, from `cand[3d + b]` for digits `d` 0..9.
    #[inline(always)]
    fn candidate_counts(self, cand: &[u32; 32]) -> [[u32; 3]; 3] {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of the x86-64 baseline. Each load reads the four words at
        // `3 * digit` (`3 * 8 + 4 <= 32`): the digit's three bands and one word not used.
        unsafe {
            use std::arch::x86_64::{
                __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128,
                _mm_storeu_si128,
            };
            let (mut one, mut two, mut three) =
                (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128());
            for digit in 0..9 {
                let cells = _mm_loadu_si128(cand.as_ptr().add(3 * digit).cast::<__m128i>());
                three = _mm_or_si128(three, _mm_and_si128(two, cells));
                two = _mm_or_si128(two, _mm_and_si128(one, cells));
                one = _mm_or_si128(one, cells);
            }
            let mut counts = [[0u32; 4]; 3];
            for (lanes, vector) in counts.iter_mut().zip([one, two, three]) {
                _mm_storeu_si128(lanes.as_mut_ptr().cast::<__m128i>(), vector);
            }
            counts.map(|[first, second, third, _]| [first, second, third])
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut counts = [[0u32; 3]; 3];
            for band in 0..3 {
                for digit in 0..9 {
                    let cells = cand[3 * digit + band];
                    counts[2][band] |= counts[1][band] & cells;
                    counts[1][band] |= counts[0][band] & cells;
                    counts[0][band] |= cells;
                }
            }
            counts
        }
    }

    /// For each value 0..=9, the cells of each band holding it (bit `p` of `masks[v][b]` for
    /// cell `27b + p`).
    #[inline(always)]
    fn cells_by_value(self, cells: &[u8; 81]) -> [[u32; 3]; 10] {
        let mut by_value = [[0u32; 3]; 10];
        for (band, band_cells) in cells.chunks_exact(27).enumerate() {
            for (position, &value) in band_cells.iter().enumerate() {
                by_value[usize::from(value)][band] |= 1 << position;
            }
        }
        by_value
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

/// The baseline: SSE2 on x86-64 (part of every x86-64 processor), plain Rust elsewhere.
#[derive(Clone, Copy)]
pub(super) struct Baseline;

impl Isa for Baseline {
    #[inline(always)]
    fn changed(self, seen: &[u32; 32], current: &[u32; 32]) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::_mm_movemask_ps;
            use std::arch::x86_64::{__m128i, _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128};
            let mut equal = 0;
            for chunk in 0..8 {
                // SAFETY: `4 * chunk + 4 <= 32`, so each load reads 16 bytes inside the arrays;
                // SSE2 is part of the x86-64 baseline, so the instructions always exist.
                let lanes = unsafe {
                    let a = _mm_loadu_si128(seen.as_ptr().add(4 * chunk).cast::<__m128i>());
                    let b = _mm_loadu_si128(current.as_ptr().add(4 * chunk).cast::<__m128i>());
                    _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))
                };
                equal |= (lanes as u32) << (4 * chunk);
            }
            !equal
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut changed = 0;
            for index in 0..32 {
                changed |= u32::from(seen[index] != current[index]) << index;
            }
            changed
        }
    }
}

/// AVX2 with BMI1, BMI2, LZCNT and POPCNT; `PEXT` says whether to use `pext`, which AMD
/// processors before Zen 3 implement in microcode, dozens of times slower than the table
/// lookup it replaces.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(super) struct Avx2<const PEXT: bool>(());

/// Whether this processor has the features of [`Avx2`].
#[cfg(target_arch = "x86_64")]
pub(super) fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
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
}

/// Intel processors with BMI2 run `pext` in one cycle, and so do AMD's from Zen 3 (family 19h)
/// on; for anything else the table is the safe choice.
#[cfg(target_arch = "x86_64")]
pub(super) fn has_fast_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let vendor_bytes =
        [vendor.ebx.to_le_bytes(), vendor.edx.to_le_bytes(), vendor.ecx.to_le_bytes()];
    let vendor_name = vendor_bytes.concat();
    let signature = __cpuid(1).eax;
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
    fn changed(self, seen: &[u32; 32], current: &[u32; 32]) -> u32 {
        use std::arch::x86_64::{
            __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
            _mm256_movemask_ps,
        };
        let mut equal = 0;
        for chunk in 0..4 {
            // SAFETY: `self` exists only if `Avx2::detect` found AVX2; `8 * chunk + 8 <= 32`,
            // so each load reads 32 bytes inside the arrays.
            let lanes = unsafe {
                let a = _mm256_loadu_si256(seen.as_ptr().add(8 * chunk).cast::<__m256i>());
                let b = _mm256_loadu_si256(current.as_ptr().add(8 * chunk).cast::<__m256i>());
                _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b)))
            };
            equal |= (lanes as u32) << (8 * chunk);
        }
        !equal
    }

    #[inline(always)]
    fn cells_by_value(self, cells: &[u8; 81]) -> [[u32; 3]; 10] {
        use std::arch::x86_64::{
            __m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_set1_epi8,
        };
        // Padded so that each band's 27 bytes can be read as one 32-byte vector.
        let mut padded = [0u8; 96];
        padded[..81].copy_from_slice(cells);
        let mut by_value = [[0u32; 3]; 10];
        for band in 0..3 {
            // SAFETY: `self` exists only if `Avx2::detect` found AVX2; the load reads bytes
            // `27 * band .. 27 * band + 32`, inside the 96 of `padded`.
            let bytes =
                unsafe { _mm256_loadu_si256(padded.as_ptr().add(27 * band).cast::<__m256i>()) };
            for (value, masks) in by_value.iter_mut().enumerate() {
                // SAFETY: as above; AVX2 only.
                let matches = unsafe {
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(value as i8)))
                };
                masks[band] = matches as u32 & ((1 << 27) - 1);
            }
        }
        by_value
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
