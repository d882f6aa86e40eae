import { describe, expect, it } from 'vitest';
import { adminPageRule } from '@/app/shell/area/areas.ts';
import { toCsv } from '@/lib/csv.ts';
import { searchPattern } from '@/features/access-logs/data/access-logs.ts';
import { successRate } from '@/features/access-logs/data/access-log-stats.ts';

describe('adminPageRule', () => {
  it('opens Access Logs and Content to staff, with the staff message', () => {
    for (const path of ['/admin/logs', '/admin/cms', '/admin/cms/', '/admin/cms/new']) {
      expect(adminPageRule(path)).toEqual({ requires: 'staff', denied: 'Access denied. Admin or support privileges required.' });
    }
  });
  it('keeps Inventory and Financial for admins, with the admin message', () => {
    for (const path of ['/admin/inventory', '/admin/financial/']) {
      expect(adminPageRule(path)).toEqual({ requires: 'admin', denied: 'Access denied. Admin privileges required.' });
    }
  });
  it('sends others home instead (Mission Control, Settings, a look-alike path)', () => {
    for (const path of ['/admin', '/admin/', '/admin/settings', '/admin/logsx']) expect(adminPageRule(path)).toEqual({ requires: 'admin', denied: null });
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = toCsv([{ a: 'x,y', b: 'say "hi"', c: 'two\nlines', d: '=SUM(A1)', e: null, f: -3 }], [
      { header: 'a', value: (r) => r.a }, { header: 'b', value: (r) => r.b }, { header: 'c', value: (r) => r.c },
      { header: 'd', value: (r) => r.d }, { header: 'e', value: (r) => r.e }, { header: 'f', value: (r) => r.f },
    ]);
    expect(csv).toBe('a,b,c,d,e,f\r\n"x,y","say ""hi""","two\nlines",\'=SUM(A1),,-3\r\n');
  });
});

describe('access log helpers', () => {
  it('turns the search into a contains pattern without PostgREST list syntax', () => {
    expect(searchPattern('  Chrome ')).toBe('*Chrome*');
    expect(searchPattern('a,b(c)*%')).toBe('*a b c*');
    expect(searchPattern(' ,() ')).toBeNull();
  });
  it('rounds the success rate to one decimal, 0 without events', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(3, 1)).toBe(66.7);
    expect(successRate(200, 0)).toBe(100);
  });
});
