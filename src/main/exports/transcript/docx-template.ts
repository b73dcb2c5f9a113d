/**
 * Transcript DOCX from a template the `docx` library packs once, instead of one library pack per interview
 * (about 8 ms each: the library builds an object tree per run, serialises every part and deflates the
 * whole package again, though only two parts ever differ between transcripts).
 *
 * The library stays the source of truth for every byte: at build time it packs one document holding a
 * sample of each paragraph kind (docx.ts `PARAGRAPH_KINDS`) whose texts are markers. Splitting its
 * document.xml at the markers gives, per kind, the XML between the texts; a transcript's document.xml is
 * those pieces with its own (filtered, escaped) texts in between. Every other part is kept as the library
 * wrote it, deflated once; only document.xml and core.xml (title and dates) are made per transcript.
 * Tests compare the result with `renderDocxWithLibrary` part by part.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import type { TextRun } from 'docx';
import { oneLine, type TranscriptExportInput, type TranscriptExportOptions } from './common';
import { PARAGRAPH_KINDS, packDocx, textRuns, xmlSafe, type DocxBlock, type ParagraphKind } from '../../output/docx';
import { transcriptBlocks } from './docx';

/** The XML around a paragraph's texts: `fixed[i]` before the i-th single-line piece, then the tail's lines. */
type KindPieces = {
  /** Before each fixed piece, then before the tail's first line: `fixed + 1` strings. */
  open: string[];
  /** After the first line when it is the only one. */
  endSingle: string;
  /** Between the first and the second line. */
  afterFirst: string;
  /** Between any later two lines. */
  between: string;
  /** After the last line when there are several. */
  endMulti: string;
};

type ZipEntry = { name: Buffer; method: 0 | 8; crc: number; size: number; data: Uint8Array };

const DOCUMENT = 'word/document.xml';
const CORE = 'docProps/core.xml';
/** Deflate level for the two parts made per transcript. Level 1 is several times cheaper than 6 on this XML and the file grows by about a tenth. */
const PART_LEVEL = 1;
const STATIC_LEVEL = 9;
const ISO_DATE = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const KIND_NAMES = Object.keys(PARAGRAPH_KINDS) as ParagraphKind[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };
/** Text as the library writes it: filtered to XML 1.0 characters, then the five entities (its `escapeAll`). */
export function xmlText(text: string): string {
  return xmlSafe(text).replace(/[&"'<>]/g, (c) => ESCAPES[c] as string);
}

export class DocxTemplate {
  private constructor(
    private readonly kinds: Record<ParagraphKind, KindPieces>,
    private readonly documentHead: string,
    private readonly documentTail: string,
    /** core.xml around the title, then around each date. */
    private readonly coreHead: string,
    private readonly coreRest: string[],
    /** Every part in the library's order: deflated once, or named for making per transcript. */
    private readonly entries: (ZipEntry | { name: Buffer; part: typeof DOCUMENT | typeof CORE })[],
  ) {}

  static async build(): Promise<DocxTemplate> {
    let n = 0;
    const marker = () => `FWSLOT${n++}X`;
    // Per kind, a sample with a one-line tail and one with a three-line tail, each text a marker.
    const samples = KIND_NAMES.flatMap((kind) => {
      const k = PARAGRAPH_KINDS[kind];
      const style = k.italics ? { italics: true } : {};
      const sample = (lines: number) => {
        const fixed = Array.from({ length: k.fixed }, marker);
        const tail: TextRun[] = textRuns(Array.from({ length: lines }, marker).join('\n'), style);
        return k.build(fixed, tail);
      };
      return [sample(1), sample(3)];
    });
    const titleMarker = marker();
    const files = unzipSync(new Uint8Array(await packDocx(titleMarker, [{ children: samples }])));

    const documentXml = strFromU8(files[DOCUMENT] ?? fail(`the library wrote no ${DOCUMENT}`));
    const pieces = documentXml.split(/FWSLOT\d+X/);
    const found = [...documentXml.matchAll(/FWSLOT(\d+)X/g)].map((m) => Number(m[1]));
    // Every text marker once, in order (the title marker is the last one made, and belongs in core.xml only).
    if (found.length !== n - 1 || found.some((v, i) => v !== i)) fail(`the ${n - 1} markers are not in ${DOCUMENT} once each, in order`);

    // The piece between two samples is one paragraph's end and the next one's start: split at the `</w:p>`.
    const paragraphStart = pieces[0]!.search(/<w:p[ >]/);
    if (paragraphStart < 0) fail('no paragraph in the sample document');
    const documentHead = pieces[0]!.slice(0, paragraphStart);
    pieces[0] = pieces[0]!.slice(paragraphStart);
    const splitEnd = (piece: string): [string, string] => {
      const at = piece.lastIndexOf('</w:p>');
      if (at < 0) fail('a sample paragraph has no end');
      return [piece.slice(0, at + 6), piece.slice(at + 6)];
    };
    let at = 0;
    let carry = pieces[0]!;
    const take = (count: number): string[] => {
      const out = [carry, ...pieces.slice(at + 1, at + count)];
      at += count;
      return out;
    };
    const kinds = {} as Record<ParagraphKind, KindPieces>;
    let documentTail = '';
    for (const [index, kind] of KIND_NAMES.entries()) {
      const fixed = PARAGRAPH_KINDS[kind].fixed;
      const last = index === KIND_NAMES.length - 1;
      // One line: open pieces (fixed + 1), then the end merged with the next sample's start.
      const single = take(fixed + 1);
      const [endSingle, nextStart] = splitEnd(pieces[at]!);
      carry = nextStart;
      const multi = take(fixed + 3);
      const [endMulti, after] = splitEnd(pieces[at]!);
      if (last) documentTail = after;
      else carry = after;
      const open = multi.slice(0, fixed + 1);
      if (open.some((p, i) => p !== single[i])) fail(`the ${kind} paragraph starts differently with one line and with three`);
      kinds[kind] = { open, endSingle, afterFirst: multi[fixed + 1]!, between: multi[fixed + 2]!, endMulti };
    }
    if (!documentTail.includes('</w:body>')) fail('the document does not end as expected');

    const coreXml = strFromU8(files[CORE] ?? fail(`the library wrote no ${CORE}`));
    const [coreHead, coreAfter] = coreXml.split(titleMarker);
    if (coreHead === undefined || coreAfter === undefined || coreXml.split(titleMarker).length !== 2) fail(`the title is not in ${CORE} once`);

    const entries = Object.entries(files).map(([name, data]) => {
      const nameBytes = Buffer.from(name, 'utf8');
      if (name === DOCUMENT || name === CORE) return { name: nameBytes, part: name as typeof DOCUMENT | typeof CORE };
      if (strFromU8(data).includes('FWSLOT')) fail(`${name} holds a text, so it cannot be shared between transcripts`);
      return zipEntry(nameBytes, data, STATIC_LEVEL);
    });
    return new DocxTemplate(kinds, documentHead, documentTail, coreHead, coreAfter.split(ISO_DATE), entries);
  }

  /** word/document.xml for these blocks, as the library would write it. */
  documentXml(blocks: DocxBlock[]): string {
    let xml = this.documentHead;
    for (const block of blocks) {
      const k = this.kinds[block.kind];
      for (let i = 0; i < k.open.length - 1; i++) xml += k.open[i]! + xmlText(block.fixed[i] ?? '');
      xml += k.open[k.open.length - 1];
      const lines = xmlSafe(block.tail).split('\n');
      xml += xmlText(lines[0]!);
      if (lines.length === 1) {
        xml += k.endSingle;
        continue;
      }
      xml += k.afterFirst + xmlText(lines[1]!);
      for (let i = 2; i < lines.length; i++) xml += k.between + xmlText(lines[i]!);
      xml += k.endMulti;
    }
    return xml + this.documentTail;
  }

  /** docProps/core.xml with this title and the given time as created and modified. */
  coreXml(title: string, now: Date): string {
    return this.coreHead + xmlText(oneLine(title)) + this.coreRest.join(now.toISOString());
  }

  /** The .docx: the library's parts in its order, with this transcript's document and properties. */
  render(title: string, blocks: DocxBlock[], now = new Date()): Buffer {
    const entries = this.entries.map((e) => {
      if (!('part' in e)) return e;
      const xml = e.part === DOCUMENT ? this.documentXml(blocks) : this.coreXml(title, now);
      return zipEntry(e.name, Buffer.from(xml, 'utf8'), PART_LEVEL);
    });
    return zipArchive(entries, now);
  }
}

function fail(why: string): never {
  throw new Error(`The DOCX template could not be built: ${why}.`);
}

function zipEntry(name: Buffer, data: Uint8Array, level: number): ZipEntry {
  return { name, method: 8, crc: crc32(data), size: data.length, data: deflateRawSync(data, { level }) };
}

/** MS-DOS date and time, local, as zip readers (and fflate, which the library uses) expect. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** A plain zip (no Zip64, no extra fields): local headers with data, the central directory, its end record. */
function zipArchive(entries: ZipEntry[], mtime: Date): Buffer {
  const { time, date } = dosDateTime(mtime);
  let size = 22;
  for (const e of entries) size += 30 + 46 + 2 * e.name.length + e.data.length;
  const out = Buffer.allocUnsafe(size);
  const offsets: number[] = [];
  let p = 0;
  const header = (signature: number, e: ZipEntry, central: boolean): void => {
    p = out.writeUInt32LE(signature, p);
    if (central) p = out.writeUInt16LE(20, p); // made by: MS-DOS, version 2.0
    p = out.writeUInt16LE(20, p); // needed to extract: 2.0 (deflate)
    p = out.writeUInt16LE(0, p); // flags: ASCII names, sizes known up front
    p = out.writeUInt16LE(e.method, p);
    p = out.writeUInt16LE(time, p);
    p = out.writeUInt16LE(date, p);
    p = out.writeUInt32LE(e.crc >>> 0, p);
    p = out.writeUInt32LE(e.data.length, p);
    p = out.writeUInt32LE(e.size, p);
    p = out.writeUInt16LE(e.name.length, p);
    p = out.writeUInt16LE(0, p); // extra field length
  };
  for (const e of entries) {
    offsets.push(p);
    header(0x04034b50, e, false);
    p += e.name.copy(out, p);
    out.set(e.data, p);
    p += e.data.length;
  }
  const directory = p;
  for (const [i, e] of entries.entries()) {
    header(0x02014b50, e, true);
    p = out.writeUInt16LE(0, p); // comment length
    p = out.writeUInt16LE(0, p); // disk
    p = out.writeUInt16LE(0, p); // internal attributes
    p = out.writeUInt32LE(0, p); // external attributes
    p = out.writeUInt32LE(offsets[i]!, p);
    p += e.name.copy(out, p);
  }
  const directorySize = p - directory;
  p = out.writeUInt32LE(0x06054b50, p);
  p = out.writeUInt16LE(0, p);
  p = out.writeUInt16LE(0, p);
  p = out.writeUInt16LE(entries.length, p);
  p = out.writeUInt16LE(entries.length, p);
  p = out.writeUInt32LE(directorySize, p);
  p = out.writeUInt32LE(directory, p);
  out.writeUInt16LE(0, p);
  return out;
}

let shared: Promise<DocxTemplate> | null = null;

/** The template, packed once per process on first use (a failed build is retried next time). */
export function docxTemplate(): Promise<DocxTemplate> {
  shared ??= DocxTemplate.build().catch((e: unknown) => {
    shared = null;
    throw e;
  });
  return shared;
}

/** The transcript as a .docx: the library's document, filled into its template. */
export async function renderDocx(input: TranscriptExportInput, partial?: Partial<TranscriptExportOptions>): Promise<Buffer> {
  const { title, blocks } = transcriptBlocks(input, partial);
  return (await docxTemplate()).render(title, blocks);
}
