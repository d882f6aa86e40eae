import { describe, expect, it } from 'vitest';
import { categoriesOf, EXCERPT_LENGTH, excerpt, sortArticles, type ArticleLike } from '@/features/knowledge-base/rules.ts';
import { plainText } from '@/lib/markdown-text.ts';
import { CORE_FAQ } from '@/lib/faq.ts';

const article = (id: string, fields: Partial<ArticleLike> = {}): ArticleLike => ({
  id,
  title: `Article ${id}`,
  content: 'Some content for the article.',
  category: 'Security',
  tags: [],
  view_count: 0,
  helpful_votes: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...fields,
});

describe('knowledge-base rules', () => {
  it('excerpts the first 150 characters of the text, without Markdown syntax, plus ...', () => {
    const long = `## Heading\n\n**Bold** and [a link](https://example.com) ${'x'.repeat(300)}`;
    const text = excerpt(long);
    expect(text.endsWith('...')).toBe(true);
    expect(text).toHaveLength(EXCERPT_LENGTH + 3);
    expect(text.startsWith('Heading. Bold and a link xxx')).toBe(true);
    expect(excerpt('Short text.')).toBe('Short text....');
  });

  it('turns list items, quotes and code marks into plain prose', () => {
    expect(plainText('- one\n- two\n> quoted `code` _em_\n1. first')).toBe('one. two. quoted code em first.');
    // A heading or item with its own stop keeps it; one without ends its sentence.
    expect(plainText('## Code types\n\n- Guest: for visitors\n- Delivery?\n\nText')).toBe('Code types. Guest: for visitors. Delivery? Text');
  });

  it('sorts by newest, views or helpful votes, descending, with a stable tie-break', () => {
    const a = article('a', { created_at: '2026-01-03T00:00:00Z', view_count: 5, helpful_votes: 9 });
    const b = article('b', { created_at: '2026-01-02T00:00:00Z', view_count: 50, helpful_votes: 1 });
    const c = article('c', { created_at: '2026-01-01T00:00:00Z', view_count: 50, helpful_votes: 9 });
    const ids = (list: ArticleLike[]) => list.map((item) => item.id);
    expect(ids(sortArticles([c, b, a], 'recent'))).toEqual(['a', 'b', 'c']);
    expect(ids(sortArticles([a, c, b], 'views'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortArticles([b, c, a], 'helpful'))).toEqual(['a', 'c', 'b']);
  });

  it('lists each category of the loaded articles once, alphabetically', () => {
    expect(categoriesOf([article('1', { category: 'Security' }), article('2', { category: 'FAQs' }), article('3', { category: 'Security' })])).toEqual(['FAQs', 'Security']);
  });

  it('keeps the four fixed FAQ answers', () => {
    expect(CORE_FAQ.map((item) => item.question)).toEqual([
      'How do I reset my garage door opener?',
      "Why won't my garage door open?",
      'How often should I perform maintenance?',
      'Can I control multiple garage doors?',
    ]);
    expect(CORE_FAQ[0]!.answer).toContain('6 seconds until the LED changes');
    expect(CORE_FAQ[3]!.answer).toContain('up to 3 garage doors per account');
  });
});
