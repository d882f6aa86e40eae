import { darken, DEFAULT_THEME, luminance, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

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

/** The shade, then darker mixes of it, until one reads on `background`. */
function darkEnough(shade: string, background: string): string {
  for (let amount = 0; amount <= 0.8; amount += 0.05) {
    const candidate = amount === 0 ? shade : darken(shade, amount);
    if (contrast(candidate, background) >= TEXT_CONTRAST) return candidate;
  }
  return BLACK;
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
  const ink = darkEnough(colors[9], colors[2]);
  for (const solid of [colors[8], colors[9], darken(colors[9], 0.1), darken(colors[9], 0.2)]) {
    if (contrast(solid, WHITE) >= TEXT_CONTRAST) return { ink, solid, solidHover: darken(solid, 0.1), onSolid: WHITE };
  }
  return { ink, solid: colors[8], solidHover: colors[9], onSolid: BLACK };
}

/**
 * Mantine's light-scheme variables of each colour, replaced by readable ones. `-light-color` is the
 * text of the light and subtle variants (and Alert, Notification, ThemeIcon), `-outline` of the
 * outline variant, `-text` of `c="red"`; `-filled` and `-contrast` the filled variant's pair.
 */
export const readableColorVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, colors] of Object.entries(theme.colors)) {
    if (!Array.isArray(colors) || colors.length < 10) continue;
    const { ink, solid, solidHover, onSolid } = readableShades(colors as unknown as MantineColorsTuple);
    Object.assign(light, {
      [`--mantine-color-${name}-light-color`]: ink,
      [`--mantine-color-${name}-outline`]: ink,
      [`--mantine-color-${name}-text`]: ink,
      [`--mantine-color-${name}-filled`]: solid,
      [`--mantine-color-${name}-filled-hover`]: solidHover,
      [`--mantine-color-${name}-contrast`]: onSolid,
    });
  }
  // Error text and required asterisks (Mantine: red 6, 3.1:1 on white), dimmed text (gray 6, 3.3:1
  // on white; cards and rows sit on gray 0).
  light['--mantine-color-error'] = light['--mantine-color-red-text']!;
  light['--mantine-color-dimmed'] = darkEnough(theme.colors.gray[6], theme.colors.gray[0]);
  return { variables: {}, light, dark: {} };
};

/** The default palette's readable shades, for tests and documentation. */
export const DEFAULT_READABLE = Object.fromEntries(Object.keys(DEFAULT_THEME.colors).map((name) => [name, readableShades(DEFAULT_THEME.colors[name]!)]));
