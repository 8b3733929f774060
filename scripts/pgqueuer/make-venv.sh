#!/usr/bin/env bash
# Makes the virtual environment that `HeraldBenchmarks compare` runs pgqueuer's worker from:
# .build/pgqueuer-venv (or the directory given), with the pinned versions of requirements.txt.
# Run once; running it again only installs what is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-"$here/../../.build/pgqueuer-venv"}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
"$venv/bin/python" -c "import sys, pgqueuer; print(\"pgqueuer\", pgqueuer.__version__, \"in\", sys.prefix)"
