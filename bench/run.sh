#!/bin/sh
# run.sh - `make bench`: every measurement, one JSON object per line,
# {"measure", "value", "unit", "reference", "ratio"}; each reference is
# measured in the same run. Timings live here only, never in tests.
set -eu
cd "$(dirname "$0")/.."
./masqued sim redmasque --games 100000 --players 7 --json | /usr/bin/python3 -c '
import json, sys
r = json.load(sys.stdin)
print(json.dumps({"measure": "redmasque_sim", "value": round(r["games_per_second"], 1),
    "unit": "games/s", "reference": None, "ratio": None,
    "violations": r["violations"]}))'
./masqued sim masquerade --games 5000 --players 5 --json | /usr/bin/python3 -c '
import json, sys
r = json.load(sys.stdin)
print(json.dumps({"measure": "masquerade_sim", "value": round(r["games_per_second"], 1),
    "unit": "games/s", "reference": None, "ratio": None,
    "violations": r["violations"]}))'
build/rel/bench/bench_log
for b in build/rel/bench/*; do
	case "$b" in */bench_log|*/daemon_fixture) ;; *) [ -x "$b" ] && "$b" ;; esac
done
sh bench/bench_daemon.sh
