import { darken, lighten, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeColors } from '@mantine/core';

// Colours whose text is readable by construction: for every theme colour, the shades that carry text
// are computed from the palette against WCAG AA (4.5:1), instead of each call site picking a shade
// (`color="red"` put the light variant's text on a solid pill of the same colour). Call sites say
// `color="red"`; the variables below decide what that paints in each variant.

/** AA is 4.5:1; a little margin so rounding in a browser or in axe never tips a pair below it. */
export const TEXT_CONTRAST = 4.55;
/** WCAG's 3:1 for the parts of a control that show it is there (1.4.11), with the same margin. */
export const NON_TEXT_CONTRAST = 3.05;
const WHITE = '#ffffff';
const BLACK = '#000000';

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The shade, then darker mixes of it, until one reads on every light `background` (text: 4.5:1). */
function darkEnough(shade: string, backgrounds: readonly string[], needed = TEXT_CONTRAST): string {
  for (let amount = 0; amount <= 0.8; amount += 0.05) {
    const candidate = amount === 0 ? shade : darken(shade, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= needed)) return candidate;
  }
  return BLACK;
}

/** The shade, then lighter mixes of it, until one reads on every dark `background` (text: 4.5:1). */
function lightEnough(shade: string, backgrounds: readonly string[], needed = TEXT_CONTRAST): string {
  for (let amount = 0; amount <= 0.9; amount += 0.05) {
    const candidate = amount === 0 ? shade : lighten(shade, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= needed)) return candidate;
  }
  return WHITE;
}

export interface ReadableShades {
  /** Text and icons on the light variant's tint (and on white): light, subtle, outline, plain text. */
  ink: string;
  /** The filled variant's background, and the text on it. */
  solid: string;
  solidHover: string;
  onSolid: string;
}

/**
 * White text on the palette's shade 8, else 9, else a slightly darkened 9 (green, orange, teal);
 * where even that is too light for white (yellow), black text on shade 8, which reads on shade 9 too.
 */
export function readableShades(colors: MantineColorsTuple): ReadableShades {
  const ink = darkEnough(colors[9], [colors[2]]);
  for (const solid of [colors[8], colors[9], darken(colors[9], 0.1), darken(colors[9], 0.2)]) {
    if (contrast(solid, WHITE) >= TEXT_CONTRAST) return { ink, solid, solidHover: darken(solid, 0.1), onSolid: WHITE };
  }
  return { ink, solid: colors[8], solidHover: colors[9], onSolid: BLACK };
}

/**
 * The dark surfaces text sits on: the body (dark 7), inputs, muted cards and menus (dark 6), hovered
 * rows and buttons (dark 5). Dark-scheme text is computed to read on all of them.
 */
export const darkSurfaces = (dark: MantineColorsTuple) => [dark[7], dark[6], dark[5]] as const;

/**
 * The light surfaces secondary (dimmed) text sits on: white, muted cards (gray 0, 1), and the tints
 * of an unread notification (blue 1) and an internal note (yellow 1). In the dark scheme those tints
 * are the colour's shade 9 darkened by half.
 */
export const lightSurfaces = (colors: MantineThemeColors) => ['#ffffff', colors.gray[0], colors.gray[1], colors.blue[1], colors.yellow[1]] as const;
export const darkTints = (colors: MantineThemeColors) => [darken(colors.blue[9], 0.5), darken(colors.yellow[9], 0.5)] as const;

/**
 * How far a badge, tint or button must stand off the dark surface under it to be seen as a shape,
 * when only lightness tells them apart (a grey pill on a grey card). Mantine's card (dark 6) stands
 * off the body (dark 7) by 1.13:1 and reads as a faint card; the old grey pill was 1.18:1 on a card
 * and vanished. 1.3:1 is twice the card's step, so the pill is plainly a pill on the body, cards and
 * hovered rows alike (the text on it has its own 4.5:1, and WCAG asks no more of a label's box).
 */
export const PILL_CONTRAST = 1.3;

/** A palette without hue (gray): only its lightness can set its fills apart from grey surfaces. */
export function isNeutral(colors: MantineColorsTuple): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colors[6].slice(i, i + 2), 16)) as [number, number, number];
  return Math.max(r, g, b) - Math.min(r, g, b) < 0.1 * 255;
}

/** The fill, then lighter mixes of it, until it is lighter than every dark surface by PILL_CONTRAST. */
export function standOff(fill: string, surfaces: readonly string[]): string {
  for (let amount = 0; amount <= 0.9; amount += 0.05) {
    const candidate = amount === 0 ? fill : lighten(fill, amount);
    if (surfaces.every((surface) => luminance(candidate) > luminance(surface) && contrast(candidate, surface) >= PILL_CONTRAST)) return candidate;
  }
  return WHITE;
}

/**
 * In the dark scheme a neutral colour's light tint (Mantine: shade 9 darkened by half) and filled
 * pill (shade 8) sit within 1.2:1 of the grey cards and vanish there (an Offline or Expired badge).
 * Both are lightened until they stand off every dark surface; the text on them follows. The dark
 * palette itself is left alone: its shades are those surfaces.
 */
function neutralDarkFills(colors: MantineColorsTuple, surfaces: readonly string[]) {
  const { solid } = readableShades(colors);
  const pill = standOff(solid, surfaces);
  const onPill = contrast(pill, WHITE) >= TEXT_CONTRAST ? WHITE : BLACK;
  const tint = standOff(darken(colors[9], 0.5), surfaces);
  return { pill, pillHover: darken(pill, 0.1), onPill, tint, tintHover: lighten(tint, 0.06) };
}

/** The light variant's tint and its hover in the dark scheme, as Mantine paints them or as lightened above. */
export function darkTint(name: string, colors: MantineColorsTuple, dark: MantineColorsTuple): { tint: string; hover: string } {
  if (name === 'dark' || !isNeutral(colors)) return { tint: darken(colors[9], 0.5), hover: darken(colors[9], 0.3) };
  const { tint, tintHover } = neutralDarkFills(colors, darkSurfaces(dark));
  return { tint, hover: tintHover };
}

/**
 * Mantine's variables of each colour, replaced by readable ones in both schemes. `-light-color` is
 * the text of the light and subtle variants (and Alert, Notification, ThemeIcon), `-outline` of the
 * outline variant, `-text` of `c="red"`; `-filled` and `-contrast` the filled variant's pair (the same
 * in both schemes). In the dark scheme the light variant's tint is Mantine's darkened shade 9, and
 * its text is lightened until it reads there and on every dark surface.
 */
export const readableColorVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const surfaces = darkSurfaces(theme.colors.dark);
  for (const [name, colors] of Object.entries(theme.colors)) {
    if (!Array.isArray(colors) || colors.length < 10) continue;
    const shades = colors as unknown as MantineColorsTuple;
    const { ink, solid, solidHover, onSolid } = readableShades(shades);
    const filled = { [`--mantine-color-${name}-filled`]: solid, [`--mantine-color-${name}-filled-hover`]: solidHover, [`--mantine-color-${name}-contrast`]: onSolid };
    Object.assign(light, { [`--mantine-color-${name}-light-color`]: ink, [`--mantine-color-${name}-outline`]: ink, [`--mantine-color-${name}-text`]: ink, ...filled });
    const { tint, hover } = darkTint(name, shades, theme.colors.dark);
    const darkInk = lightEnough(shades[4], [...surfaces, tint, hover]);
    Object.assign(dark, { [`--mantine-color-${name}-light-color`]: darkInk, [`--mantine-color-${name}-outline`]: darkInk, [`--mantine-color-${name}-text`]: darkInk, ...filled });
    if (name !== 'dark' && isNeutral(shades)) {
      const { pill, pillHover, onPill } = neutralDarkFills(shades, surfaces);
      Object.assign(dark, {
        [`--mantine-color-${name}-light`]: tint,
        [`--mantine-color-${name}-light-hover`]: hover,
        [`--mantine-color-${name}-filled`]: pill,
        [`--mantine-color-${name}-filled-hover`]: pillHover,
        [`--mantine-color-${name}-contrast`]: onPill,
      });
    }
  }
  // Error text and required asterisks (Mantine: red 6, 3.1:1 on white; red 8 on dark 7, 3.4:1),
  // dimmed text (gray 6, 3.3:1 on white; dark 2, 4.0:1 on dark 7).
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  light['--mantine-color-dimmed'] = darkEnough(theme.colors.gray[6], lightSurfaces(theme.colors));
  dark['--mantine-color-error'] = dark['--mantine-color-red-text']!;
  dark['--mantine-color-dimmed'] = lightEnough(theme.colors.dark[2], [...surfaces, ...darkTints(theme.colors)]);
  // Our own surfaces: a muted card or block (cart lines, article info, a conversation's messages).
  light['--gg-surface-muted'] = theme.colors.gray[0];
  dark['--gg-surface-muted'] = theme.colors.dark[6];
  // The backdrop of a product picture (the pictures themselves are transparent): a pale studio grey
  // in the light scheme; in the dark one a grey just above the card, instead of a white panel that glares.
  light['--gg-image-panel'] = `linear-gradient(180deg, ${theme.colors.gray[0]}, ${theme.colors.gray[2]})`;
  dark['--gg-image-panel'] = `linear-gradient(180deg, ${theme.colors.dark[5]}, ${theme.colors.dark[6]})`;
  // How much of a light alert's tint is painted (theme.ts): all of it on white; a part on dark, where
  // Mantine's opaque tint is a saturated slab.
  light['--gg-callout-tint'] = '100%';
  dark['--gg-callout-tint'] = '40%';
  // A text field's border (global.css). WCAG asks 3:1 of the edge that shows where a control is:
  // Mantine's dark 4 is 1.4:1 on a dark card or muted section (the field vanished there), its gray 4
  // 1.5:1 on white.
  dark['--gg-input-border'] = lightEnough(theme.colors.dark[4], [theme.colors.dark[7], theme.colors.dark[6]], NON_TEXT_CONTRAST);
  light['--gg-input-border'] = darkEnough(theme.colors.gray[4], lightSurfaces(theme.colors), NON_TEXT_CONTRAST);
  return { variables: {}, light, dark };
};
