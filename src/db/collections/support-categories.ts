import type { RxJsonSchema } from 'rxdb';
import { boolean, text, timestamp, uuidKey } from './fields.ts';
import type { CollectionSpec } from './types.ts';

export interface SupportCategory {
  id: string;
  name: string;
  is_active: boolean;
  created_at: string;
}

const schema: RxJsonSchema<SupportCategory> = {
  title: 'support_categories',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuidKey,
    name: text(100),
    is_active: boolean,
    created_at: timestamp,
  },
  required: ['id', 'name', 'is_active', 'created_at'],
  additionalProperties: false,
};

export const supportCategories: CollectionSpec<SupportCategory> = {
  name: 'support_categories',
  table: 'support_categories',
  schema,
  migrationStrategies: {},
  push: true,
  label: (doc) => `Support category '${doc.name ?? ''}'`,
};
