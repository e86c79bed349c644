// What the browser checks of Lectern's pages share: reporting, a fresh page per check, axe-core
// with the WCAG 2.0-2.2 A and AA rules, the keyboard (Tab order, focus indicators), what a form
// says about its fields, and reflow at 320 CSS px. run.mjs (the token server's pages) and
// web.mjs (the library's web pages) use them.

import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const STEP_TIMEOUT_MS = 5_000;
export const NAV_TIMEOUT_MS = 10_000;
export const CHECK_TIMEOUT_MS = 45_000;
export const MAX_TABS = 40;
export const SCREENSHOTS = process.env.A11Y_SCREENSHOTS || '';

// ---------------------------------------------------------------- reporting

let passed = 0;
let failed = 0;

/** How many checks passed and failed so far. */
export function counts() {
  return { passed, failed };
}

export function report(ok, name, details = []) {
  if (ok) passed++; else failed++;
  console.log(`${ok ? 'ok' : 'not ok'} - ${name}`);
  for (const d of details) console.log(`#   ${d}`);
}

/** A problem found by a check: the check fails with these lines. */
export class Failure extends Error {
  constructor(summary, details = []) {
    super(summary);
    this.details = details;
  }
}

export function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------- page helpers

export async function shot(page, name) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true }).catch(() => {});
}

export function expectStatus(resp, want, what) {
  if (!resp) throw new Failure(`${what}: no response`);
  if (resp.status() !== want) throw new Failure(`${what}: HTTP ${resp.status()}, expected ${want} (${resp.url()})`);
}

/** Fresh page for a check, closed afterwards whatever happens. */
export async function onPage(context, viewport, fn) {
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

let axeSource;

/** axe-core's own build, as its package ships it. */
function axeScript() {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * axe-core run in the page, WCAG violations failing the check. axe is put in the page once and
 * run there as it stands (a page checked at two widths is run twice): @axe-core/playwright's
 * builder put it in again on every run and finished each in a new page, three quarters of the
 * browser suite's time. Our pages have no frames, which that builder would reach and this does
 * not: a page with one fails the check rather than going unchecked.
 */
export async function axeCheck(page, shotName) {
  await shot(page, shotName);
  const frames = page.frames().length - 1;
  if (frames > 0) throw new Failure(`the page has ${frames} frame(s), which axeCheck does not reach`);
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(await axeScript());
  // Passing rules are counted, not read: axe then keeps one element of each (`resultTypes`).
  const results = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags },
    resultTypes: ['violations', 'incomplete'],
  }), [...WCAG_TAGS, 'best-practice']);
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

export const DESCRIBE_ACTIVE = () => {
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
export async function focusFromTop(page) {
  await page.evaluate(() => document.activeElement?.blur?.());
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    if (!(await page.evaluate(DESCRIBE_ACTIVE))) return;
  }
  throw new Failure(`the focus never left the page after ${MAX_TABS} presses of Tab (a keyboard trap?)`);
}

/** Presses Tab from the start of the document and records each element that gets focus, with its computed focus style and a handle to it. */
export async function tabWalk(page) {
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

export const isSkipLink = (s) => s.tag === 'a' && (s.href ?? '').startsWith('#');

/** Finds the expected stops, in order, among the recorded ones; throws with the sequence if not. */
export function expectOrder(stops, expected) {
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
export async function expectFocusIndicators(page, found) {
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

export const isInput = (name) => (s) => s.tag === 'input' && s.name === name;
export const isButtonNamed = (re) => (s) => (s.tag === 'button' || (s.tag === 'input' && /^(submit|button)$/.test(s.type ?? ''))) && re.test(s.text);
// ---------------------------------------------------------------- forms and errors

/** What the page says about one input: invalid state, descriptions, labels, autocomplete. */
export function inputFacts(page, name) {
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

export const messageText = (t) => t.replace(/^error:\s*/i, '').trim();

export async function alertTexts(page) {
  return page.locator('[role="alert"]').evaluateAll((els) => els
    .filter((e) => e.checkVisibility())
    .map((e) => e.textContent.trim().replace(/\s+/g, ' ')));
}

/** The field is marked invalid and described by visible text; returns the descriptions. */
export function expectInvalidDescribed(facts, field, problems) {
  if (facts.ariaInvalid !== 'true') problems.push(`${field}: aria-invalid is ${JSON.stringify(facts.ariaInvalid)}, expected "true"`);
  if (facts.describedBy.length === 0) problems.push(`${field}: no aria-describedby`);
  for (const d of facts.describedBy) {
    if (!d.exists) problems.push(`${field}: aria-describedby names #${d.id}, which does not exist`);
    else if (messageText(d.text).length < 5) problems.push(`${field}: #${d.id} holds no explanation (${JSON.stringify(d.text)})`);
    else if (!d.visible) problems.push(`${field}: #${d.id} is not visible`);
  }
  return facts.describedBy.filter((d) => d.exists && messageText(d.text).length >= 5);
}


/** The page at 320 CSS px: no horizontal scrolling (WCAG 1.4.10), and buttons of at least 24x24 px (2.5.8). */
export async function expectReflow(page) {
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
  for (const t of m.targets) if (t.w < 24 || t.h < 24) problems.push(`${t.what} is ${t.w.toFixed(1)}x${t.h.toFixed(1)} px (< 24x24)`);
  if (problems.length) throw new Failure(problems[0], problems);
  return { ...m, line: `scrollWidth ${m.scrollWidth}; buttons: ${m.targets.map((t) => `${t.what} ${Math.round(t.w)}x${Math.round(t.h)}`).join(', ')}` };
}

/** The server to check, from the command line (or LECTERN_BASE_URL), without a trailing slash. */
export function baseUrl(script) {
  const arg = process.argv[2] ?? process.env.LECTERN_BASE_URL;
  if (!arg || !/^https?:\/\//.test(arg)) {
    console.error(`usage: node tests/a11y/${script} BASE_URL   (e.g. http://127.0.0.1:18181)`);
    process.exit(2);
  }
  return arg.replace(/\/+$/, '');
}

/** A hard stop after `ms`, in case something hangs outside the per-check timeouts. */
export function stopAfter(ms) {
  const watchdog = setTimeout(() => {
    report(false, `the whole run took longer than ${ms / 1000} s; stopped`);
    const { passed, failed } = counts();
    console.log(`${passed} passed, ${failed} failed`);
    exitWhenWritten(1);
  }, ms);
  watchdog.unref();
}

/**
 * Exits with `code` once what was printed has reached its reader: to a pipe, Node writes
 * asynchronously, and `process.exit` at once cut a busy machine's report short.
 */
export function exitWhenWritten(code) {
  process.stdout.write('', () => process.exit(code));
}
