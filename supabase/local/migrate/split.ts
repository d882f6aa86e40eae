/**
 * Splits SQL text into statements the way the Supabase CLI does (pkg/parser): `;` ends a statement
 * unless it is inside quotes, a dollar-quoted string, a comment, parentheses or a BEGIN ATOMIC body.
 * Each statement is trimmed of whitespace and trailing `;` (the CLI's SplitAndTrim), and keeps its
 * offset in the text so an error position can be turned into a line of the file.
 */
export interface SqlStatement {
  sql: string;
  /** Index of the statement's first character in the original text. */
  offset: number;
}

export function splitSql(text: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let start = 0;
  // Open parentheses and BEGIN ATOMIC bodies; inside a body, CASE … END pairs are counted apart.
  const stack: ('(' | 'atomic')[] = [];
  let cases = 0;
  let i = 0;
  const wordAt = (k: number, word: string) =>
    text.slice(k, k + word.length).toLowerCase() === word &&
    !isIdent(text[k - 1]) && !isIdent(text[k + word.length]);
  const emit = (end: number) => {
    const raw = text.slice(start, end);
    const trimmedRight = raw.replace(/;+\s*$/, '').replace(/;+$/, '');
    const lead = trimmedRight.length - trimmedRight.trimStart().length;
    const sql = trimmedRight.trim();
    if (sql) out.push({ sql, offset: start + lead });
    start = end;
  };
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '-' && next === '-') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl + 1;
    } else if (c === '/' && next === '*') {
      let level = 1;
      i += 2;
      while (i < text.length && level > 0) {
        if (text.startsWith('/*', i)) { level++; i += 2; }
        else if (text.startsWith('*/', i)) { level--; i += 2; }
        else i++;
      }
    } else if (c === "'" || c === '"') {
      // E'…' strings allow backslash escapes; elsewhere only a doubled quote escapes.
      const backslashes = c === "'" && /[eE]/.test(text[i - 1] ?? '') && !isIdent(text[i - 2]);
      i++;
      while (i < text.length) {
        if (backslashes && text[i] === '\\') i += 2;
        else if (text[i] === c) {
          if (text[i + 1] === c) i += 2;
          else { i++; break; }
        } else i++;
      }
    } else if (c === '$' && !isIdent(text[i - 1])) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 64));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        i = close === -1 ? text.length : close + tag[0].length;
      } else i++;
    } else if (c === '(') {
      stack.push('('); i++;
    } else if (c === ')') {
      if (stack.at(-1) === '(') stack.pop();
      i++;
    } else if (wordAt(i, 'atomic') && /\bbegin\s+$/i.test(text.slice(Math.max(0, i - 32), i))) {
      stack.push('atomic'); i += 6;
    } else if (stack.at(-1) === 'atomic' && wordAt(i, 'case')) {
      cases++; i += 4;
    } else if (stack.at(-1) === 'atomic' && wordAt(i, 'end')) {
      if (cases > 0) cases--;
      else stack.pop();
      i += 3;
    } else if (c === ';' && stack.length === 0) {
      i++;
      emit(i);
    } else i++;
  }
  emit(text.length);
  return out;
}

/** 1-based line of a 0-based character index. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let k = 0; k < index && k < text.length; k++) if (text[k] === '\n') line++;
  return line;
}

function isIdent(ch: string | undefined): boolean {
  return ch !== undefined && /[A-Za-z0-9_$]/.test(ch);
}
