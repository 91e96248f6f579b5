#!/usr/bin/env bash
# Builds the web page into web/dist/: the workspace's crates compiled to WebAssembly
# (wasm32-unknown-unknown, wasm-bindgen), the page's files, and a sample of each shipped corpus.
# Installs what it needs: the wasm32 target (rustup) and wasm-bindgen-cli at the version of the
# wasm-bindgen crate in web/Cargo.lock (cargo install, into target/web-tools); runs wasm-opt
# only where a recent one is installed (binaryen 116 or newer). Serve the folder with any static server:
#   python3 -m http.server -d web/dist 8000
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=web/dist
started=$SECONDS

command -v cargo >/dev/null || { echo "cargo not found: install Rust (https://rustup.rs)"; exit 1; }
if ! rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null | xargs -r test -d; then
  command -v rustup >/dev/null || { echo "the wasm32-unknown-unknown target is missing, and rustup is not here to add it"; exit 1; }
  rustup target add wasm32-unknown-unknown
fi

# The command-line tool must be the very version of the crate the module is built with: the
# two agree on a format that changes between versions.
version=$(awk '/^name = "wasm-bindgen"$/ { found = 1; next } found && /^version = / { gsub(/"/, "", $3); print $3; exit }' web/Cargo.lock)
[ -n "$version" ] || { echo "web/Cargo.lock names no wasm-bindgen version"; exit 1; }
tools="$root/target/web-tools"
bindgen="$tools/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  if command -v wasm-bindgen >/dev/null && wasm-bindgen --version | grep -qx "wasm-bindgen $version"; then
    bindgen=$(command -v wasm-bindgen)
  else
    # Only the one program, unoptimized: it builds in a third of the CPU time of the optimized
    # one (about 2 CPU-minutes rather than nearly 6) and writes the same files, in 3 s rather than 1.
    # Without its default features, which are the TLS of the test runner's downloads: 177
    # CPU-seconds rather than 194.
    echo "== installing wasm-bindgen-cli $version into target/web-tools (once; a minute or two)"
    cargo install --locked --quiet --debug --no-default-features wasm-bindgen-cli --version "$version" \
      --bin wasm-bindgen --root "$tools"
  fi
fi

echo "== the WebAssembly module (release, wasm32-unknown-unknown)"
export CARGO_TARGET_DIR="$root/target/web"
cargo build --locked --release --target wasm32-unknown-unknown --manifest-path web/Cargo.toml
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/sudoku_workbench_web.wasm"

rm -rf "$dist"
mkdir -p "$dist/pkg" "$dist/samples"
"$bindgen" --target web --no-typescript --out-dir "$dist/pkg" "$wasm"
module="$dist/pkg/sudoku_workbench_web_bg.wasm"
# wasm-opt before version 116 (Debian 12 has 108) writes wasm-bindgen's externref table as an
# anyref table, which the browser then refuses to grow: the module would not start.
opt_version=$(wasm-opt --version 2>/dev/null | awk '{ print $3 }' || true)
if [ "${opt_version:-0}" -ge 116 ] 2>/dev/null; then
  # The features the compiler's wasm32 target turns on by default, which wasm-opt must accept.
  if wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    -o "$module.opt" "$module"; then
    mv "$module.opt" "$module"
  else
    rm -f "$module.opt"
    echo "NOTICE: wasm-opt failed on the module: it is left as wasm-bindgen wrote it"
  fi
elif [ -n "$opt_version" ]; then
  echo "NOTICE: wasm-opt $opt_version is older than 116: the module is left as wasm-bindgen wrote it"
else
  echo "NOTICE: wasm-opt (binaryen) is not installed: the module is left as wasm-bindgen wrote it"
fi
cp web/www/index.html web/www/style.css web/www/app.js web/www/worker.js "$dist/"

# A sample of each shipped corpus: its first puzzles, comment lines left out.
samples=(
  "generated-4x4-1000.txt 4 4×4 minimal 30"
  "generated-10000.txt 9 9×9 minimal 200"
  "generated-16x16-1000.txt 16 16×16 minimal 20"
  "generated-25x25-42.txt 25 25×25 minimal 3"
)
entries=()
for sample in "${samples[@]}"; do
  read -r file side label kind count <<<"$sample"
  awk -v count="$count" '!/^#/ && NF && kept < count { print; kept++ }' "data/corpus/$file" >"$dist/samples/$file"
  entries+=("$(printf '{"file": "%s", "side": %s, "label": "%s %s"}' "$file" "$side" "$label" "$kind")")
done
# And of each layout's: its first puzzles with the `# layout`, `# regions` and `# extra` lines
# they are read with (every comment from the first `# layout` line on), the others left out.
layouts=(
  "jigsaw-9x9-200.txt 9 9×9 jigsaw 10"
  "x-9x9-200.txt 9 9×9 X 10"
  "windoku-9x9-200.txt 9 9×9 windoku 10"
  "anti-knight-9x9-200.txt 9 9×9 anti-knight 10"
  "pencilmark-9x9-50.txt 9 9×9 pencilmark 10"
)
for sample in "${layouts[@]}"; do
  read -r file side label kind count <<<"$sample"
  awk -v count="$count" '/^# layout/ { on = 1 } /^#/ { if (on && kept < count) print; next } NF && kept < count { print; kept++ }' \
    "data/layouts/$file" >"$dist/samples/$file"
  entries+=("$(printf '{"file": "%s", "side": %s, "label": "%s %s"}' "$file" "$side" "$label" "$kind")")
done
(IFS=,; printf '[%s]\n' "${entries[*]}") >"$dist/samples/index.json"

size=$(wc -c <"$module")
echo "== web/dist built in $((SECONDS - started)) s: the module is $((size / 1024)) KiB ($(gzip -9 -c "$module" | wc -c | awk '{ printf "%d", $1 / 1024 }') KiB gzipped)"
echo "serve it: python3 -m http.server -d web/dist 8000   (then open http://localhost:8000/)"
