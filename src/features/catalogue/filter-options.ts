// Filter options of the products list (spec §2): labels and values character for character.
import type { ProductFilters } from './rules.ts';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterGroup {
  key: keyof ProductFilters;
  label: string;
  options: FilterOption[];
}

export const FILTER_GROUPS: FilterGroup[] = [
  {
    key: 'category',
    label: 'Category',
    options: [
      { value: 'all', label: 'All' },
      { value: 'bundle', label: 'Complete Systems' },
      { value: 'indoor', label: 'Indoor Units' },
      { value: 'outdoor', label: 'Outdoor Units' },
      { value: 'accessories', label: 'Accessories' },
    ],
  },
  {
    key: 'compatibility',
    label: 'Compatibility',
    options: [
      { value: 'all', label: 'All' },
      { value: 'universal', label: 'Universal' },
      { value: 'most-openers', label: 'Most Openers' },
      { value: 'outdoor-unit', label: 'Outdoor Unit' },
    ],
  },
  {
    key: 'accessoryType',
    label: 'Accessory Type',
    options: [
      { value: 'all', label: 'All' },
      { value: 'power', label: 'Power & Battery' },
      { value: 'sensors', label: 'Sensors & Tracking' },
      { value: 'mounting', label: 'Mounting & Installation' },
    ],
  },
];
