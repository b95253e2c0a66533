// A small, strict XML reader for program files (program-file.ts), in plain TypeScript so the
// page, workers and the server read a file the same way (the server has no DOMParser). It
// reads what the format needs: elements, attributes, text with the predefined and numeric
// entities, CDATA, comments and processing instructions, an XML declaration and a document
// type without an internal subset. Anything else, or anything malformed (an unclosed or
// mismatched tag, a bare `&` or `<`, a repeated attribute, text after the root), throws
// `XmlError`. Every element keeps where it stands in the text, so a reader can hand a part
// of the file on exactly as it was written.

export class XmlError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(`${message} at ${at}`);
    this.name = 'XmlError';
  }
}

interface XmlText {
  kind: 'text';
  /** The text with entities and CDATA read. */
  value: string;
  start: number;
  end: number;
}

export interface XmlElement {
  kind: 'element';
  /** The name as written (`prefix:local` where there is a prefix). */
  name: string;
  /** The name without its prefix. */
  localName: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlNode[];
  /** Where `<` of the start tag stands, and the index after the end tag's `>`. */
  start: number;
  end: number;
}

type XmlNode = XmlElement | XmlText;

const NAME = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9_:.\u00B7\u00C0-\uFFFF]*/y;
const SPACE = /[ \t\r\n]*/y;
const ATTRIBUTE_VALUE = /"([^"<]*)"|'([^'<]*)'/y;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The text with its entity references read; a bare `&` or an unknown entity throws. */
function unescape(raw: string, at: number): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&]*);|&/g, (whole, name: string | undefined, offset: number) => {
    if (name === undefined) throw new XmlError('bare &', at + offset);
    const predefined = PREDEFINED[name];
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(name);
    const code = numeric
      ? numeric[1] !== undefined
        ? parseInt(numeric[1], 16)
        : Number(numeric[2])
      : NaN;
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
      throw new XmlError(`unknown entity ${whole}`, at + offset);
    }
    return String.fromCodePoint(code);
  });
}

class Reader {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): XmlElement {
    this.misc(true);
    if (this.text[this.at] !== '<') throw new XmlError('no root element', this.at);
    const root = this.element();
    this.misc(false);
    if (this.at < this.text.length) throw new XmlError('content after the root', this.at);
    return root;
  }

  /** Space, comments and processing instructions outside the root (and the prolog's). */
  private misc(prolog: boolean): void {
    if (prolog && this.text.startsWith('\uFEFF')) this.at = 1;
    for (;;) {
      this.space();
      if (this.text.startsWith('<?', this.at)) this.instruction();
      else if (this.text.startsWith('<!--', this.at)) this.comment();
      else if (prolog && this.text.startsWith('<!DOCTYPE', this.at)) this.doctype();
      else return;
    }
  }

  private space(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  private until(end: string, what: string): number {
    const found = this.text.indexOf(end, this.at);
    if (found < 0) throw new XmlError(`unclosed ${what}`, this.at);
    return found;
  }

  private instruction(): void {
    this.at = this.until('?>', 'processing instruction') + 2;
  }

  private comment(): void {
    const end = this.until('-->', 'comment');
    if (this.text.slice(this.at + 4, end).includes('--'))
      throw new XmlError('-- in a comment', end);
    this.at = end + 3;
  }

  private doctype(): void {
    const end = this.until('>', 'document type');
    // An internal subset could declare entities; a program file never has one.
    if (this.text.slice(this.at, end).includes('[')) {
      throw new XmlError('document type with declarations', this.at);
    }
    this.at = end + 1;
  }

  private name(): string {
    NAME.lastIndex = this.at;
    const m = NAME.exec(this.text);
    if (!m) throw new XmlError('expected a name', this.at);
    this.at = NAME.lastIndex;
    return m[0];
  }

  private element(): XmlElement {
    const start = this.at;
    this.at += 1;
    const name = this.name();
    const attributes = new Map<string, string>();
    for (;;) {
      const before = this.at;
      this.space();
      const c = this.text[this.at];
      if (c === '>' || c === '/') break;
      if (this.at === before) throw new XmlError('expected space or the end of the tag', this.at);
      const key = this.name();
      this.space();
      if (this.text[this.at] !== '=') throw new XmlError('expected =', this.at);
      this.at += 1;
      this.space();
      ATTRIBUTE_VALUE.lastIndex = this.at;
      const m = ATTRIBUTE_VALUE.exec(this.text);
      if (!m) throw new XmlError('expected a quoted value', this.at);
      if (attributes.has(key)) throw new XmlError(`repeated attribute ${key}`, this.at);
      // White space in a value reads as spaces (character references excepted).
      attributes.set(key, unescape((m[1] ?? m[2] ?? '').replace(/[\t\n]/g, ' '), this.at + 1));
      this.at = ATTRIBUTE_VALUE.lastIndex;
    }
    const localName = name.slice(name.indexOf(':') + 1);
    const element: XmlElement = {
      kind: 'element',
      name,
      localName,
      attributes,
      children: [],
      start,
      end: start,
    };
    if (this.text.startsWith('/>', this.at)) {
      this.at += 2;
      element.end = this.at;
      return element;
    }
    this.at += 1;
    this.content(element);
    return element;
  }

  /** Children up to and with the element's end tag. */
  private content(element: XmlElement): void {
    let text: XmlText | null = null;
    const addText = (value: string, start: number, end: number) => {
      if (text) {
        text.value += value;
        text.end = end;
      } else {
        text = { kind: 'text', value, start, end };
        element.children.push(text);
      }
    };
    for (;;) {
      const lt = this.text.indexOf('<', this.at);
      if (lt < 0) throw new XmlError(`unclosed <${element.name}>`, element.start);
      if (lt > this.at) {
        const raw = this.text.slice(this.at, lt);
        if (raw.includes(']]>')) throw new XmlError(']]> in text', this.at);
        addText(unescape(raw, this.at), this.at, lt);
        this.at = lt;
      }
      if (this.text.startsWith('</', this.at)) {
        this.at += 2;
        const name = this.name();
        if (name !== element.name) {
          throw new XmlError(`</${name}> closes <${element.name}>`, this.at);
        }
        this.space();
        if (this.text[this.at] !== '>') throw new XmlError('expected >', this.at);
        this.at += 1;
        element.end = this.at;
        return;
      }
      if (this.text.startsWith('<![CDATA[', this.at)) {
        const start = this.at;
        const end = this.until(']]>', 'CDATA section');
        addText(this.text.slice(start + 9, end), start, end + 3);
        this.at = end + 3;
      } else if (this.text.startsWith('<!--', this.at)) {
        this.comment();
      } else if (this.text.startsWith('<?', this.at)) {
        this.instruction();
      } else {
        text = null;
        element.children.push(this.element());
      }
    }
  }
}

/**
 * The root element of an XML document; throws `XmlError` when the text is not one. Line
 * ends are read as XML reads them (`\r\n` and `\r` as `\n`), so positions count in `text`
 * with its line ends made `\n`: see `normalizedLineEnds`.
 */
export function readXml(text: string): XmlElement {
  return new Reader(normalizedLineEnds(text)).document();
}

export function normalizedLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** The text of an element's text children (CDATA included), without its elements'. */
export function ownText(element: XmlElement): string {
  return element.children.map((c) => (c.kind === 'text' ? c.value : '')).join('');
}

/** Text as XML character data. */
export function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
