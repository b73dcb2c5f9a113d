/**
 * Sources: every complete interview as a <VideoSource> whose <Transcript> (text in `sources/<guid>.txt`)
 * has a sync point at each turn start, and the video embedded (`internal://`), linked, or left out. A
 * TranscriptSelection can only point at sync points, so each selection adds sync points at its two ends;
 * their time stamps are estimated by interpolating within the turn.
 */
import type { InterviewDetail } from '../../../shared/views';
import { count, named } from '../../output/summary';
import type { QdpxInput, QdpxPlan, QdpxTextFile, QdpxVideoFile, SyncPoint } from './types';
import { selectionElements, type Selection } from './selections';
import type { PlacedTurn, TranscriptText } from './transcript-text';
import { el, textEl } from './xml';

export function buildSources(args: {
  input: QdpxInput;
  complete: InterviewDetail[];
  texts: Map<string, TranscriptText>;
  selections: Map<string, Selection[]>;
  personLabel: (iv: InterviewDetail) => string;
  label: (iv: InterviewDetail) => string;
  g: (...parts: string[]) => string;
  who: { creatingUser: string; creationDateTime: string };
  notes: string[];
}): { sources: string[]; texts: QdpxTextFile[]; videos: QdpxVideoFile[]; transcripts: QdpxPlan['transcripts'] } {
  const { input, g, who, personLabel } = args;
  const textFiles: QdpxTextFile[] = [];
  const videos: QdpxVideoFile[] = [];
  const transcripts: QdpxPlan['transcripts'] = [];
  const external: string[] = [];
  const sources = args.complete.map((iv) => {
    const sourceGuid = g('source', iv.id);
    const transcriptGuid = g('transcript', iv.id);
    const text = args.texts.get(iv.id)!;
    const selections = args.selections.get(iv.id)!;
    const sync = syncPointsFor(text, selections, (kind, n) => g('sync', iv.id, kind, String(n)));
    transcripts.push({ interviewId: iv.id, sourceGuid: transcriptGuid, text, syncPoints: sync.points });
    textFiles.push({ path: `sources/${transcriptGuid}.txt`, content: text.text });

    let path: string | undefined;
    const file = input.videoFiles?.[iv.id];
    const url = input.videoUrls?.[iv.id];
    // The source's name carries the media file's extension: tools pick a player (and some, a source type) by it.
    const ext = file ? videoExtension(file) : url ? (urlExtension(url) ?? 'mp4') : iv.has_video ? 'mp4' : null;
    if (file) {
      const name = `${sourceGuid}.${videoExtension(file)}`;
      videos.push({ path: `sources/${name}`, sourcePath: file });
      path = `internal://${name}`;
    } else if (url && /^https?:\/\//i.test(url)) {
      path = url;
      external.push(iv.id);
    } else if (iv.has_video) {
      external.push(iv.id);
    }

    const selectionEls = selectionElements(selections, sync, who.creationDateTime);
    const transcript = el(
      'Transcript',
      { guid: transcriptGuid, name: `${personLabel(iv)} transcript`, plainTextPath: `internal://${transcriptGuid}.txt`, ...who },
      [
        ...sync.points.map((p) => el('SyncPoint', { guid: p.guid, ...(p.timeStamp !== null ? { timeStamp: p.timeStamp } : {}), position: p.position })),
        ...selectionEls.transcript,
      ],
    );
    // Named by the participant's label alone (the code is unique in the study); the service's id stays in
    // the description, for tracing it back, and in the GUIDs an import back into Fieldwork matches by.
    const description = [iv.completed_at ? `Completed ${iv.completed_at}` : null, `Service id ${iv.id}`].filter(Boolean).join('. ');
    return el('VideoSource', { guid: sourceGuid, name: `${personLabel(iv)}${ext ? `.${ext}` : ''}`, path, ...who }, [
      textEl('Description', description),
      transcript,
      ...selectionEls.video,
    ]);
  });
  if (external.length > 0) {
    const linked = external.filter((id) => /^https?:\/\//i.test(input.videoUrls?.[id] ?? '')).length;
    args.notes.push(
      `${count(external.length, 'video')} ${external.length === 1 ? 'is' : 'are'} not saved on this computer, so the .qdpx project does not contain ${external.length === 1 ? 'it' : 'them'}: ${named(external.map((id) => args.label(input.interviews.find((iv) => iv.id === id)!)))}. ${
        linked === 0
          ? 'The project has no link to them.'
          : linked === external.length
            ? "The project links to the service's copies, and those links expire."
            : `The project links to the service's copies of ${linked} (those links expire) and has no link to the others.`
      } Save videos for offline, then export again to include them.`,
    );
  }
  return { sources, texts: textFiles, videos, transcripts };
}

function urlExtension(url: string): string | null {
  try {
    const m = /\.([A-Za-z0-9]{1,8})$/.exec(new URL(url).pathname);
    return m ? m[1]!.toLowerCase() : null;
  } catch {
    return null;
  }
}

function videoExtension(path: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(path);
  return m ? m[1]!.toLowerCase() : 'mp4';
}

/**
 * A sync point at each turn start (the paragraph start, with the turn's time), plus one at each selection
 * end that is not already one, with a time interpolated between the turn's start and end.
 */
function syncPointsFor(text: TranscriptText, selections: Selection[], guid: (kind: string, n: number) => string) {
  const byPos = new Map<number, SyncPoint>();
  for (const p of text.turns) {
    if (!byPos.has(p.paragraphStart)) {
      byPos.set(p.paragraphStart, { guid: guid('turn', p.turn.index), position: p.paragraphStart, timeStamp: ms(p.turn.start_ms), turnStart: p.turn.index });
    }
  }
  for (const s of selections) {
    for (const pos of [s.from, s.to]) {
      if (byPos.has(pos)) continue;
      byPos.set(pos, { guid: guid('at', pos), position: pos, timeStamp: interpolate(text.turns, pos), turnStart: null });
    }
  }
  const points = [...byPos.values()].sort((a, b) => a.position - b.position);
  return { points, guidAt: (pos: number) => byPos.get(pos)!.guid, timeAt: (pos: number) => byPos.get(pos)?.timeStamp ?? null };
}

function ms(v: number | null): number | null {
  if (v === null) return null;
  return Number.isFinite(v) && v > 0 ? Math.round(v) : 0;
}

function interpolate(turns: PlacedTurn[], pos: number): number | null {
  let owner: PlacedTurn | undefined;
  for (const p of turns) if (p.paragraphStart <= pos) owner = p;
  if (!owner) return 0;
  const start = ms(owner.turn.start_ms);
  if (start === null) return null;
  const end = owner.turn.end_ms !== null && owner.turn.end_ms > start ? (ms(owner.turn.end_ms) ?? start) : start;
  const span = owner.textEnd - owner.paragraphStart;
  const f = span > 0 ? Math.min(1, Math.max(0, (pos - owner.paragraphStart) / span)) : 0;
  return Math.round(start + (end - start) * f);
}
