/**
 * A small, strict, non-validating XML parser for REFI-QDA documents that came from someone else's
 * computer. It reads elements, attributes, text and CDATA, and nothing that could make it do more work
 * than the document's own size: a DOCTYPE (the door to entity expansion and external entities) is
 * refused outright, only the five predefined entities and character references are understood, and depth
 * and element counts are bounded. Namespaces are resolved just enough to check the root element's.
 * No dependency: the ones in node_modules are not ours to rely on, and this is 200 lines.
 */
import { ImportError } from './errors';

export type XmlElement = {
  /** Local name (prefix dropped). */
  name: string;
  /** The root's namespace URI; '' elsewhere (only the root's is checked). */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element (text and CDATA), entities decoded. */
  text: string;
};

export type XmlLimits = { maxDepth: number; maxElements: number; maxAttributes: number };
const DEFAULT_LIMITS: XmlLimits = { maxDepth: 200, maxElements: 5_000_000, maxAttributes: 200 };

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9_.:\u00B7\u00C0-\uFFFF]*/y;
const WS = /[ \t\r\n]*/y;
const ATTR_VALUE = /"([^"<]*)"|'([^'<]*)'/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function malformed(message: string, at: number, src: string): never {
  const before = src.slice(0, at);
  const line = before.split('\n').length;
  throw new ImportError('qdpx_malformed_xml', `${message} (line ${line}). The file is not well-formed XML; export it again from the QDA tool.`);
}

function isXmlChar(c: number): boolean {
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/** Entities and character references in text or an attribute value. Unknown entities are an error, never looked up. */
function decode(raw: string, at: number, src: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{0,32});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) malformed('An "&" that does not start an entity', at, src);
    if (ref.startsWith('#')) {
      const n = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : /^#[0-9]+$/.test(ref) ? parseInt(ref.slice(1), 10) : NaN;
      if (!Number.isFinite(n) || !isXmlChar(n)) malformed(`A character reference "&${ref};" that is not a character XML allows`, at, src);
      return String.fromCodePoint(n);
    }
    const v = PREDEFINED[ref];
    if (v === undefined)
      throw new ImportError(
        'qdpx_xml_entity',
        `The XML uses the entity "&${ref};", which is not one XML predefines. Fieldwork does not expand custom entities.`,
      );
    return v;
  });
}

/** Attribute value normalisation (XML 1.0 §3.3.3): literal tab, LF and CR become spaces; references keep them. */
const normaliseAttr = (raw: string) => raw.replace(/[\t\n\r]/g, ' ');

export function parseXml(src: string, limits: Partial<XmlLimits> = {}): XmlElement {
  return new XmlParser(src, { ...DEFAULT_LIMITS, ...limits }).parse();
}

/** One pass over the document: `i` is the read position; `stack` the open elements, `nsStack` their namespace scopes. */
class XmlParser {
  private i = 0;
  private readonly stack: Open[] = [];
  private readonly nsStack: Record<string, string>[] = [{ xml: 'http://www.w3.org/XML/1998/namespace' }];
  private root: XmlElement | null = null;
  private count = 0;

  constructor(
    private readonly src: string,
    private readonly lim: XmlLimits,
  ) {
    if (src.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  parse(): XmlElement {
    const { src } = this;
    while (this.i < src.length) {
      const lt = src.indexOf('<', this.i);
      this.text(lt < 0 ? src.length : lt);
      if (lt < 0) break;
      if (!this.markup()) {
        if (src[this.i + 1] === '/') this.endTag();
        else this.startTag();
      }
    }
    if (this.stack.length > 0) malformed(`<${this.stack[this.stack.length - 1]!.qname}> is never closed`, src.length, src);
    if (!this.root) malformed('No root element', src.length, src);
    return this.root;
  }

  private skipWs(): void {
    WS.lastIndex = this.i;
    WS.exec(this.src);
    this.i = WS.lastIndex;
  }

  private name(): string {
    NAME.lastIndex = this.i;
    const m = NAME.exec(this.src);
    if (!m) malformed('Expected a name', this.i, this.src);
    this.i = NAME.lastIndex;
    return m[0];
  }

  /** Character data up to `textEnd`: only whitespace outside the root. */
  private text(textEnd: number): void {
    const { src, i } = this;
    if (textEnd <= i) return;
    const raw = src.slice(i, textEnd);
    if (this.stack.length === 0) {
      if (raw.trim() !== '') malformed('Text outside the root element', i, src);
    } else {
      if (raw.includes(']]>')) malformed('"]]>" in text', i, src);
      this.stack[this.stack.length - 1]!.text += decode(raw, i, src);
    }
    this.i = textEnd;
  }

  /** A comment, processing instruction or CDATA section at `i`, or a refused DOCTYPE; false when `i` is a tag. */
  private markup(): boolean {
    const { src, i } = this;
    if (src.startsWith('<!--', i)) {
      const end = src.indexOf('-->', i + 4);
      if (end < 0) malformed('A comment that never ends', i, src);
      this.i = end + 3;
    } else if (src.startsWith('<?', i)) {
      const end = src.indexOf('?>', i + 2);
      if (end < 0) malformed('A processing instruction that never ends', i, src);
      this.i = end + 2;
    } else if (src.startsWith('<![CDATA[', i)) {
      if (this.stack.length === 0) malformed('CDATA outside the root element', i, src);
      const end = src.indexOf(']]>', i + 9);
      if (end < 0) malformed('A CDATA section that never ends', i, src);
      this.stack[this.stack.length - 1]!.text += src.slice(i + 9, end);
      this.i = end + 3;
    } else if (src.startsWith('<!', i)) {
      if (/^<!DOCTYPE/i.test(src.slice(i, i + 9)))
        throw new ImportError(
          'qdpx_doctype',
          'The project file declares a DOCTYPE. REFI-QDA files have none, and Fieldwork refuses them because they can define entities that expand without limit or read other files.',
        );
      malformed('An unexpected "<!"', i, src);
    } else return false;
    return true;
  }

  private endTag(): void {
    const { src } = this;
    this.i += 2;
    const n = this.name();
    this.skipWs();
    if (src[this.i] !== '>') malformed(`Expected ">" to close </${n}`, this.i, src);
    this.i++;
    const open = this.stack.pop();
    this.nsStack.pop();
    if (!open || open.qname !== n) malformed(`</${n}> does not match ${open ? `<${open.qname}>` : 'any open element'}`, this.i, src);
    if (this.stack.length === 0) this.root = strip(open);
  }

  private startTag(): void {
    const { src, lim, stack } = this;
    if (this.root) malformed('A second root element', this.i, src);
    this.i++;
    const qname = this.name();
    const { attrs, ns } = this.attributes(qname);
    const selfClosing = src[this.i] === '/';
    this.i += selfClosing ? 2 : 1;
    if (++this.count > lim.maxElements)
      throw new ImportError('qdpx_too_large', `The project file has more than ${lim.maxElements.toLocaleString('en')} elements.`);
    if (stack.length + 1 > lim.maxDepth) throw new ImportError('qdpx_too_large', `The project file nests elements more than ${lim.maxDepth} deep.`);
    const scope = { ...this.nsStack[this.nsStack.length - 1]!, ...ns };
    const colon = qname.indexOf(':');
    const prefix = colon >= 0 ? qname.slice(0, colon) : '';
    const el: Open = {
      name: colon >= 0 ? qname.slice(colon + 1) : qname,
      qname,
      ns: stack.length === 0 ? (scope[prefix] ?? '') : '',
      attrs,
      children: [],
      text: '',
    };
    if (prefix && scope[prefix] === undefined) malformed(`The prefix "${prefix}" is not declared`, this.i, src);
    if (stack.length > 0) stack[stack.length - 1]!.children.push(el);
    if (selfClosing) {
      if (stack.length === 0) this.root = strip(el);
    } else {
      stack.push(el);
      this.nsStack.push(scope);
    }
  }

  /** The attributes of a start tag, up to its ">" or "/>": by local name, and the namespaces it declares. */
  private attributes(qname: string): { attrs: Record<string, string>; ns: Record<string, string> } {
    const { src } = this;
    const attrs: Record<string, string> = {};
    const ns: Record<string, string> = {};
    let n = 0;
    for (;;) {
      const before = this.i;
      this.skipWs();
      if (src[this.i] === '>' || src.startsWith('/>', this.i)) break;
      if (this.i === before) malformed(`Expected a space between the attributes of <${qname}>`, this.i, src);
      const an = this.name();
      this.skipWs();
      if (src[this.i] !== '=') malformed(`Expected "=" after the attribute ${an}`, this.i, src);
      this.i++;
      this.skipWs();
      ATTR_VALUE.lastIndex = this.i;
      const m = ATTR_VALUE.exec(src);
      if (!m) malformed(`The value of the attribute ${an} is not quoted properly`, this.i, src);
      const value = decode(normaliseAttr(m[1] ?? m[2] ?? ''), this.i, src);
      this.i = ATTR_VALUE.lastIndex;
      if (++n > this.lim.maxAttributes) throw new ImportError('qdpx_too_large', `An element has more than ${this.lim.maxAttributes} attributes.`);
      if (an === 'xmlns') ns[''] = value;
      else if (an.startsWith('xmlns:')) ns[an.slice(6)] = value;
      const local = an.includes(':') && !an.startsWith('xmlns') ? an.slice(an.indexOf(':') + 1) : an;
      if (Object.hasOwn(attrs, local)) malformed(`The attribute ${an} appears twice on <${qname}>`, this.i, src);
      attrs[local] = value;
    }
    return { attrs, ns };
  }
}

type Open = XmlElement & { qname: string; children: Open[] };

function strip(el: Open): XmlElement {
  // qname was only needed to match end tags.
  return el;
}

/** The element's children with this local name. */
export const kids = (el: XmlElement, name: string): XmlElement[] => el.children.filter((c) => c.name === name);
export const kid = (el: XmlElement, name: string): XmlElement | undefined => el.children.find((c) => c.name === name);
