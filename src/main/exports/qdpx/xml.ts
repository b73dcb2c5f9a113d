/**
 * Just enough XML writing for project.qde: escaping, and removing what XML 1.0 cannot carry at all
 * (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF), so no server string can make the
 * document ill-formed.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

export function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Attribute values: quotes escaped, and tab/LF/CR as character references so attribute normalisation keeps them. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

export type Attrs = Record<string, string | number | boolean | null | undefined>;

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');
}

/** An element: empty when it has no children, otherwise its children on the following lines. */
export function el(name: string, a: Attrs, children: string[] = []): string {
  if (children.length === 0) return `<${name}${attrs(a)}/>`;
  return `<${name}${attrs(a)}>\n${children.join('\n')}\n</${name}>`;
}

export function textEl(name: string, text: string): string {
  return `<${name}>${escapeText(text)}</${name}>`;
}
