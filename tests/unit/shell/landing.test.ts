import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { copyrightLine } from '@/app/shell/footer/footerLinks.ts';
import { readSaveData, shouldPlayHeroVideo } from '@/features/landing/heroMedia.ts';
import { NewsletterSchema, NotifyMeSchema } from '@/features/landing/schemas.ts';
import { subscribe } from '@/features/landing/data/newsletter.ts';

describe('copyright line', () => {
  it('uses the year of the given date, not a fixed 2024', () => {
    expect(copyrightLine(new Date('2026-11-21T12:00:00Z'))).toBe('© 2026 GarageGuard. All rights reserved.');
    expect(copyrightLine(new Date('2031-06-01T12:00:00Z'))).toContain('© 2031 GarageGuard');
  });
});

describe('hero video rule', () => {
  it('plays only without reduced motion and without Save-Data', () => {
    expect(shouldPlayHeroVideo({ reducedMotion: false, saveData: false })).toBe(true);
    expect(shouldPlayHeroVideo({ reducedMotion: true, saveData: false })).toBe(false);
    expect(shouldPlayHeroVideo({ reducedMotion: false, saveData: true })).toBe(false);
  });

  it('reads Save-Data from navigator.connection when the browser has it', () => {
    expect(readSaveData({ connection: { saveData: true } } as unknown as Navigator)).toBe(true);
    expect(readSaveData({ connection: { saveData: false } } as unknown as Navigator)).toBe(false);
    expect(readSaveData({} as Navigator)).toBe(false);
  });
});

describe('NotifyMeSchema', () => {
  it('requires a name and an e-mail of e-mail type', () => {
    const empty = v.safeParse(NotifyMeSchema, { name: '  ', email: '' });
    expect(empty.success).toBe(false);
    const messages = empty.issues?.map((issue) => issue.message);
    expect(messages).toContain('Name is required');
    expect(messages).toContain('Email is required');
    expect(v.safeParse(NotifyMeSchema, { name: 'Ann', email: 'not-an-email' }).success).toBe(false);
  });

  it('accepts and trims valid input', () => {
    expect(v.parse(NotifyMeSchema, { name: ' Ann ', email: ' ann@example.com ' })).toEqual({ name: 'Ann', email: 'ann@example.com' });
  });
});

describe('subscribe', () => {
  it('normalises the e-mail and records the source', async () => {
    await expect(subscribe(' Ann@Example.COM ', { name: 'Ann', source: 'notify-me' })).resolves.toEqual({
      email: 'ann@example.com',
      name: 'Ann',
      source: 'notify-me',
    });
    await expect(subscribe('bob@example.com')).resolves.toEqual({ email: 'bob@example.com', name: null, source: 'footer' });
  });

  it('rejects an invalid e-mail instead of accepting it', async () => {
    await expect(subscribe('nope')).rejects.toThrow();
    expect(v.safeParse(NewsletterSchema, { email: 'nope' }).success).toBe(false);
  });
});
