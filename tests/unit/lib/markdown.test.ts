import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '@/lib/markdown.ts';

function render(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markdownToSafeHtml(source);
  return host;
}

describe('markdownToSafeHtml', () => {
  it('renders the Markdown an article uses', () => {
    const host = render('## Reset the unit\n\n1. Hold **Reset**\n2. See [the guide](/support/installation)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(host.querySelector('h2')?.textContent).toBe('Reset the unit');
    expect(host.querySelectorAll('ol li')).toHaveLength(2);
    expect(host.querySelector('strong')?.textContent).toBe('Reset');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/support/installation');
    expect(host.querySelector('table td')?.textContent).toBe('1');
  });

  it('removes script, event handlers, frames, SVG and inline style', () => {
    const host = render('<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="/"></iframe><svg onload=alert(1)></svg><p style="color:red" onclick="x()">text</p>');
    expect(host.querySelector('script, iframe, svg')).toBeNull();
    expect(host.innerHTML).not.toMatch(/onerror|onload|onclick|style=/i);
    expect(host.querySelector('p')?.textContent).toBe('text');
  });

  it('drops javascript:, data: and protocol-relative targets from links and images', () => {
    const host = render('[a](javascript:alert(1)) [b](JaVaScRiPt&#58;alert(1)) [c](data:text/html,x) [d](//evil.example) ![e](javascript:x) ![f](http://insecure.example/i.png)');
    for (const link of host.querySelectorAll('a')) expect(link.getAttribute('href')).toBeNull();
    for (const image of host.querySelectorAll('img')) expect(image.getAttribute('src')).toBeNull();
  });

  it('opens external links apart, without an opener', () => {
    const link = render('[docs](https://example.com/docs)').querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
