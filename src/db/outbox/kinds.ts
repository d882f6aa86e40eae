import * as v from 'valibot';
import { viewerKey } from './viewer-key.ts';

/**
 * The kinds of server calls the outbox queues: what each takes (checked when it is queued and
 * again before it is sent, so a malformed entry is refused on the device instead of by the
 * server), which function it calls with which parameters, and whether a visitor who is not
 * signed in may make it (the server refuses a guest's helpful vote, so it is not queued).
 */
export interface OutboxKind<S extends v.GenericSchema> {
  args: S;
  rpc: string;
  guests: boolean;
  params(args: v.InferOutput<S>): Record<string, unknown>;
}

const defineKind = <S extends v.GenericSchema>(kind: OutboxKind<S>) => kind;

const ArticleArgs = v.strictObject({ articleId: v.pipe(v.string(), v.uuid()) });

export const OUTBOX_KINDS = {
  kb_view: defineKind({
    args: ArticleArgs,
    rpc: 'kb_record_view',
    guests: true,
    // Read when sent, so entries queued before the key existed carry it too.
    params: (args) => {
      const key = viewerKey();
      return key ? { p_article_id: args.articleId, p_viewer_key: key } : { p_article_id: args.articleId };
    },
  }),
  kb_vote: defineKind({
    args: ArticleArgs,
    rpc: 'kb_vote_helpful',
    guests: false,
    params: (args) => ({ p_article_id: args.articleId }),
  }),
  newsletter: defineKind({
    // The table's own limits: a lower-cased address of at most 320 characters, a name of 100.
    args: v.strictObject({
      email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(320)),
      name: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100))),
      source: v.picklist(['landing', 'footer']),
    }),
    rpc: 'subscribe_newsletter',
    guests: true,
    params: (args) => ({ p_email: args.email, p_name: args.name || null, p_source: args.source }),
  }),
};

export type OutboxKindName = keyof typeof OUTBOX_KINDS;
export type OutboxArgs<K extends OutboxKindName> = v.InferInput<(typeof OUTBOX_KINDS)[K]['args']>;

export const isOutboxKind = (kind: string): kind is OutboxKindName => Object.hasOwn(OUTBOX_KINDS, kind);

/** The function and parameters an entry calls, or why its stored arguments cannot be sent. */
export function callFor(kind: string, args: unknown): { rpc: string; params: Record<string, unknown> } | { invalid: string } {
  if (!isOutboxKind(kind)) return { invalid: `Unknown kind of write: ${kind}` };
  const def = OUTBOX_KINDS[kind] as OutboxKind<v.GenericSchema>;
  const parsed = v.safeParse(def.args, args);
  if (!parsed.success) return { invalid: parsed.issues.map((issue) => issue.message).join('; ') };
  return { rpc: def.rpc, params: def.params(parsed.output) };
}
