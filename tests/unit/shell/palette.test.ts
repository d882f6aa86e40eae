import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, readableColorVariables } from '@/app/palette.ts';
import { theme as appTheme } from '@/app/theme.ts';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const light = readableColorVariables(theme).light!;
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

it('error and dimmed text read on white and on the gray 0 of cards', () => {
  for (const background of ['#ffffff', theme.colors.gray[0]]) {
    expect(contrast(light['--mantine-color-error']!, background)).toBeGreaterThanOrEqual(AA);
    expect(contrast(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(AA);
  }
});

describe('call sites', () => {
  // The theme decides shades; a shade at a call site (`color="red.9"`) is how the unreadable pills of
  // issue 26 were made. Charts' series colours are graphics, not text, and keep theirs.
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  it('give colour names, not shades, to the color prop', () => {
    const shaded = files('src').flatMap((file) => (readFileSync(file, 'utf8').match(/\bcolor=(?:"[a-z]+\.\d"|\{[^}]*'[a-z]+\.\d'[^}]*\})/g) ?? []).map((m) => `${file}: ${m}`));
    expect(shaded).toEqual([]);
  });
});
