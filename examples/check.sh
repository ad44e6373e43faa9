#!/usr/bin/env bash
# Runs one example on bundled files and checks what it prints: against answers known from
# elsewhere (instances/answers.txt, OEIS counts, a graph worked out by hand, the optimal lengths
# of MovingAI scenario files) and against the `arcwave` tool on the same input.
#   check.sh EXAMPLE BINARY REPOSITORY ARCWAVE_CLI
set -euo pipefail
example=$1 bin=$2 repo=$3 cli=${4:-}
inst=$repo/instances
fail() { echo "FAIL $example: $*" >&2; exit 1; }
expect() {  # expect OUTPUT LINE: OUTPUT has LINE as one of its lines
  grep -qxF -- "$2" <<<"$1" || fail "expected the line '$2' in:"$'\n'"$1"
}
answer() {  # the expected status of a bundled file, from instances/answers.txt
  awk -F' [|] ' -v f="$1" '$1 == f { print $2 }' "$inst/answers.txt"
}
need_cli() { [ -x "$cli" ] || fail "the arcwave tool ($cli) is needed for the comparison"; }

case $example in
  solve_file)
    for f in xcsp3/queens-8.xml xcsp21/rb-12-6-30-0.5-1.xml xcsp3/langford-2-7.xml; do
      out=$("$bin" "$inst/$f" --all)
      expect "$out" "status $(answer "$f")"
      count=$(awk -F' [|] ' -v f="$f" '$1 == f { print $3 }' "$inst/answers.txt")
      expect "$out" "solutions $count"
    done
    out=$("$bin" "$inst/xcsp3/queens-8.xml")
    expect "$out" "check ok"
    ;;
  build_model)
    # OEIS A000170: 4 solutions for n = 6, 92 for n = 8.
    expect "$("$bin" 6)" "queens 6: SATISFIABLE, 4 solutions"
    expect "$("$bin" 8)" "queens 8: SATISFIABLE, 92 solutions"
    ;;
  grid_batch)
    for m in maze-41 rooms-48x40 scattered-64x24; do
      out=$("$bin" "$inst/maps/$m.map" "$inst/maps/$m.scen" cpu)
      rows=$(grep -c . <(grep -v '^version' "$inst/maps/$m.scen"))
      expect "$out" "$rows queries, 0 differ from the optimal length"
    done
    ;;
  apsp_edges)
    out=$("$bin")
    expect "$out" "from 0: 0 3 1 4 inf"
    expect "$out" "from 1: inf 0 -1 1 inf"
    expect "$out" "from 2: inf 2 0 3 inf"
    expect "$out" "from 3: inf 0 -2 0 inf"
    expect "$out" "from 4: inf inf inf inf 0"
    expect "$out" "path 0 -> 3: 0 2 1 3 (length 4)"
    need_cli
    diff <("$bin" "$inst/graphs/grid-8x8.gr" 2>/dev/null) \
         <("$cli" apsp "$inst/graphs/grid-8x8.gr" --backend cpu 2>/dev/null) ||
      fail "APSP rows differ from 'arcwave apsp'"
    ;;
  cell_graph)
    out=$("$bin")
    grep -q '^6 cells of 4 bits, 5 edges (fingerprint on ' <<<"$out" || fail "counts: $out"
    expect "$out" "edge 0 1 crosses bit 3"
    expect "$out" "edge 3 4 crosses bit 3"
    expect "$out" "edge 4 5 crosses bit 0"
    expect "$out" "route 5 crossings: 0000 0001 0011 0111 0110 1110"
    need_cli
    from=$(sed -n 3p "$inst/cells/plane-12.txt") to=$(tail -n 1 "$inst/cells/plane-12.txt")
    mine=$("$bin" "$inst/cells/plane-12.txt" "$from" "$to")
    theirs=$("$cli" cellgraph "$inst/cells/plane-12.txt" --from "$from" --to "$to" --backend cpu)
    cells=$(awk '$1 == "cells" { print $2 }' <<<"$theirs")
    edges=$(awk '$1 == "edges" { print $2 }' <<<"$theirs")
    crossings=$(awk '$1 == "route" { print $2 }' <<<"$theirs")
    grep -q "^$cells cells of 12 bits, $edges edges" <<<"$mine" ||
      fail "cells/edges differ from 'arcwave cellgraph' ($cells, $edges): $mine"
    grep -q "^route $crossings crossings" <<<"$mine" ||
      fail "route length differs from 'arcwave cellgraph' ($crossings): $mine"
    ;;
  trace_polyline)
    need_cli
    args=(2,16 45,16 4 9 60)
    mine=$("$bin" "$inst/maps/hills-48x32.pgm" "${args[@]}")
    theirs=$("$cli" polyline "$inst/maps/hills-48x32.pgm" --from 2,16 --to 45,16 --nodes 4 \
             --points 9 --max-angle 60 --backend cpu)
    diff <(grep '^score\|^point' <<<"$mine" | awk '{ print $1, $2, $3, $4 }' | sed 's/ *$//') \
         <(grep '^score\|^point' <<<"$theirs" | awk '$1 == "score" { print $1, $2; next }
                                                  { print $1, $2, $3, $4 }') ||
      fail "the polyline differs from 'arcwave polyline'"
    ;;
  *) fail "unknown example" ;;
esac
echo "ok $example"
