import { darken, lighten, luminance, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeColors } from '@mantine/core';

// Colours whose text is readable by construction: for every theme colour, the shades that carry text
// are computed from the palette against WCAG AA (4.5:1), instead of each call site picking a shade
// (`color="red"` put the light variant's text on a solid pill of the same colour). Call sites say
// `color="red"`; the variables below decide what that paints in each variant.

/** AA is 4.5:1; a little margin so rounding in a browser or in axe never tips a pair below it. */
export const TEXT_CONTRAST = 4.55;
const WHITE = '#ffffff';
const BLACK = '#000000';

export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** The shade, then darker mixes of it, until one reads on every light `background`. */
function darkEnough(shade: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount <= 0.8; amount += 0.05) {
    const candidate = amount === 0 ? shade : darken(shade, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= TEXT_CONTRAST)) return candidate;
  }
  return BLACK;
}

/** The shade, then lighter mixes of it, until one reads on every dark `background`. */
function lightEnough(shade: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount <= 0.9; amount += 0.05) {
    const candidate = amount === 0 ? shade : lighten(shade, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= TEXT_CONTRAST)) return candidate;
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
    const darkInk = lightEnough(shades[4], [...surfaces, darken(shades[9], 0.3)]);
    Object.assign(dark, { [`--mantine-color-${name}-light-color`]: darkInk, [`--mantine-color-${name}-outline`]: darkInk, [`--mantine-color-${name}-text`]: darkInk, ...filled });
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
  return { variables: {}, light, dark };
};
