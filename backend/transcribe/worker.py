"""Speech-to-text worker for voice-note transcripts (issue 47).

The server spawns one of these per transcription slot and talks JSON lines with it:

    worker.py --model-dir DIR [--threads N] [--beam-size B]

DIR is a Whisper model in CTranslate2 format (model.bin, config.json, tokenizer.json,
vocabulary.txt); scripts/transcribe-setup.sh installs one and prints its path. Nothing is ever
downloaded: the Hugging Face hub is switched off and the model is loaded from DIR only.

Protocol (UTF-8, one JSON object per line, each output line flushed at once):
  out  {"ready": true}                                   once, when the model is loaded
  in   {"id": 7, "path": "/media/voice/abc.webm"}        a job: a file the worker may read
  out  {"id": 7, "text": "Hello there.", "seconds": 2.48} its transcript and the audio's length
  out  {"id": 7, "error": "..."}                          or why there is none
Exactly one output line answers each input line, in order (blank lines are skipped); a line that
is not a job object is answered with an error (its "id" echoed when it was an integer, else
null). A bad file, an unknown format or audio longer than the cap (5 minutes) is an error for
that job, never the end of the worker. Silence gives "text": "" (voice activity detection drops
it before the model sees it). Audio is decoded by PyAV (its own FFmpeg): WebM/Opus, Ogg/Opus,
MP4/AAC (m4a), MP3, WAV and whatever else FFmpeg reads. The worker exits with status 0 at the
end of its input. Only protocol lines go to stdout; logs and anything a library prints go to
stderr. Jobs run one at a time; run more workers for more at once.
"""

import argparse
import gc
import itertools
import json
import os
import sys
import time

os.environ["HF_HUB_OFFLINE"] = "1"  # before faster_whisper pulls in huggingface_hub

import av  # noqa: E402
import numpy as np  # noqa: E402
from faster_whisper import WhisperModel  # noqa: E402

SAMPLE_RATE = 16000
MAX_SECONDS = 300


class JobError(Exception):
    """A job that cannot be done; its message goes back to the server."""


def decode(path):
    """The audio at path as 16 kHz mono float32, refusing it once past MAX_SECONDS."""
    if not os.path.isfile(path):
        raise JobError(f"no such file: {path}")
    resampler = av.audio.resampler.AudioResampler(format="s16", layout="mono", rate=SAMPLE_RATE)
    chunks, samples = [], 0
    try:
        with av.open(path, mode="r", metadata_errors="ignore") as container:
            if not container.streams.audio:
                raise JobError("no audio stream")
            for frame in itertools.chain(container.decode(audio=0), [None]):
                if frame is not None:
                    frame.pts = None  # voice notes from browsers have gaps in their timestamps
                for out in resampler.resample(frame):
                    chunk = out.to_ndarray().reshape(-1)
                    chunks.append(chunk)
                    samples += chunk.size
                    if samples > MAX_SECONDS * SAMPLE_RATE:
                        raise JobError(f"audio longer than {MAX_SECONDS} s")
    except av.error.FFmpegError as e:
        raise JobError(f"cannot decode audio: {e}") from None
    finally:
        del resampler
        gc.collect()  # PyAV's resampler holds memory until collected (faster-whisper #390)
    if not samples:
        return np.zeros(0, dtype=np.float32)
    return np.concatenate(chunks).astype(np.float32) / 32768.0


def transcribe(model, audio, beam_size):
    segments, _ = model.transcribe(
        audio,
        language=None if model.model.is_multilingual else "en",
        beam_size=beam_size,
        vad_filter=True,
        condition_on_previous_text=False,
    )
    return "".join(segment.text for segment in segments).strip()


def answer(line, model, beam_size):
    try:
        job = json.loads(line)
    except (ValueError, RecursionError) as e:  # bad UTF-8 is a ValueError too
        return {"id": None, "error": f"not JSON: {e}"}
    job_id = job.get("id") if isinstance(job, dict) else None
    if not isinstance(job_id, int) or isinstance(job_id, bool):
        job_id = None
    if job_id is None or not isinstance(job.get("path"), str):
        return {"id": job_id, "error": 'expected {"id": <int>, "path": <string>}'}
    try:
        audio = decode(job["path"])
        seconds = round(audio.size / SAMPLE_RATE, 3)
        text = transcribe(model, audio, beam_size) if audio.size else ""
        return {"id": job_id, "text": text, "seconds": seconds}
    except JobError as e:
        return {"id": job_id, "error": str(e)}
    except Exception as e:  # noqa: BLE001 -- one job's failure must not end the worker
        return {"id": job_id, "error": f"{type(e).__name__}: {e}"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model-dir", required=True)
    parser.add_argument("--threads", type=int, default=1, help="CPU threads for the model (1)")
    parser.add_argument("--beam-size", type=int, default=5, help="beam width (5; 1 is greedy)")
    args = parser.parse_args()

    # Protocol lines get a private copy of stdout; fd 1 itself then points at stderr, so
    # nothing else (a library's print, a C library's warning) can break a JSON line.
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def send(message):
        protocol.write(json.dumps(message, ensure_ascii=False) + "\n")
        protocol.flush()

    if not os.path.isfile(os.path.join(args.model_dir, "model.bin")):
        print(f"worker: no model.bin in {args.model_dir}", file=sys.stderr)
        return 2
    started = time.monotonic()
    model = WhisperModel(args.model_dir, device="cpu", compute_type="int8",
                         cpu_threads=args.threads, num_workers=1, local_files_only=True)
    print(f"worker: model loaded in {time.monotonic() - started:.1f} s "
          f"({'multilingual' if model.model.is_multilingual else 'English-only'}, "
          f"{args.threads} thread(s), beam {args.beam_size})", file=sys.stderr)
    try:
        send({"ready": True})
        for line in sys.stdin.buffer:
            if line.strip():
                send(answer(line, model, args.beam_size))
    except (BrokenPipeError, KeyboardInterrupt):
        return 0  # the server went away or stopped us: nothing left to answer
    return 0


if __name__ == "__main__":
    sys.exit(main())
