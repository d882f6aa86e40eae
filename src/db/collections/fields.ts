/**
 * JSON-schema pieces for RxDB collections that mirror Postgres tables. A nullable column is
 * `[type, 'null']` because the replication hands over `null` as PostgREST returns it; the primary
 * key needs a maxLength (RxDB indexes it).
 */
export const uuidKey = { type: 'string', maxLength: 36 } as const;
export const uuid = { type: 'string', maxLength: 36 } as const;
export const nullableUuid = { type: ['string', 'null'], maxLength: 36 } as const;
export const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
export const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** timestamptz as PostgREST writes it (ISO 8601); a document created here carries its own until the server's arrives. */
export const timestamp = { type: 'string', maxLength: 40 } as const;
export const nullableTimestamp = { type: ['string', 'null'], maxLength: 40 } as const;
export const integer = { type: 'integer' } as const;
export const nullableInteger = { type: ['integer', 'null'] } as const;
export const number = { type: 'number' } as const;
export const boolean = { type: 'boolean' } as const;
/**
 * A Postgres enum column. Kept as plain text on the device: Postgres checks the values, and a value
 * added on the server later must not make an older app version reject the row.
 */
export const enumText = { type: 'string', maxLength: 40 } as const;
