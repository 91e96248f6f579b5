#!/bin/sh
# A judge program that misbehaves as its first argument says, for the tests of `judge`
# engines. It reads the puzzle first, and answers with the solution of
# data/samples/2580-sample1.in whatever the puzzle (unless told otherwise).
samples="$(dirname "$0")/../../../../data/samples"
puzzle=$(cat)
answer() { cat "$samples/2580-sample1.out"; }
case "$1" in
  rows) tr -d ' ' < "$samples/2580-sample1.out" | sed 's/$/\r/' ;;
  silent) ;;
  wrong) answer | tr '123456789' '234567891' | sed '1s/^2 4/4 2/' ;;
  garbage) yes 'garbage garbage garbage' | head -c 1048576 ;;
  short) echo 'no solution' ;;
  exit) answer; echo 'out of memory' >&2; exit 3 ;;
  # Crashes when the puzzle's first clue is a 5; answers otherwise.
  crash-on-5)
    case "$puzzle" in
      5*) echo 'segmentation fault ahead' >&2; kill -SEGV $$ ;;
      *) answer ;;
    esac ;;
  hang) exec sleep 60 ;;
  # 16 MiB to standard error, then the answer.
  flood) head -c 16777216 /dev/zero | tr '\0' 'x' >&2; answer ;;
  flood-forever) exec yes noise >&2 ;;
  *) echo "judge_hostile.sh: unknown mode '$1'" >&2; exit 2 ;;
esac
