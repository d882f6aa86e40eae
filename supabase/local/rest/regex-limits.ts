/**
 * Which `match`/`imatch` patterns the stack runs. PGlite is Postgres in single-threaded WASM: it
 * has no statement_timeout and nothing can interrupt a running statement, so one regular expression
 * that backtracks for a minute freezes every request of the stack. Patterns that can blow up are
 * refused before any SQL runs, on both engines so that an app behaves the same on each:
 * back-references (`\1`…`\9`, which force Postgres's engine to backtrack), a group that contains a
 * quantifier and is itself repeated (`(a+)+`, `(.*)*`, `(a{255}){255}`), and long patterns.
 * Conservative by design: a refused pattern can still be run from a database function via /rpc.
 */
import { tooComplex } from './limits.ts';

/** Characters in one pattern: ordinary searches are a few words. */
export const MAX_REGEX_LENGTH = 256;

const refuse = (details: string) => tooComplex('regular expression', details);

/** Index just past the bracket expression that starts at `i` (`[...]`, `[]a]`, `[[:alpha:]]`). */
function skipBracket(p: string, i: number): number {
  let j = i + 1;
  if (p[j] === '^') j += 1;
  if (p[j] === ']') j += 1;
  while (j < p.length && p[j] !== ']') {
    const close = p[j] === '[' && /[:.=]/.test(p[j + 1] ?? '') ? p.indexOf(`${p[j + 1]}]`, j + 2) : -1;
    if (close >= 0) j = close + 2;
    else j += p[j] === '\\' ? 2 : 1;
  }
  return j + 1;
}

const isRepeat = (c: string | undefined) => c === '*' || c === '+' || c === '{';

/** Throws PGRST100 when `pattern` is one the stack will not run (see above). */
export function checkRegex(pattern: string): void {
  if (pattern.length > MAX_REGEX_LENGTH) throw refuse(`A filter pattern can be at most ${MAX_REGEX_LENGTH} characters long`);
  let p = pattern;
  if (p.startsWith('***=')) return; // the rest is a literal string
  if (p.startsWith('***:')) p = p.slice(4);
  const options = /^\(\?([a-z]*)\)/.exec(p);
  if (options?.[1]?.includes('x')) throw refuse('Expanded syntax ((?x)) is not allowed in a filter pattern');
  if (options) p = p.slice(options[0].length);
  // One entry per open group: has a quantifier been seen inside it?
  const groups: boolean[] = [];
  for (let i = 0; i < p.length; i += 1) {
    const c = p[i];
    if (c === '\\') {
      if (/[1-9]/.test(p[i + 1] ?? '')) throw refuse('Back-references (\\1 to \\9) are not allowed in a filter pattern');
      i += 1;
    } else if (c === '[') {
      i = skipBracket(p, i) - 1;
    } else if (c === '(') {
      groups.push(false);
      if (p[i + 1] === '?') i += p[i + 2] === '<' ? 3 : 2; // (?: (?= (?! (?<= (?<!: not quantifiers
    } else if (c === ')') {
      const inner = groups.pop() ?? false;
      let j = i + 1;
      while (p[j] === ' ') j += 1;
      if (inner && isRepeat(p[j])) {
        throw refuse('A repeated group cannot contain a quantifier (nested quantifiers such as (a+)+ are not allowed in a filter pattern)');
      }
      if (groups.length > 0 && (inner || isRepeat(p[j]) || p[j] === '?')) groups[groups.length - 1] = true;
    } else if (isRepeat(c) || c === '?') {
      if (groups.length > 0) groups[groups.length - 1] = true;
    }
  }
}
