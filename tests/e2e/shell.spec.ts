import { DEMO, signInAs } from './support/auth.ts';
import { hydrated } from './support/hydration.ts';
import { expect, test, type Page } from './support/test.ts';

// App shell (navbar, footer, layout, not-found) and the landing page, against the production build.

const navbar = (page: Page) => page.getByTestId('navbar');

async function heroHeight(page: Page): Promise<number> {
  return page.locator('#hero').evaluate((hero) => hero.getBoundingClientRect().height);
}

test.describe('navbar', () => {
  test('is white over the hero and turns black on blurred white once the hero bottom is ≤100px from the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const bar = navbar(page);
    await expect(bar).toHaveAttribute('data-text', 'light');
    await expect(bar).toHaveAttribute('data-surface', 'transparent');
    await expect(bar).toHaveCSS('color', 'rgb(255, 255, 255)');

    await expect(page.locator('#features')).toBeAttached(); // the page is long enough to scroll
    const height = await heroHeight(page);
    await page.evaluate((y) => window.scrollTo(0, y), height - 150); // hero bottom at 150 px
    await expect(bar).toHaveAttribute('data-text', 'light');

    await page.evaluate((y) => window.scrollTo(0, y), height - 100); // hero bottom at 100 px
    await expect(bar).toHaveAttribute('data-text', 'dark');
    await expect(bar).toHaveAttribute('data-surface', 'blurred');
    await expect(bar).toHaveCSS('color', 'rgb(0, 0, 0)');
    await expect(bar).toHaveCSS('backdrop-filter', 'blur(12px)');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toHaveAttribute('data-text', 'light');
  });

  test('is black on blurred white on other pages', async ({ page }) => {
    await page.goto('/privacy');
    await expect(navbar(page)).toHaveAttribute('data-surface', 'blurred');
    await expect(navbar(page)).toHaveCSS('color', 'rgb(0, 0, 0)');
  });

  test('has the spec links, a Solutions menu and a sign-in icon to /auth', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/privacy');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Products', 'Features']) await expect(main.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/auth');
    await expect(navbar(page).getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '/products/1');

    const solutions = main.getByRole('button', { name: 'Solutions' });
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
    await hydrated(solutions);
    await solutions.click();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Homeowners', 'Workshops', 'Small Businesses', 'Property Managers']) {
      await expect(main.getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(main.getByRole('link', { name: 'Workshops' })).toBeHidden();
    await expect(solutions).toBeFocused();

    await solutions.click();
    await main.getByRole('link', { name: 'Workshops' }).click();
    await expect(page).toHaveURL(/\/solutions\/workshops$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('GarageGuard for Workshops');
    await expect(main.getByRole('link', { name: 'Workshops' })).toBeHidden();

    await main.getByRole('button', { name: 'Support' }).click();
    await main.getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  });

  test('cart icon: no badge while empty, count badge and name once an item is added', async ({ page }) => {
    await page.goto('/products/1');
    await expect(page.getByRole('link', { name: 'Cart, empty' })).toHaveAttribute('href', '/cart');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await page.getByRole('button', { name: /add to cart/i }).first().click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
  });

  test('mobile menu at 375 px: burger opens a drawer that closes on navigation and on Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/privacy');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await hydrated(burger);
    await burger.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/auth');
    await drawer.getByRole('link', { name: 'Installation Guide' }).click();
    await expect(page).toHaveURL(/\/support\/installation$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Installation Guide');

    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});

test.describe('support from the shop', () => {
  test('the desktop Support menu reaches the Support Center (sign-in first when signed out) and the public knowledge base', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/privacy');
    const main = page.getByRole('navigation', { name: 'Main' });
    await hydrated(main.getByRole('button', { name: 'Support' }));
    await main.getByRole('button', { name: 'Support' }).click();
    await expect(main.getByRole('link', { name: 'Support Center' })).toHaveAttribute('href', '/support');
    await main.getByRole('link', { name: 'Knowledge Base' }).click();
    await expect(page).toHaveURL(/\/support\/articles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge Base');

    await main.getByRole('button', { name: 'Support' }).click();
    await main.getByRole('link', { name: 'Support Center' }).click();
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent('/support')}`);
  });

  test('a signed-in customer reaches the Support Center from the phone drawer', async ({ page }) => {
    await signInAs(page, DEMO.customer);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/products');
    await hydrated(page.getByRole('button', { name: 'Open menu' }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Knowledge Base' })).toHaveAttribute('href', '/support/articles');
    await drawer.getByRole('link', { name: 'Support Center' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();
  });

  test('the footer links to the Support Center and the knowledge base', async ({ page }) => {
    await page.goto('/privacy');
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('link', { name: 'Support Center' })).toHaveAttribute('href', '/support');
    await footer.getByRole('link', { name: 'Knowledge Base' }).click();
    await expect(page).toHaveURL(/\/support\/articles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge Base');
  });
});

test.describe('layout', () => {
  const areas = [
    ['/dashboard', DEMO.customer],
    ['/dashboard/devices', DEMO.customer],
    ['/admin', DEMO.admin],
    ['/admin/inventory', DEMO.admin],
    ['/support/dashboard', DEMO.support],
  ] as const;
  for (const [path, email] of areas) {
    test(`navbar and footer are hidden on ${path}`, async ({ page }) => {
      await signInAs(page, email);
      await page.goto(path);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('banner').getByRole('heading', { level: 2 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('navbar')).toHaveCount(0);
      await expect(page.getByTestId('site-footer')).toHaveCount(0);
    });
  }

  test('footer shows the current year, contact lines, legal links and no social icons', async ({ page }) => {
    await page.goto('/support/faq');
    const footer = page.getByTestId('site-footer');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} GarageGuard`);
    await expect(footer.getByRole('link', { name: /support@garageguard\.com/ })).toHaveAttribute('href', 'mailto:support@garageguard.com');
    for (const name of ['Privacy Policy', 'Terms of Service', 'Warranty', 'Returns']) {
      await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name })).toBeVisible();
    }
    const emptyTargets = await footer.locator('a:not([href]), a[href=""], a[href="#"]').count();
    expect(emptyTargets).toBe(0);
  });

  test('on a 390 px phone the footer links sit in balanced groups: the two lists side by side, the legal links two by two', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/support/faq');
    const footer = page.getByTestId('site-footer');
    const top = async (name: string) => (await footer.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name, exact: true }).boundingBox())!.y;
    const [privacy, terms, warranty, returns] = await Promise.all(['Privacy Policy', 'Terms of Service', 'Warranty', 'Returns'].map(top));
    expect(terms).toBe(privacy);
    // 'Returns' shares its line with 'Warranty' (it was alone on the last line).
    expect(returns).toBe(warranty);
    expect(warranty!).toBeGreaterThan(privacy!);
    const quick = (await footer.getByRole('navigation', { name: 'Quick Links' }).boundingBox())!;
    const solutions = (await footer.getByRole('navigation', { name: 'Solutions' }).boundingBox())!;
    expect(solutions.y).toBe(quick.y);
    expect(solutions.x).toBeGreaterThan(quick.x + quick.width - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('footer newsletter validates the e-mail and confirms a subscription', async ({ page }) => {
    await page.goto('/privacy');
    const footer = page.getByTestId('site-footer');
    const email = footer.getByLabel('Email address');
    await email.fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Enter a valid email address')).toBeVisible();
    await email.fill('reader@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Thanks! GarageGuard news will go to reader@example.com.')).toBeVisible();
    await expect(email).toHaveValue('');
  });

  test('scrolls to the top on every path change', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the Features link goes to the landing page features section', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/privacy');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator('#features')).toBeInViewport();
  });

  test('skip link moves focus to the page content', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the app has rendered
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
  });
});

test.describe('not-found page', () => {
  test('unknown paths show Page Not Found; Go Home goes to /', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#hero')).toBeVisible();
  });

  test('Go Back returns to the previous page', async ({ page }) => {
    await page.goto('/warranty');
    await page.goto('/solutions/astronauts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/warranty$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Warranty');
  });
});

test.describe('landing page', () => {
  test('hero, highlights, feature sections, audience cards and closing call to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Order Now - $299' })).toHaveAttribute('href', '/products/1');
    for (const text of ['Phone Control', 'Secure Access', 'HD Camera', 'IoT Tracking']) await expect(page.locator('#hero').getByText(text, { exact: true })).toBeVisible();
    for (const name of ['Secure Package Delivery', 'Front-home Security', 'Access Control']) {
      await expect(page.locator('#features').getByRole('heading', { name })).toBeVisible();
    }
    for (const [name, slug] of [['Homeowners', 'homeowners'], ['Workshops', 'workshops'], ['Small Businesses', 'businesses'], ['Property Managers', 'property-managers']]) {
      await expect(page.getByRole('link', { name: `${name}: learn more` })).toHaveAttribute('href', `/solutions/${slug}`);
    }
    await expect(page.getByRole('link', { name: 'Order Complete System - $299' })).toHaveAttribute('href', '/products/1');
    await expect(page.getByRole('link', { name: 'Schedule Demo Call' })).toHaveAttribute('href', /^mailto:/);
    for (const text of ['30-Day Guarantee', '2-Hour Install', 'Lifetime Support']) await expect(page.getByText(text, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect(page.locator('#features')).toBeInViewport();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the hero's highlight cards are solid surfaces, not see-through over the picture (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
        await page.setViewportSize(size);
        await page.goto('/');
        const cards = page.getByRole('list', { name: 'Highlights' }).getByRole('listitem');
        await expect(cards).toHaveCount(4);
        const backgrounds = await cards.evaluateAll((items) => items.map((item) => getComputedStyle(item).backgroundColor));
        // rgb(…) is opaque; rgba(…, a < 1) lets the door drawing show through the text.
        for (const background of backgrounds) expect(background, `at ${size.width} px`).toMatch(/^rgb\(/);
      }
    });
  }

  test('poster first, then a muted looping video that does not preload', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await expect(page.getByTestId('hero-poster')).toBeVisible();
    const video = page.getByTestId('hero-video');
    await expect(video).toHaveCount(1);
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('loop', '');
    await expect(video).toHaveAttribute('playsinline', '');
    expect(await video.evaluate((el: HTMLVideoElement) => el.muted)).toBe(true);
  });

  test('no video with prefers-reduced-motion: reduce', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByTestId('hero-poster')).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500); // past load + idle, when the video would have been added
    await expect(page.getByTestId('hero-video')).toHaveCount(0);
  });

  test('Notify Me validates both fields, then clears them and confirms', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Notify Me' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();

    await form.getByLabel('Name').fill('Ann');
    await form.getByLabel('Email').fill('ann@');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();

    await form.getByLabel('Email').fill('ann@example.com');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thanks, Ann!')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
  });
});
