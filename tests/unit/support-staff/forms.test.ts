import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { displayName } from '@/features/support-staff/data/profiles.ts';
import { formatResponseTime } from '@/features/support-staff/format.ts';
import { addTag, ArticleFormSchema, EMPTY_ARTICLE, excerpt, KB_CATEGORIES } from '@/features/support-staff/schemas.ts';

const messages = (values: unknown) => {
  const result = v.safeParse(ArticleFormSchema, values);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('article form', () => {
  it('reports every required field of an empty article', () => {
    expect(messages(EMPTY_ARTICLE)).toEqual(['Title is required', 'Category is required', 'Content must be at least 10 characters']);
  });

  it('bounds the title at 200 characters and the content at 10 or more, after trimming', () => {
    const valid = { ...EMPTY_ARTICLE, title: 'Reset', category: 'Troubleshooting', content: 'Hold reset.' };
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, title: 'x'.repeat(200) })).toEqual([]);
    expect(messages({ ...valid, title: 'x'.repeat(201) })).toEqual(['Title must be less than 200 characters']);
    expect(messages({ ...valid, title: '   ' })).toEqual(['Title is required']);
    expect(messages({ ...valid, content: '   short   ' })).toEqual(['Content must be at least 10 characters']);
  });

  it('accepts the eight categories of the knowledge base only', () => {
    expect(KB_CATEGORIES).toHaveLength(8);
    for (const category of KB_CATEGORIES) expect(messages({ ...EMPTY_ARTICLE, title: 'T', content: '0123456789', category })).toEqual([]);
    expect(messages({ ...EMPTY_ARTICLE, title: 'T', content: '0123456789', category: 'Gardening' })).toEqual(['Category is required']);
  });

  it('outputs the title and content trimmed', () => {
    const output = v.parse(ArticleFormSchema, { ...EMPTY_ARTICLE, title: '  Reset  ', category: 'FAQs', content: '  Hold reset 6 s.  ' });
    expect(output).toMatchObject({ title: 'Reset', content: 'Hold reset 6 s.' });
  });
});

describe('tags', () => {
  it('adds a trimmed tag and ignores empty and duplicate ones', () => {
    expect(addTag([], '  wifi  ')).toEqual(['wifi']);
    expect(addTag(['wifi'], 'WiFi')).toEqual(['wifi']);
    expect(addTag(['wifi'], '   ')).toEqual(['wifi']);
    expect(addTag(['wifi'], 'reset')).toEqual(['wifi', 'reset']);
  });
});

describe('card text', () => {
  it('shows the first 200 characters of the content, whitespace collapsed', () => {
    expect(excerpt('a  b\n\nc')).toBe('a b c');
    expect(excerpt('x'.repeat(200))).toBe('x'.repeat(200));
    expect(excerpt('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
    // Prose, not Markdown (staff saw "## Order status…" on every card), cut after a whole word.
    expect(excerpt('## Order status\n\nOrders move **through** [four states](/x).')).toBe('Order status. Orders move through four states.');
    const words = `${'word '.repeat(45)}tail`;
    expect(excerpt(words)).toBe(`${'word '.repeat(40).trim()}…`);
  });

  it('formats the average response time', () => {
    expect(formatResponseTime(null)).toBe('—');
    expect(formatResponseTime(42.4)).toBe('42 min');
    expect(formatResponseTime(60)).toBe('1 h');
    expect(formatResponseTime(125.2)).toBe('2 h 5 min');
  });

  it("names a customer by name, else e-mail, else a short id", () => {
    const id = '0123456789abcdef';
    expect(displayName({ user_id: id, first_name: 'Jordan', last_name: ' Tester ', email: 'j@example.com', role: 'customer' }, id)).toBe('Jordan Tester');
    expect(displayName({ user_id: id, first_name: null, last_name: '', email: 'j@example.com', role: 'customer' }, id)).toBe('j@example.com');
    expect(displayName(undefined, id)).toBe('User 01234567');
  });
});
