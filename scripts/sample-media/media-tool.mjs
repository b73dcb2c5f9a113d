#!/usr/bin/env node
// Helper for scripts/generate-sample-media.sh. Kept in plain ESM with only
// node: built-ins so the generator runs from a bare checkout.
//
// All timing is done in integer samples at SAMPLE_RATE so that the
// timestamps written to the sidecars are exactly where the speech sits in
// the audio track (no floating-point drift across turns).

import { readFileSync, writeFileSync, statSync, existsSync } from 'node:fs';
import { join, dirname, extname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCRIPTS = JSON.parse(readFileSync(join(HERE, 'scripts.json'), 'utf8'));

export const SAMPLE_RATE = 48000;
const LEAD_IN_S = 0.4;
// Slightly uneven pauses sound less robotic; all stay within 0.5-0.7 s so
// silencedetect (d=0.3) always sees them as gaps between turns.
const GAPS_S = [0.6, 0.55, 0.65, 0.5, 0.7];
// Trailing silence after the last turn so the final `end` sits safely
// inside the container duration.
const TAIL_S = 0.8;

const ROLE_LABEL = { AI: 'Interviewer', User: 'Participant' };
const ROLE_COLOUR = { AI: '0xF2D492', User: '0xA8D5E2' };

const CONTENT_TYPES = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

function die(msg) {
  process.stderr.write(`media-tool: ${msg}\n`);
  process.exit(1);
}

function video(id) {
  const v = SCRIPTS.videos.find((x) => x.id === id);
  if (!v) die(`unknown video id: ${id}`);
  return v;
}

const pad = (i) => String(i).padStart(2, '0');
const secToSamples = (s) => Math.round(s * SAMPLE_RATE);
const samplesToSec = (n) => Math.round((n / SAMPLE_RATE) * 1000) / 1000;

// Paths end up inside single quotes in an ffmpeg filter script; a quote in
// the path would break out of the quoting, so refuse rather than escape.
function q(path) {
  if (path.includes("'")) die(`path contains a single quote: ${path}`);
  return `'${path}'`;
}

function voiceFor(v, role) {
  return role === 'AI' ? SCRIPTS.interviewer : v.participant;
}

const commands = {
  // One id per line, in manifest order.
  ids() {
    for (const v of SCRIPTS.videos) process.stdout.write(`${v.id}\n`);
  },

  // Writes each turn's text to its own file (espeak-ng -f avoids any shell
  // quoting of the text) plus a TSV of "index<TAB>voice<TAB>speed<TAB>pitch".
  prepare(id, dir) {
    const v = video(id);
    const rows = v.turns.map((t, i) => {
      if (!ROLE_LABEL[t.role]) die(`${id}: bad role ${t.role}`);
      writeFileSync(join(dir, `turn-${pad(i)}.txt`), `${t.text}\n`);
      const { voice, speed, pitch } = voiceFor(v, t.role);
      return `${pad(i)}\t${voice}\t${speed}\t${pitch}`;
    });
    writeFileSync(join(dir, 'voices.tsv'), `${rows.join('\n')}\n`);
    // The title card names the participant in full: it is how a viewer tells
    // that the recording belongs to the interview record it plays in.
    writeFileSync(join(dir, 'title.txt'), v.participant.name);
    writeFileSync(join(dir, 'label-AI.txt'), ROLE_LABEL.AI);
    writeFileSync(join(dir, 'label-User.txt'), ROLE_LABEL.User);
  },

  // Reads turn-NN.dur (ffprobe-measured seconds of each trimmed turn) and
  // lays the turns out on a timeline. Emits the audio and video filter
  // scripts for ffmpeg and timeline.json for the sidecar; prints the total
  // audio length in seconds.
  plan(id, dir, fontfile) {
    const v = video(id);
    let cursor = secToSamples(LEAD_IN_S);
    const timeline = [];
    const audio = [];
    v.turns.forEach((t, i) => {
      const durFile = join(dir, `turn-${pad(i)}.dur`);
      const dur = Number(readFileSync(durFile, 'utf8').trim());
      if (!(dur > 0)) die(`${id}: bad duration in ${durFile}`);
      const len = secToSamples(dur);
      const last = i === v.turns.length - 1;
      const after = secToSamples(last ? TAIL_S : GAPS_S[i % GAPS_S.length]);
      timeline.push({ role: t.role, text: t.text, startSamples: cursor, endSamples: cursor + len });
      audio.push(`[${i}:a]apad=pad_len=${after}[p${i}]`);
      cursor += len + after;
    });
    const totalSamples = cursor;
    const inputs = v.turns.map((_, i) => `[p${i}]`).join('');
    audio.push(`${inputs}concat=n=${v.turns.length}:v=0:a=1,` + `adelay=delays=${secToSamples(LEAD_IN_S)}S:all=1,` + `atrim=end_sample=${totalSamples}[aout]`);
    writeFileSync(join(dir, 'audio.filter'), `${audio.join(';\n')}\n`);

    // Every glyph costs bytes in each keyframe (one every 2 s), so the
    // picture carries only what a viewer checks: who, who is speaking, when.
    const font = `fontfile=${q(fontfile)}`;
    const vf = [
      `drawtext=${font}:textfile=${q(join(dir, 'title.txt'))}:fontsize=16:fontcolor=0xF4F1EA:x=(w-text_w)/2:y=24`,
      `drawbox=x=60:y=54:w=200:h=1:color=0x5C6B75:t=fill`,
    ];
    for (const seg of timeline) {
      const a = (seg.startSamples / SAMPLE_RATE).toFixed(3);
      const b = (seg.endSamples / SAMPLE_RATE).toFixed(3);
      vf.push(
        `drawtext=${font}:textfile=${q(join(dir, `label-${seg.role}.txt`))}:fontsize=17:` +
          `fontcolor=${ROLE_COLOUR[seg.role]}:x=(w-text_w)/2:y=(h-text_h)/2:enable='between(t,${a},${b})'`,
      );
    }
    // The clock reads like the player's own (m:ss), with tenths to check sync
    // by: fewer glyphs than pts:hms's 00:00:00.000, so cheaper keyframes. All
    // three parts come from one rounded count of tenths, so 2.999 s cannot
    // read 0:02.0.
    const tenths = 'round(t*10)';
    const clock = [`%{eif\\:floor(${tenths}/600)\\:d}`, `%{eif\\:floor(mod(${tenths}\\,600)/10)\\:d\\:2}`, `%{eif\\:mod(${tenths}\\,10)\\:d}`];
    vf.push(`drawtext=${font}:text='${clock[0]}\\:${clock[1]}.${clock[2]}':fontsize=11:fontcolor=0xD8DEE2:x=(w-text_w)/2:y=h-30`);
    writeFileSync(join(dir, 'video.filter'), `[0:v]${vf.join(',\n')}[vout]\n`);

    writeFileSync(join(dir, 'timeline.json'), JSON.stringify({ totalSamples, timeline }, null, 2));
    process.stdout.write(`${(totalSamples / SAMPLE_RATE).toFixed(6)}\n`);
  },

  // Writes the transcript sidecar. duration_s is the container duration as
  // reported by ffprobe on the finished .webm.
  sidecar(id, dir, durationArg, out) {
    const v = video(id);
    const duration_s = Math.round(Number(durationArg) * 1000) / 1000;
    if (!(duration_s > 0)) die(`${id}: bad container duration ${durationArg}`);
    const { timeline } = JSON.parse(readFileSync(join(dir, 'timeline.json'), 'utf8'));
    const turns = timeline.map((seg) => ({
      role: seg.role,
      text: seg.text,
      start: samplesToSec(seg.startSamples),
      end: samplesToSec(seg.endSamples),
    }));
    let prevEnd = 0;
    for (const t of turns) {
      if (!(t.start >= prevEnd && t.start < t.end && t.end <= duration_s)) {
        die(`${id}: turn out of range ${JSON.stringify(t)} (duration ${duration_s})`);
      }
      prevEnd = t.end;
    }
    const doc = {
      id: v.id,
      title: v.title,
      participant: { name: v.participant.name },
      duration_s,
      topic: v.topic,
      status: v.status,
      turns,
    };
    writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  },

  // Builds stimuli/index.json and the top-level index.json. stimuliTsv is
  // "file<TAB>caption" per line, written by the shell script as it draws
  // each image, so the captions have a single source.
  manifest(root, stimuliTsv) {
    const stimuli = readFileSync(stimuliTsv, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [file, caption] = line.split('\t');
        const content_type = CONTENT_TYPES[extname(file).toLowerCase()];
        if (!content_type) die(`no content type for ${file}`);
        return { file, caption, content_type };
      });
    writeFileSync(join(root, 'stimuli', 'index.json'), `${JSON.stringify(stimuli, null, 2)}\n`);

    const videos = SCRIPTS.videos.map((v) => {
      const file = `videos/${v.id}.webm`;
      const transcript = `videos/${v.id}.json`;
      const thumbnail = `videos/${v.id}.jpg`;
      for (const f of [file, transcript, thumbnail]) {
        if (!existsSync(join(root, f))) die(`missing ${f}`);
      }
      const sidecar = JSON.parse(readFileSync(join(root, transcript), 'utf8'));
      return {
        id: v.id,
        file,
        thumbnail,
        transcript,
        content_type: 'video/webm',
        bytes: statSync(join(root, file)).size,
        duration_s: sidecar.duration_s,
        topic: v.topic,
        status: v.status,
      };
    });
    const manifest = {
      videos,
      // Same entries as stimuli/index.json (file names relative to
      // stimuli/), plus their sizes.
      stimuli: stimuli.map((s) => ({
        ...s,
        bytes: statSync(join(root, 'stimuli', s.file)).size,
      })),
    };
    writeFileSync(join(root, 'index.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  },
};

const [cmd, ...args] = process.argv.slice(2);
if (!commands[cmd]) die(`usage: media-tool.mjs <${Object.keys(commands).join('|')}> ...`);
commands[cmd](...args);
