import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, darkSurfaces, darkTint, darkTints, isNeutral, lightSurfaces, NON_TEXT_CONTRAST, PILL_CONTRAST, readableColorVariables } from '@/app/palette.ts';
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
    it(`${name}: text of every variant reads on the body, cards and hovered rows, and on the tint and its hover; filled text reads on the pill`, () => {
      const { tint, hover } = darkTint(name, theme.colors[name]!, theme.colors.dark);
      for (const suffix of ['light-color', 'outline', 'text']) for (const background of [...surfaces, tint, hover]) expect(contrast(v(suffix), background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled'), v('contrast'))).toBeGreaterThanOrEqual(AA);
      expect(contrast(v('filled-hover'), v('contrast'))).toBeGreaterThanOrEqual(AA);
    });
  }
  // A grey Offline or Expired badge vanished on a dark card: Mantine's grey pill was 1.18:1 on it.
  it('gray: its filled pill and its light tint are lighter than the body, cards and hovered rows, and stand off them', () => {
    expect(isNeutral(theme.colors.gray)).toBe(true);
    expect(isNeutral(theme.colors.blue)).toBe(false);
    for (const suffix of ['filled', 'light']) {
      const fill = dark[`--mantine-color-gray-${suffix}`]!;
      for (const surface of surfaces) {
        expect(contrast(fill, surface), `${suffix} ${fill} on ${surface}`).toBeGreaterThanOrEqual(PILL_CONTRAST);
        expect(contrast(fill, '#000000')).toBeGreaterThan(contrast(surface, '#000000'));
      }
    }
    expect(dark['--mantine-color-gray-light']).toBe(darkTint('gray', theme.colors.gray, theme.colors.dark).tint);
  });
  it("a text field's border shows on the body, cards and muted sections (3:1), in both schemes", () => {
    for (const surface of [theme.colors.dark[7], theme.colors.dark[6]]) expect(contrast(dark['--gg-input-border']!, surface)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
    for (const surface of lightSurfaces(theme.colors)) expect(contrast(light['--gg-input-border']!, surface)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });
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
