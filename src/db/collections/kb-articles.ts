import { boolean, integer, nullableUuid, text, timestamp, uuidKey } from './fields.ts';
import { fromPgTextArray, toPgTextArray } from './pg-array.ts';
import { defineTable } from './define.ts';

export const KB_CATEGORIES = [
  'Getting Started',
  'Technical Support',
  'Account & Billing',
  'Installation',
  'Troubleshooting',
  'Security',
  'FAQs',
  'Product Information',
] as const;

export interface KbArticle {
  id: string;
  title: string;
  content: string;
  category: (typeof KB_CATEGORIES)[number];
  /** Postgres text[]; see toServer. */
  tags: string[];
  is_published: boolean;
  is_featured: boolean;
  author_id: string | null;
  view_count: number;
  helpful_votes: number;
  created_at: string;
  updated_at: string;
}

export const kbArticles = defineTable<KbArticle>({
  name: 'kb_articles',
  version: 0,
  properties: {
    id: uuidKey,
    title: text(200),
    content: { type: 'string' },
    category: text(40),
    tags: { type: 'array', items: { type: 'string' } },
    is_published: boolean,
    is_featured: boolean,
    author_id: nullableUuid,
    view_count: integer,
    helpful_votes: integer,
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: ['id', 'title', 'content', 'category', 'tags', 'is_published', 'is_featured', 'view_count', 'helpful_votes', 'created_at', 'updated_at'],
  push: true,
  staffWrites: true,
  label: (doc) => `Article '${doc.title ?? ''}'`,
  fromServer: (row) => ({ ...row, tags: fromPgTextArray(row.tags) }),
  // The plugin's update guard compares every field with `eq`, which PostgREST cannot do for a JSON
  // array; as a Postgres array literal ('{a,"b c"}') the same column is both written and compared.
  toServer: (doc) => ('tags' in doc ? { ...doc, tags: toPgTextArray(doc.tags) } : doc),
});
