#!/bin/sh
# A SAT solver's command line that misbehaves as its first argument says, for the tests of
# `dimacs` engines; the CNF file's path comes last, as the engine adds it. The satisfiable
# answers give the model in the file named by the second argument (a list of literals ending
# with 0), whatever the formula.
mode=$1
model=$2
case "$mode" in
  sat) echo 'c fake solver'; echo 's SATISFIABLE'; echo "v $(cat "$model")"; exit 10 ;;
  sat-status-0) echo 's SATISFIABLE'; echo "v $(cat "$model")"; exit 0 ;;
  sat-status-20) echo 's SATISFIABLE'; echo "v $(cat "$model")"; exit 20 ;;
  unsat) echo 's UNSATISFIABLE'; exit 20 ;;
  unsat-status-10) echo 's UNSATISFIABLE'; exit 10 ;;
  unknown) echo 's UNKNOWN'; exit 0 ;;
  garbage) yes 'garbage garbage garbage' | head -c 1048576; exit 10 ;;
  no-status) echo 'c thinking'; echo "v $(cat "$model")"; exit 10 ;;
  crash) echo 'c starting'; echo 'cannot allocate memory' >&2; exit 1 ;;
  hang) exec sleep 60 ;;
  # The model file's literals written where a minisat-style {model} placeholder points.
  minisat) printf 'SAT\n%s\n' "$(cat "$model")" > "$3"; echo 'SATISFIABLE'; exit 10 ;;
  *) echo "dimacs_fake.sh: unknown mode '$mode'" >&2; exit 2 ;;
esac
