import { boolean, text, timestamp, uuidKey } from './fields.ts';
import { defineTable } from './define.ts';

export interface SupportCategory {
  id: string;
  name: string;
  is_active: boolean;
  created_at: string;
}

export const supportCategories = defineTable<SupportCategory>({
  name: 'support_categories',
  version: 0,
  properties: {
    id: uuidKey,
    name: text(100),
    is_active: boolean,
    created_at: timestamp,
  },
  required: ['id', 'name', 'is_active', 'created_at'],
  push: true,
  staffWrites: true,
  label: (doc) => `Support category '${doc.name ?? ''}'`,
});
