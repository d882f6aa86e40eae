import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '@/lib/markdown.ts';

function render(source: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = markdownToSafeHtml(source);
  return host;
}

const attributes = (host: HTMLElement) => [...host.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name));

describe('markdownToSafeHtml', () => {
  it('renders the Markdown an article uses', () => {
    const host = render('## Reset the unit\n\n1. Hold **Reset**\n2. See [the guide](/support/installation)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(host.querySelector('h2')?.textContent).toBe('Reset the unit');
    expect(host.querySelectorAll('ol li')).toHaveLength(2);
    expect(host.querySelector('strong')?.textContent).toBe('Reset');
    expect(host.querySelector('a')?.getAttribute('href')).toBe('/support/installation');
    expect(host.querySelector('table td')?.textContent).toBe('1');
  });

  it('shows raw HTML as text: no script, handler, frame, SVG or style reaches the page', () => {
    const source = '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <iframe src="/"></iframe> <svg onload=alert(1)></svg> <p style="color:red" onclick="x()">text</p>';
    const host = render(source);
    expect(host.querySelector('script, img, iframe, svg, p[style]')).toBeNull();
    expect(attributes(host).filter((name) => /^on|^style$/i.test(name))).toEqual([]);
    expect(host.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('drops javascript:, data: and protocol-relative targets from links and images', () => {
    const host = render('[a](javascript:alert(1)) [b](JaVaScRiPt&#58;alert(1)) [c](data:text/html,x) [d](//evil.example) ![e](javascript:x) ![f](http://insecure.example/i.png)');
    expect(host.querySelectorAll('a')).toHaveLength(4);
    for (const link of host.querySelectorAll('a')) expect(link.getAttribute('href')).toBeNull();
    for (const image of host.querySelectorAll('img')) expect(image.getAttribute('src')).toBeNull();
  });

  it('keeps images from this site with their description, and an empty alt when there is none', () => {
    const host = render('![Wiring diagram](/wiring.svg) ![](/images/a.png)');
    expect([...host.querySelectorAll('img')].map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([
      ['/wiring.svg', 'Wiring diagram'],
      ['/images/a.png', ''],
    ]);
  });

  it('opens external links apart, without an opener', () => {
    const link = render('[docs](https://example.com/docs)').querySelector('a');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
