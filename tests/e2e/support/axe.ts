import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { Result } from 'axe-core';

/**
 * Waits until no CSS animation or transition is running. axe measures colour contrast with the
 * element's current opacity, so a toast caught while it fades in (Mantine's notifications take
 * ~200 ms) reads as low contrast although the settled toast passes.
 */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 });
}

async function blockingViolations(page: Page, include?: string, rules?: readonly string[]) {
  await animationsSettled(page);
  // Legacy mode: axe.run() in the page itself. The default runs each frame apart and merges the
  // results in a blank page it opens for every scan (a second or so each); these pages have no
  // cross-origin frames, the one thing that mode exists for.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (include) builder.include(include);
  if (rules) builder.withRules([...rules]);
  const { violations, incomplete } = await builder.analyze();
  return [...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...sameColourText(incomplete)];
}

/** Below this, axe's "cannot tell" is a label painted in (nearly) its background's colour. */
const NEAR_EQUAL_RATIO = 1.5;

/**
 * axe files a text whose colour equals its background under `incomplete` (1:1 could be a hidden
 * decoration), not as a violation; a badge drawn in its own pill's colour passed that way. Such
 * results, with a measured ratio below 1.5:1, count as serious colour-contrast failures here.
 */
function sameColourText(incomplete: Result[]): Result[] {
  return incomplete
    .filter((r) => r.id === 'color-contrast')
    .map((r) => ({ ...r, impact: 'serious' as const, help: `${r.help} (axe: incomplete, near 1:1)`, nodes: r.nodes.filter((n) => n.any.some((check) => { const ratio = (check.data as { contrastRatio?: number } | null)?.contrastRatio; return typeof ratio === 'number' && ratio > 0 && ratio < NEAR_EQUAL_RATIO; })) }))
    .filter((r) => r.nodes.length > 0);
}

/** The axe rules whose outcome depends on colours: what a second colour scheme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Fails with a readable report when axe finds a serious or critical violation. `include` scopes the
 * scan to a part of the page (e.g. 'main' when the shell is covered elsewhere); `rules` limits it
 * to those rules (e.g. COLOUR_RULES for the same page in the other scheme).
 *
 * A toast can also begin to fade in while axe is scanning (the 'ready to work offline' toast appears
 * whenever the service worker finishes installing; CI failed on exactly that twice), so a finding is
 * confirmed by a second scan after the page settles: a real violation is still there, a half-faded
 * toast is not.
 */
export async function expectNoBlockingAxeViolations(page: Page, what: string, include?: string, rules?: readonly string[]) {
  let blocking = await blockingViolations(page, include, rules);
  if (blocking.length > 0) {
    await page.waitForTimeout(500);
    blocking = await blockingViolations(page, include, rules);
  }
  const report = blocking
    .map((v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n').join(' ') ?? ''}`).join('\n')}`)
    .join('\n');
  expect(blocking.map((v) => v.id), `${what}\n${report}`).toEqual([]);
}
