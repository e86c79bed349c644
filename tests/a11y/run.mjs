// Accessibility checks (WCAG 2.2 AA) of the token server's HTML pages, in headless Chromium.
//
//   node tests/a11y/run.mjs BASE_URL        e.g. http://127.0.0.1:18181
//
// The server must hold the demo data set (`lectern demo`): client demo-reader-app with the
// redirect URI http://127.0.0.1:8765/callback and the user reader@demo.lectern / demo-pass-1.
// Prints one line per check ("ok - ..." / "not ok - ...", details on "#" lines after it), then
// "N passed, M failed", and exits 0 only when nothing failed.
//
// It uses Debian's Chromium (/usr/bin/chromium, or $CHROMIUM_PATH) and never downloads a browser.
// Set A11Y_SCREENSHOTS=DIR to keep a screenshot of every page it checks.

import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  CHECK_TIMEOUT_MS, CHROMIUM_ARGS, DESCRIBE_ACTIVE, Failure, MAX_TABS, NAV_TIMEOUT_MS, STEP_TIMEOUT_MS,
  alertTexts, axeCheck, baseUrl, counts, exitWhenWritten, expectFocusIndicators, expectInvalidDescribed, expectOrder, expectReflow,
  expectStatus, focusFromTop, inputFacts, isButtonNamed, isInput, messageText, onPage, report, shot, stopAfter, tabWalk,
  withTimeout,
} from './lib.mjs';

const CLIENT_ID = 'demo-reader-app';
const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const STATE = 'xyz';
const USER = 'reader@demo.lectern';
const PASSWORD = 'demo-pass-1';
const RUN_TIMEOUT_MS = 300_000;

// ---------------------------------------------------------------- arguments

const BASE = baseUrl('run.mjs');
const authorizeUrl = (params) => `${BASE}/oauth/authorize?${new URLSearchParams(params)}`;
const LOGIN_URL = authorizeUrl({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: 'basic', state: STATE });
const BAD_REDIRECT_URL = authorizeUrl({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: 'http://evil.example/cb', scope: 'basic' });
const UNKNOWN_CLIENT_URL = authorizeUrl({ response_type: 'code', client_id: 'no-such-client', redirect_uri: REDIRECT_URI, scope: 'basic' });

stopAfter(RUN_TIMEOUT_MS);

/** Opens the login page of a new flow. */
async function openLogin(page) {
  const resp = await page.goto(LOGIN_URL, { waitUntil: 'load' });
  expectStatus(resp, 200, 'login page');
  await page.locator('input[name="username"]').waitFor();
  return resp;
}

/** Fills the login form (with the mouse-free Playwright fill) and submits it; returns the POST's response. */
async function submitLogin(page, username, password) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/oauth/authorize');
  await page.locator('form button[type="submit"], form input[type="submit"]').first().click();
  const resp = await posted;
  await page.waitForLoadState('load');
  return resp;
}

async function loginWithErrors(page, username, password) {
  await openLogin(page);
  const resp = await submitLogin(page, username, password);
  expectStatus(resp, 400, 'login form with errors');
  await page.locator('input[name="username"]').waitFor();
  return resp;
}

/** Signs in and lands on the consent page. */
async function openConsent(page) {
  await openLogin(page);
  await submitLogin(page, USER, PASSWORD);
  await page.waitForURL((u) => u.pathname === '/oauth/consent', { timeout: NAV_TIMEOUT_MS });
  await page.locator('button[value="allow"]').waitFor();
}

const LOGIN_ORDER = [
  ['the user name field', isInput('username')],
  ['the password field', isInput('password')],
  ['the Sign in button', isButtonNamed(/^sign in$/i)],
];
const CONSENT_ORDER = [
  ['the Allow button', (s) => s.tag === 'button' && s.value === 'allow'],
  ['the Deny button', (s) => s.tag === 'button' && s.value === 'deny'],
];

// ---------------------------------------------------------------- the checks

async function main() {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
    createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch (e) {
    report(false, 'load playwright-core and axe-core (run `npm ci` in tests/a11y)', [String(e.message ?? e)]);
    return;
  }

  // One clear line instead of a page of failures when nothing answers at BASE_URL.
  try {
    const r = await fetch(`${BASE}/oauth/assets/lectern.css`, { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    if (!r.ok) throw new Error(`HTTP ${r.status} for /oauth/assets/lectern.css`);
  } catch (e) {
    report(false, `the server at ${BASE} answers`, [String(e.cause?.message ?? e.message ?? e)]);
    return;
  }

  const userDataDir = await mkdtemp(join(tmpdir(), 'lectern-a11y-'));
  let context;
  try {
    try {
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1280, height: 800 },
        timeout: 30_000,
      });
    } catch (e) {
      report(false, 'launch Chromium', [String(e.message ?? e).split('\n')[0]]);
      return;
    }
    for (const p of context.pages()) await p.close().catch(() => {});

    async function check(name, viewport, fn) {
      try {
        const details = await withTimeout(onPage(context, viewport, fn), CHECK_TIMEOUT_MS, name);
        report(true, name, details ?? []);
      } catch (e) {
        if (e instanceof Failure) report(false, `${name}: ${e.message}`, e.details);
        else report(false, `${name}: ${String(e.message ?? e).split('\n')[0]}`);
      }
    }

    // f. Framing
    await check('headers: the login page may not be framed (X-Frame-Options DENY or CSP frame-ancestors \'none\')', null, async (page) => {
      const resp = await openLogin(page);
      const h = await resp.allHeaders();
      const xfo = (h['x-frame-options'] ?? '').trim();
      const csp = h['content-security-policy'] ?? '';
      const fa = csp.split(';').map((d) => d.trim()).find((d) => /^frame-ancestors\s/i.test(d)) ?? '';
      const details = [`X-Frame-Options: ${xfo || '(none)'}`, `CSP frame-ancestors: ${fa || '(none)'}`];
      if (xfo.toUpperCase() !== 'DENY' && !/^frame-ancestors\s+'none'$/i.test(fa)) throw new Failure('neither header forbids framing', details);
      return details;
    });

    // a. axe-core on every page and state
    await check('axe: login page', null, async (page) => {
      await openLogin(page);
      return axeCheck(page, 'login');
    });
    await check('axe: login page after an empty submission', null, async (page) => {
      await loginWithErrors(page, '', '');
      return axeCheck(page, 'login-empty');
    });
    await check('axe: login page after wrong credentials', null, async (page) => {
      await loginWithErrors(page, USER, 'not-the-password');
      return axeCheck(page, 'login-wrong');
    });
    await check('axe: consent page', null, async (page) => {
      await openConsent(page);
      return axeCheck(page, 'consent');
    });
    // In the browser's language: Arabic right to left, with its errors; Spanish consent.
    await check('axe: login page after an empty submission, in Arabic (right to left)', null, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await loginWithErrors(page, '', '');
      const html = await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);
      if (html !== 'ar rtl') throw new Failure(`the page is ${html}`);
      if (!(await page.getByText('أدخل كلمة المرور').first().count())) throw new Failure('the errors are not in Arabic');
      return axeCheck(page, 'login-empty-ar');
    });
    await check('axe: consent page, in Spanish', null, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      await openConsent(page);
      if (!(await page.getByRole('button', { name: 'Permitir' }).count())) throw new Failure('the consent page is not in Spanish');
      return axeCheck(page, 'consent-es');
    });
    for (const [what, url, file] of [
      ['redirect URI not registered', BAD_REDIRECT_URL, 'error-redirect-uri'],
      ['unknown client', UNKNOWN_CLIENT_URL, 'error-unknown-client'],
    ]) {
      await check(`axe: error page (${what})`, null, async (page) => {
        const resp = await page.goto(url, { waitUntil: 'load' });
        expectStatus(resp, 400, 'error page');
        if (new URL(page.url()).origin !== new URL(BASE).origin) throw new Failure(`the browser left the server: ${page.url()}`);
        return axeCheck(page, file);
      });
    }
    await check('axe: error page (sign-in expired: consent page without a flow)', null, async (page) => {
      const resp = await page.goto(`${BASE}/oauth/consent`, { waitUntil: 'load' });
      expectStatus(resp, 403, 'expired sign-in page');
      return axeCheck(page, 'error-expired');
    });
    await check('axe: error page (unknown client), in Arabic (right to left)', null, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      const resp = await page.goto(UNKNOWN_CLIENT_URL, { waitUntil: 'load' });
      expectStatus(resp, 400, 'error page');
      const html = await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`);
      if (html !== 'ar rtl') throw new Failure(`the page is ${html}`);
      if (!(await page.getByRole('alert').getByText('التطبيق غير مسجّل لدى هذه المكتبة.').count())) throw new Failure('the error is not in Arabic');
      return axeCheck(page, 'error-unknown-client-ar');
    });
    await check('axe: error page (sign-in expired), in French', null, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
      const resp = await page.goto(`${BASE}/oauth/consent`, { waitUntil: 'load' });
      expectStatus(resp, 403, 'expired sign-in page');
      if (!(await page.getByRole('heading', { name: 'Votre connexion a expiré' }).count())) throw new Failure('the page is not in French');
      return axeCheck(page, 'error-expired-fr');
    });

    // b. Keyboard order and focus indicators
    await check('keyboard: Tab on the login page reaches user name, password, Sign in, in that order, each with a visible focus indicator', null, async (page) => {
      await openLogin(page);
      const { found, seq } = expectOrder(await tabWalk(page), LOGIN_ORDER);
      return [`Tab order: ${seq.join(' -> ')}`, ...(await expectFocusIndicators(page, found))];
    });
    await check('keyboard: Tab on the consent page reaches Allow, then Deny, each with a visible focus indicator', null, async (page) => {
      await openConsent(page);
      const { found, seq } = expectOrder(await tabWalk(page), CONSENT_ORDER);
      return [`Tab order: ${seq.join(' -> ')}`, ...(await expectFocusIndicators(page, found))];
    });

    // c. Error identification
    await check('errors: after wrong credentials both fields are aria-invalid and described by the error, and a role=alert summary holds it', null, async (page) => {
      await loginWithErrors(page, USER, 'not-the-password');
      const problems = [];
      const messages = [];
      for (const field of ['username', 'password']) {
        for (const d of expectInvalidDescribed(await inputFacts(page, field), field, problems)) messages.push(messageText(d.text));
      }
      const alerts = await alertTexts(page);
      if (alerts.length === 0) problems.push('no visible element with role="alert"');
      else for (const m of new Set(messages)) if (!alerts.some((a) => a.includes(m))) problems.push(`the role=alert summary does not hold "${m}" (alerts: ${JSON.stringify(alerts)})`);
      if (problems.length) throw new Failure(problems[0], problems);
      return [`messages: ${JSON.stringify([...new Set(messages)])}`, `alert: ${JSON.stringify(alerts)}`];
    });
    await check('errors: after an empty submission each empty field is described by its own error message', null, async (page) => {
      const problems = [];
      const details = [];
      // Both empty.
      await loginWithErrors(page, '', '');
      const own = {};
      for (const field of ['username', 'password']) {
        const described = expectInvalidDescribed(await inputFacts(page, field), field, problems);
        own[field] = described;
        details.push(`${field} -> ${described.map((d) => `#${d.id} "${d.text}"`).join(', ') || '(nothing)'}`);
      }
      const uIds = new Set(own.username.map((d) => d.id));
      const pIds = new Set(own.password.map((d) => d.id));
      if (own.username.length && own.password.length && [...uIds].every((id) => pIds.has(id))) {
        problems.push(`username and password are described by the same element(s) (${[...uIds].join(', ')}), not each by its own message`);
      }
      if (!own.username.some((d) => /user|name|e-?mail/i.test(d.text))) problems.push('the user name field\'s message does not mention the user name or email address');
      if (!own.password.some((d) => /password/i.test(d.text))) problems.push('the password field\'s message does not mention the password');
      const alerts = await alertTexts(page);
      if (alerts.length === 0) problems.push('no visible element with role="alert" summarising the errors');
      for (const d of [...own.username, ...own.password]) {
        if (alerts.length && !alerts.some((a) => a.includes(messageText(d.text)))) problems.push(`the role=alert summary does not hold "${messageText(d.text)}"`);
      }
      const broken = await page.locator('[role="alert"] a[href^="#"]').evaluateAll((as) => as
        .filter((a) => !document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))))
        .map((a) => a.getAttribute('href')));
      for (const href of broken) problems.push(`the summary links to ${href}, which does not exist`);
      // Only the password empty: only it is marked.
      await loginWithErrors(page, USER, '');
      const u = await inputFacts(page, 'username');
      if (u.ariaInvalid === 'true') problems.push('with a user name given and no password, the user name field is still aria-invalid');
      const p = expectInvalidDescribed(await inputFacts(page, 'password'), 'password (only it empty)', problems);
      if (p.length && !p.some((d) => /password/i.test(d.text))) problems.push('with only the password empty, its description does not mention the password');
      details.push(`only password empty: password -> ${p.map((d) => `#${d.id}`).join(', ')}; username aria-invalid=${JSON.stringify(u.ariaInvalid)}`);
      if (problems.length) throw new Failure(problems[0], problems);
      return details;
    });

    // d. Autocomplete and labels
    await check('autocomplete: username has autocomplete="username", password has autocomplete="current-password"', null, async (page) => {
      await openLogin(page);
      const u = await inputFacts(page, 'username');
      const p = await inputFacts(page, 'password');
      const problems = [];
      if (u.autocomplete !== 'username') problems.push(`username: autocomplete=${JSON.stringify(u.autocomplete)}`);
      if (p.autocomplete !== 'current-password') problems.push(`password: autocomplete=${JSON.stringify(p.autocomplete)}`);
      if (problems.length) throw new Failure(problems.join('; '));
      return [];
    });
    for (const [state, open] of [
      ['login page', (page) => openLogin(page)],
      ['login page after wrong credentials', (page) => loginWithErrors(page, USER, 'not-the-password')],
      ['login page after an empty submission', (page) => loginWithErrors(page, '', '')],
    ]) {
      await check(`labels: every input on the ${state} has a visible, programmatically associated label`, null, async (page) => {
        await open(page);
        const names = await page.locator('input:not([type="hidden"]), select, textarea').evaluateAll((els) => els.map((e) => e.getAttribute('name')));
        const problems = [];
        const details = [];
        for (const name of names) {
          if (!name) { problems.push('an input has no name attribute'); continue; }
          const f = await inputFacts(page, name);
          const labels = [...f.labels, ...f.labelledBy].filter((l) => l.text);
          const visible = labels.filter((l) => l.visible);
          if (labels.length === 0) { problems.push(`input[name=${name}] has no associated label (label[for], wrapping label or aria-labelledby)`); continue; }
          if (visible.length === 0) { problems.push(`input[name=${name}]: its label "${labels[0].text}" is not visible`); continue; }
          // The accessible name Chromium computes must come from that label.
          const byLabel = page.getByLabel(visible[0].text, { exact: true });
          const same = (await byLabel.count()) === 1 && (await byLabel.evaluate((el, n) => el.getAttribute('name') === n, name));
          if (!same) problems.push(`input[name=${name}] is not found by its label "${visible[0].text}"`);
          details.push(`${name}: "${visible[0].text}"`);
        }
        if (names.length === 0) problems.push('no inputs found');
        if (problems.length) throw new Failure(problems[0], problems);
        return details;
      });
    }

    // e. Reflow and target size at 320 CSS px
    const NARROW = { width: 320, height: 256 };
    for (const [state, open] of [
      ['login page', (page) => openLogin(page)],
      ['login page after wrong credentials', (page) => loginWithErrors(page, USER, 'not-the-password')],
      ['consent page', (page) => openConsent(page)],
    ]) {
      await check(`reflow: the ${state} at 320x256 CSS px has no horizontal scrolling and its buttons are at least 24x24 px`, NARROW, async (page) => {
        await open(page);
        await shot(page, `narrow-${state.replace(/\W+/g, '-')}`);
        const m = await expectReflow(page);
        if (m.targets.length === 0) throw new Failure('no buttons found');
        return [m.line];
      });
    }

    // g. The whole flow with the keyboard only
    for (const [decision, order, expectParams] of [
      ['Allow', CONSENT_ORDER[0], (q) => (q.get('code') ? null : 'no code') ?? (q.has('error') ? `error=${q.get('error')}` : null)],
      ['Deny', CONSENT_ORDER[1], (q) => (q.get('error') === 'access_denied' ? null : `error=${JSON.stringify(q.get('error'))}, expected access_denied`) ?? (q.has('code') ? 'a code was sent' : null)],
    ]) {
      const outcome = decision === 'Allow' ? '`code` and state=xyz' : 'error=access_denied and state=xyz';
      await check(`keyboard-only flow: sign in with Tab, typing and Enter, then ${decision}, returns to the callback with ${outcome}`, null, async (page) => {
        await openLogin(page);
        const steps = [];
        // Tab from the top to each field and type into it.
        const toField = async (match, what) => {
          for (let i = 0; i < MAX_TABS; i++) {
            await page.keyboard.press('Tab');
            const d = await page.evaluate(DESCRIBE_ACTIVE);
            if (d && match(d)) { steps.push(`Tab x${i + 1} -> ${d.label}`); return; }
          }
          throw new Failure(`Tab never reached ${what}`, steps);
        };
        await focusFromTop(page);
        await toField(LOGIN_ORDER[0][1], 'the user name field');
        await page.keyboard.type(USER);
        await toField(LOGIN_ORDER[1][1], 'the password field');
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press('Enter');
        steps.push('Enter');
        try {
          await page.waitForURL((u) => u.pathname === '/oauth/consent', { timeout: NAV_TIMEOUT_MS, waitUntil: 'load' });
        } catch {
          throw new Failure(`Enter in the password field did not lead to the consent page (now at ${page.url()})`, steps);
        }
        await page.locator('button[value="allow"]').waitFor();
        steps.push('consent page');
        const callback = page.waitForRequest((r) => r.url().startsWith(REDIRECT_URI), { timeout: NAV_TIMEOUT_MS });
        callback.catch(() => {});
        await focusFromTop(page);
        await toField(order[1], order[0]);
        await page.keyboard.press('Enter');
        steps.push('Enter');
        let req;
        try {
          req = await callback;
        } catch {
          throw new Failure(`${decision} did not send the browser to ${REDIRECT_URI} (now at ${page.url()})`, steps);
        }
        const url = new URL(req.url());
        const problems = [];
        if (url.searchParams.get('state') !== STATE) problems.push(`state=${JSON.stringify(url.searchParams.get('state'))}, expected "${STATE}"`);
        const bad = expectParams(url.searchParams);
        if (bad) problems.push(bad);
        const redacted = new URL(url); if (redacted.searchParams.has('code')) redacted.searchParams.set('code', 'REDACTED');
        steps.push(`callback: ${redacted}`);
        if (problems.length) throw new Failure(problems.join('; '), steps);
        return [steps.join('; ')];
      });
    }
  } finally {
    if (context) await withTimeout(context.close(), 10_000, 'closing Chromium').catch(() => {});
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {});
  }
}

try {
  await main();
} catch (e) {
  report(false, `the run stopped: ${String(e?.stack ?? e)}`);
}
const { passed, failed } = counts();
console.log(`${passed} passed, ${failed} failed`);
exitWhenWritten(failed === 0 && passed > 0 ? 0 : 1);
