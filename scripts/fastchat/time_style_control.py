"""Times FastChat's own style-controlled Bradley-Terry fit and its 100-round bootstrap on one battle file, for
scripts/bench-cli.ts. FastChat's code is not part of this project: the directory of a FastChat checkout is passed in
(FASTCHAT_DIR) and its fastchat/serve/monitor/rating_systems.py is imported from there, as its monitor does.
Prints one JSON line: seconds for start-up (imports), reading, fitting and the bootstrap."""
import json
import os
import sys
import time

start = time.perf_counter()
sys.path.insert(0, os.environ["FASTCHAT_DIR"])
import pandas as pd  # noqa: E402
from fastchat.serve.monitor.rating_systems import (  # noqa: E402
    compute_bootstrap_style_control,
    compute_style_control,
)

if __name__ == "__main__":
    path, rounds = sys.argv[1], int(sys.argv[2])
    imported = time.perf_counter()
    battles = pd.read_json(path, lines=path.endswith(".jsonl"))
    read = time.perf_counter()
    compute_style_control(battles)
    fitted = time.perf_counter()
    compute_bootstrap_style_control(battles, num_round=rounds)
    done = time.perf_counter()
    print(json.dumps({
        "startupSeconds": round(imported - start, 3),
        "readingSeconds": round(read - imported, 3),
        "fitSeconds": round(fitted - read, 3),
        "bootstrapSeconds": round(done - fitted, 3),
        "battles": len(battles),
    }))
