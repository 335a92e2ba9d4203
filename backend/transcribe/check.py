"""Quality check for the speech-to-text worker (issue 47).

Speaks ten fixed English sentences with espeak-ng, encodes each as WAV (16 kHz), WebM/Opus,
Ogg/Opus, MP4/AAC and MP3 with ffmpeg, and transcribes every file twice: with worker.py, over
its JSON-lines protocol exactly as the server drives it, and with pocketsphinx (its bundled US
English model) as an independent baseline. It also sends a two-minute clip (the sentences
three times over, with pauses), five seconds of digital silence (must give ""), five seconds of
faint pink noise (reported only), a clip over the five-minute cap, a file that is not audio and
a missing file (each must be an error, with the worker still answering afterwards).

Prints a table: word error rate (lowercased words, punctuation dropped) of each decoder per
format, seconds of audio, seconds of processing and their ratio. Exits 1 when the worker's WER
is above 0.25 on any format, pocketsphinx's above 0.8 (see SPHINX_MAX_WER), the silence is
not "", or a protocol check fails.

Usage:
    python3 backend/transcribe/check.py [--model-dir DIR] [--threads N] [--beam-size B]
                                        [--keep DIR] [--no-sphinx]
(--no-sphinx leaves pocketsphinx out: it takes about two thirds of the run's ~3 minutes.)
Without --model-dir it runs scripts/transcribe-setup.sh (quick once installed) and re-runs
itself with the virtualenv's python. Needs espeak-ng and ffmpeg on PATH (Debian packages).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import wave

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MAX_WER = 0.25
# pocketsphinx's bundled model hears espeak-ng's voice poorly (WER 0.5-0.75 measured here), so it
# cannot land in Whisper's band; it is gated loosely, as proof that the clips carry the
# sentences (clips made wrong, silent or of other words, fail it as they fail Whisper).
SPHINX_MAX_WER = 0.8

SENTENCES = [
    "The weather was warm and sunny all afternoon.",
    "Please remember to buy milk and bread on the way home.",
    "My sister painted the kitchen walls a pale shade of green.",
    "We watched the boats sail slowly across the quiet lake.",
    "The train to the city leaves early every morning.",
    "He forgot his umbrella and got soaked in the rain.",
    "Our friends are planning a small party for the weekend.",
    "She reads a few pages of a novel before bed.",
    "The children played football in the park until dark.",
    "Could you send me the photos from the trip tomorrow?",
]

# ffmpeg output options per format, at bitrates a phone or browser would use for a voice note.
FORMATS = {
    "wav": ["-c:a", "pcm_s16le"],
    "webm": ["-c:a", "libopus", "-b:a", "24k", "-application", "voip"],
    "ogg": ["-c:a", "libopus", "-b:a", "24k", "-application", "voip"],
    "m4a": ["-c:a", "aac", "-b:a", "48k"],
    "mp3": ["-c:a", "libmp3lame", "-b:a", "48k"],
}


def words(text):
    return re.sub(r"[^\w\s]", " ", text.lower().replace("'", "")).split()


def edits(ref, hyp):
    """Word-level edit distance (substitutions, deletions, insertions)."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        diagonal, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            diagonal, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, diagonal + (r != h))
    return row[-1]


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", *args], check=True)


class Worker:
    """worker.py as the server runs it: a child process spoken to in JSON lines."""

    def __init__(self, model_dir, threads, beam_size):
        started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "worker.py"), "--model-dir", model_dir,
             "--threads", str(threads), "--beam-size", str(beam_size)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        if json.loads(self.proc.stdout.readline() or "null") != {"ready": True}:
            raise SystemExit("the worker did not start")
        self.load_seconds = time.monotonic() - started
        self.next_id = 0

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def run(self, path):
        """The worker's answer for path and the seconds it took."""
        self.next_id += 1
        started = time.monotonic()
        reply = self.send(json.dumps({"id": self.next_id, "path": path}))
        elapsed = time.monotonic() - started
        if reply.get("id") != self.next_id:
            raise SystemExit(f"answer for the wrong job: {reply}")
        return reply, elapsed

    def peak_rss_mib(self):
        with open(f"/proc/{self.proc.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


class Sphinx:
    """pocketsphinx with its default US English model, one decode per detected speech span."""

    def __init__(self):
        from pocketsphinx import Decoder, Segmenter
        self.decoder = Decoder(samprate=16000, loglevel="FATAL")
        self.segmenter_class = Segmenter

    def run(self, path):
        started = time.monotonic()
        pcm = subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", path, "-f",
                              "s16le", "-ac", "1", "-ar", "16000", "-"],
                             check=True, capture_output=True).stdout
        texts = []
        segmenter = self.segmenter_class(sample_rate=16000)
        for _, _, span in segmenter.segment(_Reader(pcm)):
            self.decoder.start_utt()
            self.decoder.process_raw(span, full_utt=True)
            self.decoder.end_utt()
            if self.decoder.hyp() is not None:
                texts.append(self.decoder.hyp().hypstr)
        return " ".join(texts), time.monotonic() - started


class _Reader:
    def __init__(self, data):
        self.data, self.at = data, 0

    def read(self, n):
        self.at += n
        return self.data[self.at - n:self.at]


def make_audio(folder):
    """Writes the clips; returns {format: [(path, reference)]} and the extra clips."""
    clips = {name: [] for name in FORMATS}
    pcm16 = []
    for i, sentence in enumerate(SENTENCES):
        spoken = os.path.join(folder, f"s{i}-espeak.wav")
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "150", "-w", spoken, sentence],
                       check=True)
        base = os.path.join(folder, f"s{i}-16k.wav")
        ffmpeg("-i", spoken, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", base)
        with wave.open(base) as w:
            pcm16.append(w.readframes(w.getnframes()))
        for name, options in FORMATS.items():
            path = os.path.join(folder, f"s{i}.{name}")
            ffmpeg("-i", base, *options, path)
            clips[name].append((path, sentence))

    # Two minutes: the sentences over and over, a second of silence after each.
    long_wav, long_text, frames = os.path.join(folder, "long.wav"), [], b""
    pause = b"\0\0" * 16000
    while len(frames) < 120 * 16000 * 2:
        for sentence, pcm in zip(SENTENCES, pcm16):
            frames += pcm + pause
            long_text.append(sentence)
    with wave.open(long_wav, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(frames)
    long_webm = os.path.join(folder, "long.webm")
    ffmpeg("-i", long_wav, *FORMATS["webm"], long_webm)

    silence = os.path.join(folder, "silence.webm")
    ffmpeg("-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "5", *FORMATS["webm"], silence)
    noise = os.path.join(folder, "noise.webm")
    ffmpeg("-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.003:r=16000", "-t", "5",
           *FORMATS["webm"], noise)
    too_long = os.path.join(folder, "too-long.webm")
    ffmpeg("-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "301", *FORMATS["webm"],
           too_long)
    not_audio = os.path.join(folder, "not-audio.webm")
    with open(not_audio, "wb") as f:
        f.write(b"this is not a media file\n" * 100)
    extras = {"long": (long_webm, " ".join(long_text)), "silence": silence, "noise": noise,
              "too_long": too_long, "not_audio": not_audio}
    return clips, extras


def setup_and_reexec():
    """Installs (or finds) the venv and model, then runs this script again inside the venv."""
    out = subprocess.run([os.path.join(ROOT, "scripts", "transcribe-setup.sh")], check=True,
                         stdout=subprocess.PIPE, text=True).stdout
    model_dir = out.strip().splitlines()[-1]
    venv = os.environ.get("ATELIER_TRANSCRIBE_VENV",
                          os.path.expanduser("~/.cache/atelier-transcribe"))
    python = os.path.join(venv, "bin", "python")
    os.execv(python, [python, os.path.abspath(__file__), "--model-dir", model_dir,
                      *sys.argv[1:]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model-dir")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--beam-size", type=int, default=5)
    parser.add_argument("--keep", help="write the generated audio here and keep it")
    parser.add_argument("--no-sphinx", action="store_true", help="skip the pocketsphinx baseline")
    args = parser.parse_args()
    for tool in ("espeak-ng", "ffmpeg"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is needed (apt-get install -y {tool})")
    if args.model_dir is None:
        setup_and_reexec()

    folder = args.keep or tempfile.mkdtemp(prefix="atelier-transcribe-check-")
    os.makedirs(folder, exist_ok=True)
    try:
        return check(args, folder)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


def check(args, folder):
    started = time.monotonic()
    clips, extras = make_audio(folder)
    print(f"audio generated in {time.monotonic() - started:.1f} s", file=sys.stderr)
    worker = Worker(args.model_dir, args.threads, args.beam_size)
    sphinx = None if args.no_sphinx else Sphinx()
    failures, rows, misheard = [], [], []

    def measure(label, items):
        totals = {"ref": 0, "w_err": 0, "s_err": 0, "audio": 0.0, "w_s": 0.0, "s_s": 0.0}
        for path, reference in items:
            reply, w_seconds = worker.run(path)
            if "error" in reply:
                failures.append(f"{label}: {os.path.basename(path)}: {reply['error']}")
                continue
            s_text, s_seconds = sphinx.run(path) if sphinx else ("", 0.0)
            ref = words(reference)
            w_err = edits(ref, words(reply["text"]))
            if w_err and len(items) > 1:
                misheard.append(f"{label}: {reply['text']!r} (wanted {reference!r})")
            totals["ref"] += len(ref)
            totals["w_err"] += w_err
            totals["s_err"] += edits(ref, words(s_text))
            totals["audio"] += reply["seconds"]
            totals["w_s"] += w_seconds
            totals["s_s"] += s_seconds
        w_wer = totals["w_err"] / max(totals["ref"], 1)
        s_wer = f"{totals['s_err'] / max(totals['ref'], 1):.3f}" if sphinx else "-"
        if w_wer > MAX_WER:
            failures.append(f"{label}: whisper WER {w_wer:.3f} > {MAX_WER}")
        if sphinx and totals["s_err"] / max(totals["ref"], 1) > SPHINX_MAX_WER:
            failures.append(f"{label}: pocketsphinx WER {s_wer} > {SPHINX_MAX_WER}")
        rows.append((label, f"{w_wer:.3f}", s_wer, totals["audio"], totals["w_s"],
                     totals["s_s"]))

    for name, items in clips.items():
        measure(f"{name} x{len(items)}", items)
    measure("webm 2-min", [extras["long"]])

    for label, path, gated in (("silence 5 s", extras["silence"], True),
                               ("pink noise 5 s", extras["noise"], False)):
        reply, w_seconds = worker.run(path)
        s_text, s_seconds = sphinx.run(path) if sphinx else (None, 0.0)
        text = reply.get("text")
        if gated and text != "":
            failures.append(f"{label}: wanted \"\", got {reply}")
        rows.append((label, json.dumps(text if text is not None else reply),
                     json.dumps(s_text) if sphinx else "-", reply.get("seconds", 0.0), w_seconds,
                     s_seconds))

    # Protocol: each of these is an error for its job, and the worker still answers after.
    for label, path, expected in (("over the cap", extras["too_long"], "longer than"),
                                  ("not audio", extras["not_audio"], "cannot decode"),
                                  ("missing file", os.path.join(folder, "nope.webm"), "no such")):
        reply, seconds = worker.run(path)
        if expected not in reply.get("error", ""):
            failures.append(f"{label}: wanted an error with {expected!r}, got {reply}")
        print(f"protocol, {label}: {reply} ({seconds:.1f} s)", file=sys.stderr)
    for line, expected_id in (("not json", None), ('{"id": "5", "path": "x"}', None),
                              ('{"id": 5}', 5), ('{"id": 9, "path": 3}', 9)):
        reply = worker.send(line)
        if "error" not in reply or reply["id"] != expected_id:
            failures.append(f"protocol, {line!r}: got {reply}")
    reply, _ = worker.run(clips["wav"][0][0])
    if not reply.get("text"):
        failures.append(f"protocol: the worker's answer after the errors was {reply}")
    rss = worker.peak_rss_mib()
    if worker.close() != 0:
        failures.append("the worker did not exit with 0 at the end of its input")

    header = ("clip", "WER whisper", "WER sphinx", "audio s", "whisper s", "whisper s/s",
              "sphinx s")
    print(f"{header[0]:<16} {header[1]:>12} {header[2]:>12} {header[3]:>8} {header[4]:>10} "
          f"{header[5]:>12} {header[6]:>9}")
    for label, w_wer, s_wer, audio, w_s, s_s in rows:
        ratio = f"{w_s / audio:.3f}" if audio else "-"
        print(f"{label:<16} {w_wer:>12} {s_wer:>12} {audio:>8.1f} {w_s:>10.2f} {ratio:>12} "
              f"{s_s:>9.2f}")
    sentence_rows = rows[:len(FORMATS)]
    audio = sum(r[3] for r in sentence_rows)
    w_total = sum(r[4] for r in sentence_rows)
    print(f"worker: --threads {args.threads} --beam-size {args.beam_size}, model loaded in "
          f"{worker.load_seconds:.1f} s, peak RSS {rss:.0f} MiB, "
          f"{w_total / audio:.3f} s of processing per s of audio on the sentence clips")
    for line in misheard:
        print(f"misheard: {line}")
    for line in failures:
        print(f"FAIL: {line}")
    print("FAILED" if failures else "OK")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
