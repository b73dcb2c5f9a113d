#!/usr/bin/env bash
# The sandbox's generic recording: what a completed interview without a sample video of its own links to
# (the contract gives every completed interview a video_url string). It names no one and says nothing: a
# plain picture saying what it is, with silence, so nothing in it can be mistaken for a participant.
# Usage: generic-recording.sh OUT_DIR FONT_FILE   (called by scripts/generate-sample-media.sh)
set -euo pipefail
OUT="$1"
FONT="$2"
FPS=5
KEYFRAME_S=2
DURATION_S=10
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)

mkdir -p "$OUT/generic"
webm="$OUT/generic/recording.webm"
label="drawtext=fontfile=$FONT:text='Sandbox recording':fontsize=20:fontcolor=0xE8ECEF:x=(w-text_w)/2:y=(h-text_h)/2-12"
note="drawtext=fontfile=$FONT:text='No sample video for this interview':fontsize=12:fontcolor=0xB8C2CA:x=(w-text_w)/2:y=(h-text_h)/2+18"
ffmpeg -nostdin -v error -y \
  -f lavfi -i "color=c=0x3C4650:s=320x240:r=$FPS:d=$DURATION_S" \
  -f lavfi -i "anullsrc=r=48000:cl=mono" -t "$DURATION_S" \
  -vf "$label,$note" \
  -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 0 -crf 54 -g $((FPS * KEYFRAME_S)) -keyint_min $((FPS * KEYFRAME_S)) \
  -deadline good -cpu-used 2 -row-mt 1 -threads 2 \
  -c:a libopus -b:a 6k -ac 1 -application voip -frame_duration 120 \
  "${BITEXACT[@]}" "$webm"
ffmpeg -nostdin -v error -y -ss 2 -i "$webm" -frames:v 1 -update 1 -q:v 6 -s 320x240 \
  "${BITEXACT[@]}" "$OUT/generic/recording.jpg"
printf '[sample-media] generic recording: %s bytes\n' "$(stat -c %s "$webm")" >&2
