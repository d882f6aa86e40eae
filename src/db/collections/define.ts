import type { MigrationStrategies, RxJsonSchema } from 'rxdb';
import type { CollectionSpec } from './types.ts';

type Schema<T> = RxJsonSchema<T>;

/** What differs between the collections; everything else is the same for every table. */
export interface TableDefinition<T extends { id: string }> extends Omit<CollectionSpec<T>, 'schema' | 'migrationStrategies'> {
  /** Bumped by one for each change of the document shape, with a strategy for that step. */
  version: number;
  properties: Schema<T>['properties'];
  required: NonNullable<Schema<T>['required']>;
  indexes?: Schema<T>['indexes'];
  migrationStrategies?: MigrationStrategies;
}

/**
 * A collection mirroring the Postgres table of the same name, keyed by its `id` column. No field
 * may exist on the device only (see CollectionSpec), hence `additionalProperties: false`.
 */
export function defineTable<T extends { id: string }>(definition: TableDefinition<T>): CollectionSpec<T> {
  const { version, properties, required, indexes, migrationStrategies = {}, ...spec } = definition;
  const schema: Schema<T> = {
    title: spec.name,
    version,
    primaryKey: 'id' as Schema<T>['primaryKey'],
    type: 'object',
    properties,
    required,
    ...(indexes ? { indexes } : {}),
    additionalProperties: false,
  };
  return { ...spec, schema, migrationStrategies };
}
