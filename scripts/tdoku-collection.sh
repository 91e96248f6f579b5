#!/usr/bin/env bash
# tdoku-collection.sh: put tdoku and the published solvers of its benchmark on `sudoku bench`.
#
# Usage: scripts/tdoku-collection.sh TDOKU_CHECKOUT [OUT_DIR]
#
# TDOKU_CHECKOUT is a checkout of https://github.com/t-dillon/tdoku that you made yourself,
# with its submodules if you want the solvers they hold (`git submodule update --init`), and
# with other/jczsolve/JCZSolve.c if you ran tdoku's other/setup_jczsolve.sh. This script
# fetches NOTHING: it builds what the checkout holds and skips, with a notice, every solver
# whose sources or dependencies are absent.
#
# It builds one shared library per solver, each exporting one function of tdoku's solver type
#     size_t solve(const char *input, size_t limit, uint32_t configuration,
#                  char *solution, size_t *num_guesses);
# under the name tdoku's benchmark gives it (TdokuSolverDpllTriadSimd, OtherSolverNorvig, ...),
# with C linkage and nothing else exported. The glue for the solvers of other/ is tdoku's own
# (other/other_solvers.cc and the solvers' sources, compiled from the checkout as its CMake
# build compiles them). Then it writes OUT_DIR/engines.toml, declaring each configuration of
# each library as an engine of kind "tdoku":
#     sudoku bench --engines-file OUT_DIR/engines.toml --engines tdoku,tdoku-fsss2 ...
# and builds tdoku's own driver, OUT_DIR/bin/run_benchmark, with the same solvers linked in,
# for comparing timings with tdoku's own harness.
#
# Compilers: $CC and $CXX (default cc and c++), with -O3 -march=native -fPIC as tdoku's build
# uses (set TDOKU_OPT to replace "-O3 -march=native"). tdoku's own solver gets its fastest
# build, as its published figures do: clang with profile-guided optimisation when clang,
# clang++ and llvm-profdata are installed (trained on the repository's data/corpus and
# data/ratings puzzles; TDOKU_PGO=no turns it off), else $CXX as the others. rust_sudoku is built with cargo
# --offline when its crates are already in cargo's cache (run `cargo fetch` in
# other/module_rust_sudoku first); Z3, MiniSat and Gurobi solvers only when their libraries
# are installed (GUROBI_DIR as for tdoku's CMake).
#
# Each engine's quirks (no solution written, counts past the limit, bytes written past the 81
# digits) are noted in engines.toml as comments.
#
# Licences differ from solver to solver (BSD, MIT, GPL-3.0, AGPL-3.0, unspecified): the built
# code is for local measurement only and is never committed. OUT_DIR defaults to
# target/tdoku-collection in this repository, which git ignores.
set -euo pipefail

die() {
    printf 'tdoku-collection: %s\n' "$*" >&2
    exit 1
}

notice() {
    printf 'tdoku-collection: %s\n' "$*"
}

if [[ $# -lt 1 || $# -gt 2 || $1 == -h || $1 == --help ]]; then
    sed -n '2,4p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[[ -d $1 ]] || die "no directory $1"
src=$(cd "$1" && pwd)
[[ -f $src/src/all_solvers.h && -f $src/src/solver_dpll_triad_simd.cc ]] ||
    die "$src is not a tdoku checkout (no src/all_solvers.h)"
out=${2:-$repo_root/target/tdoku-collection}
# OUT_DIR is replaced on each run: refuse a directory that holds anything else.
if [[ -d $out && -n $(ls -A "$out") && ! -f $out/build.log ]]; then
    die "$out is not empty and is not this script's output: give a new directory"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

cc=${CC:-cc}
cxx=${CXX:-c++}
read -r -a opt <<<"${TDOKU_OPT:--O3 -march=native}"
command -v "$cc" >/dev/null || die "no C compiler '$cc' (set CC)"
command -v "$cxx" >/dev/null || die "no C++ compiler '$cxx' (set CXX)"

build=$out/build
libdir=$out/lib
rm -rf "${out:?}/build" "${out:?}/lib" "${out:?}/bin" "${out:?}/engines.toml"
mkdir -p "$build" "$libdir" "$out/bin"
log=$out/build.log
: >"$log"

# What was built, for engines.toml and run_benchmark.
toml_entries=()  # the engines, as TOML text
bench_defines=() # -D flags of the solvers linked into run_benchmark
bench_objects=() # their objects
bench_ldlibs=()  # and libraries
built=()         # names of the libraries built
skipped=()       # "name: why"

skip() {
    skipped+=("$1: $2")
    notice "skipped $1: $2"
}

# compile NAME SOURCE [FLAGS...]: one object in build/NAME/, its path printed on stdout (the
# compiler's own output goes to the log).
compile() {
    local name=$1 source=$2 object
    shift 2
    object=$build/$name/$(basename "${source%.*}").o
    mkdir -p "$build/$name"
    case $source in
    *.c) "$cc" "${opt[@]}" -fPIC "$@" -c "$source" -o "$object" >>"$log" 2>&1 || return 1 ;;
    *) "$cxx" -std=gnu++14 "${opt[@]}" -fPIC "$@" -c "$source" -o "$object" >>"$log" 2>&1 || return 1 ;;
    esac
    printf '%s\n' "$object"
}

# build_library NAME SYMBOL DEFINE: compiles $sources with $flags, links them with $ldlibs
# into lib/libtdoku-NAME.so exporting SYMBOL alone. DEFINE is the -D flag that lists the solver
# in run_benchmark ("" for tdoku's own, which it always lists). False (with a notice) on failure.
sources=()
flags=()
ldlibs=()
build_library() {
    local name=$1 symbol=$2 define=$3 library=$libdir/libtdoku-$1.so objects=() source object
    printf '\n== %s (%s)\n' "$name" "$symbol" >>"$log"
    for source in "${sources[@]}"; do
        if ! object=$(compile "$name" "$source" "${flags[@]}"); then
            skip "$name" "$(basename "$source") did not compile (see $log)"
            return 1
        fi
        objects+=("$object")
    done
    printf '{ global: %s; local: *; };\n' "$symbol" >"$build/$name/exports.map"
    if ! "$cxx" -shared "${opt[@]}" -fPIC -o "$library" "${objects[@]}" \
        -Wl,--version-script="$build/$name/exports.map" -Wl,-z,defs "${ldlibs[@]}" -lm \
        >>"$log" 2>&1; then
        skip "$name" "the library did not link (see $log)"
        return 1
    fi
    if command -v nm >/dev/null && ! nm -D --defined-only "$library" | grep -q " T $symbol\$"; then
        skip "$name" "the library does not export $symbol"
        rm -f "$library"
        return 1
    fi
    built+=("$name")
    if [[ -n $define ]]; then
        bench_defines+=("$define")
        bench_objects+=("${objects[@]}")
        bench_ldlibs+=("${ldlibs[@]}")
    fi
}

toml_string() {
    local text=${1//\\/\\\\}
    printf '"%s"' "${text//\"/\\\"}"
}

# declare ENGINE LIBRARY_NAME SYMBOL CONFIGURATION RUN_BENCHMARK_ID DESCRIPTION [NOTE]
declare_engine() {
    local entry
    entry=$(
        printf '\n[engines.%s]\n' "$1"
        printf '# run_benchmark -s %s\n' "$5"
        [[ -z ${7:-} ]] || printf '# %s\n' "$7"
        printf 'kind = "tdoku"\n'
        printf 'library = %s\n' "$(toml_string "$libdir/libtdoku-$2.so")"
        printf 'symbol = "%s"\n' "$3"
        printf 'configuration = %s\n' "$4"
        printf 'description = %s\n' "$(toml_string "$6")"
        # A solver that only counts, or writes its solution only at limit 1, is taken at its
        # count when it counts to 2 (as tdoku's driver takes it), with no second call for a
        # solution: its solutions are checked in the first-solution mode.
        case ${7:-} in
            *"counts only"* | *"a solution only at limit 1"*) printf 'solutions = false\n' ;;
        esac
    )
    toml_entries+=("$entry")
}

have() { [[ -f $src/$1 ]]; }

# A copy of FILE in build/NAME with tdoku's DIFF applied, unless FILE already holds MARKER (the
# patched copy tdoku ships). Printed on stdout; false if the patch cannot be applied.
patched() {
    local name=$1 file=$2 diff=$3 marker=$4 copy
    if grep -q "$marker" "$src/$file"; then
        printf '%s\n' "$src/$file"
        return 0
    fi
    [[ -f $src/$diff ]] && command -v patch >/dev/null || return 1
    mkdir -p "$build/$name"
    copy=$build/$name/$(basename "$file")
    cp "$src/$file" "$copy"
    patch -s "$copy" "$src/$diff" >>"$log" 2>&1 || return 1
    printf '%s\n' "$copy"
}

# train_tdoku: with clang, clang++ and llvm-profdata at hand (and TDOKU_PGO not "no"), builds
# tdoku's solver with instrumentation, runs it on the repository's own puzzles (the shipped
# corpus and the rated puzzles of data/ratings, each solved to a first solution and counted to
# two, as the workbench asks), and prints the merged profile's path. False, with a notice,
# when it cannot: tdoku is then built with $cxx alone.
train_tdoku() {
    local dir=$build/tdoku-train objects=() source object
    if [[ ${TDOKU_PGO:-yes} == no ]]; then
        notice "tdoku: TDOKU_PGO=no, built without a profile" >&2
        return 1
    fi
    if ! command -v clang >/dev/null || ! command -v clang++ >/dev/null ||
        ! command -v llvm-profdata >/dev/null; then
        notice "tdoku: no clang, clang++ and llvm-profdata: built with $cxx, without a profile" >&2
        return 1
    fi
    mkdir -p "$dir"
    printf '\n== tdoku, instrumented for its profile\n' >>"$log"
    for source in "${sources[@]}"; do
        object=$dir/$(basename "${source%.*}").o
        clang++ -std=gnu++14 "${opt[@]}" -fPIC "${flags[@]}" -fprofile-instr-generate \
            -c "$source" -o "$object" >>"$log" 2>&1 || return 1
        objects+=("$object")
    done
    # The training driver: every 81-character puzzle line of the files named, solved twice.
    cat >"$dir/train.cc" <<'DRIVER'
#include <cstdint>
#include <cstdio>
#include <cstring>
extern "C" size_t TdokuSolverDpllTriadSimd(const char *, size_t, uint32_t, char *, size_t *);
int main(int argc, char **argv) {
    char line[4096], puzzle[82], solution[96];
    size_t guesses;
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "r");
        if (!file) return 1;
        while (fgets(line, sizeof line, file)) {
            size_t n = 0;
            for (; n < 81 && (line[n] == '.' || line[n] == '0' || (line[n] >= '1' && line[n] <= '9')); n++)
                puzzle[n] = line[n] == '0' ? '.' : line[n];
            if (n < 81) continue;
            puzzle[81] = 0;
            for (size_t limit = 1; limit <= 2; limit++) {
                memset(solution, 0, sizeof solution);
                TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &guesses);
            }
        }
        fclose(file);
    }
    return 0;
}
DRIVER
    clang++ -std=gnu++14 "${opt[@]}" -fprofile-instr-generate "$dir/train.cc" "${objects[@]}" \
        -o "$dir/train" -lm >>"$log" 2>&1 || return 1
    rm -f "$dir"/*.profraw
    LLVM_PROFILE_FILE="$dir/tdoku-%p.profraw" "$dir/train" \
        "$repo_root"/data/corpus/generated-10000.txt "$repo_root"/data/ratings/serate.tsv \
        >>"$log" 2>&1 || return 1
    llvm-profdata merge -o "$dir/tdoku.profdata" "$dir"/*.profraw >>"$log" 2>&1 || return 1
    printf '%s\n' "$dir/tdoku.profdata"
}

glue=$src/other/other_solvers.cc
inc=(-I "$src/src" -I "$src/other")

# ---- tdoku's own solvers (src/) ----

sources=("$src/src/solver_dpll_triad_simd.cc" "$src/src/util.cc")
flags=("${inc[@]}" -fno-exceptions -fno-rtti)
ldlibs=()
# tdoku's own solver gets its best build: its published figures are its fastest compiler
# configuration, and here that is clang with profile-guided optimisation (train_tdoku).
tdoku_build="$cxx ${opt[*]}"
if tdoku_pgo=$(train_tdoku); then
    saved_cc=$cc saved_cxx=$cxx
    cc=clang cxx=clang++
    flags+=(-fprofile-instr-use="$tdoku_pgo" -Wno-profile-instr-unprofiled)
    build_library tdoku TdokuSolverDpllTriadSimd "" || die "tdoku's own solver did not build (see $log)"
    cc=$saved_cc cxx=$saved_cxx
    tdoku_build="clang++ ${opt[*]}, profile-guided"
else
    build_library tdoku TdokuSolverDpllTriadSimd "" || die "tdoku's own solver did not build (see $log)"
fi
declare_engine tdoku tdoku TdokuSolverDpllTriadSimd 0 tdoku \
    "tdoku (T. Dillon 2019): DPLL over box-band triads, SIMD; its fastest configuration" \
    "a solution only at limit 1: at limit 2 it counts and leaves the solution buffer as it was"
# (A configuration above 0 writes a solution at every limit, but the one kept when the count
# reached the limit: for a puzzle with fewer solutions than the limit, a stale one. Not declared.)

if have src/solver_dpll_triad_scc.cc; then
    sources=("$src/src/solver_dpll_triad_scc.cc")
    flags=("${inc[@]}")
    ldlibs=()
    if build_library dev-dpll-triad-scc TdokuSolverDpllTriadScc -DTDEV; then
        for c in 0 1 2 3; do
            case $c in
            0) n=dev-dpll-triad id=_tdev_dpll_triad what="no SCC" ;;
            1) n=dev-dpll-triad-scc-i id=_tdev_dpll_triad_scc_i what="SCC inference" ;;
            2) n=dev-dpll-triad-scc-h id=_tdev_dpll_triad_scc_h what="SCC heuristic" ;;
            3) n=dev-dpll-triad-scc-ih id=_tdev_dpll_triad_scc_ih what="SCC inference and heuristic" ;;
            esac
            declare_engine "tdoku-$n" dev-dpll-triad-scc TdokuSolverDpllTriadScc "$c" "$id" \
                "tdoku's development DPLL triad solver (scalar), $what"
        done
    fi
else
    skip dev-dpll-triad-scc "no src/solver_dpll_triad_scc.cc"
fi

if have src/solver_basic.cc; then
    sources=("$src/src/solver_basic.cc")
    flags=("${inc[@]}")
    ldlibs=()
    if build_library dev-basic TdokuSolverBasic -DTDEV; then
        note="a solution only at limit 1: above it, a puzzle with one solution leaves the"
        note+=" search's last state in the buffer, not a solution"
        declare_engine tdoku-dev-basic dev-basic TdokuSolverBasic 0 _tdev_basic \
            "tdoku's basic backtracking solver, cells in order, no propagation" "$note"
        declare_engine tdoku-dev-basic-heuristic dev-basic TdokuSolverBasic 1 _tdev_basic_heuristic \
            "tdoku's basic backtracking solver with singles and min-candidates branching" "$note"
    fi
else
    skip dev-basic "no src/solver_basic.cc"
fi

# ---- the solvers of other/ ----

# other NAME SYMBOL DEFINE FILES...: the solver's own FILES (relative to the checkout), plus
# tdoku's glue for it where its function lives there. Sets sources, or false if a file is absent.
other() {
    local name=$1 symbol=$2 define=$3 file
    shift 3
    sources=()
    for file in "$@"; do
        if ! have "$file"; then
            skip "$name" "no $file in the checkout${submodule_hint:+ ($submodule_hint)}"
            return 1
        fi
        sources+=("$src/$file")
    done
    if ! grep -rqs "size_t $symbol *(" "${sources[@]}"; then
        [[ -f $glue ]] || {
            skip "$name" "no other/other_solvers.cc"
            return 1
        }
        sources+=("$glue")
    fi
    flags=("${inc[@]}" "$define")
    ldlibs=()
}

submodule_hint="a submodule: git submodule update --init other/module_norvig_sudoku"
if other norvig OtherSolverNorvig -DNORVIG other/module_norvig_sudoku/sudoku.en.cc &&
    build_library norvig OtherSolverNorvig -DNORVIG; then
    declare_engine tdoku-norvig norvig OtherSolverNorvig 0 norvig \
        "Norvig's constraint propagation and search (P. Norvig 2007), C++ port (norvig-sudoku-bench)" \
        "a solution only at limit 1; reads the input as a C string (a NUL at input[81])"
fi

submodule_hint=""
note="counts only: writes no solution; reads the input with strlen (a NUL at input[81]);"
note+=" returns (size_t)-1 for a puzzle whose clues conflict"
if other fast_solv_9r2 OtherSolverFastSolv9r2 -DFAST_SOLV_9R2 other/fast_solv_9r2/fast_solv_9r2.c &&
    build_library fast_solv_9r2 OtherSolverFastSolv9r2 -DFAST_SOLV_9R2; then
    declare_engine tdoku-fast_solv_9r2 fast_solv_9r2 OtherSolverFastSolv9r2 0 fast_solv_9r2 \
        "fast_solv_9r2 (I. Zelaya 2008): exact cover, dancing links" \
        "$note"
fi

if other zerodoku OtherSolverZeroDoku -DZERODOKU other/zerodoku/zerodoku_v2.c &&
    build_library zerodoku OtherSolverZeroDoku -DZERODOKU; then
    declare_engine tdoku-zerodoku zerodoku OtherSolverZeroDoku 0 zerodoku \
        "ZeroDoku (J. Schirle 2008): bitmask backtracking with singles" \
        "counts only: writes no solution; may count past the limit (3 at limit 2)"
fi

if other bb_sudoku OtherSolverBBSudoku -DBB_SUDOKU other/bb_sudoku/bb_sudoku_solver.cpp &&
    build_library bb_sudoku OtherSolverBBSudoku -DBB_SUDOKU; then
    note="writes 83 bytes of solution (81 digits, a newline, a NUL) and first reads the buffer"
    note+=" as a string (a NUL at solution[81] before the call); above limit 2 it counts every"
    note+=" solution"
    declare_engine tdoku-bb_sudoku bb_sudoku OtherSolverBBSudoku 0 bb_sudoku \
        "bb_sudoku (B. Turner 2009): singles and locked candidates, then guesses" "$note"
fi

if other jsolve OtherSolverJSolve -DJSOLVE other/jsolve/JSolve.c; then
    if copy=$(patched jsolve other/jsolve/JSolve.c other/jsolve/JSolve.c.diff JSolve_guesses); then
        sources[0]=$copy
        flags+=(-I "$src/other/jsolve")
        if build_library jsolve OtherSolverJSolve -DJSOLVE; then
            declare_engine tdoku-jsolve jsolve OtherSolverJSolve 0 jsolve \
                "JSolve 1.2 (J. Linhart 2010): singles and locked candidates, then guesses" \
                "writes a NUL at solution[81]: the buffer must hold 82 bytes"
        fi
    else
        skip jsolve "other/jsolve/JSolve.c is not patched for guess counting and the patch failed"
    fi
fi

if other fsss OtherSolverFsss -DFSSS other/fsss/fsss.cc &&
    build_library fsss OtherSolverFsss -DFSSS; then
    declare_engine tdoku-fsss fsss OtherSolverFsss 0 fsss \
        "fsss (M. Dobrichev 2010): fast simple sudoku solver" \
        "a solution only at limit 1; above 1 it counts to 2 at most"
fi

if other kudoku OtherSolverKudoku -DKUDOKU other/kudoku/kudoku.c &&
    build_library kudoku OtherSolverKudoku -DKUDOKU; then
    declare_engine tdoku-kudoku kudoku OtherSolverKudoku 0 kudoku \
        "kudoku (attractivechaos 2011): exact cover without dancing links"
fi

submodule_hint="a submodule: git submodule update --init other/module_fsss2"
if other fsss2 OtherSolverFsss2 -DFSSS2 other/module_fsss2/fsss2.cpp other/module_fsss2/t_128.cpp; then
    flags+=(-Wno-deprecated-register)
    if build_library fsss2 OtherSolverFsss2 -DFSSS2; then
        declare_engine tdoku-fsss2 fsss2 OtherSolverFsss2 0 fsss2 \
            "fsss2 (M. Dobrichev 2014-2015): SIMD bitboards, singles" \
            "counts only (to 2 at most): writes no solution"
        declare_engine tdoku-fsss2_locked fsss2 OtherSolverFsss2 1 fsss2_locked \
            "fsss2 (M. Dobrichev 2014-2015): SIMD bitboards, singles and locked candidates" \
            "counts only (to 2 at most): writes no solution"
    fi
fi

submodule_hint="a submodule: git submodule update --init other/module_lhl_sudoku"
if other lhl_sudoku OtherSolverLHLSudoku -DLHL other/module_lhl_sudoku/Sudoku2.cpp &&
    build_library lhl_sudoku OtherSolverLHLSudoku -DLHL; then
    declare_engine tdoku-lhl_sudoku lhl_sudoku OtherSolverLHLSudoku 0 lhl_sudoku \
        "Lee Hsien Loong's solver (before 2015): backtracking with min-candidates cells" \
        "counts only: writes no solution"
fi

submodule_hint="download it with tdoku's other/setup_jczsolve.sh"
if other jczsolve OtherSolverJCZSolve -DJCZSOLVE other/jczsolve/JCZSolve.c other/jczsolve/JCZSolve.h; then
    unset 'sources[1]'
    sources=("${sources[@]}")
    if copy=$(patched jczsolve other/jczsolve/JCZSolve.c other/jczsolve/JCZSolve.c.diff \
        JCZSolve_guesses); then
        sources[0]=$copy
        flags+=(-I "$src/other/jczsolve")
        if build_library jczsolve OtherSolverJCZSolve -DJCZSOLVE; then
            declare_engine tdoku-jczsolve jczsolve OtherSolverJCZSolve 0 jczsolve \
                "JCZSolve (zhouyundong, champagne, JasonLion 2012-2016): bands by digit" \
                "writes a NUL at solution[81]: the buffer must hold 82 bytes"
        fi
    else
        skip jczsolve "other/jczsolve/JCZSolve.c is not patched for guess counting and the patch failed"
    fi
fi

submodule_hint="a submodule: git submodule update --init other/module_sk_bforce2"
note="counts only, to 2 whatever the limit (2 at limit 1); writes a NUL at input[81] (reads 82"
note+=" bytes); 0 for a puzzle with fewer than 8 distinct digits given"
if other sk_bforce2 OtherSolverSKBFORCE2 -DSK_BFORCE2 \
    other/module_sk_bforce2/sk_bitfields.cpp other/module_sk_bforce2/sk_t.cpp &&
    build_library sk_bforce2 OtherSolverSKBFORCE2 -DSK_BFORCE2; then
    declare_engine tdoku-sk_bforce2 sk_bforce2 OtherSolverSKBFORCE2 0 sk_bforce2 \
        "SK_BFORCE2 (G. Penet 2018): JCZSolve's representation, further optimized" \
        "$note"
fi

submodule_hint="a submodule: git submodule update --init other/module_gss"
if other gss OtherSolverGss -DGSS other/module_gss/sudoku.c other/module_gss/sudoku_parser.c \
    other/other_gss.c; then
    flags+=(-DM32bit -DGCC_POPCNT32)
    note="counts one past the limit when there are more solutions (2 at limit 1); writes a NUL"
    note+=" at solution[81]; reports no guesses (always 0)"
    if build_library gss OtherSolverGss -DGSS; then
        for c in 0 1 2 3 4 5 6 7 8; do
            id=gss$c
            [[ $c == 0 ]] && id=gss
            declare_engine "tdoku-$id" gss OtherSolverGss "$c" "$id" \
                "gss (B. Pieters 2019): generic sudoku solver, logic then brute force, configuration $c" \
                "$note"
        done
    fi
fi

# rust_sudoku: a Rust crate, built here as a static library with cargo --offline (so only
# when its dependencies are in cargo's cache), linked with tdoku's glue into one library.
submodule_hint="a submodule: git submodule update --init other/module_rust_sudoku"
if other rust_sudoku OtherSolverRustSudoku -DRUST_SUDOKU other/module_rust_sudoku/Cargo.toml; then
    sources=("$glue")
    rust=$build/rust_sudoku
    if ! command -v cargo >/dev/null; then
        skip rust_sudoku "no cargo"
    else
        mkdir -p "$rust/crate"
        (cd "$src/other/module_rust_sudoku" && tar -cf - --exclude=./target .) | tar -xf - -C "$rust/crate"
        if (cd "$rust/crate" &&
            RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$rust/target" \
                cargo rustc --offline --release --lib --crate-type staticlib) >>"$log" 2>&1 &&
            [[ -f $rust/target/release/libsudoku.a ]]; then
            ldlibs=("$rust/target/release/libsudoku.a" -lpthread -ldl)
            note="counts only: writes no solution; reads the input as a C string (a NUL at"
            note+=" input[81]); aborts the process on input it cannot parse"
            if build_library rust_sudoku OtherSolverRustSudoku -DRUST_SUDOKU; then
                declare_engine tdoku-rust_sudoku rust_sudoku OtherSolverRustSudoku 0 rust_sudoku \
                    "rust_sudoku (Emerentius 2017-2019): the Rust sudoku crate, a port of JCZSolve" \
                    "$note"
            fi
        else
            skip rust_sudoku "cargo could not build it offline (see $log; run cargo fetch in
  other/module_rust_sudoku first)"
        fi
    fi
fi

# General-purpose solvers, when their libraries are installed.
submodule_hint=""
if other z3 OtherSolverZ3 -DZ3 other/other_z3.cc; then
    ldlibs=(-lz3)
    if echo '#include <z3++.h>' | "$cxx" -E -x c++ - >/dev/null 2>&1; then
        if build_library z3 OtherSolverZ3 -DZ3; then
            declare_engine tdoku-z3 z3 OtherSolverZ3 0 z3 \
                "Z3 (Microsoft Research) on tdoku's integer encoding" \
                "finds one solution: returns 1 at any limit, never proves uniqueness"
        fi
    else
        skip z3 "no z3++.h (Debian: libz3-dev)"
    fi
fi

if other minisat OtherSolverMiniSat -DMINISAT other/other_minisat.cc; then
    ldlibs=(-lminisat -lz)
    if echo '#include <minisat/core/Solver.h>' | "$cxx" -E -x c++ - >/dev/null 2>&1; then
        if build_library minisat OtherSolverMiniSat -DMINISAT; then
            c=0
            for id in minisat_minimal minisat_natural minisat_complete minisat_augmented; do
                declare_engine "tdoku-$id" minisat OtherSolverMiniSat "$c" "$id" \
                    "MiniSat on tdoku's ${id#minisat_} encoding" "a solution only at limit 1"
                c=$((c + 1))
            done
        fi
    else
        skip minisat "no minisat/core/Solver.h (MiniSat's library and headers are not installed)"
    fi
fi

if other gurobi OtherSolverGurobi -DGUROBI other/other_gurobi.cc; then
    if [[ -n ${GUROBI_DIR:-} && -f $GUROBI_DIR/include/gurobi_c++.h ]]; then
        gurobi_lib=$(find "$GUROBI_DIR/lib" -maxdepth 1 -name 'libgurobi[0-9]*.so' -print -quit)
        flags+=(-I "$GUROBI_DIR/include")
        # shellcheck disable=SC2054 # -Wl,-rpath=DIR is one word
        ldlibs=(-L "$GUROBI_DIR/lib" -lgurobi_c++ "$gurobi_lib" -Wl,-rpath="$GUROBI_DIR/lib")
        if build_library gurobi OtherSolverGurobi -DGUROBI; then
            declare_engine tdoku-gurobi gurobi OtherSolverGurobi 0 gurobi \
                "Gurobi on tdoku's integer encoding"
        fi
    else
        skip gurobi "GUROBI_DIR is not set to a Gurobi installation"
    fi
fi

# ---- engines.toml ----
{
    printf '# Written by scripts/tdoku-collection.sh from %s\n' "$src"
    printf '# with %s and %s, %s -fPIC (tdoku: %s).\n' "$cc" "$cxx" "${opt[*]}" "$tdoku_build"
    printf '# Built code, for local measurement only: never commit it.\n'
    printf '# Use: sudoku bench --engines-file %s --engines tdoku,...\n' "$out/engines.toml"
    printf '# Every engine takes the puzzle as 81 characters (. or 1-9) followed by a NUL, in a\n'
    printf '# writable buffer; give each call a solution buffer of 96 bytes or more, zeroed: some\n'
    printf '# write past the 81 digits, several write no solution at all (see the notes). None is\n'
    printf '# thread-safe: their state is global, so one call at a time per process.\n'
    printf '%s\n' "${toml_entries[@]}"
} >"$out/engines.toml"

# ---- tdoku's run_benchmark, with the same solvers ----
bench_built=""
if have src/run_benchmark.cc; then
    # tdoku's CMake writes build_info.h into the checkout; this writes it into the build.
    mkdir -p "$build/run_benchmark"
    {
        printf '#define C_COMPILER_ID "%s"\n#define CXX_COMPILER_ID "%s"\n' "$cc" "$cxx"
        printf '#define C_COMPILER_VERSION "%s"\n' "$("$cc" -dumpversion)"
        printf '#define CXX_COMPILER_VERSION "%s"\n' "$("$cxx" -dumpversion)"
        printf '#define C_FLAGS " %s"\n#define CXX_FLAGS " %s"\n' "${opt[*]}" "${opt[*]}"
    } >"$build/run_benchmark/build_info.h"
    # link_bench DEFINES...: run_benchmark with the solvers these -D flags list.
    link_bench() {
        local objects=() ldlibs_=()
        if [[ $# -gt 0 ]]; then
            objects=("${bench_objects[@]}")
            ldlibs_=("${bench_ldlibs[@]}")
        fi
        printf '\n== run_benchmark (%s)\n' "$*" >>"$log"
        "$cxx" -std=gnu++14 "${opt[@]}" -I "$build/run_benchmark" "${inc[@]}" "$@" \
            -c "$src/src/run_benchmark.cc" -o "$build/run_benchmark/run_benchmark.o" >>"$log" 2>&1 &&
            "$cxx" "${opt[@]}" -o "$out/bin/run_benchmark" "$build/run_benchmark/run_benchmark.o" \
                "$build/tdoku/solver_dpll_triad_simd.o" "$build/tdoku/util.o" \
                "${objects[@]}" "${ldlibs_[@]}" -lm >>"$log" 2>&1
    }
    if link_bench "${bench_defines[@]}"; then
        bench_built="$out/bin/run_benchmark"
    elif [[ ${#bench_defines[@]} -gt 0 ]] && link_bench; then
        bench_built="$out/bin/run_benchmark"
        notice "run_benchmark holds tdoku alone: with the other solvers it did not build (see $log)"
    else
        notice "run_benchmark did not build (see $log)"
    fi
fi

# ---- summary ----
notice "built ${#built[@]} libraries in $libdir: ${built[*]}"
if [[ ${#skipped[@]} -gt 0 ]]; then
    notice "skipped ${#skipped[@]}:"
    printf '  %s\n' "${skipped[@]}"
fi
notice "engines: $out/engines.toml"
[[ -n $bench_built ]] && notice "tdoku's driver: $bench_built (run it with -h for its options)"
exit 0
