/**
 * REFI-QDA `project.qde` for a Fieldwork project: the exporting user, report themes and highlight tags as
 * codes, every COMPLETE interview as a VideoSource whose Transcript has a SyncPoint at each turn start,
 * participants as cases and their metadata as variables. Pure: no Electron, no file system; the zip is
 * built by `buildQdpx`.
 *
 * Transcript text lives in `sources/<guid>.txt` (UTF-8, no BOM). SyncPoint positions and selection
 * boundaries are code point offsets into that text as written, with the chosen line endings (see
 * transcript-text.ts). A TranscriptSelection can only point at sync points, so each selection adds sync
 * points at its two ends; their time stamps are estimated by interpolating within the turn.
 */
import { createHash } from 'node:crypto';
import { AI_REPORT_CODER } from '../../../shared/analysis/codebook';
import type { CodeView } from '../../../shared/ipc/channels/codes';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { InterviewDetail } from '../../../shared/views';
import type { ParticipantValue } from '../../../shared/schemas/interview';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { count, named, withStatus } from '../summary';
import { el, textEl } from './xml';
import { buildTranscriptText, type PlacedTurn, type QdpxLineEnding, type TranscriptText } from './transcript-text';

export type QdpxQuote = string | { text: string; interview_id?: string; turn_index?: number };

export type QdpxTheme = { title: string; summary?: string | null; frequency?: number; quotes: QdpxQuote[] };

export type QdpxInput = {
  project: { id: string; title: string; summary?: string | null };
  user: { id: string; name: string };
  interviews: InterviewDetail[];
  themes?: QdpxTheme[];
  highlights?: HighlightView[];
  /** The study's codebook: categories (not codable) holding codes, with colours and descriptions. */
  codes?: CodeView[];
  /** Cached video files by interview id: embedded in the zip and referenced as `internal://`. */
  videoFiles?: Record<string, string>;
  /** Service video URLs by interview id: referenced when there is no cached file. */
  videoUrls?: Record<string, string>;
  /** How the summary names an interview (the transcript files' own names); "Interview <id>" when not given. */
  label?: (interview: InterviewDetail) => string;
};

export type QdpxOptions = {
  lineEnding: QdpxLineEnding;
  /** Participant names, emails, custom fields and screener answers. Off by default: exports leave the machine. */
  includeParticipant: boolean;
  /** When the export happened; fixed in tests so output is reproducible. */
  now: Date;
};

export type QdpxTextFile = { path: string; content: string };
export type QdpxVideoFile = { path: string; sourcePath: string };

export type QdpxPlan = {
  xml: string;
  /** Zip paths (under `sources/`) and contents of the transcript texts. */
  texts: QdpxTextFile[];
  /** Video files to copy into the zip. */
  videos: QdpxVideoFile[];
  /** What the export summary should tell the user: external videos, quotes not found, and so on. */
  notes: string[];
  /** For tests and callers: the transcript text and sync points of each exported interview. */
  transcripts: { interviewId: string; sourceGuid: string; text: TranscriptText; syncPoints: SyncPoint[] }[];
};

/** `timeStamp` is null where the turn's time is unknown: the point then has a position only (it is optional in REFI-QDA). */
export type SyncPoint = { guid: string; position: number; timeStamp: number | null; turnStart: number | null };

const NS = 'urn:QDA-XML:project:1.0';
const THEME_COLOR = '#3b6fd4';
const TAG_COLOR = '#d4883b';

/** Stable GUIDs (UUID v5 style, from SHA-1), so exporting the same data twice gives the same project. */
export function stableGuid(...parts: string[]): string {
  const h = createHash('sha1').update(parts.join('\u0000')).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export function resolveQdpxOptions(partial: Partial<QdpxOptions> = {}): QdpxOptions {
  return {
    lineEnding: partial.lineEnding ?? 'lf',
    includeParticipant: partial.includeParticipant ?? false,
    now: partial.now ?? new Date(),
  };
}

/** `user`: the GUID of the <User> whose coding this is. */
type Selection = { guid: string; name: string; from: number; to: number; codeGuid: string; description: string | null; user: string };

export function planProjectQde(input: QdpxInput, partial: Partial<QdpxOptions> = {}): QdpxPlan {
  const options = resolveQdpxOptions(partial);
  const g = (...parts: string[]) => stableGuid('fieldwork', input.project.id, ...parts);
  const when = options.now.toISOString();
  const userGuid = g('user', input.user.id);
  const who = { creatingUser: userGuid, creationDateTime: when };
  const notes: string[] = [];
  // A <User> per coder: the researcher (highlights without a coder), "AI report" (the report's quotes) and
  // each imported coder, so a QDA tool can tell whose coding is whose.
  const users = new Map<string | null, { guid: string; name: string; id: string }>([[null, { guid: userGuid, name: input.user.name, id: input.user.id }]]);
  const userFor = (coder: string | null): string => {
    let u = users.get(coder);
    if (!u) users.set(coder, (u = { guid: g('coder', coder ?? ''), name: coder ?? '', id: `coder:${coder ?? ''}` }));
    return u.guid;
  };

  const complete = input.interviews.filter((iv) => iv.status === 'COMPLETE');
  const label = input.label ?? ((iv: InterviewDetail) => `Interview ${iv.id}`);
  const left = input.interviews.filter((iv) => iv.status !== 'COMPLETE');
  // Analysis tools get finished interviews only: a half-answered guide would skew their code counts.
  notes.push(
    left.length === 0
      ? `The .qdpx project holds all ${count(complete.length, 'interview')}.`
      : `The .qdpx project holds the ${count(complete.length, 'complete interview')}; ${left.length === 1 ? 'this one is' : `these ${left.length} are`} not complete and left out of it: ${named(left.map((iv) => withStatus(label(iv), iv.status)))}.`,
  );

  const participantNo = new Map(complete.map((iv, i) => [iv.id, i + 1]));
  const personLabel = (iv: InterviewDetail) =>
    (options.includeParticipant ? (iv.participant?.name ?? iv.participant_name) : null)?.trim() || `Participant ${participantNo.get(iv.id) ?? ''}`.trim();
  // Case names are unique: tools key cases by name, and two participants called the same lost one case and its variables.
  const caseName = new Map<string, string>();
  const seenNames = new Map<string, number>();
  for (const iv of complete) {
    const base = personLabel(iv);
    const n = (seenNames.get(base.toLowerCase()) ?? 0) + 1;
    seenNames.set(base.toLowerCase(), n);
    caseName.set(iv.id, n === 1 ? base : `${base} (${n})`);
  }
  for (const iv of complete) {
    const base = personLabel(iv);
    if ((seenNames.get(base.toLowerCase()) ?? 0) > 1 && caseName.get(iv.id) === base) caseName.set(iv.id, `${base} (1)`);
  }
  const speaker = (iv: InterviewDetail) => (turn: TranscriptTurn) => (turn.role === 'AI' ? 'Interviewer' : turn.role === 'User' ? personLabel(iv) : 'Speaker');

  const texts = new Map<string, TranscriptText>(complete.map((iv) => [iv.id, buildTranscriptText(iv.transcript, speaker(iv), options.lineEnding)]));
  const selections = new Map<string, Selection[]>(complete.map((iv) => [iv.id, []]));

  // Codes: the study's codebook (categories holding codes), one per theme, then one per highlight tag not in
  // the codebook (a tag or code that equals a theme title stays a separate code).
  const codes: string[] = [];
  const tagGuids = new Map<string, string>();
  const book = input.codes ?? [];
  const codeEl = (c: CodeView, children: string[] = []) =>
    el('Code', { guid: g('code', c.id), name: c.name, isCodable: !c.is_category, color: /^#[0-9a-fA-F]{6}$/.test(c.color) ? c.color : undefined }, [
      ...(c.description.trim() ? [textEl('Description', c.description)] : []),
      ...children,
    ]);
  const categoryIds = new Set(book.filter((c) => c.is_category).map((c) => c.id));
  for (const c of book) {
    if (!c.is_category) tagGuids.set(c.name.toLowerCase(), g('code', c.id));
    if (c.is_category)
      codes.push(
        codeEl(
          c,
          book.filter((k) => k.parent_id === c.id && !k.is_category).map((k) => codeEl(k)),
        ),
      );
    else if (!c.parent_id || !categoryIds.has(c.parent_id)) codes.push(codeEl(c));
  }
  const themes = input.themes ?? [];
  let unlocated = 0;
  themes.forEach((theme, ti) => {
    const codeGuid = g('theme', String(ti), theme.title);
    const desc = theme.summary?.trim() ? [textEl('Description', theme.summary)] : [];
    codes.push(el('Code', { guid: codeGuid, name: theme.title.trim() || `Theme ${ti + 1}`, isCodable: true, color: THEME_COLOR }, desc));
    theme.quotes.forEach((quote, qi) => {
      const found = locateQuote(quote, complete, texts);
      if (!found) {
        unlocated++;
        return;
      }
      selections.get(found.interviewId)!.push({
        guid: g('theme-quote', String(ti), String(qi)),
        name: theme.title,
        from: found.from,
        to: found.to,
        codeGuid,
        description: null,
        user: userFor(AI_REPORT_CODER),
      });
    });
  });
  if (unlocated > 0)
    notes.push(
      `${count(unlocated, 'report quote')} ${unlocated === 1 ? 'was' : 'were'} not found in the transcript of a complete interview in this export, so the .qdpx project does not code ${unlocated === 1 ? 'it' : 'them'}.`,
    );

  const tagCode = (tag: string, color: string | undefined) => {
    let guid = tagGuids.get(tag.toLowerCase());
    if (!guid) {
      guid = g('tag', tag);
      tagGuids.set(tag.toLowerCase(), guid);
      codes.push(el('Code', { guid, name: tag, isCodable: true, color: color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : TAG_COLOR }));
    }
    return guid;
  };
  let strayHighlights = 0;
  for (const h of input.highlights ?? []) {
    const text = texts.get(h.interview_id);
    const range = text ? highlightRange(h, text) : null;
    if (!range) {
      strayHighlights++;
      continue;
    }
    const tags = h.tags.map((t) => t.trim()).filter(Boolean);
    for (const tag of tags.length ? tags : ['Highlights']) {
      selections.get(h.interview_id)!.push({
        guid: g('highlight', h.id, tag),
        name: h.quote.slice(0, 80),
        ...range,
        codeGuid: tagCode(tag, h.codes?.find((c) => c.name.toLowerCase() === tag.toLowerCase())?.color),
        description: h.note.trim() || null,
        user: userFor(h.coder ?? null),
      });
    }
  }
  if (strayHighlights > 0)
    notes.push(
      `${count(strayHighlights, 'highlight')} ${strayHighlights === 1 ? 'is' : 'are'} on interviews or text not in the .qdpx project, so ${strayHighlights === 1 ? 'it is' : 'they are'} left out of it.`,
    );

  // Variables and cases.
  const variables = collectVariables(complete, options.includeParticipant, g);
  const cases = complete.map((iv) =>
    el('Case', { guid: g('case', iv.id), name: caseName.get(iv.id)! }, [...variables.valuesFor(iv), el('SourceRef', { targetGUID: g('source', iv.id) })]),
  );

  // Sources.
  const textFiles: QdpxTextFile[] = [];
  const videos: QdpxVideoFile[] = [];
  const transcripts: QdpxPlan['transcripts'] = [];
  const external: string[] = [];
  const sources = complete.map((iv) => {
    const sourceGuid = g('source', iv.id);
    const transcriptGuid = g('transcript', iv.id);
    const text = texts.get(iv.id)!;
    const sync = syncPointsFor(text, selections.get(iv.id)!, (kind, n) => g('sync', iv.id, kind, String(n)));
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

    const selectionEls = selections.get(iv.id)!.map((s) => {
      const by = { creatingUser: s.user, creationDateTime: when };
      return el('TranscriptSelection', { guid: s.guid, name: s.name, fromSyncPoint: sync.guidAt(s.from), toSyncPoint: sync.guidAt(s.to), ...by }, [
        ...(s.description ? [textEl('Description', s.description)] : []),
        el('Coding', { guid: stableGuid(s.guid, 'coding'), ...by }, [el('CodeRef', { targetGUID: s.codeGuid })]),
      ]);
    });
    // The same codings on the video's timeline, for tools that ignore sync points.
    const videoSelectionEls = selections.get(iv.id)!.flatMap((s) => {
      const begin = sync.timeAt(s.from);
      const end = sync.timeAt(s.to);
      if (begin === null || end === null || end <= begin) return [];
      const by = { creatingUser: s.user, creationDateTime: when };
      return [
        el('VideoSelection', { guid: stableGuid(s.guid, 'video'), name: s.name, begin, end, ...by }, [
          ...(s.description ? [textEl('Description', s.description)] : []),
          el('Coding', { guid: stableGuid(s.guid, 'video-coding'), ...by }, [el('CodeRef', { targetGUID: s.codeGuid })]),
        ]),
      ];
    });
    const transcript = el(
      'Transcript',
      { guid: transcriptGuid, name: `${personLabel(iv)} transcript`, plainTextPath: `internal://${transcriptGuid}.txt`, ...who },
      [
        ...sync.points.map((p) => el('SyncPoint', { guid: p.guid, ...(p.timeStamp !== null ? { timeStamp: p.timeStamp } : {}), position: p.position })),
        ...selectionEls,
      ],
    );
    const description = [iv.completed_at ? `Completed ${iv.completed_at}` : null, `Interview ${iv.id}`].filter(Boolean).join('. ');
    return el('VideoSource', { guid: sourceGuid, name: `${personLabel(iv)} (${iv.id})${ext ? `.${ext}` : ''}`, path, ...who }, [
      textEl('Description', description),
      transcript,
      ...videoSelectionEls,
    ]);
  });
  if (external.length > 0) {
    const linked = external.filter((id) => /^https?:\/\//i.test(input.videoUrls?.[id] ?? '')).length;
    notes.push(
      `${count(external.length, 'video')} ${external.length === 1 ? 'is' : 'are'} not saved on this computer, so the .qdpx project does not contain ${external.length === 1 ? 'it' : 'them'}: ${named(external.map((id) => label(input.interviews.find((iv) => iv.id === id)!)))}. ${
        linked === 0
          ? 'The project has no link to them.'
          : linked === external.length
            ? "The project links to the service's copies, and those links expire."
            : `The project links to the service's copies of ${linked} (those links expire) and has no link to the others.`
      } Save videos for offline, then export again to include them.`,
    );
  }

  const children: string[] = [
    el(
      'Users',
      {},
      [...users.values()].map((u) => el('User', { guid: u.guid, name: u.name, id: u.id })),
    ),
  ];
  if (codes.length) children.push(el('CodeBook', {}, [el('Codes', {}, codes)]));
  if (variables.definitions.length) children.push(el('Variables', {}, variables.definitions));
  if (cases.length) children.push(el('Cases', {}, cases));
  if (sources.length) children.push(el('Sources', {}, sources));
  if (input.project.summary?.trim()) children.push(textEl('Description', input.project.summary));

  const root = el(
    'Project',
    { xmlns: NS, name: input.project.title.trim() || input.project.id, origin: 'Fieldwork', creatingUserGUID: userGuid, creationDateTime: when },
    children,
  );
  const xml = `<?xml version="1.0" encoding="utf-8"?>\n${root}\n`;
  return { xml, texts: textFiles, videos, notes, transcripts };
}

export function buildProjectQde(input: QdpxInput, options: Partial<QdpxOptions> = {}): string {
  return planProjectQde(input, options).xml;
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

/** A quote's place: the given turn when named, else the first turn (in interview order) containing it exactly. */
function locateQuote(
  quote: QdpxQuote,
  interviews: InterviewDetail[],
  texts: Map<string, TranscriptText>,
): { interviewId: string; from: number; to: number } | null {
  const q = typeof quote === 'string' ? { text: quote } : quote;
  const needles = [
    ...new Set([
      q.text,
      q.text.trim(),
      q.text
        .trim()
        .replace(/^["'“‘]+|["'”’]+$/gu, '')
        .trim(),
    ]),
  ].filter((n) => n !== '');
  const candidates = q.interview_id ? interviews.filter((iv) => iv.id === q.interview_id) : interviews;
  for (const needle of needles) {
    for (const iv of candidates) {
      const placed = texts.get(iv.id)!.turns;
      const turns = q.turn_index !== undefined ? placed.filter((p) => p.turn.index === q.turn_index) : placed;
      for (const p of turns) {
        const at = p.turn.text.indexOf(needle);
        if (at >= 0) return { interviewId: iv.id, from: p.offsetMap[at]!, to: p.offsetMap[at + needle.length]! };
      }
    }
  }
  return null;
}

/** A highlight's turn/UTF-16 range as code point offsets in the transcript text; null when it does not fit. */
function highlightRange(h: HighlightView, text: TranscriptText): { from: number; to: number } | null {
  const start = text.turns.find((p) => p.turn.index === h.start_turn);
  const end = text.turns.find((p) => p.turn.index === h.end_turn);
  if (!start || !end) return null;
  if (h.start_offset < 0 || h.end_offset < 0 || h.start_offset > start.turn.text.length || h.end_offset > end.turn.text.length) return null;
  const from = start.offsetMap[h.start_offset]!;
  const to = end.offsetMap[h.end_offset]!;
  return to > from ? { from, to } : null;
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

type VarKind = 'Text' | 'Boolean' | 'Integer';

/**
 * Variables: without participant data, only the interview's own metadata (completion time, duration,
 * screener approval); with it, also email, every custom participant field and every screener answer.
 */
function collectVariables(interviews: InterviewDetail[], includeParticipant: boolean, g: (...p: string[]) => string) {
  type Def = { key: string; name: string; read: (iv: InterviewDetail) => ParticipantValue | undefined };
  const defs: Def[] = [
    { key: 'completed_at', name: 'Completed at', read: (iv) => iv.completed_at },
    { key: 'duration_minutes', name: 'Duration (minutes)', read: (iv) => iv.duration_minutes },
    { key: 'screener_approved', name: 'Screener approved', read: (iv) => iv.screener?.approved ?? iv.screener_approved },
  ];
  if (includeParticipant) {
    defs.push({ key: 'email', name: 'Email', read: (iv) => iv.participant?.email ?? iv.participant_email });
    const fieldKeys = [...new Set(interviews.flatMap((iv) => Object.keys(iv.participant?.fields ?? {})))].filter((k) => !['name', 'email'].includes(k)).sort();
    for (const k of fieldKeys)
      defs.push({
        key: `field:${k}`,
        name: k,
        read: (iv) => (iv.participant && Object.hasOwn(iv.participant.fields, k) ? iv.participant.fields[k] : undefined),
      });
    const questions = new Map<string, string>();
    for (const iv of interviews) for (const item of iv.screener?.items ?? []) if (!questions.has(item.id)) questions.set(item.id, item.text);
    for (const [id, text] of questions) {
      defs.push({ key: `screener:${id}`, name: `Screener: ${text}`, read: (iv) => iv.screener?.items.find((i) => i.id === id)?.answer });
    }
  }
  const used = defs
    .map((d) => {
      const values = interviews.map((iv) => d.read(iv)).filter((v): v is string | number | boolean => v !== null && v !== undefined && v !== '');
      if (values.length === 0) return null;
      const kind: VarKind = values.every((v) => typeof v === 'boolean')
        ? 'Boolean'
        : values.every((v) => typeof v === 'number' && Number.isSafeInteger(v))
          ? 'Integer'
          : 'Text';
      return { ...d, kind, guid: g('variable', d.key) };
    })
    .filter((d): d is NonNullable<typeof d> => d !== null);
  const valueEl = { Text: 'TextValue', Boolean: 'BooleanValue', Integer: 'IntegerValue' } as const;
  return {
    definitions: used.map((d) => el('Variable', { guid: d.guid, name: d.name, typeOfVariable: d.kind })),
    valuesFor: (iv: InterviewDetail) =>
      used.flatMap((d) => {
        const v = d.read(iv);
        if (v === null || v === undefined || v === '') return [];
        return [el('VariableValue', {}, [el('VariableRef', { targetGUID: d.guid }), textEl(valueEl[d.kind], String(v))])];
      }),
  };
}
