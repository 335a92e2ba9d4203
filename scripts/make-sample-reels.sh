#!/usr/bin/env bash
# The three sample reels of `atelier seed --demo` (issue 9): short vertical VP9/Opus WebM videos
# made from ffmpeg's test sources with drawn text, and a JPEG poster of each (the frame at 1 s).
# The outputs are committed in backend/assets/reels/ and built into the binary, so seeding
# needs neither ffmpeg nor the network; run this again only to change them.
# Usage: scripts/make-sample-reels.sh [OUTPUT_DIR]   (needs ffmpeg with libvpx-vp9 and drawtext)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-backend/assets/reels}"
mkdir -p "$out"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[[ -f "$font" ]] || font=$(fc-match -f '%{file}' 'sans:bold')

# make NAME SECONDS SOURCE TONE_HZ TITLE SUBTITLE
make() {
  local name=$1 seconds=$2 source=$3 tone=$4 title=$5 subtitle=$6
  local text="drawtext=fontfile=$font:text='$title':fontcolor=white:fontsize=34:borderw=3:bordercolor=black@0.6:x=(w-text_w)/2:y=h*0.38"
  text+=",drawtext=fontfile=$font:text='$subtitle':fontcolor=white:fontsize=19:borderw=2:bordercolor=black@0.6:x=(w-text_w)/2:y=h*0.38+52"
  text+=",drawtext=fontfile=$font:text='%{eif\\:t+1\\:d}/$seconds':fontcolor=white@0.8:fontsize=20:x=w-text_w-16:y=16"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$source" \
    -f lavfi -i "sine=frequency=$tone:sample_rate=48000:duration=$seconds,volume=0.15" \
    -filter_complex "[0:v]$text,format=yuv420p[v]" -map '[v]' -map 1:a \
    -t "$seconds" -r 24 -c:v libvpx-vp9 -b:v 300k -maxrate 340k -bufsize 500k -crf 40 -deadline good -cpu-used 4 -row-mt 1 \
    -g 48 -c:a libopus -b:a 24k -ac 1 "$out/$name.webm"
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "$out/$name.webm" -frames:v 1 -q:v 5 \
    "$out/$name.jpg"
  echo "$out/$name.webm $(stat -c %s "$out/$name.webm") bytes, poster $(stat -c %s "$out/$name.jpg") bytes"
}

make test-pattern 4 "testsrc2=size=360x640:rate=24" 440 'Test pattern' 'Colour bars in motion'
make mandelbrot 5 "mandelbrot=size=360x640:rate=24:start_scale=3:end_scale=0.5" 330 'Mandelbrot zoom' 'Infinite detail, five seconds'
make gradients 4 "gradients=size=360x640:rate=24:speed=0.03:n=4" 550 'Colour drift' 'Four gradients, one loop'
