import { describe, expect, it } from 'vitest';
import { searchDocuments } from '@/lib/search.ts';

const articles = [
  { id: '1', title: 'Garage door will not open', content: 'Check the indoor unit relay', tags: ['door', 'troubleshooting'] },
  { id: '2', title: 'Pairing the outdoor camera', content: 'Hold the pairing button for five seconds', tags: ['camera'] },
  { id: '3', title: 'Creating a guest access code', content: 'Codes are six letters and digits', tags: ['access'] },
];
const spec = { fields: ['title', 'content', 'tags'] as Array<'title' | 'content' | 'tags'>, idField: 'id' as const, boost: { title: 2 } };
const ids = (query: string) => searchDocuments(articles, spec, query).map((a) => a.id);

describe('searchDocuments', () => {
  it('returns every document in its order for a blank query', () => {
    expect(ids('  ')).toEqual(['1', '2', '3']);
  });
  it('tolerates typos and word order', () => {
    expect(ids('garaje dor')).toEqual(['1']);
    expect(ids('door garage')).toEqual(['1']);
    expect(ids('camra pairing')).toEqual(['2']);
  });
  it('matches prefixes while typing and searches array fields', () => {
    expect(ids('acc')).toEqual(['3']);
    expect(ids('troubleshooting')).toEqual(['1']);
  });
  it('finds nothing for unrelated words', () => {
    expect(ids('invoice refund')).toEqual([]);
  });
});
