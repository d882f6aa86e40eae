import { describe, expect, it } from 'vitest';
import { FAQ_PAGE, INSTALLATION_PAGE, isSolutionSlug, SOLUTION_LINKS } from '@/features/content-pages';

// The legal and solution pages are CMS pages now: tests/unit/cms/public-pages.test.ts.
describe('solution pages', () => {
  it('know each linked audience and no unknown ones', () => {
    for (const link of SOLUTION_LINKS) expect(isSolutionSlug(link.slug)).toBe(true);
    expect(isSolutionSlug('astronauts')).toBe(false);
    expect(isSolutionSlug('')).toBe(false);
    expect(isSolutionSlug('constructor')).toBe(false);
  });
});

describe('static pages', () => {
  it('each have a title, an intro and sections with content', () => {
    for (const page of [INSTALLATION_PAGE]) {
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.intro.length).toBeGreaterThan(20);
      expect(page.sections.length).toBeGreaterThan(1);
      for (const section of page.sections) {
        const items = (section.paragraphs?.length ?? 0) + (section.list?.length ?? 0) + (section.steps?.length ?? 0);
        expect(items, `${page.slug}: ${section.heading}`).toBeGreaterThan(0);
      }
    }
  });

  it('state the promises of spec §9', () => {
    expect(JSON.stringify(INSTALLATION_PAGE)).toMatch(/two hours/);
  });
});

describe('FAQ', () => {
  const answers = FAQ_PAGE.groups.flatMap((group) => group.items);
  const find = (needle: RegExp) => answers.find((item) => needle.test(item.question));

  it('keeps the four spec answers', () => {
    expect(find(/reset/i)?.answer).toMatch(/reset button on the back of the motor unit for 6 seconds until the LED changes/);
    const door = find(/won't my garage door open/i)?.answer ?? '';
    for (const check of ['power', 'emergency release', 'remote batteries', 'wall button']) expect(door).toContain(check);
    expect(find(/maintenance/i)?.answer).toMatch(/monthly visual inspections[\s\S]*quarterly checks/);
    expect(find(/multiple garage doors/i)?.answer).toMatch(/up to 3 garage doors.*separate access permissions and monitoring/);
  });

  it('has unique questions (they are the accordion keys)', () => {
    expect(new Set(answers.map((item) => item.question)).size).toBe(answers.length);
    expect(answers.length).toBeGreaterThanOrEqual(8);
  });
});
