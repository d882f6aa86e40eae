import { describe, expect, it } from 'vitest';
import { internalLink } from '@/features/notifications/links.ts';

describe('internalLink', () => {
  it('follows paths of this site only', () => {
    expect(internalLink('/dashboard/orders')).toBe('/dashboard/orders');
    expect(internalLink('/support?ticket=10000000-0000-4000-8000-000000000001')).toBe('/support?ticket=10000000-0000-4000-8000-000000000001');
    for (const link of [null, '', 'https://evil.example.com/', '//evil.example.com/x', '/\\evil.example.com', 'javascript:alert(1)', 'dashboard']) {
      expect(internalLink(link)).toBeNull();
    }
  });
});
