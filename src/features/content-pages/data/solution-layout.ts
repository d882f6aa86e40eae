// A solution page's Markdown, cut into the parts of a marketing page: the text before the first
// section, one feature block per '## ' section, and a closing link on a line of its own (the
// page's call to action, shown as a button). The words stay the author's; only the shape changes.
import { Lexer, type Token, type Tokens } from 'marked';
import { plainText } from '@/lib/markdown-text.ts';

export interface SolutionFeature {
  /** The section's '## ' heading, as plain text. */
  heading: string;
  /** The section's Markdown below its heading. */
  body: string;
}

export interface SolutionCta {
  label: string;
  /** A path of this site ('/products/1'): the button navigates inside the app. */
  to: string;
}

export interface SolutionLayout {
  intro: string;
  features: SolutionFeature[];
  cta: SolutionCta | null;
}

const INTERNAL_PATH = /^\/(?![/\\])/;

/** A paragraph that is one link to a page of this site and nothing else: the call to action. */
function ctaOf(token: Token): SolutionCta | null {
  if (token.type !== 'paragraph') return null;
  const inline = (token as Tokens.Paragraph).tokens.filter((t) => !(t.type === 'text' && t.raw.trim() === ''));
  const [link] = inline;
  if (inline.length !== 1 || link?.type !== 'link') return null;
  const { href, text } = link as Tokens.Link;
  const label = plainText(text);
  return INTERNAL_PATH.test(href) && label ? { label, to: href } : null;
}

/**
 * The page in parts, or null when it has no '## ' sections (an author's free-form page is then
 * shown as written). Only the last block can be the call to action; a link elsewhere stays text.
 */
export function solutionLayout(markdown: string): SolutionLayout | null {
  const tokens = Lexer.lex(markdown).filter((token) => token.type !== 'space');
  const last = tokens.at(-1);
  const cta = last ? ctaOf(last) : null;
  const body = cta ? tokens.slice(0, -1) : tokens;

  const intro: string[] = [];
  const features: Array<{ heading: string; parts: string[] }> = [];
  for (const token of body) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) {
      features.push({ heading: plainText((token as Tokens.Heading).text), parts: [] });
    } else {
      (features.at(-1)?.parts ?? intro).push(token.raw.trim());
    }
  }
  if (features.length === 0) return null;
  return {
    intro: intro.join('\n\n'),
    features: features.map(({ heading, parts }) => ({ heading, body: parts.join('\n\n') })),
    cta,
  };
}

// The picture of a feature block, from the words of its heading; the first match wins, so the
// narrower words ('history', 'deliver') come before the broad ones ('access', 'open').
const ICON_WORDS = [
  ['history', /\b(history|log|logged)\b/i],
  ['delivery', /\b(deliver\w*|parcels?|packages?)\b/i],
  ['camera', /\b(camera|eyes|watch\w*|security|night)\b/i],
  ['access', /\b(codes?|access|keys?|staff|tenants?|contractors?|guests?)\b/i],
  ['door', /\b(doors?|bay|open|close|closed|garage)\b/i],
  ['phone', /\b(call-outs?|calls?|phone|remote\w*)\b/i],
] as const;

export type FeatureIcon = (typeof ICON_WORDS)[number][0];
const FALLBACK: readonly FeatureIcon[] = ['door', 'access', 'camera'];

export function featureIcon(heading: string, index: number): FeatureIcon {
  return ICON_WORDS.find(([, words]) => words.test(heading))?.[0] ?? FALLBACK[index % FALLBACK.length]!;
}
