/**
 * REFI-QDA files written by hand to the standard, the way NVivo, MAXQDA, ATLAS.ti and QualCoder write
 * them, for the import tests; `npx tsx test/fixtures/qdpx/make.ts` writes them to test/fixtures/qdpx/.
 *
 * Why not QualCoder itself: a round trip through the real tool (Fieldwork → QualCoder → Fieldwork) would
 * need QualCoder and PyQt6 installed in CI, and nothing may be downloaded at test time (only npm and apt
 * are reachable, and neither carries QualCoder). So these files follow the standard's text and XSD, and
 * each reproduces one trait of a real tool's output: CRLF texts with positions as written (NVivo),
 * `Sources/` with relative paths (MAXQDA), transcripts with sync points, time-only selections.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { stableGuid } from '../../src/main/exports/qdpx/project';
import type { ImportInterview } from '../../src/main/analysis/qdpx-import/plan';
import type { TranscriptTurn } from '../../src/shared/schemas/transcript';

export const FIXTURE_PROJECT = 'prj_fixture';

const t = (index: number, role: TranscriptTurn['role'], text: string, start_ms: number | null, end_ms: number | null): TranscriptTurn => ({
  index,
  role,
  text,
  start_ms,
  end_ms,
});

export const IV_ALPHA: ImportInterview = {
  id: 'iv_alpha',
  participant_name: 'Ana Souza',
  transcript: [
    t(0, 'AI', 'What made you cancel the meal kit?', 0, 3000),
    t(1, 'User', 'Honestly 😀 the recipes got repetitive after a few weeks.', 3500, 9000),
    t(2, 'AI', 'Tell me more about the price.', 9500, 11_000),
    t(3, 'User', 'The price went up twice and the portions felt smaller.', 11_500, 17_000),
  ],
};
export const IV_BETA: ImportInterview = {
  id: 'iv_beta',
  participant_name: 'Ben Okafor',
  transcript: [
    t(0, 'AI', 'What made you cancel the meal kit?', 0, 3000),
    t(1, 'User', 'We moved house and the delivery slots never fitted our week.', 3200, 8000),
    t(2, 'AI', 'Tell me more about the price.', 8200, 10_000),
    t(3, 'User', 'Price was fine, but the boxes came with too much plastic.', 10_400, 16_000),
  ],
};
export const FIXTURE_INTERVIEWS = [IV_ALPHA, IV_BETA];

const G = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const CODE = {
  reasons: G(1),
  repetitive: G(2),
  price: G(3),
  priceRise: G(4),
  logistics: G(5),
  packaging: G(6),
} as const;
const USER = G(90);

/** Code point length: REFI-QDA positions count characters, not UTF-16 units. */
export const cp = (s: string) => [...s].length;

const CODEBOOK = `<CodeBook><Codes>
<Code guid="${CODE.reasons}" name="Reasons" isCodable="true" color="#336699">
  <Description>Why people leave</Description>
  <Code guid="${CODE.repetitive}" name="Repetitive recipes" isCodable="true" color="#FF0000"><Description>Menus repeat</Description></Code>
  <Code guid="${CODE.price}" name="price" isCodable="true" color="#0A0">
    <Code guid="${CODE.priceRise}" name="Price rise" isCodable="true" color="#00ff00"/>
  </Code>
</Code>
<Code guid="${CODE.logistics}" name="Logistics" isCodable="true" color="#aa5500"/>
<Code guid="${CODE.packaging}" name="Packaging" isCodable="true"/>
</Codes></CodeBook>`;

const project = (body: string, origin: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<Project xmlns="urn:QDA-XML:project:1.0" name="Fixture" origin="${origin}" creatingUserGUID="${USER}">` +
  `<Users><User guid="${USER}" name="Dana"/></Users>${CODEBOOK}<Sources>${body}</Sources></Project>`;

const coding = (n: number, code: string) => `<Coding guid="${G(500 + n)}" creatingUser="${USER}"><CodeRef targetGUID="${code}"/></Coding>`;

/** `Speaker: text` paragraphs, with the chosen line break. */
function layout(iv: ImportInterview, eol: string, speaker = (r: TranscriptTurn) => (r.role === 'AI' ? 'Interviewer' : iv.participant_name!)) {
  return iv.transcript.map((turn) => `${speaker(turn)}: ${turn.text}`).join(eol + eol) + eol;
}

/** Code point positions of `needle` in `text`, as written. */
export function positions(text: string, needle: string): [number, number] {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`fixture: "${needle}" not in text`);
  return [cp(text.slice(0, at)), cp(text.slice(0, at)) + cp(needle)];
}

export const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v])) as Zippable, { level: 6 });

/** NVivo-style: a TextSource per interview, CRLF text in `sources/`, positions as written (CRLF = 2), emoji before a selection. */
export function nvivoCrlf(crlfAsOne = false): Uint8Array {
  const text = layout(IV_ALPHA, '\r\n');
  const [s1, e1] = positions(text, 'the recipes got repetitive');
  const [s2, e2] = positions(text, 'The price went up twice');
  // Counting CRLF once (as some tools do) moves every position after a break back by one per break.
  const shift = (p: number) => (crlfAsOne ? p - (text.slice(0, [...text].slice(0, p).join('').length).match(/\r\n/g)?.length ?? 0) : p);
  const src = `<TextSource guid="${G(100)}" name="Ana Souza.docx" plainTextPath="internal://${G(100)}.txt" creatingUser="${USER}">
<PlainTextSelection guid="${G(200)}" name="the recipes got repetitive" startPosition="${shift(s1)}" endPosition="${shift(e1)}" creatingUser="${USER}">${coding(1, CODE.repetitive)}</PlainTextSelection>
<PlainTextSelection guid="${G(201)}" name="The price went up twice" startPosition="${shift(s2)}" endPosition="${shift(e2)}">${coding(2, CODE.priceRise)}${coding(3, CODE.price)}</PlainTextSelection>
</TextSource>`;
  return zip({ 'project.qde': project(src, 'NVivo 14'), [`sources/${G(100)}.txt`]: text });
}

/** MAXQDA-style: `Sources/` with relative paths, timestamps in the text, a name that says nothing; and a source at an absolute path. */
export function maxqdaRelative(): Uint8Array {
  const text = IV_BETA.transcript
    .map((turn) => `[00:${String(Math.floor((turn.start_ms ?? 0) / 1000)).padStart(2, '0')}] ${turn.role === 'AI' ? 'I' : 'B'}: ${turn.text}`)
    .join('\n');
  const [s1, e1] = positions(text, 'the delivery slots never fitted our week');
  const [s2, e2] = positions(text, 'too much plastic');
  const src = `<TextSource guid="${G(101)}" name="Interview 2" plainTextPath="interview-2.txt">
<PlainTextSelection guid="${G(210)}" name="slots" startPosition="${s1}" endPosition="${e1}">${coding(4, CODE.logistics)}</PlainTextSelection>
<PlainTextSelection guid="${G(211)}" name="plastic" startPosition="${s2}" endPosition="${e2}">${coding(5, CODE.packaging)}</PlainTextSelection>
</TextSource>
<TextSource guid="${G(102)}" name="Pilot interview" plainTextPath="C:\\Users\\dana\\Documents\\pilot.txt">
<PlainTextSelection guid="${G(212)}" name="pilot" startPosition="0" endPosition="5">${coding(6, CODE.logistics)}</PlainTextSelection>
</TextSource>`;
  return zip({ 'project.qde': project(src, 'MAXQDA 2024'), 'Sources/interview-2.txt': text });
}

/** A VideoSource whose transcript has sync points, with Fieldwork's GUIDs (as Fieldwork exported it). */
export function transcriptSync(): Uint8Array {
  const guid = (...p: string[]) => stableGuid('fieldwork', FIXTURE_PROJECT, ...p);
  const text = layout(IV_ALPHA, '\n');
  const [s, e] = positions(text, 'portions felt smaller');
  const tg = guid('transcript', IV_ALPHA.id);
  const src = `<VideoSource guid="${guid('source', IV_ALPHA.id)}" name="Participant 1 (iv_alpha).mp4" path="internal://${guid('source', IV_ALPHA.id)}.mp4">
<Transcript guid="${tg}" name="Participant 1 transcript" plainTextPath="internal://${tg}.txt">
<SyncPoint guid="${G(300)}" timeStamp="0" position="0"/>
<SyncPoint guid="${G(301)}" timeStamp="13000" position="${s}"/>
<SyncPoint guid="${G(302)}" timeStamp="17000" position="${e}"/>
<TranscriptSelection guid="${G(220)}" name="portions" fromSyncPoint="${G(301)}" toSyncPoint="${G(302)}">${coding(7, CODE.price)}</TranscriptSelection>
<TranscriptSelection guid="${G(221)}" name="lost" fromSyncPoint="${G(301)}" toSyncPoint="${G(399)}">${coding(8, CODE.price)}</TranscriptSelection>
</Transcript>
<VideoSelection guid="${G(222)}" name="mirror" begin="13000" end="17000">${coding(9, CODE.price)}</VideoSelection>
</VideoSource>`;
  return zip({ 'project.qde': project(src, 'Fieldwork'), [`sources/${tg}.txt`]: text, [`sources/${guid('source', IV_ALPHA.id)}.mp4`]: new Uint8Array(64) });
}

/** Time-only codings (as ATLAS.ti writes video quotations): the turns they cover, and one past the end. */
export function videoOnly(): Uint8Array {
  const src = `<VideoSource guid="${G(103)}" name="iv_beta.mp4" path="relative/iv_beta.mp4">
<VideoSelection guid="${G(230)}" name="plastic bit" begin="10000" end="16500">${coding(10, CODE.packaging)}</VideoSelection>
<VideoSelection guid="${G(231)}" name="after the end" begin="90000" end="95000">${coding(11, CODE.packaging)}</VideoSelection>
</VideoSource>`;
  return zip({ 'project.qde': project(src, 'ATLAS.ti 24') });
}

export function codebookQdc(): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${CODEBOOK.replace('<CodeBook>', '<CodeBook xmlns="urn:QDA-XML:codebook:1.0" origin="QualCoder 3.6">')}\n`;
}

// ---------------------------------------------------------------- hostile

export function zipSlip(): Uint8Array {
  return zip({ 'project.qde': project('', 'x'), '../../.bashrc': 'echo owned' });
}

/** 64 MB of zeros, stored in about 64 KB: a ratio no text has. */
export function bomb(): Uint8Array {
  return zip({
    'project.qde': project(`<TextSource guid="${G(104)}" name="big" plainTextPath="internal://big.txt"/>`, 'x'),
    'sources/big.txt': new Uint8Array(64 * 2 ** 20),
  });
}

export function doctype(): Uint8Array {
  const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Project xmlns="urn:QDA-XML:project:1.0" name="&lol3;"/>`;
  return zip({ 'project.qde': lol });
}

export function malformed(): Uint8Array {
  return zip({ 'project.qde': project('<TextSource guid="x" name="unclosed">', 'x').replace('</Sources>', '') });
}

export function wrongNamespace(): Uint8Array {
  return zip({ 'project.qde': project('', 'x').replace('urn:QDA-XML:project:1.0', 'urn:QDA-XML:project:2.0') });
}

export const FIXTURE_FILES: Record<string, () => Uint8Array | string> = {
  'nvivo-crlf.qdpx': () => nvivoCrlf(),
  'maxqda-relative.qdpx': maxqdaRelative,
  'transcript-syncpoints.qdpx': transcriptSync,
  'video-selection-only.qdpx': videoOnly,
  'codebook.qdc': codebookQdc,
  'hostile-zip-slip.qdpx': zipSlip,
  'hostile-bomb.qdpx': bomb,
  'hostile-doctype.qdpx': doctype,
  'hostile-malformed.qdpx': malformed,
  'hostile-wrong-namespace.qdpx': wrongNamespace,
};
