// A click on "Read online" timed in a real browser (headless Chromium, through the accessibility
// tests' playwright-core), for bench/reading_pages.sh: from the click on the title page to the
// first chapter's page loaded (its `load` event, its text laid out), on a node the caller has
// just started. The reader signs in and the title page is shown first, untimed; then the one
// click is timed. Prints the milliseconds.
//
// Usage: node bench/reading_click.mjs BASE SITE TITLE USER PASSWORD

import { CHROMIUM_ARGS } from '../tests/a11y/lib.mjs';
import { chromium } from '../tests/a11y/node_modules/playwright-core/index.mjs';

const [base, site, title, user, password] = process.argv.slice(2);
if (!password) {
  console.error('usage: node bench/reading_click.mjs BASE SITE TITLE USER PASSWORD');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(`${base}/${site}/sign-in`);
  await page.locator('#username').fill(user);
  await page.locator('#password').fill(password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/sign-in')), page.locator('form button[type="submit"]').click()]);
  await page.goto(`${base}/${site}/titles/${title}`, { waitUntil: 'load' });
  const button = page.locator('form.read-online button[type="submit"]:not([formaction])');
  await button.waitFor();
  const started = Date.now();
  await Promise.all([
    page.waitForURL((u) => /\/read\/[^/]+\/\d+$/.test(u.pathname), { waitUntil: 'load' }),
    button.click(),
  ]);
  // The text is there and laid out: its first paragraph has a box.
  await page.locator('article.book-text p').first().waitFor({ state: 'visible' });
  console.log(Date.now() - started);
} finally {
  await browser.close();
}
