/**
 * REFI-QDA `project.qde` for a Fieldwork project: the exporting user, report themes and highlight tags as
 * codes, every COMPLETE interview as a VideoSource whose Transcript has a SyncPoint at each turn start,
 * participants as cases and their metadata as variables. Pure: no Electron, no file system; the zip is
 * built by `buildQdpx`.
 *
 * Transcript text lives in `sources/<guid>.txt` (UTF-8, no BOM). SyncPoint positions and selection
 * boundaries are code point offsets into that text as written, with the chosen line endings (see
 * transcript-text.ts). This file puts the project together from its parts: the codebook (codebook.ts),
 * the codings (selections.ts), cases and variables (cases.ts) and the sources with their transcripts
 * (sources.ts).
 */
import type { InterviewDetail } from '../../../shared/views';
import type { TranscriptTurn } from '../../../shared/schemas/transcript';
import { count, named, withStatus } from '../../output/summary';
import { casesAndVariables, participantNames } from './cases';
import { createCodebook } from './codebook';
import { stableGuid } from './guid';
import { collectSelections, createCoders } from './selections';
import { buildSources } from './sources';
import { el, textEl } from './xml';
import { buildTranscriptText, type TranscriptText } from './transcript-text';
import type { QdpxInput, QdpxOptions, QdpxPlan } from './types';

export { stableGuid };

export type { QdpxQuote, QdpxTheme, QdpxInput, QdpxOptions, QdpxTextFile, QdpxVideoFile, QdpxPlan, SyncPoint } from './types';

const NS = 'urn:QDA-XML:project:1.0';

export function resolveQdpxOptions(partial: Partial<QdpxOptions> = {}): QdpxOptions {
  return {
    lineEnding: partial.lineEnding ?? 'lf',
    includeParticipant: partial.includeParticipant ?? false,
    now: partial.now ?? new Date(),
  };
}

export function planProjectQde(input: QdpxInput, partial: Partial<QdpxOptions> = {}): QdpxPlan {
  const options = resolveQdpxOptions(partial);
  const g = (...parts: string[]) => stableGuid('fieldwork', input.project.id, ...parts);
  const when = options.now.toISOString();
  const userGuid = g('user', input.user.id);
  const who = { creatingUser: userGuid, creationDateTime: when };
  const notes: string[] = [];
  const coders = createCoders(input.user, userGuid, g);

  const complete = input.interviews.filter((iv) => iv.status === 'COMPLETE');
  const label = input.label ?? ((iv: InterviewDetail) => iv.code);
  const left = input.interviews.filter((iv) => iv.status !== 'COMPLETE');
  // Analysis tools get finished interviews only: a half-answered guide would skew their code counts.
  notes.push(
    left.length === 0
      ? `The .qdpx project holds all ${count(complete.length, 'interview')}.`
      : `The .qdpx project holds the ${count(complete.length, 'complete interview')}; ${left.length === 1 ? 'this one is' : `these ${left.length} are`} not complete and left out of it: ${named(left.map((iv) => withStatus(label(iv), iv.status)))}.`,
  );

  const { personLabel, caseName } = participantNames(complete, options.includeParticipant);
  const speaker = (iv: InterviewDetail) => (turn: TranscriptTurn) => (turn.role === 'AI' ? 'Interviewer' : turn.role === 'User' ? personLabel(iv) : 'Speaker');
  const texts = new Map<string, TranscriptText>(complete.map((iv) => [iv.id, buildTranscriptText(iv.transcript, speaker(iv), options.lineEnding)]));

  const codebook = createCodebook(input.codes ?? [], g);
  const selections = collectSelections({
    interviews: complete,
    texts,
    themes: input.themes ?? [],
    highlights: input.highlights ?? [],
    codebook,
    userFor: coders.userFor,
    g,
    notes,
  });
  const { variables, cases } = casesAndVariables(complete, options.includeParticipant, caseName, g);
  const sources = buildSources({ input, complete, texts, selections, personLabel, label, g, who, notes });

  const children: string[] = [coders.element()];
  if (codebook.codes.length) children.push(el('CodeBook', {}, [el('Codes', {}, codebook.codes)]));
  if (variables.length) children.push(el('Variables', {}, variables));
  if (cases.length) children.push(el('Cases', {}, cases));
  if (sources.sources.length) children.push(el('Sources', {}, sources.sources));
  if (input.project.summary?.trim()) children.push(textEl('Description', input.project.summary));

  const root = el(
    'Project',
    { xmlns: NS, name: input.project.title.trim() || input.project.id, origin: 'Fieldwork', creatingUserGUID: userGuid, creationDateTime: when },
    children,
  );
  const xml = `<?xml version="1.0" encoding="utf-8"?>\n${root}\n`;
  return { xml, texts: sources.texts, videos: sources.videos, notes, transcripts: sources.transcripts };
}

export function buildProjectQde(input: QdpxInput, options: Partial<QdpxOptions> = {}): string {
  return planProjectQde(input, options).xml;
}
