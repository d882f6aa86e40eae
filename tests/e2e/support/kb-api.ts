import { randomUUID } from 'node:crypto';
import { expect, request } from '@playwright/test';
import { LOCAL_ANON_KEY } from '../../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../../supabase/local/keys.ts';
import { appOrigin } from './paths.ts';

// Knowledge-base articles made and checked through the API, so each test has articles of its own
// (the seeded ones are shared with other specs and their counts move).
const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
const service = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` };

export interface ArticleCounts {
  view_count: number;
  helpful_votes: number;
  is_published: boolean;
}

/** A published article with a unique word in its title ('Zephyr' plus a random suffix). */
export async function createArticle(fields: { title: string; content: string; category?: string; tags?: string[]; is_featured?: boolean }): Promise<string> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/rest/v1/kb_articles', {
    headers: { ...service, prefer: 'return=representation' },
    data: { id: randomUUID(), category: 'Security', tags: [], is_published: true, is_featured: false, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [row] = await response.json();
  await api.dispose();
  return row.id as string;
}

export async function articleCounts(id: string): Promise<ArticleCounts> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.get(`/rest/v1/kb_articles?id=eq.${id}&select=view_count,helpful_votes,is_published`, { headers: service });
  const [row] = await response.json();
  await api.dispose();
  return row as ArticleCounts;
}

export async function setPublished(id: string, published: boolean): Promise<void> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.patch(`/rest/v1/kb_articles?id=eq.${id}`, { headers: service, data: { is_published: published } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await api.dispose();
}

/** The user's own helpful vote, straight to the server function (as a second click elsewhere would be). */
export async function voteAs(token: string, id: string): Promise<{ helpful_votes: number; counted: boolean }> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/rest/v1/rpc/kb_vote_helpful', {
    headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` },
    data: { p_article_id: id },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  await api.dispose();
  return body;
}

/** Changes an article's fields as staff would, and gives back what they were (to restore them). */
export async function updateArticle(id: string, fields: { title?: string; content?: string; is_published?: boolean }): Promise<Record<string, unknown>> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const before = await api.get(`/rest/v1/kb_articles?id=eq.${id}&select=${Object.keys(fields).join(',')}`, { headers: service });
  const [row] = await before.json();
  const response = await api.patch(`/rest/v1/kb_articles?id=eq.${id}`, { headers: service, data: fields });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await api.dispose();
  return row as Record<string, unknown>;
}
