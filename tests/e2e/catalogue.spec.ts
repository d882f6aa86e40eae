import { expect, test, type Page } from './support/test.ts';
import { stockOf, stockText } from './support/api.ts';
import { expectNoBlockingAxeViolations } from './support/axe.ts';
import { hydrated } from './support/hydration.ts';
import { expectTabsInOneRow } from './support/tabs.ts';

// The catalogue screens against the production build: list filters (URL-backed), view toggle,
// product detail (gallery, variants, quantity, tabs, related products) and the not-found state.

const count = (page: Page) => page.getByTestId('products-count');
const radio = (page: Page, group: string, label: string) =>
  page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: label, exact: true });
const mainImage = (page: Page) => page.getByRole('region', { name: 'Product images' }).getByRole('img').first();
const quantity = (page: Page) => page.getByRole('textbox', { name: 'Quantity' });

// Scoped to the page content: the navbar and footer belong to the shell and a11y.spec.ts covers them.
async function expectNoSeriousA11yViolations(page: Page) {
  await expectNoBlockingAxeViolations(page, page.url(), 'main');
}

test('filters combine, change the count, live in the URL and Clear All resets them', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await expect(count(page)).toHaveText('4 products found');
  await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Filters' }).click();
  await radio(page, 'Category', 'Accessories').check();
  await expect(count(page)).toHaveText('2 products found');
  await expect(page).toHaveURL(/category=accessories/);
  await expect(page.getByTestId('product-card')).toHaveCount(2);

  await radio(page, 'Compatibility', 'Universal').check();
  await expect(count(page)).toHaveText('1 products found');
  await expect(page.getByRole('heading', { name: 'Backup Battery Pack' })).toBeVisible();

  // Survives a reload: the panel reopens with the same choices.
  await page.reload();
  await expect(count(page)).toHaveText('1 products found');
  await expect(radio(page, 'Compatibility', 'Universal')).toBeChecked();

  await radio(page, 'Compatibility', 'All').check();
  await radio(page, 'Accessory Type', 'Power & Battery').check();
  await expect(count(page)).toHaveText('2 products found');

  await radio(page, 'Category', 'Outdoor Units').check();
  await expect(count(page)).toHaveText('0 products found');
  await expect(page.getByTestId('products-empty')).toBeVisible();

  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(count(page)).toHaveText('4 products found');
  await expect(page.getByRole('button', { name: 'Clear All' })).toHaveCount(0);
  await expect(radio(page, 'Category', 'All')).toBeChecked();
  expect(new URL(page.url()).search).toBe('');
});

test('a shared link with an unknown filter value still lists products', async ({ page }) => {
  await page.goto('/products?category=garden&compatibility=most-openers');
  await expect(count(page)).toHaveText('2 products found');
});

test('grid and list views show 2 or 3 features, and the product’s own rating', async ({ page }) => {
  await page.goto('/products');
  const firstCard = page.getByTestId('product-card').first();
  await expect(firstCard.getByRole('listitem')).toHaveCount(2);
  await expect(firstCard.getByRole('img', { name: 'Rated 4.9 out of 5 from 1,247 reviews' })).toBeVisible();
  await expect(page.getByTestId('product-card').nth(3).getByRole('img', { name: /Rated 4\.6 out of 5 from 234 reviews/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.getByTestId('product-card')).toHaveCount(0);
  const firstRow = page.getByTestId('product-row').first();
  await expect(page.getByTestId('product-row')).toHaveCount(4);
  // Complete System has 6 features: 3 shown, then "+3 more".
  await expect(firstRow.getByRole('listitem')).toHaveCount(4);
  await expect(firstRow.getByText('+3 more')).toBeVisible();

  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.getByTestId('product-card')).toHaveCount(4);
});

test('product 1: gallery wraps both ways, thumbnails, price and discount', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('link', { name: 'Complete System' }).click();
  await expect(page).toHaveURL(/\/products\/1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete System' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toContainText('Home');
  await expect(crumbs).toContainText('Products');
  await expect(crumbs).toContainText('Complete System');
  await expect(page.getByText('Save 14%')).toBeVisible();
  await expect(page.getByText('$349')).toBeVisible();

  await expect(mainImage(page)).toHaveAttribute('alt', 'Complete System, image 1 of 4');
  await page.getByRole('button', { name: 'Previous image' }).click();
  await expect(mainImage(page)).toHaveAttribute('alt', 'Complete System, image 4 of 4');
  await page.getByRole('button', { name: 'Next image' }).click();
  await expect(mainImage(page)).toHaveAttribute('alt', 'Complete System, image 1 of 4');
  await page.getByRole('button', { name: 'Show image 3 of 4' }).click();
  await expect(mainImage(page)).toHaveAttribute('src', '/products/outdoor-unit-front.svg');
  await expect(page.getByRole('button', { name: 'Show image 3 of 4' })).toHaveAttribute('aria-pressed', 'true');
  // Keyboard: the thumbnail keeps focus and arrow keys move on, wrapping past the end.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(mainImage(page)).toHaveAttribute('alt', 'Complete System, image 1 of 4');

  await page.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('quantity is bounded by 1 and the stock; variant and quantity reach the cart', async ({ page }) => {
  // The live stock (other tests order, so it is read from the database, not assumed).
  const stock = await stockOf(1);
  expect(stock).toBeGreaterThan(2);
  await page.goto('/products/1');
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await expect(page.getByTestId('stock')).toHaveText(stockText(stock));
  await expect(quantity(page)).toHaveValue('1');
  await expect(minus).toBeDisabled();
  await plus.click();
  await expect(quantity(page)).toHaveValue('2');
  await expect(minus).toBeEnabled();
  for (let i = 2; i < stock; i++) await plus.click();
  await expect(quantity(page)).toHaveValue(String(stock));
  await expect(plus).toBeDisabled();
  await minus.click();
  await expect(quantity(page)).toHaveValue(String(stock - 1));
  await expect(plus).toBeEnabled();
  // Typing past the stock is clamped too.
  await quantity(page).fill(String(stock + 25));
  await expect(quantity(page)).toHaveValue(String(stock));
  await expect(plus).toBeDisabled();
  await quantity(page).fill('2');
  await expect(quantity(page)).toHaveValue('2');

  await expect(page.getByRole('radio', { name: 'White' })).toBeChecked();
  await page.getByText('Black', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked();
  await expect(page.getByText('Color: Black')).toBeVisible();

  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('2x Complete System has been added to your cart.')).toBeVisible();
});

test('on a 390 px phone the product tabs stay in one row and scroll sideways to the last one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products/1');
  const tablist = page.getByRole('tablist');
  await expect(tablist.getByRole('tab')).toHaveText(['Overview', 'Specifications', 'Installation', 'Warranty']);
  await expectTabsInOneRow(tablist);
  // Four tabs are wider than a phone: the row scrolls (it does not squeeze or wrap them).
  expect(await tablist.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // The page is prerendered: keys reach the tabs once React owns them.
  await hydrated(tablist.getByRole('tab', { name: 'Overview' }));
  await tablist.getByRole('tab', { name: 'Overview' }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(tablist.getByRole('tab', { name: 'Warranty' })).toBeFocused();
  await expect(tablist.getByRole('tab', { name: 'Warranty' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel')).toContainText('2 years limited warranty');
  await expectTabsInOneRow(tablist);
});

test('tabs, feature grid and related products', async ({ page }) => {
  await page.goto('/products/1');
  for (const text of ['Free Installation', '30-Day Guarantee', '2-Year Warranty', 'Lifetime Support']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('160° wide-angle HD camera');

  await page.getByRole('tab', { name: 'Specifications' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('IP65');
  await page.getByRole('tab', { name: 'Installation' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Pair with the app');
  await page.getByRole('tab', { name: 'Warranty' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('2 years limited warranty');
  await expect(page.getByRole('tabpanel')).toContainText('Lifetime technical support');

  await expectNoSeriousA11yViolations(page);

  const related = page.getByTestId('related-product');
  await expect(page.getByRole('heading', { name: 'Related Products' })).toBeVisible();
  await expect(related).toHaveCount(1);
  await related.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/products\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indoor Unit Standalone' })).toBeVisible();
  // A different product starts over: first image, quantity 1, no variant picker.
  await expect(mainImage(page)).toHaveAttribute('alt', 'Indoor Unit Standalone, image 1 of 3');
  await expect(quantity(page)).toHaveValue('1');
  await expect(page.getByRole('radio')).toHaveCount(0);

  await page.goto('/products/3');
  await expect(page.getByText('10-Year Warranty', { exact: true })).toBeVisible();
  await expect(page.getByTestId('related-product')).toHaveText(/Backup Battery Pack/);
});

for (const path of ['/products/99', '/products/abc', '/products/1.5']) {
  test(`unknown product ${path} shows Product Not Found`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
    await expect(page.getByText("The product you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(count(page)).toHaveText('4 products found');
  });
}
