import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no CSS animation or transition is running. axe measures colour contrast with the
 * element's current opacity, so a toast caught while it fades in (Mantine's notifications take
 * ~200 ms) reads as low contrast although the settled toast passes. CI failed on exactly that.
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
}

/**
 * Fails with a readable report when axe finds a serious or critical violation. `include` scopes the
 * scan to a part of the page (e.g. 'main' when the shell is covered elsewhere).
 */
export async function expectNoBlockingAxeViolations(page: Page, what: string, include?: string) {
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n').join(' ') ?? ''}`).join('\n')}`)
    .join('\n');
  expect(blocking.map((v) => v.id), `${what}\n${report}`).toEqual([]);
}
