#!/usr/bin/env bash
# Generates the sandbox sample media under resources/sample-media/:
#   videos/<id>.webm|.jpg|.json   one short synthetic interview + transcript for
#                                 every demo interview with a recording
#   stimuli/*                     concept images shown to participants
#   generic/recording.webm|.jpg  the recording every other completed
#                                 interview links to (names no one)
#   index.json, stimuli/index.json
#
# Everything is synthesised locally (espeak-ng speech, ffmpeg drawing), so the
# output contains no third-party content. Re-running replaces the outputs.
#
# Requires: ffmpeg + ffprobe (with libvpx, libopus, libfreetype), espeak-ng,
# node with the project's dependencies installed (npm ci), and a TrueType
# font (fonts-dejavu-core).
#
# Who says what comes from the sandbox's interview writer
# (src/sandbox/seed/demo-scripts.ts): the first step writes it to
# scripts/sample-media/scripts.json. Turn timestamps are measured from the
# synthesised audio, never typed by hand, because the app highlights the
# transcript turn under the video playhead.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/resources/sample-media"
TOOL="$ROOT/scripts/sample-media/media-tool.mjs"
SAMPLE_RATE=48000
FPS=5
KEYFRAME_S=2

# Strip encoder version strings and random segment UIDs so that re-running
# on the same machine yields byte-identical files (no spurious git diffs).
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)

log() { printf '[sample-media] %s\n' "$*" >&2; }
fail() { printf '[sample-media] error: %s\n' "$*" >&2; exit 1; }

for tool in ffmpeg ffprobe espeak-ng node; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool not found on PATH (apt-get install ffmpeg espeak-ng; node >= 20)"
done
[[ -x "$ROOT/node_modules/.bin/tsx" ]] || fail "tsx not found: run npm ci first"

# Capture once: piping straight into `grep -q` can SIGPIPE ffmpeg, which
# pipefail would turn into a spurious failure.
ENCODERS="$(ffmpeg -hide_banner -encoders 2>/dev/null)"
FILTERS="$(ffmpeg -hide_banner -filters 2>/dev/null)"
grep -q 'libvpx-vp9' <<<"$ENCODERS" || fail "this ffmpeg cannot encode VP9 (libvpx-vp9)"
grep -q 'libopus' <<<"$ENCODERS" || fail "this ffmpeg cannot encode Opus (libopus)"
grep -q ' drawtext ' <<<"$FILTERS" || fail "this ffmpeg has no drawtext filter (needs libfreetype)"

# drawtext needs an explicit font file; prefer DejaVu Sans, which Debian
# ships in fonts-dejavu-core, and only accept a real TrueType/OpenType file.
find_font() {
  local f=""
  if command -v fc-match >/dev/null 2>&1; then
    f="$(fc-match -f '%{file}' 'DejaVu Sans:style=Book' 2>/dev/null || true)"
  fi
  if [[ -z "$f" || ! -r "$f" || ! "$f" =~ \.(ttf|otf)$ ]]; then
    f=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
  fi
  if [[ ! -r "$f" ]] && command -v fc-list >/dev/null 2>&1; then
    f="$(fc-list --format '%{file}\n' ':lang=en' 2>/dev/null | grep -E '\.(ttf|otf)$' | sort | head -n1 || true)"
  fi
  [[ -n "$f" && -r "$f" ]] || fail "no TrueType font found for drawtext; apt-get install fonts-dejavu-core"
  printf '%s' "$f"
}
FONT="$(find_font)"
log "font: $FONT"

# VP9/Opus and drawtext are all available, but WebP output is optional in
# ffmpeg builds; fall back to PNG for the one WebP stimulus if needed.
if grep -q 'libwebp ' <<<"$ENCODERS"; then CRATE_EXT=webp; else CRATE_EXT=png; fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Outputs are wholly owned by this script; clearing them first means a
# renamed or removed video/stimulus never lingers. README.md is hand-written
# and left alone.
rm -rf "$OUT/videos" "$OUT/stimuli"
mkdir -p "$OUT/videos" "$OUT/stimuli"
rm -f "$OUT/index.json"

# The scripts first, so the videos always say what the sandbox's writer says.
"$ROOT/node_modules/.bin/tsx" "$ROOT/scripts/sample-media/write-scripts.ts"

duration_of() {
  ffprobe -v error -show_entries format=duration -of default=noprint_wrappers=1:nokey=1 "$1"
}

# ---------------------------------------------------------------------------
# Videos
# ---------------------------------------------------------------------------

# espeak-ng pads each utterance with ~0.2-0.3 s of trailing silence. Trim
# both ends so a turn's start/end are the edges of audible speech, and
# resample here so all later timing is in whole samples at one rate.
TRIM="silenceremove=start_periods=1:start_threshold=-50dB,areverse,silenceremove=start_periods=1:start_threshold=-50dB,areverse,aresample=$SAMPLE_RATE"

make_video() {
  local id="$1" dir="$WORK/$id"
  mkdir -p "$dir"
  node "$TOOL" prepare "$id" "$dir"

  local idx voice speed pitch
  local -a inputs=()
  while IFS=$'\t' read -r idx voice speed pitch; do
    espeak-ng -v "$voice" -s "$speed" -p "$pitch" -f "$dir/turn-$idx.txt" -w "$dir/turn-$idx.raw.wav"
    ffmpeg -nostdin -v error -y -i "$dir/turn-$idx.raw.wav" -af "$TRIM" -ac 1 -c:a pcm_s16le \
      "$dir/turn-$idx.wav"
    duration_of "$dir/turn-$idx.wav" >"$dir/turn-$idx.dur"
    inputs+=(-i "$dir/turn-$idx.wav")
  done <"$dir/voices.tsv"

  local total
  total="$(node "$TOOL" plan "$id" "$dir" "$FONT")"

  ffmpeg -nostdin -v error -y "${inputs[@]}" -filter_complex_script "$dir/audio.filter" \
    -map '[aout]' -ac 1 -ar "$SAMPLE_RATE" -c:a pcm_s16le "$dir/speech.wav"

  # Guard against silent drift between the planned timeline and the audio
  # actually produced (e.g. a filter rounding to frame boundaries).
  local got
  got="$(duration_of "$dir/speech.wav")"
  node -e 'const [a,b]=process.argv.slice(1).map(Number); if (Math.abs(a-b)>0.002) { console.error(`speech.wav is ${b}s, planned ${a}s`); process.exit(1); }' \
    "$total" "$got" || fail "$id: assembled audio does not match the planned timeline"

  # Forty videos ship with the app, so each must stay small. A still picture
  # at 5 fps costs almost nothing between keyframes; the keyframes, one every
  # 2 s as in real recordings (so seeking lands within 2 s), carry the text and
  # cost about 1.2 KB each at crf 54, the same at any resolution, which is why
  # it stays 320x240. (Above crf 54, a label that appears between keyframes
  # smears until the next one.) Synthesised speech needs little: Opus at
  # 6 kbit/s, in 120 ms packets to save per-packet container overhead.
  local webm="$OUT/videos/$id.webm"
  ffmpeg -nostdin -v error -y \
    -f lavfi -i "color=c=0x3C4650:s=320x240:r=$FPS:d=$total" \
    -i "$dir/speech.wav" \
    -filter_complex_script "$dir/video.filter" \
    -map '[vout]' -map 1:a \
    -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 0 -crf 54 -g $((FPS * KEYFRAME_S)) -keyint_min $((FPS * KEYFRAME_S)) \
    -deadline good -cpu-used 2 -row-mt 1 -threads 2 \
    -c:a libopus -b:a 6k -ac 1 -application voip -frame_duration 120 \
    "${BITEXACT[@]}" "$webm"

  # ~2 s in, the interviewer's first question is on screen.
  ffmpeg -nostdin -v error -y -ss 2 -i "$webm" -frames:v 1 -update 1 -q:v 6 -s 320x240 \
    "${BITEXACT[@]}" "$OUT/videos/$id.jpg"

  local container
  container="$(duration_of "$webm")"
  node "$TOOL" sidecar "$id" "$dir" "$container" "$OUT/videos/$id.json"
  log "video $id: ${container}s, $(stat -c %s "$webm") bytes"
}

mapfile -t IDS < <(node "$TOOL" ids)
[[ ${#IDS[@]} -gt 0 ]] || fail "no videos defined in scripts/sample-media/scripts.json"
for id in "${IDS[@]}"; do
  make_video "$id"
done

# ---------------------------------------------------------------------------
# Stimulus images
# ---------------------------------------------------------------------------

STIMULI_TSV="$WORK/stimuli.tsv"
: >"$STIMULI_TSV"

# Text goes through drawtext's textfile= so captions with ':' or quotes need
# no filtergraph escaping.
text_file() {
  local f
  f="$(mktemp -p "$WORK" text.XXXXXX)"
  printf '%s' "$1" >"$f"
  printf '%s' "$f"
}

# draw_text <text> <size> <colour> <x> <y>  -> a drawtext filter
draw_text() {
  printf "drawtext=fontfile='%s':textfile='%s':fontsize=%s:fontcolor=%s:x=%s:y=%s" \
    "$FONT" "$(text_file "$1")" "$2" "$3" "$4" "$5"
}

box() { printf 'drawbox=x=%s:y=%s:w=%s:h=%s:color=%s:t=fill' "$@"; }

# stimulus <file> <caption> <background> <filter>...
stimulus() {
  local file="$1" caption="$2" bg="$3"
  shift 3
  local chain
  chain="$(IFS=,; echo "$*")"
  chain+=",$(draw_text "$caption" 28 0x33404A '(w-text_w)/2' 405)"
  local -a codec
  case "$file" in
    *.png) codec=(-c:v png -pix_fmt rgb24 -compression_level 9) ;;
    *.jpg) codec=(-c:v mjpeg -pix_fmt yuvj420p -q:v 4) ;;
    *.webp) codec=(-c:v libwebp -lossless 0 -quality 80 -pix_fmt yuv420p) ;;
    *) fail "unknown stimulus extension: $file" ;;
  esac
  ffmpeg -nostdin -v error -y -f lavfi -i "color=c=$bg:s=640x480:d=1" -vf "$chain" \
    -frames:v 1 -update 1 "${codec[@]}" "${BITEXACT[@]}" "$OUT/stimuli/$file"
  printf '%s\t%s\n' "$file" "$caption" >>"$STIMULI_TSV"
  log "stimulus $file: $(stat -c %s "$OUT/stimuli/$file") bytes"
}

stimulus concept-a-kraft-box.png "Concept A: kraft box" 0xEDE6DA \
  "$(box 180 344 300 12 0xD9CFBF)" \
  "$(box 170 176 300 168 0xC49A6C)" \
  "$(box 160 144 320 38 0xB3895C)" \
  "$(box 305 144 30 200 0xDCC29A)" \
  "$(box 200 224 86 56 0xF5F0E6)" \
  "$(draw_text 'FRESH' 14 0x7A5A3A 219 236)" \
  "$(draw_text 'weekly box' 11 0x7A5A3A 211 257)"

stimulus concept-b-compostable-pouch.jpg "Concept B: compostable pouch" 0xE6EEE3 \
  "$(box 258 346 132 10 0xD2DCCD)" \
  "$(box 250 118 140 228 0x9DB98A)" \
  "$(box 250 118 140 20 0x7F9C6E)" \
  "$(box 270 196 100 64 0xF3F6EF)" \
  "$(draw_text 'compostable' 13 0x4E6B40 280 212)" \
  "$(draw_text 'home compost' 10 0x6E8A60 283 236)"

stimulus "concept-c-reusable-crate.$CRATE_EXT" "Concept C: reusable crate" 0xE2E8EE \
  "$(box 170 344 320 12 0xCDD5DD)" \
  "$(box 160 164 320 180 0x4F6D8A)" \
  "$(box 160 210 320 8 0x3E5870)" \
  "$(box 160 256 320 8 0x3E5870)" \
  "$(box 160 302 320 8 0x3E5870)" \
  "$(box 290 178 60 16 0xE2E8EE)" \
  "$(draw_text 'please return' 12 0xDDE6EE 276 318)"

stimulus recipe-card.jpg "Weekly recipe card" 0xEFE9DD \
  "$(box 150 40 340 330 0xFFFDF8)" \
  "$(box 150 40 340 52 0xE9B872)" \
  "$(draw_text 'Lemon herb chicken' 20 0x4A3A20 '(w-text_w)/2' 55)" \
  "$(draw_text 'Ready in 30 minutes  ·  serves 2' 12 0x6B6255 '(w-text_w)/2' 108)" \
  "$(box 180 140 280 3 0xDCD5C6)" \
  "$(box 180 170 250 3 0xDCD5C6)" \
  "$(box 180 200 270 3 0xDCD5C6)" \
  "$(box 180 230 220 3 0xDCD5C6)" \
  "$(box 180 260 260 3 0xDCD5C6)" \
  "$(box 180 290 240 3 0xDCD5C6)" \
  "$(box 180 320 200 3 0xDCD5C6)"

stimulus delivery-tracker.png "Delivery tracking screen" 0xE4E9EC \
  "$(box 230 22 180 356 0x2F3B43)" \
  "$(box 240 44 160 312 0xF7F9FA)" \
  "$(draw_text 'Your box' 16 0x2F3B43 '(w-text_w)/2' 62)" \
  "$(draw_text 'Arriving 4-6 pm' 12 0x5A6A74 '(w-text_w)/2' 88)" \
  "$(box 262 134 3 112 0xC9D2D8)" \
  "$(box 256 126 14 14 0x6BA368)" \
  "$(draw_text 'Packed' 13 0x2F3B43 282 125)" \
  "$(box 256 182 14 14 0x6BA368)" \
  "$(draw_text 'On its way' 13 0x2F3B43 282 181)" \
  "$(box 256 238 14 14 0xC9D2D8)" \
  "$(draw_text 'Delivered' 13 0x8A979F 282 237)"

node "$TOOL" manifest "$OUT" "$STIMULI_TSV"

# What a completed interview without a sample video of its own links to.
"$ROOT/scripts/sample-media/generic-recording.sh" "$OUT" "$FONT"

total_bytes="$(du -cb "$OUT"/videos/*.webm | tail -n1 | cut -f1)"
log "done: ${#IDS[@]} videos, ${total_bytes} bytes of video in $OUT"
