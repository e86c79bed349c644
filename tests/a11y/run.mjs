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

import { mkdtemp, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENT_ID = 'demo-reader-app';
const REDIRECT_URI = 'http://127.0.0.1:8765/callback';
const STATE = 'xyz';
const USER = 'reader@demo.lectern';
const PASSWORD = 'demo-pass-1';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const STEP_TIMEOUT_MS = 5_000;
const NAV_TIMEOUT_MS = 10_000;
const CHECK_TIMEOUT_MS = 45_000;
const RUN_TIMEOUT_MS = 300_000;
const MAX_TABS = 25;

// ---------------------------------------------------------------- reporting

let passed = 0;
let failed = 0;

function report(ok, name, details = []) {
  if (ok) passed++; else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}`);
  for (const d of details) console.log(`#   ${d}`);
}

/** A problem found by a check: the check fails with these lines. */
class Failure extends Error {
  constructor(summary, details = []) {
    super(summary);
    this.details = details;
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- arguments

const baseArg = process.argv[2] ?? process.env.LECTERN_BASE_URL;
if (!baseArg || !/^https?:\/\//.test(baseArg)) {
  console.error('usage: node tests/a11y/run.mjs BASE_URL   (e.g. http://127.0.0.1:18181)');
  process.exit(2);
}
const BASE = baseArg.replace(/\/+$/, '');
const authorizeUrl = (params) => `${BASE}/oauth/authorize?${new URLSearchParams(params)}`;
const LOGIN_URL = authorizeUrl({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, scope: 'basic', state: STATE });
const BAD_REDIRECT_URL = authorizeUrl({ response_type: 'code', client_id: CLIENT_ID, redirect_uri: 'http://evil.example/cb', scope: 'basic' });
const UNKNOWN_CLIENT_URL = authorizeUrl({ response_type: 'code', client_id: 'no-such-client', redirect_uri: REDIRECT_URI, scope: 'basic' });
const SCREENSHOTS = process.env.A11Y_SCREENSHOTS || '';

// A hard stop, in case something hangs outside the per-check timeouts.
const watchdog = setTimeout(() => {
  report(false, `the whole run took longer than ${RUN_TIMEOUT_MS / 1000} s; stopped`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(1);
}, RUN_TIMEOUT_MS);
watchdog.unref();

// ---------------------------------------------------------------- page helpers

async function shot(page, name) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }).catch(() => {});
}

function expectStatus(resp, want, what) {
  if (!resp) throw new Failure(`${what}: no response`);
  if (resp.status() !== want) throw new Failure(`${what}: HTTP ${resp.status()}, expected ${want} (${resp.url()})`);
}

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

/** Fresh page for a check, closed afterwards whatever happens. */
async function onPage(context, viewport, fn) {
  await context.clearCookies();
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(NAV_TIMEOUT_MS);
  if (viewport) await page.setViewportSize(viewport);
  try {
    return await fn(page);
  } finally {
    await page.close().catch(() => {});
  }
}

// ---------------------------------------------------------------- axe

async function axeCheck(AxeBuilder, page, shotName) {
  await shot(page, shotName);
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, 'best-practice']).analyze();
  const isWcag = (v) => v.tags.some((t) => WCAG_TAGS.includes(t));
  const describe = (v) => {
    const targets = v.nodes.map((n) => JSON.stringify(n.target.length === 1 ? n.target[0] : n.target));
    const shown = targets.slice(0, 5).join(', ') + (targets.length > 5 ? ` (+${targets.length - 5} more)` : '');
    return `${v.id} (${v.impact ?? 'n/a'}; ${v.tags.filter((t) => t.startsWith('wcag')).join(',') || v.tags.join(',')}): ${v.help} -- ${shown}`;
  };
  const wcag = results.violations.filter(isWcag);
  const notes = [
    ...results.violations.filter((v) => !isWcag(v)).map((v) => `note (best-practice, does not fail): ${describe(v)}`),
    ...results.incomplete.filter(isWcag).map((v) => `note (axe could not decide; review by hand): ${v.id}: ${v.help} -- ${v.nodes.length} element(s)`),
  ];
  if (wcag.length > 0) {
    const summary = wcag.map((v) => `${v.id} (${v.impact})`).join(', ');
    throw new Failure(`${wcag.length} WCAG violation(s): ${summary}`, [...wcag.map(describe), ...notes]);
  }
  return [`${results.passes.length} rules passed`, ...notes];
}

// ---------------------------------------------------------------- keyboard

const DESCRIBE_ACTIVE = () => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const text = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
  const id = el.id ? `#${el.id}` : '';
  const name = el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : '';
  const value = el.tagName === 'BUTTON' && el.getAttribute('value') ? `[value=${el.getAttribute('value')}]` : '';
  const s = getComputedStyle(el);
  return {
    tag: el.tagName.toLowerCase(),
    name: el.getAttribute('name'),
    type: el.getAttribute('type'),
    value: el.getAttribute('value'),
    href: el.getAttribute('href'),
    text,
    label: `${el.tagName.toLowerCase()}${id}${name}${value}${text && el.tagName !== 'INPUT' ? ` "${text}"` : ''}`,
    style: { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, outlineOffset: s.outlineOffset, boxShadow: s.boxShadow },
  };
};

/**
 * Moves the keyboard focus to where a user's first Tab from the browser's own controls (the
 * address bar) would land: any autofocus is undone, then Tab is pressed until the focus leaves
 * the document; the next Tab enters it at its first stop, positive tabindex included.
 */
async function focusFromTop(page) {
  await page.evaluate(() => document.activeElement?.blur?.());
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    if (!(await page.evaluate(DESCRIBE_ACTIVE))) return;
  }
  throw new Failure(`the focus never left the page after ${MAX_TABS} presses of Tab (a keyboard trap?)`);
}

/** Presses Tab from the start of the document and records each element that gets focus, with its computed focus style and a handle to it. */
async function tabWalk(page) {
  await focusFromTop(page);
  const stops = [];
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    const d = await page.evaluate(DESCRIBE_ACTIVE);
    if (!d) break; // left the document
    const handle = await page.evaluateHandle(() => document.activeElement);
    if (stops.length > 0 && (await stops[0].handle.evaluate((a, b) => a === b, handle))) break; // wrapped around
    stops.push({ ...d, handle });
  }
  return stops;
}

const isSkipLink = (s) => s.tag === 'a' && (s.href ?? '').startsWith('#');

/** Finds the expected stops, in order, among the recorded ones; throws with the sequence if not. */
function expectOrder(stops, expected) {
  const seq = stops.map((s) => s.label);
  const first = stops.findIndex((s) => !isSkipLink(s));
  if (first >= 0 && !expected[0][1](stops[first])) {
    throw new Failure(`the first Tab stop (skip links aside) is ${stops[first].label}, expected ${expected[0][0]}`, [`Tab order: ${seq.join(' -> ')}`]);
  }
  const found = [];
  let from = 0;
  for (const [what, match] of expected) {
    const at = stops.findIndex((s, i) => i >= from && match(s));
    if (at < 0) {
      throw new Failure(`Tab did not reach ${what}${found.length ? ` after ${found.at(-1).what}` : ''}`, [`Tab order: ${seq.join(' -> ') || '(nothing took focus)'}`]);
    }
    found.push({ what, stop: stops[at] });
    from = at + 1;
  }
  return { found, seq };
}

/** Each found stop must look different when focused (outline or box-shadow) than when not. */
async function expectFocusIndicators(page, found) {
  await page.evaluate(() => document.activeElement?.blur());
  const problems = [];
  const lines = [];
  for (const { what, stop } of found) {
    const unfocused = await stop.handle.evaluate((el) => {
      const s = getComputedStyle(el);
      return { outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`, boxShadow: s.boxShadow };
    });
    const f = stop.style;
    const visibleOutline = !f.outline.startsWith('none') && parseFloat(f.outline.split(' ')[1]) > 0;
    const visibleShadow = f.boxShadow !== 'none';
    const differs = f.outline !== unfocused.outline || f.boxShadow !== unfocused.boxShadow;
    const line = `${what}: focused outline "${f.outline}" box-shadow "${f.boxShadow}"; unfocused outline "${unfocused.outline}" box-shadow "${unfocused.boxShadow}"`;
    lines.push(line);
    if (!differs || !(visibleOutline || visibleShadow)) problems.push(`no visible focus indicator: ${line}`);
  }
  if (problems.length) throw new Failure(problems.length === 1 ? problems[0] : `${problems.length} elements have no visible focus indicator`, problems.length === 1 ? lines : problems);
  return lines;
}

const isInput = (name) => (s) => s.tag === 'input' && s.name === name;
const isButtonNamed = (re) => (s) => (s.tag === 'button' || (s.tag === 'input' && /^(submit|button)$/.test(s.type ?? ''))) && re.test(s.text);
const LOGIN_ORDER = [
  ['the user name field', isInput('username')],
  ['the password field', isInput('password')],
  ['the Sign in button', isButtonNamed(/^sign in$/i)],
];
const CONSENT_ORDER = [
  ['the Allow button', (s) => s.tag === 'button' && s.value === 'allow'],
  ['the Deny button', (s) => s.tag === 'button' && s.value === 'deny'],
];

// ---------------------------------------------------------------- forms and errors

/** What the page says about one input: invalid state, descriptions, labels, autocomplete. */
function inputFacts(page, name) {
  return page.locator(`input[name="${name}"]`).evaluate((el) => {
    const visible = (e) => {
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none' && !/rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(s.clip) && e.checkVisibility();
    };
    const ids = (el.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
    return {
      id: el.id,
      ariaInvalid: el.getAttribute('aria-invalid'),
      autocomplete: el.getAttribute('autocomplete'),
      describedBy: ids.map((id) => {
        const d = document.getElementById(id);
        return { id, exists: !!d, text: d ? d.textContent.trim().replace(/\s+/g, ' ') : '', visible: d ? visible(d) : false };
      }),
      labels: [...(el.labels ?? [])].map((l) => ({ text: l.textContent.trim().replace(/\s+/g, ' '), visible: visible(l) })),
      labelledBy: (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map((id) => {
        const l = document.getElementById(id);
        return { text: l ? l.textContent.trim() : '', visible: l ? visible(l) : false };
      }),
    };
  });
}

const messageText = (t) => t.replace(/^error:\s*/i, '').trim();

async function alertTexts(page) {
  return page.locator('[role="alert"]').evaluateAll((els) => els
    .filter((e) => e.checkVisibility())
    .map((e) => e.textContent.trim().replace(/\s+/g, ' ')));
}

/** The field is marked invalid and described by visible text; returns the descriptions. */
function expectInvalidDescribed(facts, field, problems) {
  if (facts.ariaInvalid !== 'true') problems.push(`${field}: aria-invalid is ${JSON.stringify(facts.ariaInvalid)}, expected "true"`);
  if (facts.describedBy.length === 0) problems.push(`${field}: no aria-describedby`);
  for (const d of facts.describedBy) {
    if (!d.exists) problems.push(`${field}: aria-describedby names #${d.id}, which does not exist`);
    else if (messageText(d.text).length < 5) problems.push(`${field}: #${d.id} holds no explanation (${JSON.stringify(d.text)})`);
    else if (!d.visible) problems.push(`${field}: #${d.id} is not visible`);
  }
  return facts.describedBy.filter((d) => d.exists && messageText(d.text).length >= 5);
}

// ---------------------------------------------------------------- the checks

async function main() {
  let chromium;
  let AxeBuilder;
  try {
    ({ chromium } = await import('playwright-core'));
    ({ default: AxeBuilder } = await import('@axe-core/playwright'));
  } catch (e) {
    report(false, 'load playwright-core and @axe-core/playwright (run `npm ci` in tests/a11y)', [String(e.message ?? e)]);
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
      return axeCheck(AxeBuilder, page, 'login');
    });
    await check('axe: login page after an empty submission', null, async (page) => {
      await loginWithErrors(page, '', '');
      return axeCheck(AxeBuilder, page, 'login-empty');
    });
    await check('axe: login page after wrong credentials', null, async (page) => {
      await loginWithErrors(page, USER, 'not-the-password');
      return axeCheck(AxeBuilder, page, 'login-wrong');
    });
    await check('axe: consent page', null, async (page) => {
      await openConsent(page);
      return axeCheck(AxeBuilder, page, 'consent');
    });
    for (const [what, url, file] of [
      ['redirect URI not registered', BAD_REDIRECT_URL, 'error-redirect-uri'],
      ['unknown client', UNKNOWN_CLIENT_URL, 'error-unknown-client'],
    ]) {
      await check(`axe: error page (${what})`, null, async (page) => {
        const resp = await page.goto(url, { waitUntil: 'load' });
        expectStatus(resp, 400, 'error page');
        if (new URL(page.url()).origin !== new URL(BASE).origin) throw new Failure(`the browser left the server: ${page.url()}`);
        return axeCheck(AxeBuilder, page, file);
      });
    }
    await check('axe: error page (sign-in expired: consent page without a flow)', null, async (page) => {
      const resp = await page.goto(`${BASE}/oauth/consent`, { waitUntil: 'load' });
      expectStatus(resp, 403, 'expired sign-in page');
      return axeCheck(AxeBuilder, page, 'error-expired');
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
        const m = await page.evaluate(() => {
          const vw = document.documentElement.clientWidth;
          const wide = [...document.body.querySelectorAll('*')]
            .filter((e) => e.getBoundingClientRect().right > vw + 0.5 && e.checkVisibility() && getComputedStyle(e).position !== 'absolute')
            .slice(0, 5)
            .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''} (right edge ${Math.round(e.getBoundingClientRect().right)})`);
          const targets = [...document.querySelectorAll('button, input[type="submit"], input[type="button"], [role="button"]')]
            .filter((e) => e.checkVisibility())
            .map((e) => { const r = e.getBoundingClientRect(); return { what: `${e.tagName.toLowerCase()} "${(e.innerText || e.value || '').trim()}"`, w: r.width, h: r.height }; });
          return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide, targets };
        });
        const problems = [];
        if (m.innerWidth !== 320) problems.push(`the viewport is ${m.innerWidth} px wide, not 320`);
        if (m.scrollWidth > 320) problems.push(`document.documentElement.scrollWidth is ${m.scrollWidth} (> 320): it scrolls sideways; too wide: ${m.wide.join(', ') || '?'}`);
        if (m.targets.length === 0) problems.push('no buttons found');
        for (const t of m.targets) if (t.w < 24 || t.h < 24) problems.push(`${t.what} is ${t.w.toFixed(1)}x${t.h.toFixed(1)} px (< 24x24)`);
        if (problems.length) throw new Failure(problems[0], problems);
        return [`scrollWidth ${m.scrollWidth}; buttons: ${m.targets.map((t) => `${t.what} ${Math.round(t.w)}x${Math.round(t.h)}`).join(', ')}`];
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
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
