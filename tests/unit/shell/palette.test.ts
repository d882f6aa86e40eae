import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { darken, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, darkSurfaces, darkTints, lightSurfaces, readableColorVariables } from '@/app/palette.ts';
import { theme as appTheme } from '@/app/theme.ts';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const { light = {}, dark = {} } = readableColorVariables(theme);
const AA = 4.5;

describe('the readable palette (light scheme)', () => {
  for (const name of Object.keys(theme.colors)) {
    const v = (suffix: string) => light[`--mantine-color-${name}-${suffix}`]!;
    it(`${name}: text of the light, subtle and outline variants reads on the tint, its hover and white; filled text reads on the pill and its hover`, () => {
      const shades = theme.colors[name]!;
      for (const background of [shades[1], shades[2], '#ffffff']) expect(contrast(v('light-color'), background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('outline'), '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('text'), '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled'), v('contrast'))).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled-hover'), v('contrast'))).toBeGreaterThanOrEqual(AA);
    });
  }
});

describe('the readable palette (dark scheme)', () => {
  const surfaces = darkSurfaces(theme.colors.dark);
  for (const name of Object.keys(theme.colors)) {
    const v = (suffix: string) => dark[`--mantine-color-${name}-${suffix}`]!;
    it(`${name}: text of every variant reads on the body, cards and hovered rows, and on the tint; filled text reads on the pill`, () => {
      const tint = darken(theme.colors[name]![9], 0.3);
      for (const suffix of ['light-color', 'outline', 'text']) for (const background of [...surfaces, tint]) expect(contrast(v(suffix), background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled'), v('contrast'))).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled-hover'), v('contrast'))).toBeGreaterThanOrEqual(AA);
    });
  }
  it('error text reads on every dark surface, dimmed text also on the tints', () => {
    for (const background of surfaces) expect(contrast(dark['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA);
    for (const background of [...surfaces, ...darkTints(theme.colors)]) expect(contrast(dark['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(AA);
  });
});

it('error text reads on white and on the gray 0 of cards, dimmed text on every light surface and tint', () => {
  for (const background of ['#ffffff', theme.colors.gray[0]]) expect(contrast(light['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA);
  for (const background of lightSurfaces(theme.colors)) expect(contrast(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(AA);
});

describe('call sites', () => {
  // The theme decides shades; a shade at a call site (`color="red.9"`) is how the unreadable pills of
  // issue 26 were made. Charts' series colours are graphics, not text, and keep theirs.
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  const matches = (pattern: RegExp) => files('src').flatMap((file) => (readFileSync(file, 'utf8').match(pattern) ?? []).map((m) => `${file}: ${m}`));
  it('give colour names, not shades, to the color, c and bg props', () => {
    expect(matches(/\b(?:color|c|bg)=(?:"[a-z]+\.\d"|\{[^}]*'[a-z]+\.\d'[^}]*\})/g)).toEqual([]);
  });
  // A grey shade is right in one scheme only (gray 7 text vanished on dark): text is dimmed, borders
  // the default border, muted surfaces --gg-surface-muted; each has a value per scheme.
  it('name no grey shade in components, and no shade for an icon', () => {
    expect(matches(/--mantine-color-gray-\d/g)).toEqual([]);
    expect(matches(/\bcolor="var\(--mantine-color-[a-z]+-\d\)"/g)).toEqual([]);
  });
});
