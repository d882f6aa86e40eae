/** A small hand-written stand-in for PostgREST's Parsec parsers, with Parsec-style error positions. */
export class ParseFailure extends Error {
  constructor(readonly column: number, readonly details: string) {
    super(details);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  pos = 0;
  constructor(readonly input: string) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }
  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }
  startsWith(s: string): boolean {
    return this.input.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }
  fail(expecting: string): never {
    const unexpected = this.done ? 'end of input' : `"${this.peek()}"`;
    throw new ParseFailure(this.pos + 1, `unexpected ${unexpected} expecting ${expecting}`);
  }
  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) this.fail(expecting);
  }

  /** A double-quoted value with backslash escapes (pQuotedValue). */
  quoted(): string {
    this.expect('"');
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === '') this.fail('"\\"" (closing quote)');
      this.pos += 1;
      if (c === '"') return out;
      if (c === '\\') {
        const n = this.peek();
        if (n === '') this.fail('an escaped character');
        out += n;
        this.pos += 1;
      } else out += c;
    }
  }

  /** Identifier characters (pIdentifier): letters, digits, `_`, `$` and spaces; trimmed. */
  identifier(): string {
    const start = this.pos;
    while (!this.done && IDENT_CHAR.test(this.peek())) this.pos += 1;
    if (this.pos === start) this.fail('letter or digit');
    return this.input.slice(start, this.pos).trim();
  }

  /** A field name (pFieldName): quoted, or identifiers joined by dashes not followed by `>`. */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    const parts: string[] = [];
    for (;;) {
      const s = this.pos;
      while (!this.done && IDENT_CHAR.test(this.peek())) this.pos += 1;
      if (this.pos === s) {
        this.pos = start;
        this.fail('field name (* or [a..z0..9_$])');
      }
      parts.push(this.input.slice(s, this.pos));
      if (this.peek() === '-' && this.peek(1) !== '>' && IDENT_CHAR.test(this.peek(1))) {
        this.pos += 1;
        continue;
      }
      break;
    }
    const name = parts.join('-').trim();
    if (name === '') {
      this.pos = start;
      this.fail('field name (* or [a..z0..9_$])');
    }
    return name;
  }
}
