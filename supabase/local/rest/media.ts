import { ApiError } from './errors.ts';

/**
 * A media type as PostgREST's MediaType.hs decodes it (`decodeMediaType`): the types it knows by
 * name, its vendored ones with their parameters, and anything else kept as written (`MTOther`).
 */
export type MediaType =
  | { kind: 'json' }
  | { kind: 'geojson' }
  | { kind: 'csv' }
  | { kind: 'text' }
  | { kind: 'xml' }
  | { kind: 'openapi' }
  | { kind: 'urlencoded' }
  | { kind: 'octet' }
  | { kind: 'any' }
  | { kind: 'other'; raw: string }
  | { kind: 'array-stripped' }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'plan'; for: MediaType; format: 'text' | 'json'; options: PlanOption[] };

/** EXPLAIN options of `application/vnd.pgrst.plan; options=analyze|verbose|…`, in PostgREST's order. */
export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

/**
 * `type/subtype; k=v; k="v"` (MediaType.hs `tokenizeMediaType`): letters, digits and `.*` in the
 * type, `.*+-` too in the subtype; parameter names lowercased, quoted values unquoted. Input that
 * does not tokenize is an unknown type, as there.
 */
function tokenize(text: string): { type: string; subtype: string; params: Map<string, string> } | undefined {
  const m = /^([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)(.*)$/s.exec(text);
  if (!m) return undefined;
  const params = new Map<string, string>();
  const paramRe = /^\s*;\s*([^=;\s]+)=(?:"([^"]*)"|([^;\s]*))/;
  let rest = m[3] ?? '';
  for (let p = paramRe.exec(rest); p; p = paramRe.exec(rest)) {
    params.set((p[1] ?? '').toLowerCase(), p[2] ?? p[3] ?? '');
    rest = rest.slice(p[0].length);
  }
  return { type: (m[1] ?? '').toLowerCase(), subtype: (m[2] ?? '').toLowerCase(), params };
}

export function decodeMediaType(text: string): MediaType {
  const t = tokenize(text);
  if (!t) return { kind: 'other', raw: text };
  const stripped = t.params.get('nulls') === 'stripped';
  const plan = (format: 'text' | 'json'): MediaType => {
    const opts = (t.params.get('options') ?? '').split('|');
    return { kind: 'plan', for: decodeMediaType(t.params.get('for') ?? 'application/json'), format, options: PLAN_OPTIONS.filter((o) => opts.includes(o)) };
  };
  switch (`${t.type}/${t.subtype}`) {
    case 'application/json': return { kind: 'json' };
    case 'application/geo+json': return { kind: 'geojson' };
    case 'text/csv': return { kind: 'csv' };
    case 'text/plain': return { kind: 'text' };
    case 'text/xml': return { kind: 'xml' };
    case 'application/openapi+json': return { kind: 'openapi' };
    case 'application/x-www-form-urlencoded': return { kind: 'urlencoded' };
    case 'application/octet-stream': return { kind: 'octet' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text': return plan('text');
    case 'application/vnd.pgrst.plan+json': return plan('json');
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object': return { kind: 'object', stripNulls: stripped };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array': return stripped ? { kind: 'array-stripped' } : { kind: 'json' };
    case '*/*': return { kind: 'any' };
    default: return { kind: 'other', raw: text };
  }
}

/** The media type as PostgREST writes it back (`toMime`), in Content-Type and in PGRST107. */
export function toMime(mt: MediaType): string {
  switch (mt.kind) {
    case 'json': return 'application/json';
    case 'array-stripped': return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'geojson': return 'application/geo+json';
    case 'csv': return 'text/csv';
    case 'text': return 'text/plain';
    case 'xml': return 'text/xml';
    case 'openapi': return 'application/openapi+json';
    case 'object': return `application/vnd.pgrst.object+json${mt.stripNulls ? ';nulls=stripped' : ''}`;
    case 'urlencoded': return 'application/x-www-form-urlencoded';
    case 'octet': return 'application/octet-stream';
    case 'any': return '*/*';
    case 'other': return mt.raw;
    case 'plan':
      return `application/vnd.pgrst.plan+${mt.format}; for="${toMime(mt.for)}"${mt.options.length ? `; options=${mt.options.join('|')}` : ''}`;
  }
}

/**
 * The Accept header's media types, best first, as WAI's `parseHttpAccept` orders them for
 * PostgREST: spaces dropped, split at commas, `;q=` (and what follows it) cut off, sorted by
 * quality and then by specificity (parameters count up, wildcards down), ties in header order.
 * A missing header is `*\/*`.
 */
export function acceptedTypes(header: string | undefined): MediaType[] {
  // A blank header too (PostgREST would find no type in it and answer 406).
  if (header === undefined || header.trim() === '') return [{ kind: 'any' }];
  return header.split(',').map((part, i) => {
    const s = part.replaceAll(' ', '');
    const at = s.indexOf(';q=');
    const type = at < 0 ? s : s.slice(0, at);
    const q = at < 0 ? 1 : Number.parseFloat(s.slice(at + 3).split(';')[0] ?? '');
    const specificity = (type.match(/;/g)?.length ?? 0) - (type.match(/\*/g)?.length ?? 0);
    return { type, q: Number.isNaN(q) ? 1 : q, specificity, i };
  }).sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.i - b.i).map((r) => decodeMediaType(r.type));
}

/** How a response body is built: PostgREST's built-in media handlers (json, csv, geo+json). */
export type OutputFormat = 'json' | 'csv' | 'geojson';

export interface Accept {
  singular: boolean;
  stripNulls: boolean;
  format: OutputFormat;
  /** The Content-Type of the answer (without the charset). */
  mediaType: string;
  /** `application/vnd.pgrst.plan`: the EXPLAIN of the statement is the answer. */
  plan?: { format: 'text' | 'json'; options: PlanOption[] };
}

/** What a table, view or function answers in (Plan.hs `negotiateContent`, SchemaCache.hs `initialMediaHandlers`). */
function produced(mt: MediaType): Omit<Accept, 'mediaType'> | undefined {
  switch (mt.kind) {
    case 'json':
    case 'any': return { singular: false, stripNulls: false, format: 'json' };
    case 'array-stripped': return { singular: false, stripNulls: true, format: 'json' };
    case 'object': return { singular: true, stripNulls: mt.stripNulls, format: 'json' };
    case 'csv': return { singular: false, stripNulls: false, format: 'csv' };
    case 'geojson': return { singular: false, stripNulls: false, format: 'geojson' };
    // Not PostgREST's (an unknown type there, 406): kept from earlier versions of the local stack.
    case 'other': return mt.raw.toLowerCase() === 'application/*' ? { singular: false, stripNulls: false, format: 'json' } : undefined;
    default: return undefined;
  }
}

/**
 * Content negotiation, as PostgREST's: the first accepted type it can produce. JSON arrays (and
 * `*\/*`) answer as `application/json`; the vendored types (single objects, stripped nulls) and the
 * plan answer under their own names. The plan is produced only when `db-plan-enabled`
 * (`[api] db_plan_enabled`) allows it, for a media type that is itself produced. `root`: the
 * OpenAPI description, which only answers JSON (PostgREST's `inspectPlan`).
 */
export function negotiate(header: string | undefined, opts: { planEnabled: boolean; root: boolean }): Accept {
  const accepted = acceptedTypes(header);
  for (const mt of accepted) {
    if (opts.root) {
      if (mt.kind === 'openapi' || mt.kind === 'json' || mt.kind === 'any') return { singular: false, stripNulls: false, format: 'json', mediaType: 'application/openapi+json' };
      continue;
    }
    if (mt.kind === 'plan') {
      const inner = opts.planEnabled ? produced(mt.for) : undefined;
      if (inner) return { ...inner, mediaType: toMime(mt), plan: { format: mt.format, options: mt.options } };
      continue;
    }
    const p = produced(mt);
    if (p) return { ...p, mediaType: mt.kind === 'any' || mt.kind === 'other' ? 'application/json' : toMime(mt) };
  }
  throw new ApiError(406, 'PGRST107', `None of these media types are available: ${accepted.map(toMime).join(', ')}`);
}

/** What a request body is (`Content-Type`, JSON when absent). */
export function contentMediaType(header: string | undefined): MediaType {
  return header === undefined ? { kind: 'json' } : decodeMediaType(header);
}
