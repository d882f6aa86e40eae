import MiniSearch, { type Options } from 'minisearch';
import { useMemo } from 'react';

/**
 * Offline full-text search over documents already on the device (RxDB rows, cached articles).
 * MiniSearch ranks by BM25; terms match in any order, by prefix while typing, and within a small
 * edit distance so a typo still finds the article ('garaje dor' → 'garage door').
 */
export interface SearchSpec<T> {
  /** The fields searched, with an optional weight each (a title counts more than a body). */
  fields: Array<keyof T & string>;
  boost?: Partial<Record<keyof T & string, number>>;
  /** The unique key of a document. */
  idField: keyof T & string;
}

const FUZZY = 0.2;

/** The documents matching `query`, best first; every document, in its given order, when the query is blank. */
export function searchDocuments<T extends object>(documents: readonly T[], spec: SearchSpec<T>, query: string): T[] {
  const text = query.trim();
  if (!text) return [...documents];
  const index = new MiniSearch<T>({
    fields: spec.fields,
    idField: spec.idField,
    extractField: (document, field) => {
      const value = (document as Record<string, unknown>)[field];
      return Array.isArray(value) ? value.join(' ') : value == null ? '' : String(value);
    },
  } as Options<T>);
  index.addAll(documents as T[]);
  const byId = new Map(documents.map((document) => [(document as Record<string, unknown>)[spec.idField], document]));
  return index
    .search(text, { prefix: true, fuzzy: FUZZY, combineWith: 'AND', boost: spec.boost as Record<string, number> | undefined })
    .map((hit) => byId.get(hit.id))
    .filter((document): document is T => document !== undefined);
}

/** searchDocuments as a hook: re-indexes only when the documents or the query change. */
export function useSearch<T extends object>(documents: readonly T[], spec: SearchSpec<T>, query: string): T[] {
  // The spec is a literal at each call site; its fields decide the index, so they key the memo.
  const key = `${spec.idField}|${spec.fields.join(',')}|${JSON.stringify(spec.boost ?? {})}`;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => searchDocuments(documents, spec, query), [documents, key, query]);
}
