import { describe, expect, it } from 'vitest';
import { featureIcon, solutionLayout } from '@/features/content-pages/data/solution-layout.ts';

// The seeded homeowners page, as the CMS holds it.
const HOMEOWNERS = `## Never wonder “did I close it?” again

The door sensor reports Open or Closed in the app wherever you are, and you can close it with one tap.

## Access for family, guests and couriers

- Permanent codes for family members
- Guest codes that expire after a visit

## Eyes on the driveway

The 160° HD camera with night vision records arrivals and sends motion alerts to your phone.

[Order the Complete System - $299](/products/1)`;

describe('solutionLayout', () => {
  it('makes one feature block per section and the closing link the call to action, keeping every word', () => {
    const layout = solutionLayout(HOMEOWNERS)!;
    expect(layout.intro).toBe('');
    expect(layout.features.map((f) => f.heading)).toEqual(['Never wonder “did I close it?” again', 'Access for family, guests and couriers', 'Eyes on the driveway']);
    expect(layout.features[0]!.body).toBe('The door sensor reports Open or Closed in the app wherever you are, and you can close it with one tap.');
    expect(layout.features[1]!.body).toBe('- Permanent codes for family members\n- Guest codes that expire after a visit');
    expect(layout.cta).toEqual({ label: 'Order the Complete System - $299', to: '/products/1' });
    // The call to action is taken out of the last block, not shown twice.
    expect(layout.features[2]!.body).not.toContain('Order the Complete System');
  });

  it('keeps text before the first section as the intro', () => {
    const layout = solutionLayout('Made for busy families.\n\n## One\n\nText.')!;
    expect(layout.intro).toBe('Made for busy families.');
    expect(layout.features).toHaveLength(1);
    expect(layout.cta).toBeNull();
  });

  it('takes only a lone link to a page of this site as the call to action', () => {
    expect(solutionLayout('## One\n\nText.\n\n[Elsewhere](https://example.com)')!.cta).toBeNull();
    expect(solutionLayout('## One\n\nText.\n\n[Protocol-relative](//example.com/x)')!.cta).toBeNull();
    // Browsers read '/\host' as '//host': another site.
    expect(solutionLayout('## One\n\nText.\n\n[Backslash](/\\example.com/x)')!.cta).toBeNull();
    expect(solutionLayout('## One\n\nSee [the shop](/products) for more.')!.cta).toBeNull();
    expect(solutionLayout('## One\n\nText.\n\n[**Shop** now](/products)')!.cta).toEqual({ label: 'Shop now', to: '/products' });
  });

  it('gives up on text without sections, which is then shown as written', () => {
    expect(solutionLayout('Just a paragraph.\n\n### A small heading')).toBeNull();
    expect(solutionLayout('')).toBeNull();
  });

  it('reads headings as plain text (no markup reaches the heading)', () => {
    expect(solutionLayout('## <img src=x onerror=alert(1)> **Bold** move\n\nText.')!.features[0]!.heading).toBe('Bold move');
  });
});

describe('featureIcon', () => {
  it('pictures each seeded section by its words', () => {
    const icons = [
      ['Never wonder “did I close it?” again', 'door'],
      ['Access for family, guests and couriers', 'access'],
      ['Eyes on the driveway', 'camera'],
      ['After-hours security', 'camera'],
      ['Deliveries that arrive on time', 'delivery'],
      ['A full access history', 'history'],
      ['Several doors, one account', 'door'],
      ['Fewer call-outs', 'phone'],
    ] as const;
    for (const [heading, icon] of icons) expect(featureIcon(heading, 0), heading).toBe(icon);
  });

  it('falls back by position for words it does not know', () => {
    expect([0, 1, 2, 3].map((i) => featureIcon('Something else', i))).toEqual(['door', 'access', 'camera', 'door']);
  });
});
