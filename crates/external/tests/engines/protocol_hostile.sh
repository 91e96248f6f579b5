#!/bin/sh
# A protocol engine that misbehaves on purpose, for crates/external/tests/it/protocol.rs.
#
#     protocol_hostile.sh MODE STATE_DIR COUNT SOLUTION
#
# It answers every request `answer ID COUNT complete SOLUTION`, whatever the puzzle, except
# where MODE says otherwise: most modes misbehave on the second request of each process, so
# that a test sees the failure and then the recovery. Each start appends the process id to
# STATE_DIR/pids, so that a test can check that no process is left behind. No mode starts a
# child that could outlive the script (the one that hangs becomes `sleep` by exec).

mode=$1
state=$2
count=$3
solution=$4
echo $$ >>"$state/pids"
starts=$(wc -l <"$state/pids")

case $mode in
exit-in-handshake)
    read -r greeting
    echo "protocol 1"
    echo "broken at start-up" >&2
    exit 1
    ;;
bad-handshake)
    read -r greeting
    printf 'protocol 2\nready\n'
    ;;
refuses)
    read -r greeting
    echo "error - the model file is missing"
    exit 2
    ;;
esac
if [ "$mode" = dies-after-first-start ] && [ "$starts" -gt 1 ]; then
    echo "cannot start again" >&2
    exit 4
fi

requests=0
while read -r word id rest; do
    case $word in
    sudoku-protocol) printf 'protocol 1\nname hostile %s\nsizes 9\nfeature counts\nready\n' "$mode" ;;
    ping) echo pong ;;
    quit) exit 0 ;;
    solve)
        requests=$((requests + 1))
        if [ $requests -eq 2 ]; then
            case $mode in
            crash)
                echo "crashing on request $id" >&2
                exit 3
                ;;
            silent) exec sleep 600 ;;
            garbage)
                head -c 1048576 /dev/urandom
                continue
                ;;
            long-line)
                head -c 2000000 /dev/zero | tr '\0' x
                continue
                ;;
            error)
                echo "error $id cannot do this one"
                continue
                ;;
            wrong-id)
                echo "answer $((id + 1)) $count complete $solution"
                continue
                ;;
            short-solution)
                echo "answer $id 1 complete 123"
                continue
                ;;
            dies-after-first-start) exit 5 ;;
            esac
        fi
        if [ "$mode" = stderr-flood ]; then
            head -c 4000000 /dev/zero | tr '\0' e >&2
        fi
        echo "info working on $id"
        echo "answer $id $count complete $solution"
        ;;
    esac
done
