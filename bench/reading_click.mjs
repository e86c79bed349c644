// A click on "Read online" timed in a real browser (headless Chromium, through the accessibility
// tests' playwright-core), for bench/reading_pages.sh: from the click on the title page to the
// first chapter's page loaded, on a node the caller has just started. The reader signs in and
// the title page is shown first, untimed; then the one click is timed, by the browser's own
// navigation timing: from the form's POST (the click) through its redirect to the chapter's
// `load` event, its styles and scripts loaded. Prints the milliseconds, then those the driver
// saw from its click to the text on the screen (playwright's own waits included).
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
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/sign-in')), page.locator('main form button[type="submit"]').click()]);
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
  const seen = Date.now() - started;
  const loaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
  console.log(`${Math.round(loaded)} ${seen}`);
} finally {
  await browser.close();
}
