import type { Page } from '@playwright/test';

/** One place whose text (or icon) does not stand out enough from what is behind it. */
export interface Unreadable {
  kind: 'text' | 'icon';
  text: string;
  /** A short path to the element: tag, test id or class, from the nearest landmark or test id. */
  where: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

/**
 * Runs in the page: every visible text node's colour against its effective background, and every
 * visible Tabler icon's stroke colour. axe reports a text whose colour equals its background as
 * "incomplete" (it cannot tell text from decoration), so a label painted in its own pill's colour
 * passed axe; this check has no such blind spot. The background is found by walking ancestors and
 * alpha-blending their background colours over the page's white (or the first opaque one); an
 * ancestor with a background image or gradient makes the background unknown, and the node is skipped.
 * Disabled controls are exempt (WCAG 1.4.3). Large text (≥ 24px, or ≥ 18.66px bold) needs 3:1,
 * other text 4.5:1, icons 3:1 (WCAG 1.4.11).
 */
function findUnreadable(): Unreadable[] {
  type RGBA = [number, number, number, number];
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const parsed = new Map<string, RGBA>();
  // The canvas understands every CSS colour syntax Chromium computes (rgb, color(srgb …), oklch).
  const parse = (css: string): RGBA => {
    let rgba = parsed.get(css);
    if (!rgba) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      // getImageData answers unpremultiplied colour (rgba(100,40,8,.4) reads back as 100,40,8,102):
      // dividing by alpha again judged every translucent colour too light.
      const alpha = a! / 255;
      rgba = alpha === 0 ? [0, 0, 0, 0] : [r!, g!, b!, alpha];
      parsed.set(css, rgba);
    }
    return rgba;
  };
  const over = (top: RGBA, bottom: RGBA): RGBA => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
    return [mix(0), mix(1), mix(2), a];
  };
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]: RGBA) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const contrast = (a: RGBA, b: RGBA) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const hex = ([r, g, b, a]: RGBA) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}${a < 1 ? ` @${a.toFixed(2)}` : ''}`;

  const white: RGBA = [255, 255, 255, 1];
  const canvasColor = (): RGBA => {
    const html = parse(getComputedStyle(document.documentElement).backgroundColor);
    return html[3] === 1 ? html : over(html, white);
  };
  const backgrounds = new Map<Element, RGBA | null>();
  /**
   * A fixed element (the store's bar) is not drawn over its parent but over whatever scrolled under
   * it: the topmost element at its centre that is neither inside it nor around it.
   */
  const paintedBeneath = (el: Element): Element | null => {
    const rect = el.getBoundingClientRect();
    const stack = document.elementsFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return stack.find((e) => !el.contains(e) && !e.contains(el)) ?? el.parentElement;
  };
  /** The colour painted behind the element's content; null when an image or gradient is involved. */
  const backgroundOf = (el: Element | null): RGBA | null => {
    if (!el) return canvasColor();
    if (backgrounds.has(el)) return backgrounds.get(el)!;
    // Two fixed layers can each lie beneath the other (a toast over the bar over the toast's spot):
    // a background that depends on itself is unknown.
    backgrounds.set(el, null);
    const style = getComputedStyle(el);
    let result: RGBA | null;
    if (style.backgroundImage !== 'none') result = null;
    else {
      const own = parse(style.backgroundColor);
      if (own[3] >= 1) result = own;
      else {
        const below = backgroundOf(style.position === 'fixed' ? paintedBeneath(el) : el.parentElement);
        result = below && (own[3] === 0 ? below : over(own, below));
      }
    }
    backgrounds.set(el, result);
    return result;
  };
  const opacityOf = (el: Element | null): number => (el ? Number(getComputedStyle(el).opacity) * opacityOf(el.parentElement) : 1);
  const disabled = (el: Element) => el.closest('[disabled], [aria-disabled="true"], [data-disabled]') !== null;
  const visible = (el: Element) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const rect = el.getBoundingClientRect();
    return rect.width > 1 && rect.height > 1;
  };
  const where = (el: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && parts.length < 4; node = node.parentElement) {
      const id = node.getAttribute('data-testid');
      const cls = [...node.classList].find((c) => c.startsWith('mantine-') && !c.includes('-root')) ?? [...node.classList][0];
      parts.unshift(id ? `[${id}]` : `${node.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`);
      if (id || ['MAIN', 'NAV', 'HEADER', 'FOOTER', 'ASIDE', 'DIALOG'].includes(node.tagName)) break;
    }
    return parts.join(' > ');
  };
  const judge = (el: Element, kind: Unreadable['kind'], text: string, needed: number, found: Unreadable[]) => {
    const background = backgroundOf(el);
    if (!background) return;
    const style = getComputedStyle(el);
    const raw = parse(kind === 'icon' ? style.stroke !== 'none' ? style.stroke : style.color : style.color);
    const color: RGBA = [raw[0], raw[1], raw[2], raw[3] * opacityOf(el)];
    const ratio = contrast(over(color, background), background);
    if (ratio < needed) found.push({ kind, text: text.slice(0, 60), where: where(el), ratio: Math.round(ratio * 100) / 100, needed, color: hex(color), background: hex(background) });
  };

  const found: Unreadable[] = [];
  const seen = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent?.trim() ?? '';
    if (!el || !text || seen.has(el) || el.closest('script, style, noscript, template, svg')) continue;
    seen.add(el);
    if (!visible(el) || disabled(el)) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    judge(el, 'text', el.textContent?.trim() ?? text, large ? 3 : 4.5, found);
  }
  for (const icon of document.querySelectorAll('svg.tabler-icon')) {
    if (!visible(icon) || disabled(icon)) continue;
    const label = icon.closest('[aria-label]')?.getAttribute('aria-label') ?? icon.parentElement?.textContent?.trim() ?? '';
    judge(icon, 'icon', `(icon) ${[...icon.classList].find((c) => c.startsWith('tabler-icon-')) ?? ''} ${label}`.trim(), 3, found);
  }
  return found;
}

export const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** What the readable check finds on the page as it is now. */
export async function unreadablePlaces(page: Page): Promise<Unreadable[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => {});
  // Sent as source, with the `__name` helper some TypeScript loaders (tsx) add to named functions.
  return page.evaluate(`(() => { const __name = (f) => f; return (${findUnreadable.toString()})(); })()`) as Promise<Unreadable[]>;
}

/**
 * The unreadable places on the page as it is now, one line each. A finding is confirmed by a second
 * look after a transition's length, as in axe.ts: a toast may begin to fade in during the check
 * (the "ready to work offline" toast comes whenever the service worker finishes installing; CI met
 * it at 5 % opacity), and half-faded text is not what anyone reads. Text that stays unreadable is
 * in both looks.
 */
export async function unreadableLines(page: Page): Promise<string[]> {
  const look = async () => (await unreadablePlaces(page)).map((u) => `${u.kind} "${u.text}" at ${u.where}: ${u.ratio}:1 < ${u.needed}:1 (${u.color} on ${u.background})`);
  const found = await look();
  if (found.length === 0) return found;
  await page.waitForTimeout(500);
  const again = new Set(await look());
  return found.filter((line) => again.has(line));
}
