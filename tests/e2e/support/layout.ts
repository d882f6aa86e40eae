import { expect, type Page } from '@playwright/test';
import { unreadableLines, WIDTHS } from './readable.ts';

/**
 * What a user at this viewport cannot see or reach on the current page, one readable line each:
 * - the page wider than the viewport (sideways scrolling of the whole page);
 * - text cut off (overflow hidden/clip, wider than its box) with no ellipsis and no other way to
 *   read it (a title, aria-label or aria-describedby on it or an ancestor), and a status badge
 *   (a badge with `data-status`) cut at all;
 * - a fixed or sticky overlay (toast, offline badge, prompt; not the page's own header, sidebar or
 *   dialog layers) drawn over a button, link, field or the header's sync state;
 * - a dialog not wholly inside the viewport.
 * One page.evaluate (a walk of the page's elements), so an every-page walk can call it per page
 * and per width; call it once transitions have settled (a toast sliding in is not yet in place).
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const px = (n: number) => Math.round(n);
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const classes = [...el.classList].filter((c) => !/^m_[0-9a-f]+$/.test(c)).slice(0, 2);
      const name = (el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim()).slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes.map((c) => `.${c}`).join('')}${testId ? `[data-testid=${testId}]` : ''}${name ? ` "${name}"` : ''}`;
    };
    const rectText = (r: DOMRect) => `${px(r.left)},${px(r.top)} ${px(r.width)}×${px(r.height)}`;
    const all = [...document.body.querySelectorAll('*')];
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (el: Element) => {
      let s = styles.get(el);
      if (!s) styles.set(el, (s = getComputedStyle(el)));
      return s;
    };

    // 1. The page scrolls sideways: name the outermost elements that stick out on the right.
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > vw + 1) {
      const culprits = all.filter((el) => {
        const r = el.getBoundingClientRect();
        const parent = el.parentElement;
        return r.width > 0 && r.right > vw + 1 && (!parent || parent === document.body || parent.getBoundingClientRect().right <= vw + 1);
      });
      problems.push(`page overflows sideways: document ${docWidth}px wide in a ${vw}px viewport${culprits.length ? `; sticking out: ${culprits.slice(0, 3).map((el) => `${describe(el)} right=${px(el.getBoundingClientRect().right)}`).join('; ')}` : ''}`);
    }

    // 2. Text cut off with nothing to read it by.
    // A title or label on the element or close above it says the whole text.
    const readable = (el: Element) => {
      for (let e: Element | null = el, i = 0; e && i < 4; e = e.parentElement, i++) if (e.matches('[title],[aria-label],[aria-describedby]')) return true;
      return false;
    };
    for (const el of all) {
      if (!(el instanceof HTMLElement) || el.scrollWidth <= el.clientWidth + 1 || el.clientWidth < 4) continue;
      const s = style(el);
      if (!['hidden', 'clip'].includes(s.overflowX) || s.clip !== 'auto' || s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none') continue;
      if (!(el.textContent ?? '').trim() || readable(el)) continue;
      if (s.visibility === 'hidden' || el.closest('[aria-hidden=true]')) continue;
      problems.push(`text cut off: ${describe(el)} needs ${el.scrollWidth}px, shows ${el.clientWidth}px, no ellipsis or title`);
    }
    // A status ("Out of Stock", "Success") is a few words that must read whole: an ellipsis is no way
    // to read it.
    for (const badge of document.body.querySelectorAll('.mantine-Badge-root[data-status]')) {
      const cut = [badge, ...badge.querySelectorAll('*')].find((e) => e.scrollWidth > e.clientWidth + 1);
      if (cut) problems.push(`status cut off: ${describe(badge)} needs ${cut.scrollWidth}px, shows ${cut.clientWidth}px`);
    }

    // 3. Overlays over controls. The outermost fixed/sticky element is an overlay unless it is the
    // page's own frame (header, navigation, sidebar), a dialog layer or a backdrop.
    const isFrame = (el: Element) => el.matches('header, nav, aside, thead, [role=banner], [role=navigation], [class*=AppShell-], [class*=Modal-], [class*=Drawer-], [class*=Overlay-], [class*=Popover-], [class*=Menu-dropdown], [class*=Combobox-]') || el.querySelector('[role=dialog],[role=alertdialog],[data-testid=sync-indicator]') !== null;
    const overlays = all.filter((el) => {
      const position = style(el).position;
      if (position !== 'fixed' && position !== 'sticky') return false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (['fixed', 'sticky'].includes(style(p).position)) return false;
      const r = el.getBoundingClientRect();
      return !isFrame(el) && r.width * r.height > 0 && r.width * r.height < (vw * vh) / 2;
    });
    // An overlay's painted boxes: itself when it paints a surface, else its children (a toast stack
    // is a transparent column of toasts with gaps between them).
    const painted = (el: Element, depth = 0): Element[] => {
      const s = style(el);
      const surface = s.backgroundColor !== 'rgba(0, 0, 0, 0)' || s.backgroundImage !== 'none' || s.boxShadow !== 'none' || parseFloat(s.borderTopWidth) > 0;
      if (surface || depth >= 3 || el.children.length === 0) return (el.textContent ?? '').trim() || surface ? [el] : [];
      return [...el.children].flatMap((child) => painted(child, depth + 1));
    };
    const controls = all.filter((el) => el.matches('button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=tab], [data-testid=sync-indicator]'));
    for (const overlay of overlays) {
      for (const box of painted(overlay)) {
        const o = box.getBoundingClientRect();
        if (o.width < 1 || o.height < 1 || o.bottom <= 0 || o.top >= vh || style(box).visibility === 'hidden' || parseFloat(style(overlay).opacity) === 0) continue;
        const passThrough = style(box).pointerEvents === 'none';
        for (const control of controls) {
          if (overlay.contains(control) || control.contains(overlay)) continue;
          const c = control.getBoundingClientRect();
          const left = Math.max(o.left, c.left), right = Math.min(o.right, c.right), top = Math.max(o.top, c.top), bottom = Math.min(o.bottom, c.bottom);
          if (right - left < 2 || bottom - top < 2 || style(control).visibility === 'hidden') continue;
          // Drawn above the control? Hit testing says so, except through a box that lets clicks pass.
          const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
          if (!passThrough && !(hit && overlay.contains(hit))) continue;
          const dialog = control.closest('[role=dialog],[role=alertdialog]');
          const where = dialog ? ` in dialog "${dialog.getAttribute('aria-label') ?? document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''}"` : control.closest('header') ? ' in the header' : '';
          problems.push(`${describe(box)} (${style(overlay).position} at ${rectText(o)}) covers ${describe(control)} at ${rectText(c)}${where}`);
        }
      }
    }

    // 4. Dialogs wholly on screen.
    for (const dialog of document.querySelectorAll('[role=dialog],[role=alertdialog],dialog[open]')) {
      const r = dialog.getBoundingClientRect();
      if (r.width * r.height === 0) continue;
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) problems.push(`dialog ${describe(dialog)} at ${rectText(r)} is not inside the ${vw}×${vh} viewport`);
    }
    return problems;
  });
}

/**
 * Waits until the page rests: toasts and dialogs done sliding in, and parts that follow their own
 * size (charts through a ResizeObserver) re-rendered after a resize. Under load a chart re-drew
 * more than two frames after the viewport changed, and the check measured its old width ("needs
 * 760px, shows 750px" on Financial, only on a busy machine): the layout must now hold still, its
 * boxes unchanged, for five frames in a row (3 s at most).
 */
export async function settled(page: Page) {
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  // With motion, Mantine's transitions take 250 ms and start from a timer, so no animation is yet
  // running to wait for: a transition's length. With reduced motion (the suite's default) nothing slides.
  if (!reduced) await page.waitForTimeout(300);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const boxes = () => {
          const root = document.documentElement;
          const parts = [...document.querySelectorAll('svg, section, [role="dialog"], .mantine-Notification-root')].map((el) => {
            const r = el.getBoundingClientRect();
            return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
          });
          return `${root.scrollWidth}x${root.scrollHeight};${parts.join(';')}`;
        };
        const started = performance.now();
        let last = boxes();
        let still = 0;
        const frame = () => {
          const now = boxes();
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5 || performance.now() - started > 3_000) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * The layout problems once the page has settled, less a toast over page content (`tolerated`): a
 * toast lies somewhere for its few seconds, and at the bottom (where they show) only over content
 * the page can scroll away. Over the header (sync state, cart, menu) or an open dialog it counts.
 */
export async function settledLayoutProblems(page: Page): Promise<{ problems: string[]; tolerated: string[] }> {
  await settled(page);
  const all = await layoutProblems(page);
  const toastOverContent = (line: string) => line.includes('mantine-Notification-root') && !/ in dialog | in the header$/.test(line);
  return { problems: all.filter((line) => !toastOverContent(line)), tolerated: all.filter(toastOverContent) };
}

/**
 * At phone, tablet and desktop width, in one page load: no unreadable text (readable.ts) and, when
 * `layout` is asked for, no layout problem. The viewport is resized once per width, from the top of
 * the page as a visitor arrives (a page left scrolled, once seen on / right after the axe scan,
 * showed the store bar's over-the-hero white text on white while its scroll-driven look had not
 * caught up with a resize), and both checks read the page once it has settled.
 */
export async function expectSoundAtEveryWidth(page: Page, what: string, { layout }: { layout: boolean }): Promise<void> {
  const original = page.viewportSize();
  // One line per place, with the widths it was seen at.
  const unreadable = new Map<string, string[]>();
  const broken = new Map<string, string[]>();
  const note = (places: Map<string, string[]>, line: string, width: string) => places.set(line, [...(places.get(line) ?? []), width]);
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    for (const line of await unreadableLines(page)) note(unreadable, line, name);
    if (layout) for (const line of (await settledLayoutProblems(page)).problems) note(broken, line, name);
  }
  if (original) await page.setViewportSize(original);
  // The same problem on many rows reads once, with its widths and how many places.
  const lines = (places: Map<string, string[]>) =>
    [...places].map(([line, widths]) => `[${[...new Set(widths)].join(', ')}]${widths.length > WIDTHS.length ? ` ×${widths.length}` : ''} ${line}`);
  expect.soft(lines(unreadable), `${what}: text that does not stand out from its background\n${lines(unreadable).join('\n')}`).toEqual([]);
  expect(lines(broken), `${what}: covered, clipped or overflowing\n${lines(broken).join('\n')}`).toEqual([]);
}
