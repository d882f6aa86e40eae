import type { Locator } from '@playwright/test';

/** An sRGB colour, channels 0–255. */
export type RGB = [number, number, number];

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
export const luminance = ([r, g, b]: RGB) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: RGB, b: RGB): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
/** How coloured a colour is: its largest channel minus its smallest (0 for greys, 255 for pure red). */
export const chroma = ([r, g, b]: RGB) => Math.max(r, g, b) - Math.min(r, g, b);
export const hex = (c: RGB) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export interface Paint {
  /** The element's text colour. */
  color: RGB;
  /** What is painted behind its content: its background over everything beneath it. */
  background: RGB;
  /** What is painted beneath the element: its parent's background over everything beneath that. */
  surface: RGB;
  /** Its top border's colour over its own background (equal to the background when it has none). */
  border: RGB;
}

/**
 * The colours a user sees of an element, with translucent backgrounds and borders blended over what
 * lies beneath (up to the page's white), as the readable check does (support/readable.ts). A
 * background image or gradient on the way is not looked into: use `averagePixel` for pictures.
 */
export async function paintOf(element: Locator): Promise<Paint> {
  return element.evaluate((el) => {
    type RGBA = [number, number, number, number];
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    // The canvas understands every colour syntax Chromium computes (rgb, color-mix results, oklch).
    const parse = (css: string): RGBA => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      // getImageData gives straight (not premultiplied) channels: rgba(100, 40, 8, 0.4) reads back
      // as 100, 40, 8, 102.
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      const mix = (i: number) => (a === 0 ? 0 : (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a);
      return [mix(0), mix(1), mix(2), a];
    };
    const backgroundOf = (node: Element | null): RGBA => {
      if (!node) return [255, 255, 255, 1];
      const own = parse(getComputedStyle(node).backgroundColor);
      return own[3] >= 1 ? own : over(own, backgroundOf(node.parentElement));
    };
    const rgb = ([r, g, b]: RGBA): [number, number, number] => [r, g, b];
    const style = getComputedStyle(el);
    const background = backgroundOf(el);
    return {
      color: rgb(over(parse(style.color), background)),
      background: rgb(background),
      surface: rgb(backgroundOf(el.parentElement)),
      border: rgb(parseFloat(style.borderTopWidth) > 0 ? over(parse(style.borderTopColor), background) : background),
    };
  });
}

/**
 * The average colour of a box inside the element as it is on screen (from a screenshot): what a
 * picture and whatever shows through it look like together. `box` is in the element's CSS pixels.
 */
export async function averagePixel(element: Locator, box: { x: number; y: number; width: number; height: number }): Promise<RGB> {
  const shot = (await element.screenshot({ animations: 'disabled', scale: 'css' })).toString('base64');
  return element.evaluate(async (_, { shot, box }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${shot}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(box.x, box.y, box.width, box.height).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c += 1) sum[c]! += data[i + c]!;
    const n = data.length / 4;
    return sum.map((s) => s / n) as [number, number, number];
  }, { shot, box });
}
