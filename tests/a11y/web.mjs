// The library's web pages (/{site}/) in headless Chromium, as people use them:
//
//   node tests/a11y/web.mjs BASE_URL        e.g. http://127.0.0.1:18181
//
// The server must hold the demo data set (`lectern demo`): site demo, the reader
// reader@demo.lectern / demo-pass-1, the public-domain title demo-pride in EPUB 3.
//
// - axe-core, WCAG 2.0, 2.1 and 2.2 A and AA, on every page and state at 1280 and 320 CSS px,
//   with no horizontal scrolling at 320 px;
// - the Nu HTML Checker (vnu-jar) on every page's HTML as the server sent it;
// - keyboard-only journeys (sign in, search, facet, open a title, download its EPUB and receive
//   it, sign out), with JavaScript and without: every step by Tab, typing and Enter; focus always
//   visible and never hidden; the first Tab stop skips to the content;
// - what a screen reader says (@guidepup/virtual-screen-reader, run in the page): headings,
//   landmarks, labels, errors and status messages.
//
// Prints "ok - ..." / "not ok - ..." lines, then "N passed, M failed"; exits 0 only when nothing failed.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import {
  CHECK_TIMEOUT_MS, CHROMIUM_ARGS, DESCRIBE_ACTIVE, Failure, MAX_TABS, NAV_TIMEOUT_MS, STEP_TIMEOUT_MS,
  axeCheck, baseUrl, counts, exitWhenWritten, expectReflow, report, stopAfter, withTimeout,
} from './lib.mjs';

const SITE = 'demo';
const USER = 'reader@demo.lectern';
/** The demo's teacher, who sponsors Riverside School's members. */
const SPONSOR = 'teacher@demo.lectern';
const STAFF = 'membership@demo.lectern';
const CURATOR = 'collections@demo.lectern';
const ADMIN = 'admin@demo.lectern';
const PASSWORD = 'demo-pass-1';
const TITLE = 'Pride and Prejudice';
const RUN_TIMEOUT_MS = 900_000;
const NARROW = { width: 320, height: 640 };
const WIDE = { width: 1280, height: 800 };
/** Runs only the checks whose name holds this (a developer's shortcut; the suite runs all). */
const ONLY = process.env.A11Y_ONLY || '';

const BASE = baseUrl('web.mjs');
const url = (path) => `${BASE}/${SITE}${path}`;
/** A state reached by opening `path` alone, which the language sweep opens again in Spanish and Arabic. */
const visit = (path) => Object.assign((p) => p.goto(url(path)), { path });
/** Opens `path` as a browser asking for the language `tag` would. */
const speaking = async (p, tag, path) => {
  await p.setExtraHTTPHeaders({ 'Accept-Language': tag });
  return p.goto(url(path));
};

stopAfter(RUN_TIMEOUT_MS);

// ---------------------------------------------------------------- pages and their states

/** A width's check, its failure saying which width. */
async function atWidth(width, fn) {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Failure) throw new Failure(`at ${width} px: ${e.message}`, e.details);
    throw e;
  }
}

/** Signs in through the form (Playwright's fill, not the keyboard journey). */
async function signIn(page, user = USER) {
  await page.goto(url('/sign-in'));
  await page.locator('#username').fill(user);
  await page.locator('#password').fill(PASSWORD);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/sign-in')), page.locator('main form button[type="submit"]').click()]);
}

/** Opens a title's download page for the EPUB (ready or being prepared). */
async function openDownload(page) {
  await page.goto(url('/titles/demo-pride'));
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.locator('form[action$="/download"] button[type="submit"]').click();
  await answer;
  // A package made before is the file at once; its page is then where the title's form led.
  return page.goto(url('/titles/demo-pride/download/EPUB3'));
}

/** Opens Pride and Prejudice to read online from its page (the form's POST); its first part
 * (the form goes back to the place a signed-in reader is at, which an earlier state may have
 * moved). */
async function openReader(page) {
  await page.goto(url('/titles/demo-pride'));
  await Promise.all([
    page.waitForURL((u) => u.pathname.includes('/read/')),
    page.locator('form[action$="/read"] button[type="submit"]:not([formaction])').click(),
  ]);
  const at = new URL(page.url());
  return page.goto(`${at.origin}${at.pathname.replace(/\/\d+$/, '/1')}`);
}

/**
 * Opens a title to listen to its narration, and waits for its player: the first time, the
 * worker makes the narration, and the waiting page's own script says when it is ready.
 */
async function openListener(page, id = 'demo-pride') {
  await page.goto(url(`/titles/${id}`));
  const first = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/listen'));
  await page.locator('button[formaction$="/listen"]').click();
  const answer = await first;
  if (await page.locator('#listen-clips').count()) return answer;
  const ready = page.locator('#package-status a');
  await ready.waitFor({ timeout: 80_000 });
  return page.goto(new URL(await ready.getAttribute('href'), page.url()).href);
}

/** Opens the demo's title that has a recording of the library's own, to listen to it. */
async function openRecording(page) {
  await page.goto(url('/titles/demo-little-women'));
  return Promise.all([
    page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/recording')),
    page.locator('button[formaction$="/listen"]').click(),
  ]).then(([r]) => r);
}

/**
 * In the page: samples the narration's player every 100 ms for `ms`, each sample the
 * paragraph highlighted and the one the clips' timings put at the player's time (and whether
 * that time is within a quarter second of a clip's edge, where a frame's delay is no fault).
 */
async function followAlong(ms) {
  const data = JSON.parse(document.getElementById('listen-clips').textContent);
  const audio = document.querySelector('audio.listen-player');
  const samples = [];
  const started = performance.now();
  const from = audio.currentTime;
  while (performance.now() - started < ms && !audio.paused) {
    await new Promise((r) => setTimeout(r, 100));
    const t = audio.currentTime;
    const file = data.files.findIndex((f) => audio.src.endsWith(f));
    const clip = data.clips.filter((c) => c[0] === file && c[1] <= t).at(-1);
    const shown = document.querySelector('.narration-now');
    samples.push({
      t,
      // A paragraph is placed by its CFI steps; a recording's heading or page by its id.
      shown: shown ? (shown.getAttribute('data-cfi') || shown.id) : null,
      expected: clip ? clip[3] : null,
      nearBoundary: data.clips.some((c) => Math.abs(c[1] - t) < 0.25 || Math.abs(c[2] - t) < 0.25),
    });
  }
  return {
    samples,
    advanced: audio.currentTime - from,
    wall: (performance.now() - started) / 1000,
    rate: audio.playbackRate,
    pitchKept: audio.preservesPitch,
    said: document.querySelector('.listen-status').textContent.trim(),
  };
}

/**
 * A speech engine with the Web Speech API's contract, for a browser that has none: headless
 * Chromium has no voices. It speaks a word every `wordMs` at normal speed, firing `start`, a
 * `boundary` for each word (its `charIndex` and `charLength`) and `end`; `cancel` ends the
 * utterance at once. What it was asked to say is kept in `window.__spoken`.
 */
function standInSpeech(wordMs = 120) {
  const voices = [{ name: 'Stand-in', lang: 'en-GB', voiceURI: 'stand-in', default: true, localService: true }];
  let timers = [];
  let current = null;
  const fire = (u, type, more = {}) => { const h = u[`on${type}`]; if (h) h({ type, utterance: u, ...more }); };
  const synth = {
    speaking: false, paused: false, pending: false, onvoiceschanged: null,
    getVoices: () => voices,
    addEventListener() {}, removeEventListener() {},
    speak(u) {
      window.__spoken.push(u.text);
      current = u;
      synth.speaking = true;
      const step = wordMs / (u.rate || 1);
      const words = [...u.text.matchAll(/\S+/g)];
      timers.push(setTimeout(() => fire(u, 'start'), 0));
      words.forEach((w, i) => timers.push(setTimeout(() => fire(u, 'boundary', { name: 'word', charIndex: w.index, charLength: w[0].length }), i * step)));
      timers.push(setTimeout(() => { current = null; synth.speaking = false; fire(u, 'end'); }, words.length * step + step));
    },
    cancel() {
      timers.forEach(clearTimeout);
      timers = [];
      const u = current;
      current = null;
      synth.speaking = false;
      if (u) fire(u, 'end');
    },
    pause() {}, resume() {},
  };
  window.__spoken = [];
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.rate = 1; this.lang = ''; };
}

/** What reading aloud shows: the block being read, and the sentence and word highlighted. */
const readingShown = (page) => page.evaluate(() => {
  const text = (name) => {
    const h = CSS.highlights && CSS.highlights.get(name);
    return h ? [...h][0]?.toString() ?? null : null;
  };
  const block = document.querySelector('[data-reading]');
  return { block: block ? block.textContent.trim() : null, sentence: text('read-aloud-sentence'), word: text('read-aloud-word'), spoken: window.__spoken.slice() };
});

/** The reader's own API calls, as their reading app makes them: a GET's JSON. */
async function readerApi(p) {
  const app = { authorization: `Basic ${Buffer.from('demo-reader-app:').toString('base64')}` };
  const grant = await p.request.post(`${BASE}/oauth/token`, { headers: app, form: { grant_type: 'password', username: USER, password: PASSWORD } });
  const auth = { authorization: `Bearer ${(await grant.json()).access_token}` };
  return async (path) => (await p.request.get(`${BASE}/v2/${path}${path.includes('?') ? '&' : '?'}api_key=demo-reader-app`, { headers: auth })).json();
}

/** The reading settings' fields as the defaults have them, by their form's names. */
const READING_DEFAULTS = {
  readingTextSize: '100', readingFont: 'book', readingLineHeight: '160', readingLetterSpacing: 'normal',
  readingWordSpacing: 'normal', readingMargins: 'normal', readingAlign: 'book', readingTheme: 'light',
};

/** Fills the reading settings form on the page: selects, radios and colours, by name. */
async function fillReadingSettings(p, settings) {
  for (const [name, value] of Object.entries(settings)) {
    if (name === 'readingFont' || name === 'readingTheme') await p.locator(`#${name}-${value}`).check();
    else if (name.endsWith('Color')) await p.locator(`#${name}`).fill(value);
    else await p.locator(`#${name}`).selectOption(value);
  }
}

/** Opens Pride and Prejudice with the reading settings `settings` saved from its settings page
 * (the rest as the defaults have them); its first part as they show it. */
async function readWith(p, settings) {
  await openReader(p);
  await p.goto(new URL(await p.getByRole('link', { name: 'Reading settings' }).getAttribute('href'), p.url()).href);
  await fillReadingSettings(p, { ...READING_DEFAULTS, ...settings });
  await Promise.all([
    p.waitForURL((u) => /\/read\/[^/]+\/1$/.test(u.pathname)),
    p.locator('form[action$="/settings"] button[type="submit"]').click(),
  ]);
  return p.goto(p.url());
}

/** The reader's app leaves a bookmark and a highlight in Alice through the API; then its page. */
async function markedTitle(p) {
  const app = { authorization: `Basic ${Buffer.from('demo-reader-app:').toString('base64')}` };
  const grant = await p.request.post(`${BASE}/oauth/token`, { headers: app, form: { grant_type: 'password', username: USER, password: PASSWORD } });
  const auth = { authorization: `Bearer ${(await grant.json()).access_token}` };
  const v2 = (path) => `${BASE}/v2/${path}?api_key=demo-reader-app`;
  await p.request.post(v2('myBookmarks'), { headers: auth, form: { serviceId: 'demo-alice', location: 'epubcfi(/6/4)', progression: '0.3' } });
  await p.request.post(v2('myHighlights'), { headers: auth, form: { serviceId: 'demo-alice', location: 'epubcfi(/6/4!/4/2,/1:0,/1:15)', text: 'Down the Rabbit', color: 'yellow', note: 'The start' } });
  return p.goto(url('/titles/demo-alice'));
}

/** Posts the form whose submit button is `button` as it stands; the answer. */
const post = (p, button) => Promise.all([
  p.waitForResponse((r) => r.request().method() === 'POST'),
  p.locator(button).click(),
]).then(([r]) => r);

/**
 * Every page and state: a name, who signs in first (`true` for the reader, a user name, or
 * `false`), how to reach it, the status it answers.
 */
const PAGES = [
  ['home, as a guest', false, visit('/'), 200],
  ['search results', false, visit('/search?keyword=pride'), 200],
  // Pages in the browser's language: the home page and the search are translated; a title's
  // page, not yet, marks its own text English.
  ['home, in Spanish (the browser\'s language)', false, (p) => speaking(p, 'es', '/'), 200],
  ['search results, in Arabic (right to left)', false, (p) => speaking(p, 'ar', '/search?keyword=pride'), 200],
  // Its accessibility in the display guide's published Arabic and Spanish, marked so.
  ['a title in French, in Arabic (right to left)', false, (p) => speaking(p, 'ar', '/titles/demo-miserables'), 200],
  ['a title, in Spanish', false, (p) => speaking(p, 'es', '/titles/demo-alice'), 200],
  ['search results narrowed by a facet, in French', false, (p) => speaking(p, 'fr', '/search?keyword=pride&language=eng&sort=newest'), 200],
  ['sign-in after an empty submission, in Arabic (right to left)', false, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/sign-in'));
    return Promise.all([p.waitForResponse((r) => r.request().method() === 'POST'), p.locator('main form button[type="submit"]').click()]).then(([r]) => r);
  }, 400],
  ['search results narrowed by a facet, sorted, paged', false, visit('/search?sort=title&limit=3&accessModeSufficient=textual'), 200],
  ['search with nothing found', false, visit('/search?keyword=zzzzqqqq'), 200],
  ['search with a bad parameter', false, visit('/search?readingAge=old'), 400],
  ['a title a guest may download', false, visit('/titles/demo-pride'), 200],
  ['a title a guest may not download', false, visit('/titles/demo-moby'), 200],
  ['a title that does not exist', false, visit('/titles/no-such-title'), 404],
  ['sign-in', false, visit('/sign-in'), 200],
  ['sign-in after an empty submission', false, async (p) => {
    await p.goto(url('/sign-in'));
    return Promise.all([p.waitForResponse((r) => r.request().method() === 'POST'), p.locator('main form button[type="submit"]').click()]).then(([r]) => r);
  }, 400],
  ['signed out', false, visit('/signed-out'), 200],
  ['home, signed in', true, visit('/'), 200],
  ['a title, signed in', true, visit('/titles/demo-moby'), 200],
  ['a book read online, its first part', true, openReader, 200],
  ['a book read online, its second part', true, async (p) => {
    await openReader(p);
    return p.goto(p.url().replace(/\/1$/, '/2'));
  }, 200],
  ['a book read online, its contents', true, async (p) => {
    await openReader(p);
    return p.goto(p.url().replace(/\/1$/, '/contents'));
  }, 200],
  ['a book read online, a part it does not have', true, async (p) => {
    await openReader(p);
    return p.goto(p.url().replace(/\/1$/, '/99'));
  }, 404],
  ['a book read online, as a guest', false, openReader, 200],
  ['a book read online, its first part, in Arabic (right to left)', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    return openReader(p);
  }, 200],
  ['a book read online, its contents, in French', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
    await openReader(p);
    return p.goto(p.url().replace(/\/1$/, '/contents'));
  }, 200],
  ['reading settings, in Spanish', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await openReader(p);
    return p.goto(new URL(await p.getByRole('link', { name: 'Ajustes de lectura' }).getAttribute('href'), p.url()).href);
  }, 200],
  ['a book read online at 400% in OpenDyslexic, dark, lines and letters spaced', true, (p) => readWith(p, {
    readingTextSize: '400', readingFont: 'opendyslexic', readingTheme: 'dark', readingLineHeight: '200',
    readingLetterSpacing: 'wide', readingWordSpacing: 'wide',
  }), 200],
  ['a book read online in sepia, in a serif, with wide margins', true, (p) => readWith(p, {
    readingTextSize: '150', readingFont: 'serif', readingTheme: 'sepia', readingMargins: 'wide',
  }), 200],
  ['a book read online in high contrast, in Atkinson Hyperlegible, never justified', true, (p) => readWith(p, {
    readingTextSize: '200', readingFont: 'atkinson', readingTheme: 'contrast', readingAlign: 'start',
  }), 200],
  ['a book read online in the reader\'s own colours, its contents', true, async (p) => {
    await readWith(p, { readingTheme: 'own', readingTextColor: '#ffff66', readingBackgroundColor: '#001040' });
    return p.goto(p.url().replace(/\/1$/, '/contents'));
  }, 200],
  ['reading settings with colours too faint to read', true, async (p) => {
    await openReader(p);
    // Found by its address, not its words, so that the language sweep can reach it too.
    await p.goto(new URL(await p.locator('main a[href*="/settings"]').first().getAttribute('href'), p.url()).href);
    await fillReadingSettings(p, { readingTheme: 'own', readingTextColor: '#777777', readingBackgroundColor: '#888888' });
    return post(p, 'form[action$="/settings"] button[type="submit"]');
  }, 400],
  // The last of the settings' states puts the defaults back for the pages after it.
  ['reading settings, as the defaults have them', true, async (p) => {
    await readWith(p, {});
    return p.goto(new URL(await p.getByRole('link', { name: 'Reading settings' }).getAttribute('href'), p.url()).href);
  }, 200],
  ['a book read online, a bookmark just kept', true, async (p) => {
    await openReader(p);
    await p.goto(p.url().replace(/\/1$/, '/2'));
    return post(p, 'form.bookmark-form button[type="submit"]').then(() => p.goto(p.url()));
  }, 200],
  // Nothing else listens to this title: the first to ask waits while its narration is made.
  ['a book whose narration is being made', false, async (p) => {
    await p.goto(url('/titles/demo-douglass'));
    return Promise.all([
      p.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/listen')),
      p.locator('button[formaction$="/listen"]').click(),
    ]).then(([r]) => r);
  }, 200],
  ['a book listened to, the narration\'s player', true, (p) => openListener(p), 200],
  ['the library\'s own recording, its player', true, openRecording, 200],
  ['a download', true, openDownload, 200],
  // A visit shows the form that asks for a package; nothing else here asks for this format.
  ['a download not asked for yet', true, visit('/titles/demo-pride/download/DAISY'), 200],
  ['a title with my bookmarks and highlights', true, markedTitle, 200],
  ['a title after a bookmark was deleted', true, async (p) => {
    await markedTitle(p);
    await post(p, 'form[action$="/bookmarks/delete"] button[type="submit"]');
    return p.goto(url('/titles/demo-alice?deleted=bookmark'));
  }, 200],
  ['my reading lists', true, visit('/lists'), 200],
  ['a new list with errors', true, async (p) => {
    await p.goto(url('/lists'));
    return Promise.all([p.waitForResponse((r) => r.request().method() === 'POST'), p.locator('form[action$="/lists"] button[type="submit"]').click()]).then(([r]) => r);
  }, 400],
  ['a reading list of my own', true, visit('/lists/demo-summer'), 200],
  ['a reading list of someone else\'s', true, visit('/lists/demo-prize-winners'), 200],
  ['my books', true, visit('/books'), 200],
  ['my account', true, visit('/account'), 200],
  ['my account, preferences that do not fit', true, async (p) => {
    await p.goto(url('/account'));
    await p.locator('#brailleFormat').selectOption('embossable');
    await p.locator('#brailleCellLineWidth').selectOption('80');
    return Promise.all([p.waitForResponse((r) => r.request().method() === 'POST'), p.locator('form[action$="/preferences"] button[type="submit"]').click()]).then(([r]) => r);
  }, 400],
  ['my account, a password change with errors', true, async (p) => {
    await p.goto(url('/account'));
    await p.locator('#currentPassword').fill('not-it');
    return Promise.all([p.waitForResponse((r) => r.request().method() === 'POST'), p.locator('form[action$="/password"] button[type="submit"]').click()]).then(([r]) => r);
  }, 400],
  ['my documents', true, visit('/documents'), 200],
  // The reader's own pages in other languages: the API's English beside a field is marked so.
  ['my account, preferences that do not fit, in Spanish', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await p.goto(url('/account'));
    await p.locator('#brailleFormat').selectOption('embossable');
    await p.locator('#brailleCellLineWidth').selectOption('80');
    return post(p, 'form[action$="/preferences"] button[type="submit"]');
  }, 400],
  ['a reading list of my own, in Arabic (right to left)', true, (p) => speaking(p, 'ar', '/lists/demo-summer'), 200],
  ['a new list with errors, in Arabic (right to left)', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/lists'));
    return post(p, 'form[action$="/lists"] button[type="submit"]');
  }, 400],
  ['my documents, the upload form with errors, in French', true, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
    await p.goto(url('/documents'));
    return post(p, 'form[enctype] button[type="submit"]');
  }, 400],
  ['my documents, the upload form with errors', true, async (p) => {
    await p.goto(url('/documents'));
    return post(p, 'form[enctype] button[type="submit"]');
  }, 400],
  ['my documents, one that could not be made accessible', true, async (p) => {
    await p.goto(url('/documents'));
    await p.locator('#name').fill('Broken scan');
    // A PDF in name only: accepted, then the converter cannot read it.
    await p.locator('#file').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await post(p, 'form[enctype] button[type="submit"]');
    for (let i = 0; i < 60 && !(await p.getByText(/Could not be made accessible/).count()); i++) {
      await p.waitForTimeout(500);
      await p.goto(url('/documents'));
    }
    return p.goto(url('/documents'));
  }, 200],
  ['my organization', SPONSOR, visit('/organization'), 200],
  ['my organization, a roster tag with neither name', SPONSOR, async (p) => {
    await p.goto(url('/organization'));
    return post(p, 'form[action$="/roster-tags"] button[type="submit"]');
  }, 400],
  ['members', SPONSOR, visit('/organization/members'), 200],
  ['members of a grade none is in, by date of birth', SPONSOR, visit('/organization/members?grade=12&sortOrder=birthDate'), 200],
  ['add a member', SPONSOR, visit('/organization/members/new'), 200],
  ['add a member with errors', SPONSOR, async (p) => {
    await p.goto(url('/organization/members/new'));
    await p.locator('#dateOfBirth').fill('30/09/2012');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['a member', SPONSOR, visit('/organization/members/demo-pupil'), 200],
  ['members, in Arabic (right to left)', SPONSOR, (p) => speaking(p, 'ar', '/organization/members'), 200],
  ['add a member with errors, in Spanish', SPONSOR, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await p.goto(url('/organization/members/new'));
    await p.locator('#dateOfBirth').fill('30/09/2012');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['a title assigned to members, each with why they may not download it, in French', SPONSOR, (p) => speaking(p, 'fr', '/titles/demo-moby/assign'), 200],
  ['titles to assign to a member', SPONSOR, visit('/organization/members/demo-pupil/find?keyword=alice'), 200],
  ['a title, as a sponsor', SPONSOR, visit('/titles/demo-moby'), 200],
  ['a title assigned to members, each with why they may not download it', SPONSOR, visit('/titles/demo-moby/assign'), 200],
  ['a title assigned to no member chosen', SPONSOR, async (p) => {
    await p.goto(url('/titles/demo-moby/assign'));
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['staff home', STAFF, visit('/staff'), 200],
  ['find an account', STAFF, visit('/staff/accounts'), 200],
  ['accounts in an order there is not', STAFF, visit('/staff/accounts?sortOrder=grade'), 400],
  ['add an account', STAFF, visit('/staff/accounts/new'), 200],
  ['add an account with errors', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/new'));
    await p.locator('#country').fill('USA');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['an account', STAFF, visit('/staff/accounts/reader@demo.lectern'), 200],
  ['an account changed with a name emptied', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/reader@demo.lectern'));
    await p.locator('#firstName').fill('');
    return post(p, 'section[aria-labelledby="change"] button[type="submit"]');
  }, 400],
  ['proof of disability to review', STAFF, visit('/staff/proof'), 200],
  ['proof of disability refused without a note', STAFF, async (p) => {
    await p.goto(url('/staff/proof'));
    await p.locator('#s0-refused').check();
    return post(p, 'form[action*="/staff/proof/"] button[type="submit"]');
  }, 400],
  ['an account\'s agreements', STAFF, visit('/staff/accounts/reader@demo.lectern/agreements'), 200],
  ['an agreement recorded without a name', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/reader@demo.lectern/agreements'));
    await p.locator('#dateSigned').fill('2026-01-01');
    return post(p, 'section[aria-labelledby="record"] button[type="submit"]');
  }, 400],
  ['an account\'s subscriptions', STAFF, visit('/staff/accounts/reader@demo.lectern/subscriptions'), 200],
  ['a subscription given a last day before its first', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/reader@demo.lectern/subscriptions'));
    await p.locator('#s0-endDate').fill('2000-01-01');
    return post(p, 'form:has(#s0-endDate) button[type="submit"]');
  }, 400],
  ['an account\'s proof of disability', STAFF, visit('/staff/accounts/reader@demo.lectern/proof'), 200],
  ['an account\'s reading preferences', STAFF, visit('/staff/accounts/reader@demo.lectern/preferences'), 200],
  ['a recommendation profile with a reading age too old', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/reader@demo.lectern/recommendations'));
    await p.locator('#readingAge').fill('200');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['an account\'s lists and downloads', STAFF, visit('/staff/accounts/reader@demo.lectern/activity'), 200],
  ['an account\'s history of changes, as an administrator', ADMIN, visit('/staff/accounts/reader@demo.lectern/changes'), 200],
  ['find an organization', STAFF, visit('/staff/organizations?keyword=river'), 200],
  ['add an organization', STAFF, visit('/staff/organizations/new'), 200],
  ['add an organization with errors', STAFF, async (p) => {
    await p.goto(url('/staff/organizations/new'));
    await p.locator('#country').fill('Britain');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['an organization', STAFF, visit('/staff/organizations/riverside-school'), 200],
  ['an organization\'s members and sponsors', STAFF, visit('/staff/organizations/riverside-school/members'), 200],
  ['an account moved to an organization there is not', STAFF, async (p) => {
    await p.goto(url('/staff/accounts/reader@demo.lectern'));
    await p.locator('#organizationId').fill('no-such-school');
    return post(p, 'section[aria-labelledby="organization"] form:not(.inline-form) button[type="submit"]');
  }, 400],
  ['import the directory of organizations', STAFF, visit('/staff/organizations/directory'), 200],
  ['a directory file with bad lines', STAFF, async (p) => {
    await p.goto(url('/staff/organizations/directory'));
    const csv = 'referenceOrgId,name,organizationType,state,country\nd-1,,school,WA,US\nd-2,Oak,school,WA,USA\n';
    await p.locator('#file').setInputFiles({ name: 'directory.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['the catalog, withdrawn titles by last update', CURATOR, visit('/staff/titles?titleStatus=withdrawn&sortOrder=updatedDate&direction=desc'), 200],
  ['the catalog in an order there is not', CURATOR, visit('/staff/titles?sortOrder=pages'), 400],
  ['a title, as a collection assistant', CURATOR, visit('/staff/titles/demo-moby'), 200],
  ['a title changed with a bad copyright year', CURATOR, async (p) => {
    await p.goto(url('/staff/titles/demo-moby'));
    await p.locator('#copyrightDate').fill('eighteen fifty-one');
    return post(p, 'section[aria-labelledby="change"] button[type="submit"]');
  }, 400],
  ["a title's format", CURATOR, visit('/staff/titles/demo-moby/formats/EPUB3'), 200],
  ["a format's file", CURATOR, visit('/staff/titles/demo-moby/files'), 200],
  ["a format's file that is not what it claims", CURATOR, async (p) => {
    await p.goto(url('/staff/titles/demo-moby/files'));
    await p.locator('#format').selectOption('PDF');
    await p.locator('#files').setInputFiles({ name: 'moby.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a PDF') });
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['a braille file added, its details with errors', CURATOR, async (p) => {
    await p.goto(url('/staff/titles/demo-walden/files'));
    await p.locator('#format').selectOption('BRF');
    await p.locator('#files').setInputFiles({ name: 'walden.brf', mimeType: 'application/octet-stream', buffer: Buffer.from(',WALD5\r\n') });
    await Promise.all([p.waitForURL(/done=accepted/), p.locator('main form button[type="submit"]').click()]);
    // The worker applies the upload; until then the title lists braille only as made from the
    // EPUB, with no page. Its own file's details are a link once it is the library's.
    const uploaded = p.getByRole('link', { name: /Braille Ready Format/ });
    for (const until = Date.now() + 180_000; !(await uploaded.count()); await p.waitForTimeout(500)) {
      if (Date.now() > until) throw new Error('the uploaded braille file was never applied');
      await p.goto(url('/staff/titles/demo-walden'));
    }
    await p.goto(url('/staff/titles/demo-walden/formats/BRF'));
    await p.locator('#brailleCode').selectOption('ueb');
    await p.locator('#numberOfVolumes').fill('many');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['add titles from EPUB files', CURATOR, visit('/staff/import-epub'), 200],
  ['EPUB files uploaded that are not EPUBs', CURATOR, async (p) => {
    await p.goto(url('/staff/import-epub'));
    await p.locator('#files').setInputFiles([
      { name: 'notes.epub', mimeType: 'application/epub+zip', buffer: Buffer.from('not a zip') },
      { name: 'empty.epub', mimeType: 'application/epub+zip', buffer: Buffer.from('PK') },
    ]);
    return post(p, 'main form button[type="submit"]');
  }, 200],
  ['EPUB files uploaded with none chosen', CURATOR, async (p) => {
    await p.goto(url('/staff/import-epub'));
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['periodicals', CURATOR, visit('/staff/periodicals'), 200],
  ['a periodical made with errors', CURATOR, async (p) => {
    await p.goto(url('/staff/periodicals'));
    await p.locator('#seriesId').fill('no spaces');
    await p.locator('#issn').fill('1234');
    return post(p, 'section[aria-labelledby="new-series"] button[type="submit"]');
  }, 400],
  ['a periodical', CURATOR, visit('/staff/periodicals/demo-gazette'), 200],
  ['a new edition with errors', CURATOR, async (p) => {
    await p.goto(url('/staff/periodicals/demo-gazette/new-edition'));
    await p.locator('#editionName').fill('27 November 2026');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['an edition', CURATOR, visit('/staff/periodicals/demo-gazette/editions/2026-11-13'), 200],
  ['client keys', ADMIN, visit('/staff/admin/clients'), 200],
  ['a client key made with errors', ADMIN, async (p) => {
    await p.goto(url('/staff/admin/clients'));
    await p.locator('#apiKey').fill('short');
    return post(p, 'section[aria-labelledby="new-key"] button[type="submit"]');
  }, 400],
  ['a client key', ADMIN, visit('/staff/admin/clients/demo-reader-app'), 200],
  ['sites', ADMIN, visit('/staff/admin/sites'), 200],
  ['a site made with errors', ADMIN, async (p) => {
    await p.goto(url('/staff/admin/sites'));
    await p.locator('#id').fill('no spaces');
    return post(p, 'section[aria-labelledby="new-site"] button[type="submit"]');
  }, 400],
  ['a site, saved', ADMIN, async (p) => {
    await p.goto(url('/staff/admin/sites/demo'));
    await Promise.all([p.waitForURL(/done=saved/), p.locator('section[aria-labelledby="change"] button[type="submit"]').click()]);
    return p.goto(p.url());
  }, 200],
  ['popular lists', ADMIN, visit('/staff/admin/lists'), 200],
  ['a popular list', ADMIN, visit('/staff/admin/lists/staff-picks'), 200],
  ['a title added to a popular list that is not a title', ADMIN, async (p) => {
    await p.goto(url('/staff/admin/lists/staff-picks'));
    await p.locator('#serviceId').fill('demo-nowhere');
    return post(p, 'form:has(#serviceId) button[type="submit"]');
  }, 400],
  ['categories', ADMIN, visit('/staff/admin/categories'), 200],
  ['BISAC codes found by description', ADMIN, visit('/staff/admin/bisac?startsWith=fiction&by=description'), 200],
  ['a BISAC code saved with errors', ADMIN, async (p) => {
    await p.goto(url('/staff/admin/bisac'));
    await p.locator('#code').fill('FICTION');
    return post(p, 'section[aria-labelledby="bisac-form"] button[type="submit"]');
  }, 400],
  ['a staff page refused to a reader', true, visit('/staff/accounts'), 403],
  // The staff's pages in other languages: a record's or the importer's English is marked so.
  ['staff home, in Arabic (right to left)', ADMIN, (p) => speaking(p, 'ar', '/staff'), 200],
  ['an account, in Spanish', STAFF, (p) => speaking(p, 'es', '/staff/accounts/reader@demo.lectern'), 200],
  ['an account changed with a name emptied, in Arabic (right to left)', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/staff/accounts/reader@demo.lectern'));
    await p.locator('#firstName').fill('');
    return post(p, 'section[aria-labelledby="change"] button[type="submit"]');
  }, 400],
  ['an agreement recorded without a name, in French', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
    await p.goto(url('/staff/accounts/reader@demo.lectern/agreements'));
    await p.locator('#dateSigned').fill('2026-01-01');
    return post(p, 'section[aria-labelledby="record"] button[type="submit"]');
  }, 400],
  ['a subscription given a last day before its first, in Spanish', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await p.goto(url('/staff/accounts/reader@demo.lectern/subscriptions'));
    await p.locator('#s0-endDate').fill('2000-01-01');
    return post(p, 'form:has(#s0-endDate) button[type="submit"]');
  }, 400],
  ['proof of disability refused without a note, in Arabic (right to left)', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/staff/proof'));
    await p.locator('#s0-refused').check();
    return post(p, 'form[action*="/staff/proof/"] button[type="submit"]');
  }, 400],
  ['an account\'s lists and downloads, in French', STAFF, (p) => speaking(p, 'fr', '/staff/accounts/reader@demo.lectern/activity'), 200],
  ['an organization\'s members and sponsors, in Arabic (right to left)', STAFF, (p) => speaking(p, 'ar', '/staff/organizations/riverside-school/members'), 200],
  ['a directory file with bad lines, in Spanish', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await p.goto(url('/staff/organizations/directory'));
    const csv = 'referenceOrgId,name,organizationType,state,country\nd-1,,school,WA,US\nd-2,Oak,school,WA,USA\n';
    await p.locator('#file').setInputFiles({ name: 'directory.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['the catalog, in Spanish', CURATOR, (p) => speaking(p, 'es', '/staff/titles'), 200],
  ['a title, as a collection assistant, in Arabic (right to left)', CURATOR, (p) => speaking(p, 'ar', '/staff/titles/demo-moby'), 200],
  ['a new edition with errors, in French', CURATOR, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
    await p.goto(url('/staff/periodicals/demo-gazette/new-edition'));
    await p.locator('#editionName').fill('27 novembre 2026');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['client keys, in Arabic (right to left)', ADMIN, (p) => speaking(p, 'ar', '/staff/admin/clients'), 200],
  ['a site, its pages\' languages each named in itself, in Spanish', ADMIN, (p) => speaking(p, 'es', '/staff/admin/sites/demo'), 200],
  // Every page kind in another language at least once: what the states above have in English.
  ['a title that does not exist, in Arabic (right to left)', false, (p) => speaking(p, 'ar', '/titles/no-such-title'), 404],
  ['signed out, in French', false, (p) => speaking(p, 'fr', '/signed-out'), 200],
  ['a download not asked for yet, in Arabic (right to left)', true, (p) => speaking(p, 'ar', '/titles/demo-pride/download/DAISY'), 200],
  ['my books, in Spanish', true, (p) => speaking(p, 'es', '/books'), 200],
  ['my reading lists, in French', true, (p) => speaking(p, 'fr', '/lists'), 200],
  ['my account, in Arabic (right to left)', true, (p) => speaking(p, 'ar', '/account'), 200],
  ['my organization, in Spanish', SPONSOR, (p) => speaking(p, 'es', '/organization'), 200],
  ['a member, in Arabic (right to left)', SPONSOR, (p) => speaking(p, 'ar', '/organization/members/demo-pupil'), 200],
  ['titles to assign to a member, in French', SPONSOR, (p) => speaking(p, 'fr', '/organization/members/demo-pupil/find?keyword=alice'), 200],
  ['find an account, in Arabic (right to left)', STAFF, (p) => speaking(p, 'ar', '/staff/accounts'), 200],
  ['add an account, in French', STAFF, (p) => speaking(p, 'fr', '/staff/accounts/new'), 200],
  ['an account\'s proof of disability, in Spanish', STAFF, (p) => speaking(p, 'es', '/staff/accounts/reader@demo.lectern/proof'), 200],
  ['an account\'s reading preferences, in Arabic (right to left)', STAFF, (p) => speaking(p, 'ar', '/staff/accounts/reader@demo.lectern/preferences'), 200],
  ['an account\'s recommendations, in French', STAFF, (p) => speaking(p, 'fr', '/staff/accounts/reader@demo.lectern/recommendations'), 200],
  ['an account\'s history of changes, as an administrator, in Arabic (right to left)', ADMIN, (p) => speaking(p, 'ar', '/staff/accounts/reader@demo.lectern/changes'), 200],
  ['find an organization, in French', STAFF, (p) => speaking(p, 'fr', '/staff/organizations?keyword=river'), 200],
  ['add an organization with errors, in Arabic (right to left)', STAFF, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/staff/organizations/new'));
    await p.locator('#country').fill('Britain');
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['an organization, in Spanish', STAFF, (p) => speaking(p, 'es', '/staff/organizations/riverside-school'), 200],
  ["a title's format, in French", CURATOR, (p) => speaking(p, 'fr', '/staff/titles/demo-moby/formats/EPUB3'), 200],
  ["a format's file, in Arabic (right to left)", CURATOR, (p) => speaking(p, 'ar', '/staff/titles/demo-moby/files'), 200],
  ['EPUB files uploaded with none chosen, in Spanish', CURATOR, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
    await p.goto(url('/staff/import-epub'));
    return post(p, 'main form button[type="submit"]');
  }, 400],
  ['periodicals, in Arabic (right to left)', CURATOR, (p) => speaking(p, 'ar', '/staff/periodicals'), 200],
  ['an edition, in Spanish', CURATOR, (p) => speaking(p, 'es', '/staff/periodicals/demo-gazette/editions/2026-11-13'), 200],
  ['a client key, in French', ADMIN, (p) => speaking(p, 'fr', '/staff/admin/clients/demo-reader-app'), 200],
  ['sites, in Arabic (right to left)', ADMIN, (p) => speaking(p, 'ar', '/staff/admin/sites'), 200],
  ['popular lists, in Spanish', ADMIN, (p) => speaking(p, 'es', '/staff/admin/lists'), 200],
  ['a popular list, in Arabic (right to left)', ADMIN, (p) => speaking(p, 'ar', '/staff/admin/lists/staff-picks'), 200],
  ['categories, in French', ADMIN, (p) => speaking(p, 'fr', '/staff/admin/categories'), 200],
  ['a BISAC code saved with errors, in Arabic (right to left)', ADMIN, async (p) => {
    await p.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
    await p.goto(url('/staff/admin/bisac'));
    await p.locator('#code').fill('FICTION');
    return post(p, 'section[aria-labelledby="bisac-form"] button[type="submit"]');
  }, 400],
];

// ---------------------------------------------------------------- the Nu HTML Checker

/** Checks every page's HTML at once (one JVM start); one result per page. */
async function checkHtml(pages) {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-vnu-'));
  try {
    const files = [];
    for (const [i, { name, html }] of pages.entries()) {
      const file = join(dir, `${i}.html`);
      await writeFile(file, html);
      files.push({ file, name });
    }
    const jar = new URL('./node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url).pathname;
    let out;
    try {
      // The JVM's quick compiler alone and one collector thread (as epubcheck's, in lectern-jobs'
      // checkers): on 70 pages, 3.9 s of CPU against 8.0 s with its defaults, the same report.
      // The quick compiler's frames are larger, and the schema's recursion then overflowed the
      // default stack on an invalid page: 8 MB, as the checker's own advice has it.
      out = await promisify(execFile)('java', ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', jar, '--format', 'json', '--exit-zero-always', ...files.map((f) => f.file)], { maxBuffer: 64 << 20 });
    } catch (e) {
      report(false, 'vnu: run the Nu HTML Checker (java -jar vnu.jar)', [String(e.message ?? e).split('\n')[0]]);
      return;
    }
    const messages = JSON.parse(out.stderr || out.stdout || '{"messages":[]}').messages ?? [];
    for (const { file, name } of files) {
      const mine = messages.filter((m) => m.url && m.url.endsWith(file) && (m.type === 'error' || m.subType === 'fatal'));
      report(mine.length === 0, `vnu: ${name} is valid HTML`, mine.slice(0, 8).map((m) => `line ${m.lastLine}: ${m.message} (${(m.extract ?? '').trim().slice(0, 80)})`));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the virtual screen reader

let readerSource;

/** What the virtual screen reader says of the whole page, read from the top with "next". */
async function spoken(page) {
  if (!readerSource) {
    const bundle = await readFile(new URL('./node_modules/@guidepup/virtual-screen-reader/lib/esm/index.browser.js', import.meta.url), 'utf8');
    const exported = bundle.match(/export\{([^}]*)\};?/);
    const names = Object.fromEntries(exported[1].split(',').map((p) => {
      const [local, , name] = p.trim().split(/\s+/);
      return [name ?? local, local];
    }));
    // Run as a plain script through the debugging protocol, which the page's CSP does not govern.
    readerSource = `(() => {\n${bundle.replace(exported[0], `window.__virtualScreenReader = ${names.virtual};`)}\n})()`;
  }
  await page.evaluate(readerSource);
  return page.evaluate(async () => {
    const reader = window.__virtualScreenReader;
    await reader.start({ container: document.body });
    for (let i = 0; i < 400; i++) {
      await reader.next();
      if ((await reader.lastSpokenPhrase()).startsWith('end of document')) break;
    }
    const log = await reader.spokenPhraseLog();
    await reader.stop();
    return log;
  });
}

/** Each expected phrase (a string it must equal, or a RegExp) must be spoken, in this order. */
function expectSpoken(log, expected) {
  let from = 0;
  for (const want of expected) {
    const at = log.findIndex((said, i) => i >= from && (want instanceof RegExp ? want.test(said) : said === want));
    if (at < 0) throw new Failure(`the screen reader never said ${want} (after "${log[from - 1] ?? 'the start'}")`, log.slice(0, 120));
    from = at + 1;
  }
  return [`${log.length} phrases; heard in order: ${expected.map(String).join(' | ')}`];
}

// ---------------------------------------------------------------- keyboard journeys

/**
 * Presses Tab (from where the focus is) until `match` has the focus, checking on the way that
 * every stop shows a focus indicator and is not hidden by anything; returns the stop. A page
 * that puts the focus on `match` itself (autofocus) needs no Tab.
 */
async function tabTo(page, match, what, steps) {
  const already = await page.evaluate(DESCRIBE_ACTIVE);
  if (already && match(already)) {
    await expectFocusSeen(page, already);
    steps.push(`already on ${already.label}`);
    return already;
  }
  for (let i = 0; i < MAX_TABS * 3; i++) {
    await page.keyboard.press('Tab');
    const d = await page.evaluate(DESCRIBE_ACTIVE);
    if (!d) continue;
    await expectFocusSeen(page, d);
    if (match(d)) {
      steps.push(`Tab x${i + 1} -> ${d.label}`);
      return d;
    }
  }
  throw new Failure(`Tab never reached ${what}`, steps);
}

/** The focused element has an outline or shadow, and its middle is not covered by anything else. */
async function expectFocusSeen(page, d) {
  const visible = !d.style.outline.startsWith('none') && parseFloat(d.style.outline.split(' ')[1]) > 0;
  if (!visible && d.style.boxShadow === 'none') throw new Failure(`${d.label} has no visible focus indicator (outline ${d.style.outline})`);
  const covered = await page.evaluate(() => {
    const el = document.activeElement;
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    return top && top !== el && !el.contains(top) && !top.contains(el) ? top.tagName : null;
  });
  if (covered) throw new Failure(`${d.label} is hidden under a ${covered.toLowerCase()} when focused`);
}

const byText = (tag, re) => (d) => d.tag === tag && re.test(d.text);
const byName = (name) => (d) => d.name === name;

/**
 * What a keyboard-only journey does at each step, recording it: Enter, waiting to arrive, what
 * the status message says, typing into a field reached by Tab; signing in and out by keyboard.
 */
function keyboard(page, said = STAFF_WORDS.en) {
  const steps = [];
  const enter = async (what) => { await page.keyboard.press('Enter'); steps.push(`Enter (${what})`); };
  const arrived = async (test, what) => {
    try {
      await page.waitForURL(test, { timeout: NAV_TIMEOUT_MS, waitUntil: 'load' });
    } catch {
      throw new Failure(`did not reach ${what} (at ${page.url()})`, steps);
    }
    steps.push(`at ${what}`);
  };
  const status = async (want) => {
    // The status message that says something (a page may hold others, empty until used).
    const said = (await page.locator('[role="status"]').filter({ hasText: /\S/ }).first().innerText()).trim();
    if (!want.test(said)) throw new Failure(`the page says "${said}"`, steps);
    steps.push(`status: "${said}"`);
  };
  const type = async (name, text) => {
    await tabTo(page, byName(name), `the ${name} field`, steps);
    await page.keyboard.type(text);
  };
  const signInAs = async (user) => {
    await page.goto(url('/'));
    await tabTo(page, byText('a', new RegExp(`^${said.signIn}$`)), `the ${said.signIn} link`, steps);
    await enter(said.signIn);
    await arrived((u) => u.pathname.endsWith('/sign-in'), 'the sign-in page');
    await type('username', user);
    await type('password', PASSWORD);
    await enter('password field');
    await arrived((u) => u.pathname === `/${SITE}/`, 'the home page, signed in');
  };
  const signOut = async () => {
    await tabTo(page, byText('button', new RegExp(`^${said.signOut}$`)), `the ${said.signOut} button`, steps);
    await enter(said.signOut);
    await arrived((u) => u.pathname.endsWith('/signed-out'), 'the signed-out page');
    return [steps.join('; ')];
  };
  return { steps, enter, arrived, status, type, signInAs, signOut };
}

/**
 * The journey of a reader who uses the keyboard only; `script` says whether the page's script
 * runs. Each journey downloads a title nothing else here asks for (`words` find it, `title` and
 * `id` name it), so that its package is made while the reader waits, as a first download's is.
 */
async function journey(page, script, { words, title, id }) {
  const { steps, enter, arrived, status, type, signInAs, signOut } = keyboard(page);

  // Each page is started from its top, as a page just loaded is: the first Tab enters it.
  await page.goto(url('/'));
  const first = await tabTo(page, () => true, 'anything', steps);
  if (!(first.tag === 'a' && first.href === '#main')) throw new Failure(`the first Tab stop is ${first.label}, not the skip link`, steps);
  await enter('skip link');
  const inMain = await page.evaluate(() => document.activeElement?.id === 'main' || !!document.activeElement?.closest('main'));
  if (!inMain) throw new Failure('the skip link did not move the focus to the main content', steps);

  await page.reload();
  await tabTo(page, byText('a', /^Sign in$/), 'the Sign in link', steps);
  await enter('Sign in');
  await arrived((u) => u.pathname.endsWith('/sign-in'), 'the sign-in page');
  await tabTo(page, byName('username'), 'the user name field', steps);
  await page.keyboard.type(USER);
  await tabTo(page, byName('password'), 'the password field', steps);
  await page.keyboard.type(PASSWORD);
  await enter('password field');
  await arrived((u) => u.pathname === `/${SITE}/`, 'the home page, signed in');
  if (!(await page.getByText(/^Signed in as /).count())) throw new Failure('the home page does not say who is signed in', steps);

  await tabTo(page, byName('keyword'), 'the search field', steps);
  await page.keyboard.type(words);
  await enter('search field');
  await arrived((u) => u.pathname.endsWith('/search') && u.searchParams.get('keyword') === words, 'the search results');
  const count = (await page.locator('[role="status"]').first().innerText()).trim();
  steps.push(`status: "${count}"`);

  await tabTo(page, byText('a', /^Readable by screen reader alone$/), 'the facet "Readable by screen reader alone"', steps);
  await enter('facet');
  await arrived((u) => u.searchParams.get('accessModeSufficient') === 'textual', 'the results narrowed by the facet');

  await tabTo(page, byText('a', new RegExp(`^${title}`)), `the title "${title}"`, steps);
  await enter('title');
  await arrived((u) => u.pathname.endsWith(`/titles/${id}`), 'the title page');

  await tabTo(page, byText('button', /^Download$/), 'the Download button', steps);
  const received = page.waitForEvent('download', { timeout: 30_000 });
  received.catch(() => {});
  await enter('Download');
  // A package made before is the file at once (its navigation ends as a download, aborted as a
  // page); otherwise the download's page comes.
  const onItsPage = page.waitForURL((u) => u.pathname.endsWith('/download/EPUB3'), { timeout: NAV_TIMEOUT_MS })
    .then(() => null, () => new Promise(() => {}));
  let download = await Promise.race([received, onItsPage]);
  if (!download) {
    steps.push('at the download page');
    const first = (await page.locator('#package-status').innerText()).trim();
    steps.push(`it says "${first.replace(/\s+/g, ' ')}"`);
    for (let i = 0; i < 30; i++) {
      const ready = page.getByRole('link', { name: /^Download the EPUB 3 file$/ });
      if (await ready.count()) break;
      if (script) {
        await page.waitForTimeout(1000);
      } else {
        await tabTo(page, byText('button', /^Check again$/), 'the Check again button', steps);
        const reloaded = page.waitForEvent('framenavigated');
        await enter('Check again');
        await reloaded;
        await page.waitForLoadState('load');
      }
    }
    await tabTo(page, byText('a', /^Download the EPUB 3 file$/), 'the link to the file', steps);
    await enter('the file');
    download = await received;
  }
  const path = await download.path();
  const bytes = await readFile(path);
  if (bytes.subarray(0, 2).toString() !== 'PK') throw new Failure('the file received is not an EPUB (a zip)', steps);
  steps.push(`received ${download.suggestedFilename()} (${bytes.length} bytes)`);

  // Back to the title (by the download page's link, when there was one), and onto a list.
  if (new URL(page.url()).pathname.endsWith('/download/EPUB3')) {
    await tabTo(page, byText('a', new RegExp(`^Back to ${title}`)), 'the link back to the title', steps);
    await enter('back to the title');
    await arrived((u) => u.pathname.endsWith(`/titles/${id}`), 'the title page again');
  }
  await tabTo(page, byName('readingListId'), 'the reading list menu', steps);
  await tabTo(page, byText('button', /^Add to list$/), 'the Add to list button', steps);
  await enter('Add to list');
  await arrived((u) => u.searchParams.has('addedTo'), 'the title page, added to the list');
  const said = (await page.locator('.note[role="status"]').innerText()).trim();
  if (!said.startsWith('Added to ')) throw new Failure(`the page says "${said}" after adding`, steps);
  steps.push(`status: "${said}"`);

  return signOut();
}

/**
 * The words a journey in another language looks for, as a reader of it sees them (not read from
 * Lectern's message files: what a reader sees is the check).
 */
const IN_LANGUAGE = {
  es: {
    dir: 'ltr', found: /^Se encontró 1 título$/, facet: 'Legible solo con lector de pantalla',
    download: 'Descargar', signIn: 'Iniciar sesión', problem: 'Hay un problema',
    enterUser: 'Escriba su nombre de usuario o correo electrónico', signedIn: /^Sesión iniciada como /,
  },
  ar: {
    dir: 'rtl', found: /^عُثر على عنوان واحد$/, facet: 'يُقرأ بقارئ الشاشة وحده',
    download: 'تنزيل', signIn: 'تسجيل الدخول', problem: 'توجد مشكلة',
    enterUser: 'أدخل اسم المستخدم أو البريد الإلكتروني', signedIn: /^تم تسجيل الدخول باسم /,
  },
};

/**
 * A guest's keyboard-only journey in the browser's language (`tag`): the skip link, a search,
 * a facet, a title, then signing in from it (an empty form first, its errors read), back to the
 * title, signed in.
 */
async function journeyIn(page, tag, { words, title, id }) {
  const said = IN_LANGUAGE[tag];
  const { steps, enter, arrived, type } = keyboard(page);
  await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
  await page.goto(url('/'));
  const html = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  if (html[0] !== tag || html[1] !== said.dir) throw new Failure(`the page is lang="${html[0]}" dir="${html[1]}"`, steps);
  const first = await tabTo(page, () => true, 'anything', steps);
  if (!(first.tag === 'a' && first.href === '#main')) throw new Failure(`the first Tab stop is ${first.label}, not the skip link`, steps);

  await tabTo(page, byName('keyword'), 'the search field', steps);
  await page.keyboard.type(words);
  await enter('search field');
  await arrived((u) => u.pathname.endsWith('/search') && u.searchParams.get('keyword') === words, 'the search results');
  const count = (await page.locator('[role="status"]').first().innerText()).trim();
  if (!said.found.test(count)) throw new Failure(`the count says "${count}"`, steps);
  steps.push(`status: "${count}"`);

  await tabTo(page, byText('a', new RegExp(`^${said.facet}`)), `the facet "${said.facet}"`, steps);
  await enter('facet');
  await arrived((u) => u.searchParams.get('accessModeSufficient') === 'textual', 'the results narrowed by the facet');
  await tabTo(page, byText('a', new RegExp(`^${title}`)), `the title "${title}"`, steps);
  await enter('title');
  await arrived((u) => u.pathname.endsWith(`/titles/${id}`), 'the title page');
  if (!(await page.getByRole('heading', { name: said.download, level: 2 }).count())) throw new Failure(`no "${said.download}" heading`, steps);

  await tabTo(page, byText('a', new RegExp(`^${said.signIn}$`)), `the "${said.signIn}" link`, steps);
  await enter(said.signIn);
  await arrived((u) => u.pathname.endsWith('/sign-in'), 'the sign-in page');
  await tabTo(page, byText('button', new RegExp(`^${said.signIn}$`)), 'the sign-in button', steps);
  await enter('the sign-in button, nothing filled in');
  await page.locator('[role="alert"]').waitFor();
  const alert = (await page.locator('[role="alert"]').innerText()).trim();
  if (!alert.startsWith(said.problem) || !alert.includes(said.enterUser)) throw new Failure(`the alert says "${alert}"`, steps);
  steps.push(`alert: "${alert.replace(/\s+/g, ' ')}"`);
  await type('username', USER);
  await type('password', PASSWORD);
  await enter('password field');
  await arrived((u) => u.pathname.endsWith(`/titles/${id}`), 'the title page, signed in');
  if (!(await page.getByText(said.signedIn).count())) throw new Failure('the page does not say who is signed in', steps);
  steps.push('signed in');
  return [steps.join('; ')];
}

/**
 * A reader's keyboard-only journey through a book read online: sign in, open the title's page,
 * "Read online", the next part, the contents, a part from the contents, sign out.
 */
async function readerJourney(page, { id, script = true }) {
  const { steps, enter, arrived, status, type, signInAs, signOut } = keyboard(page);
  // Reading aloud needs the script, and a voice, which headless Chromium has not.
  if (script) await page.addInitScript(standInSpeech);
  await signInAs(USER);
  await page.goto(url(`/titles/${id}`));
  steps.push(`at the title page of ${id}`);
  await tabTo(page, byText('button', /^Read online$/), 'the Read online button', steps);
  await enter('Read online');
  await arrived((u) => /\/read\/[^/]+\/1$/.test(u.pathname), 'the book\'s first part');
  await shapeTheText(page, { steps, enter, arrived });
  // A class follows the print edition: page 12 starts the demo book's second chapter.
  await type('number', '12');
  await enter('the print page field');
  await arrived((u) => /\/read\/[^/]+\/3$/.test(u.pathname) && u.hash === '#b-page-2', 'print page 12');
  if (script) {
    await tabTo(page, byText('button', /^Read aloud$/), 'the Read aloud button', steps);
    await enter('Read aloud');
    await status(/^Reading aloud\.$/);
    await page.waitForFunction(() => document.querySelector('[data-reading]'));
    await tabTo(page, byText('button', /^Stop$/), 'the Stop button', steps);
    await enter('Stop');
    await status(/^Stopped\.$/);
  }
  await tabTo(page, byText('button', /^Bookmark this place$/), 'the Bookmark this place button', steps);
  await enter('Bookmark this place');
  await arrived((u) => u.searchParams.get('done') === 'bookmark', 'the part, its bookmark kept');
  await status(/^A bookmark is kept at this place\.$/);
  await tabTo(page, byText('a', /^Previous part$/), 'the Previous part link', steps);
  await enter('Previous part');
  await arrived((u) => /\/read\/[^/]+\/2$/.test(u.pathname), 'the book\'s second part');
  await tabTo(page, byText('a', /^Contents$/), 'the Contents link', steps);
  await enter('Contents');
  await arrived((u) => u.pathname.endsWith('/contents'), 'the book\'s contents');
  const entry = await tabTo(page, (d) => d.tag === 'a' && /\/read\/[^/]+\/\d+/.test(d.href || ''), 'a part in the contents', steps);
  await enter(entry.label);
  await arrived((u) => /\/read\/[^/]+\/\d+$/.test(u.pathname), 'a part from the contents');
  return signOut();
}

/** The text's size and colours as the page shows them. */
const textLook = (page) => page.evaluate(() => ({
  size: parseFloat(getComputedStyle(document.querySelector('.book-text')).fontSize),
  background: getComputedStyle(document.body).backgroundColor,
}));

/**
 * From a part of a book, by keyboard: the reading settings, a larger text size and the next
 * theme (arrow keys on the select and the radios), saved; back on the part, the text is larger
 * and its colours changed. The defaults are put back afterwards, by the form.
 */
async function shapeTheText(page, { steps, enter, arrived }) {
  const part = page.url();
  const before = await textLook(page);
  await tabTo(page, byText('a', /^Reading settings$/), 'the Reading settings link', steps);
  await enter('Reading settings');
  await arrived((u) => u.pathname.endsWith('/settings'), 'the reading settings');
  await tabTo(page, byName('readingTextSize'), 'the text size', steps);
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  const size = await page.locator('#readingTextSize').inputValue();
  steps.push(`ArrowDown x4 -> text size ${size}%`);
  await tabTo(page, byName('readingTheme'), 'the colours', steps);
  await page.keyboard.press('ArrowDown');
  const theme = await page.locator('input[name="readingTheme"]:checked').getAttribute('value');
  steps.push(`ArrowDown -> theme ${theme}`);
  await tabTo(page, byText('button', /^Save and go back to the book$/), 'the Save button', steps);
  await enter('Save');
  await arrived((u) => u.href.split('#')[0] === part, 'the part, as the settings show it');
  const after = await textLook(page);
  if (!(after.size > before.size) || after.background === before.background) {
    throw new Failure(`the settings did not show: text ${before.size}px -> ${after.size}px, background ${before.background} -> ${after.background}`, steps);
  }
  steps.push(`text ${before.size}px -> ${after.size}px, background ${before.background} -> ${after.background}`);
  await page.goto(new URL(await page.getByRole('link', { name: 'Reading settings' }).getAttribute('href'), part).href);
  await fillReadingSettings(page, READING_DEFAULTS);
  await Promise.all([page.waitForURL(part), page.locator('form[action$="/settings"] button[type="submit"]').click()]);
}

/**
 * A sponsor's journey by keyboard: sign in, add a member, find a title on the member's page and
 * assign it, open it, and assign it from its page to another member too; sign out. `first` and
 * `last` name the member added; `words` find the title, whose name starts with `title` and whose
 * id is `id` (a title no member has yet, so that a box is left to tick).
 */
async function sponsorJourney(page, { first, last, words, title, id, tag = 'en' }) {
  const said = SPONSOR_WORDS[tag];
  if (tag !== 'en') await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
  const { steps, enter, arrived, status, type, signInAs, signOut } = keyboard(page, said);

  await signInAs(SPONSOR);

  await tabTo(page, byText('a', new RegExp(`^${said.organization}$`)), `the ${said.organization} link`, steps);
  await enter(said.organization);
  await arrived((u) => u.pathname.endsWith('/organization'), 'my organization');
  await tabTo(page, byText('a', new RegExp(`^${said.addMember}$`)), `the ${said.addMember} link`, steps);
  await enter(said.addMember);
  await arrived((u) => u.pathname.endsWith('/members/new'), 'the new member form');
  await type('firstName', first);
  await type('lastName', last);
  await type('dateOfBirth', '2013-04-05');
  await type('grade', '05');
  await enter('grade field');
  await arrived((u) => u.searchParams.get('done') === 'created', 'the new member\'s page');
  await status(said.added);

  await type('keyword', words);
  await enter('the find field');
  await arrived((u) => u.pathname.endsWith('/find'), 'titles to assign');
  await tabTo(page, byText('button', new RegExp(`^${said.assign} ${title}`)), `the ${said.assign} button`, steps);
  await enter(said.assign);
  await arrived((u) => u.searchParams.get('done') === 'assigned', 'the member\'s page, assigned');
  await status(said.assigned);

  await tabTo(page, byText('a', new RegExp(`^${title}`)), 'the assigned title', steps);
  await enter('the assigned title');
  await arrived((u) => u.pathname.endsWith(`/titles/${id}`), 'the title page');
  await tabTo(page, byText('a', said.assignLink), 'the assign link', steps);
  await enter('assign link');
  await arrived((u) => u.pathname.endsWith(`/titles/${id}/assign`), 'the members to assign it to');
  await tabTo(page, byName('member'), 'a member\'s box', steps);
  await page.keyboard.press('Space');
  steps.push('Space (ticked)');
  await tabTo(page, byText('button', said.assignTicked), 'the assign button', steps);
  await enter('assign button');
  await arrived((u) => u.searchParams.get('assigned') === '1', 'the members, one assigned');
  await status(said.assignedOne);

  return signOut();
}

/** A sponsor sends the new member form with a date written day first; what a screen reader hears of the refusal. */
async function memberFormRefusedHeard(page) {
  await signIn(page, SPONSOR);
  await page.goto(url('/organization/members/new'));
  await page.locator('#dateOfBirth').fill('30/09/2012');
  await post(page, 'main form button[type="submit"]');
  await page.locator('[role="alert"]').waitFor();
  return spoken(page);
}

/** An administrator makes the client key `name` with a secret; what a screen reader hears of the answer. */
async function clientKeyMadeHeard(page, name) {
  await signIn(page, ADMIN);
  await page.goto(url('/staff/admin/clients'));
  await page.locator('#name').fill(name);
  await page.locator('#withSecret').check();
  await post(page, 'section[aria-labelledby="new-key"] button[type="submit"]');
  return spoken(page);
}

/** A sponsor adds the member `first` Spoken; what a screen reader hears of the page that follows. */
async function memberAddedHeard(page, first) {
  await signIn(page, SPONSOR);
  await page.goto(url('/organization/members/new'));
  for (const [field, value] of [['firstName', first], ['lastName', 'Spoken'], ['dateOfBirth', '2012-03-03'], ['grade', '04']]) {
    await page.locator(`#${field}`).fill(value);
  }
  await post(page, 'main form button[type="submit"]');
  await page.locator('.note[role="status"]').waitFor();
  return spoken(page);
}

/**
 * The words a sponsor's journey looks for, in each language it is walked in, as they see them
 * (not read from Lectern's message files).
 */
const SPONSOR_WORDS = {
  en: {
    signIn: 'Sign in', signOut: 'Sign out', organization: 'My organization', addMember: 'Add a member',
    added: /^The member has been added\.$/, assign: 'Assign', assigned: /^The title has been assigned\.$/,
    assignLink: /^Assign this title to members/, assignTicked: /^Assign to the members ticked$/,
    assignedOne: /^The title has been assigned to 1 member\.$/,
  },
  es: {
    signIn: 'Iniciar sesión', signOut: 'Cerrar sesión', organization: 'Mi organización', addMember: 'Añadir un miembro',
    added: /^Se ha añadido el miembro\.$/, assign: 'Asignar', assigned: /^Se ha asignado el título\.$/,
    assignLink: /^Asignar este título a miembros/, assignTicked: /^Asignar a los miembros marcados$/,
    assignedOne: /^Se ha asignado el título a 1 miembro\.$/,
  },
};

/**
 * The words a staff member's journey looks for, in each language it is walked in, as they see
 * them (not read from Lectern's message files).
 */
const STAFF_WORDS = {
  en: {
    signIn: 'Sign in', signOut: 'Sign out', staff: 'Staff', addAccount: 'Add an account',
    added: /^The account was added\.$/, proof: 'Proof of disability to review',
    record: (name) => `Record the decision for ${name}`, approved: /^Approved: the disabilities are recorded/,
  },
  ar: {
    signIn: 'تسجيل الدخول', signOut: 'تسجيل الخروج', staff: 'الموظفون', addAccount: 'أضف حسابًا',
    added: /^أُضيف الحساب\.$/, proof: 'إثباتات الإعاقة المنتظرة للمراجعة',
    record: (name) => `سجّل القرار بشأن ${name}`, approved: /^قُبل: سُجّلت الإعاقات/,
  },
};

/**
 * A membership assistant's keyboard-only journey: signs in, adds a reader's account; the reader
 * sends proof of another library's membership (through the API, as their app would); the
 * assistant finds it under review and approves it, then signs out. In the browser's language
 * `tag`, English unless named.
 */
async function assistantJourney(page, { first, last, email, tag = 'en' }) {
  const said = STAFF_WORDS[tag];
  if (tag !== 'en') await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
  const { steps, enter, arrived, status, type, signInAs, signOut } = keyboard(page, said);

  await signInAs(STAFF);

  await tabTo(page, byText('a', new RegExp(`^${said.staff}$`)), `the ${said.staff} link`, steps);
  await enter(said.staff);
  await arrived((u) => u.pathname.endsWith('/staff'), 'the staff home');
  await tabTo(page, byText('a', new RegExp(`^${said.addAccount}$`)), `the ${said.addAccount} link`, steps);
  await enter(said.addAccount);
  await arrived((u) => u.pathname.endsWith('/staff/accounts/new'), 'the new account form');
  await type('firstName', first);
  await type('lastName', last);
  await type('emailAddress', email);
  await type('country', 'US');
  await type('dateOfBirth', '1985-05-05');
  await type('password', 'reader-pass-9');
  await enter('password field');
  await arrived((u) => u.searchParams.get('done') === 'created', 'the new account\'s page');
  await status(said.added);

  // The reader's own app sends their proof; the assistant's part resumes at the queue.
  const app = { authorization: `Basic ${Buffer.from('demo-reader-app:').toString('base64')}` };
  const grant = await page.request.post(`${BASE}/oauth/token`, { headers: app, form: { grant_type: 'password', username: email, password: 'reader-pass-9' } });
  const sent = await page.request.post(`${BASE}/v2/myAccount/proofOfDisability?api_key=demo-reader-app`, {
    headers: { authorization: `Bearer ${(await grant.json()).access_token}` },
    form: { organizationName: 'Talking Book Library', membershipId: 'TB-1', proofSource: 'nls', disabilityType: 'visual' },
  });
  if (sent.status() !== 201) throw new Failure(`the reader's proof was not sent (HTTP ${sent.status()})`, steps);
  steps.push('the reader sent proof');

  await tabTo(page, byText('a', new RegExp(`^${said.staff}$`)), `the ${said.staff} link`, steps);
  await enter(said.staff);
  await arrived((u) => u.pathname.endsWith('/staff'), 'the staff home');
  await tabTo(page, byText('a', new RegExp(`^${said.proof}$`)), 'the proof link', steps);
  await enter(said.proof);
  await arrived((u) => u.pathname.endsWith('/staff/proof'), 'the proof under review');
  await tabTo(page, byText('a', new RegExp(`^${first} ${last}$`)), 'the new reader\'s submission', steps);
  await tabTo(page, byName('decision'), 'the Approve choice', steps);
  await page.keyboard.press('Space');
  steps.push('Space (Approve chosen)');
  await type('note', 'Membership card of the talking book library seen');
  await tabTo(page, byText('button', new RegExp(`^${said.record(`${first} ${last}`)}$`)), 'the decision button', steps);
  await enter('the decision button');
  await arrived((u) => u.searchParams.get('done') === 'approved', 'the queue, approved');
  await status(said.approved);

  return signOut();
}

/**
 * The words a collection assistant's journey looks for, in each language it is walked in, as
 * they see them (not read from Lectern's message files). A change's fields keep the names the
 * API gives them.
 */
const CURATOR_WORDS = {
  en: {
    signIn: 'Sign in', signOut: 'Sign out', staff: 'Staff', catalog: 'The catalog', save: 'Save the changes',
    applied: /Applied: authors\./, checkAgain: 'Check again', search: 'Search',
  },
  ar: {
    signIn: 'تسجيل الدخول', signOut: 'تسجيل الخروج', staff: 'الموظفون', catalog: 'الفهرس', save: 'احفظ التغييرات',
    applied: /طُبّق: authors\./, checkAgain: 'تحقّق مجددًا', search: 'بحث',
  },
};

/**
 * A collection assistant's keyboard-only journey: signs in, opens the catalog and a title,
 * adds an author, saves, checks again until the edit is applied, finds the title by the new
 * author's name, and signs out. In the browser's language `tag`, English unless named.
 */
async function curatorJourney(page, { author, tag = 'en' }) {
  const said = CURATOR_WORDS[tag];
  if (tag !== 'en') await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
  const { steps, enter, arrived, type, signInAs, signOut } = keyboard(page, said);
  const exactly = (words) => new RegExp(`^${words}$`);

  await signInAs(CURATOR);
  await tabTo(page, byText('a', exactly(said.staff)), `the ${said.staff} link`, steps);
  await enter(said.staff);
  await arrived((u) => u.pathname.endsWith('/staff'), 'the staff home');
  await tabTo(page, byText('a', exactly(said.catalog)), 'the catalog link', steps);
  await enter(said.catalog);
  await arrived((u) => u.pathname.endsWith('/staff/titles'), 'the catalog');
  await tabTo(page, byText('a', /^Alice's Adventures in Wonderland$/), 'the title', steps);
  await enter('the title');
  await arrived((u) => u.pathname.endsWith('/staff/titles/demo-alice'), 'the title\'s page');
  await tabTo(page, byName('authors'), 'the authors', steps);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(author);
  steps.push(`typed a new line: ${author}`);
  await tabTo(page, byText('button', exactly(said.save)), 'the save button', steps);
  await enter(said.save);
  await arrived((u) => u.searchParams.get('done') === 'accepted', 'the title, the change accepted');
  // The newest change, first in the history, is this one.
  const applied = async () => said.applied.test(await page.locator('section[aria-labelledby="history"] li').first().innerText());
  for (let i = 0; i < 40 && !(await applied()); i++) {
    await page.waitForTimeout(500);
    await tabTo(page, byText('a', exactly(said.checkAgain)), 'the Check again link', steps);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), enter(said.checkAgain)]);
  }
  if (!(await applied())) throw new Failure('the edit was never applied', steps);
  steps.push(`history: ${said.applied}`);
  await tabTo(page, byText('a', exactly(said.search)), 'the Search link', steps);
  await enter(said.search);
  await arrived((u) => u.pathname.endsWith('/search'), 'the search page');
  await type('keyword', author);
  await enter('the search field');
  await arrived((u) => u.searchParams.get('keyword') === author, 'the results');
  // The search index follows the store within a poll: a reader who finds nothing yet searches
  // again, as here.
  const found = () => page.getByRole('link', { name: /^Alice's Adventures in Wonderland/ }).count();
  for (let i = 0; i < 20 && !(await found()); i++) {
    await page.waitForTimeout(500);
    await tabTo(page, byText('button', exactly(said.search)), 'the Search button', steps);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), enter(`${said.search} again`)]);
  }
  await tabTo(page, byText('a', /^Alice's Adventures in Wonderland/), 'the title found by its new author', steps);
  return signOut();
}

/**
 * The words an administrator's journey looks for, in each language it is walked in, as they
 * see them (not read from Lectern's message files).
 */
const ADMIN_WORDS = {
  en: {
    signIn: 'Sign in', signOut: 'Sign out', staff: 'Staff', clientKeys: 'Client keys', make: 'Make the key',
    popularLists: 'Popular lists', moveDown: 'Move down', moved: /^The title was moved\.$/,
  },
  fr: {
    signIn: 'Se connecter', signOut: 'Se déconnecter', staff: 'Personnel', clientKeys: 'Clés client', make: 'Créer la clé',
    popularLists: 'Listes populaires', moveDown: 'Descendre', moved: /^Le titre a été déplacé\.$/,
  },
};

/**
 * An administrator's keyboard-only journey: signs in, opens the client keys, makes a key with a
 * secret, reads the secret on the answer, finds it gone from the page when it is opened again,
 * and moves a title of a popular list one place down with its button. In the browser's
 * language `tag`, English unless named.
 */
async function adminJourney(page, { name, tag = 'en' }) {
  const said = ADMIN_WORDS[tag];
  if (tag !== 'en') await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
  const { steps, enter, arrived, status, type, signInAs, signOut } = keyboard(page, said);
  const toStaff = async (why) => {
    await tabTo(page, byText('a', new RegExp(`^${said.staff}$`)), `the ${said.staff} link`, steps);
    await enter(said.staff);
    await arrived((u) => u.pathname.endsWith('/staff'), why);
  };
  await signInAs(ADMIN);
  await toStaff('the staff home');
  await tabTo(page, byText('a', new RegExp(`^${said.clientKeys}$`)), 'the client keys link', steps);
  await enter(said.clientKeys);
  await arrived((u) => u.pathname.endsWith('/staff/admin/clients'), 'the client keys');
  await type('name', name);
  await tabTo(page, byName('withSecret'), 'the secret box', steps);
  await page.keyboard.press('Space');
  steps.push('Space (with a secret)');
  await tabTo(page, byText('button', new RegExp(`^${said.make}$`)), 'the make button', steps);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), enter(said.make)]);
  const shown = page.locator('[role="status"] code.secret');
  if (!(await shown.count())) throw new Failure('no secret shown on the answer', steps);
  const secret = (await shown.innerText()).trim();
  steps.push(`the secret shown once (${secret.length} characters)`);
  await toStaff('the staff home again');
  await tabTo(page, byText('a', new RegExp(`^${said.clientKeys}$`)), 'the client keys link', steps);
  await enter(`${said.clientKeys} again`);
  await arrived((u) => u.pathname.endsWith('/staff/admin/clients'), 'the client keys again');
  if ((await page.content()).includes(secret)) throw new Failure('the secret is shown again', steps);
  steps.push('the secret is not shown again');
  await toStaff('the staff home, for the lists');
  await tabTo(page, byText('a', new RegExp(`^${said.popularLists}$`)), 'the popular lists link', steps);
  await enter(said.popularLists);
  await arrived((u) => u.pathname.endsWith('/staff/admin/lists'), 'the popular lists');
  await tabTo(page, byText('a', /^staff-picks$/), 'the staff picks list', steps);
  await enter('staff-picks');
  await arrived((u) => u.pathname.endsWith('/staff/admin/lists/staff-picks'), 'the list');
  await tabTo(page, byText('button', new RegExp(`^${said.moveDown}`)), 'the first title\'s move down button', steps);
  await enter(said.moveDown);
  await arrived((u) => u.searchParams.get('done') === 'moved', 'the list, a title moved');
  await status(said.moved);
  return signOut();
}

// ---------------------------------------------------------------- the run

async function main() {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
    createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch (e) {
    report(false, 'load playwright-core and axe-core (run `npm ci` in tests/a11y)', [String(e.message ?? e)]);
    return;
  }
  try {
    const r = await fetch(url('/'), { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) });
    if (!r.ok) throw new Error(`HTTP ${r.status} for /${SITE}/`);
  } catch (e) {
    report(false, `the server at ${BASE} answers`, [String(e.cause?.message ?? e.message ?? e)]);
    return;
  }
  // Autoplay allowed: listening goes on into the next part's page by itself.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'], timeout: 30_000 });
  const sent = [];
  try {
    /** A check in a fresh context (its own cookies), JavaScript on or off. */
    async function check(name, { script = true, viewport = { width: 1280, height: 800 }, storageState } = {}, fn) {
      if (!name.includes(ONLY)) return;
      const context = await browser.newContext({ javaScriptEnabled: script, viewport, acceptDownloads: true, storageState });
      const page = await context.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      page.setDefaultNavigationTimeout(NAV_TIMEOUT_MS);
      await reported(name, page, fn);
      await context.close().catch(() => {});
    }

    /** Runs a check's body on `page` and reports what became of it; whether it passed. */
    async function reported(name, page, fn) {
      try {
        report(true, name, (await withTimeout(fn(page), CHECK_TIMEOUT_MS * 2, name)) ?? []);
        return true;
      } catch (e) {
        if (e instanceof Failure) report(false, `${name}: ${e.message}`, e.details);
        else report(false, `${name}: ${String(e.message ?? e).split('\n')[0]}`);
        return false;
      }
    }

    // Every page and state at both widths, two at a time (the machine's two cores: Chromium and
    // the server share them), on a page each worker keeps per user (`pageCheck`). The page is opened once
    // and checked at 1280 px, then narrowed to 320 px, as a reader zooming in reflows it, and
    // checked again: a state reached by a form is then posted once, not once per width.
    // The page checks share one session per user (signing in is the journeys' to check), made
    // by the first check that needs it.
    const sessions = new Map();
    const sessionOf = (user) => {
      if (!sessions.has(user)) {
        sessions.set(user, (async () => {
          const context = await browser.newContext();
          try {
            await signIn(await context.newPage(), user);
            return await context.storageState();
          } finally {
            await context.close();
          }
        })());
      }
      return sessions.get(user);
    };
    /**
     * A page check on a page kept from the worker's last check for the same user (a new page
     * costs Chromium a renderer process, about 0.3 s of a core, and these checks are 290),
     * starting as a new context would: the user's session cookies alone, no extra headers,
     * 1280 px wide, and nothing kept in the origin's storage. A page whose check failed is
     * closed with its context, as a check's own page is, so nothing it left runs on.
     */
    async function pageCheck(kept, name, user, fn) {
      if (!name.includes(ONLY)) return;
      const state = user ? await sessionOf(user).catch(() => undefined) : undefined;
      let page = kept.get(user);
      if (!page) {
        page = await (await browser.newContext({ viewport: WIDE, acceptDownloads: true })).newPage();
        page.setDefaultTimeout(STEP_TIMEOUT_MS);
        page.setDefaultNavigationTimeout(NAV_TIMEOUT_MS);
        kept.set(user, page);
      }
      const context = page.context();
      await context.clearCookies();
      if (state) await context.addCookies(state.cookies);
      await page.setExtraHTTPHeaders({});
      await page.setViewportSize(WIDE);
      if (!(await reported(name, page, fn))) {
        kept.delete(user);
        await context.close().catch(() => {});
        return;
      }
      // A page that cannot be emptied (not on the server's origin) is not kept.
      const emptied = await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); }).then(() => true, () => false);
      if (!emptied) {
        kept.delete(user);
        await context.close().catch(() => {});
      }
    }
    const pageChecks = [];
    for (const [name, signedIn, open, status] of PAGES) {
      const user = signedIn === true ? USER : signedIn;
      pageChecks.push((kept) => pageCheck(kept, `axe at 1280 px, and axe and reflow at 320 px: ${name}`, user, async (page) => {
        // A session that could not be made is signed in here, to fail with the page's reason.
        if (user && !(await page.context().cookies()).length) await signIn(page, user);
        const resp = await open(page);
        if (resp && resp.status() !== status) throw new Failure(`HTTP ${resp.status()}, expected ${status} (${resp.url()})`);
        if (resp) sent.push({ name, html: await resp.text() });
        const shotName = `web-${name.replace(/\W+/g, '-')}`;
        const wide = await atWidth(1280, () => axeCheck(page, `${shotName}-1280`));
        await page.setViewportSize(NARROW);
        const reflow = await atWidth(320, () => expectReflow(page));
        const narrow = await atWidth(320, () => axeCheck(page, `${shotName}-320`));
        return ['at 1280 px:', ...wide, 'at 320 px:', reflow.line, ...narrow];
      }));
    }
    const jobs = Math.max(1, Number(process.env.A11Y_JOBS || 2));
    const inTurn = (checks) => Promise.all(Array.from({ length: jobs }, async () => {
      const kept = new Map();
      try {
        while (checks.length) await checks.shift()(kept);
      } finally {
        for (const page of kept.values()) await page.context().close().catch(() => {});
      }
    }));
    await inTurn(pageChecks);
    // Every state a visit reaches, again in Spanish and in Arabic (right to left), once the
    // states above are made: axe at 1280 px, then axe and reflow at 320 px, where longer words
    // and the other direction first break a layout, as in English, and the Nu checker with the
    // rest.
    const sweep = [];
    /** A state reached again in another language: `reach` opens it with the language asked. */
    const inLanguage = (name, user, [tag, language], status, reach) => sweep.push((kept) => pageCheck(kept, `axe at 1280 px, and axe and reflow at 320 px, in ${language}: ${name}`, user, async (page) => {
      if (user && !(await page.context().cookies()).length) await signIn(page, user);
      await page.setExtraHTTPHeaders({ 'Accept-Language': tag });
      const resp = await reach(page);
      if (resp.status() !== status) throw new Failure(`HTTP ${resp.status()}, expected ${status} (${resp.url()})`);
      const lang = await page.evaluate(() => document.documentElement.lang);
      if (lang !== tag) throw new Failure(`the page is lang="${lang}", not "${tag}"`);
      sent.push({ name: `${name}, in ${language}`, html: await resp.text() });
      const shotName = `web-${tag}-${name.replace(/\W+/g, '-')}`;
      const wide = await atWidth(1280, () => axeCheck(page, `${shotName}-1280`));
      await page.setViewportSize(NARROW);
      const reflow = await atWidth(320, () => expectReflow(page));
      const narrow = await atWidth(320, () => axeCheck(page, `${shotName}-320`));
      return ['at 1280 px:', ...wide, 'at 320 px:', reflow.line, ...narrow];
    }));
    const SPANISH = ['es', 'Spanish'];
    const ARABIC = ['ar', 'Arabic'];
    const translated = (name) => /, in (Spanish|Arabic|French)/.test(name);
    for (const [name, signedIn, open, status] of PAGES) {
      if (!open.path || translated(name)) continue;
      const user = signedIn === true ? USER : signedIn;
      for (const language of [SPANISH, ARABIC]) inLanguage(name, user, language, status, (page) => page.goto(url(open.path)));
    }
    // Every other state, reached by a form or by following the pages, again in Spanish and in
    // Arabic where no state of its own in that language is above, found by what it is, not by
    // its words. Left out, as reaching them again changes what the states after them find: the
    // reading settings saved (the English states put the defaults back last), a braille file
    // or a document uploaded again for the worker, and a narration asked for the first time.
    const changesWhatFollows = /a book read online (at|in) |reading settings, as the defaults|braille file added|could not be made accessible|narration is being made/;
    for (const [name, signedIn, open, status] of PAGES) {
      if (open.path || translated(name) || changesWhatFollows.test(name)) continue;
      const user = signedIn === true ? USER : signedIn;
      for (const language of [SPANISH, ARABIC]) {
        if (!PAGES.some(([other]) => other.startsWith(`${name}, in ${language[1]}`))) inLanguage(name, user, language, status, open);
      }
    }
    await inTurn(sweep);
    if (!ONLY) await checkHtml(sent);

    await check('keyboard-only journey with JavaScript: sign in, search, facet, open a title, download its EPUB and receive it, add it to a list, sign out', {}, (page) => journey(page, true, { words: 'walden', title: 'Walden', id: 'demo-walden' }));
    await check('keyboard-only journey without JavaScript: the same, the download page checked again by its button', { script: false }, (page) => journey(page, false, { words: 'time machine', title: 'The Time Machine', id: 'demo-time-machine' }));

    await check('keyboard-only journey in Spanish with JavaScript: search, facet, a title, sign in from it (an empty form first)', {}, (page) => journeyIn(page, 'es', { words: 'pride', title: 'Pride and Prejudice', id: 'demo-pride' }));
    await check('keyboard-only journey in Arabic (right to left) without JavaScript: the same', { script: false }, (page) => journeyIn(page, 'ar', { words: 'pride', title: 'Pride and Prejudice', id: 'demo-pride' }));

    await check('sponsor\'s keyboard-only journey with JavaScript: add a member, assign a title from their page, assign it from its page to another, sign out', {}, (page) => sponsorJourney(page, { first: 'Kim', last: 'Keys', words: 'walden', title: 'Walden', id: 'demo-walden' }));
    await check('sponsor\'s keyboard-only journey without JavaScript: the same', { script: false }, (page) => sponsorJourney(page, { first: 'Nell', last: 'Noscript', words: 'frankenstein', title: 'Frankenstein', id: 'demo-frankenstein' }));
    await check('sponsor\'s keyboard-only journey in Spanish with JavaScript: the same, every word read in Spanish', {}, (page) => sponsorJourney(page, { first: 'Lola', last: 'Teclado', words: 'quijote', title: 'Don Quijote de la Mancha', id: 'demo-quijote', tag: 'es' }));

    await check('assistant\'s keyboard-only journey with JavaScript: add a reader\'s account, approve the proof they send, sign out', {}, (page) => assistantJourney(page, { first: 'Kit', last: 'Keyboard', email: 'kit@demo.lectern' }));
    await check('assistant\'s keyboard-only journey without JavaScript: the same', { script: false }, (page) => assistantJourney(page, { first: 'Noel', last: 'Noscript', email: 'noel@demo.lectern' }));
    await check('assistant\'s keyboard-only journey in Arabic (right to left) without JavaScript: the same, every word read in Arabic', { script: false }, (page) => assistantJourney(page, { first: 'Nadia', last: 'Nasser', email: 'nadia@demo.lectern', tag: 'ar' }));
    await check('reader\'s keyboard-only journey through a book read online with JavaScript: open it from its page, a larger text and other colours from the reading settings, print page 12, reading it aloud and stopping, a bookmark there, the part before, the contents, a part from them', {}, (page) => readerJourney(page, { id: 'demo-souls' }));
    await check('reader\'s keyboard-only journey through a book read online without JavaScript: the same, without reading aloud', { script: false }, (page) => readerJourney(page, { id: 'demo-holmes', script: false }));
    await check('curator\'s keyboard-only journey with JavaScript: add an author to a title, see the edit applied, find the title by the author', {}, (page) => curatorJourney(page, { author: 'Ada Keyboard' }));
    await check('curator\'s keyboard-only journey without JavaScript: the same', { script: false }, (page) => curatorJourney(page, { author: 'Noah Noscript' }));
    await check('curator\'s keyboard-only journey in Arabic (right to left) with JavaScript: the same, every word read in Arabic', {}, (page) => curatorJourney(page, { author: 'Nabil Nasser', tag: 'ar' }));
    await check('administrator\'s keyboard-only journey with JavaScript: make a client key, read its secret once, move a title down a popular list', {}, (page) => adminJourney(page, { name: 'Keyboard app' }));
    await check('administrator\'s keyboard-only journey without JavaScript: the same', { script: false }, (page) => adminJourney(page, { name: 'No-script app' }));
    await check('administrator\'s keyboard-only journey in French with JavaScript: the same, every word read in French', {}, (page) => adminJourney(page, { name: 'Appli au clavier', tag: 'fr' }));
    await check('screen reader: a client key made says so and gives its secret in a status message', {}, async (page) => {
      return expectSpoken(await clientKeyMadeHeard(page, 'Spoken app'), [
        'heading, Client keys, level 1', 'status', 'The client key', 'code', 'end of code', 'was made.', /^Its secret, shown only now/,
      ]);
    });
    await check('screen reader, in French: a client key made says so and gives its secret in a status message, in French', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
      return expectSpoken(await clientKeyMadeHeard(page, 'Appli parlée'), [
        'heading, Clés client, level 1', 'status', 'La clé client', 'code', 'end of code', 'a été créée.', /^Son secret, affiché cette seule fois/,
      ]);
    });
    await check('screen reader: accounts found say how many, each a link', {}, async (page) => {
      await signIn(page, STAFF);
      await page.goto(url('/staff/accounts?keyword=reader'));
      return expectSpoken(await spoken(page), [
        /^link, Staff/, 'heading, Find an account, level 1', 'search, Accounts',
        /^searchbox, Name, user name or e-mail address, reader, .*The start of any of them/, 'status', '1 account found.', 'link, Ada Reader',
      ]);
    });
    await check('screen reader: a decision refused without a note is an alert in its submission, each field saying its own', {}, async (page) => {
      await signIn(page, STAFF);
      await page.goto(url('/staff/proof'));
      await page.locator('#s0-refused').check();
      await post(page, 'form[action*="/staff/proof/"] button[type="submit"]');
      await page.locator('[role="alert"]').waitFor();
      return expectSpoken(await spoken(page), [
        'heading, Proof of disability to review, level 1', /^heading, Nora Newcomer, level 2$|^region, Nora Newcomer$/,
        'alert, There is a problem with this decision', /^link, Say what the proof showed, or why you refuse it/,
        /^group, Decision for Nora Newcomer/, /^radio, Refuse, checked/,
        /^textbox, Note, .*Say what the proof showed, or why you refuse it.*invalid/, 'button, Record the decision for Nora Newcomer',
      ]);
    });
    await check('screen reader, in Arabic: a decision refused without a note is an alert in its submission, each field saying its own in Arabic, the member\'s name as written', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await signIn(page, STAFF);
      await page.goto(url('/staff/proof'));
      await page.locator('#s0-refused').check();
      await post(page, 'form[action*="/staff/proof/"] button[type="submit"]');
      await page.locator('[role="alert"]').waitFor();
      return expectSpoken(await spoken(page), [
        'heading, إثباتات الإعاقة المنتظرة للمراجعة, level 1', /^heading, Nora Newcomer, level 2$|^region, Nora Newcomer$/,
        'alert, توجد مشكلة في هذا القرار', /^link, اذكر ما بيّنه الإثبات، أو سبب رفضك له/,
        /^group, القرار بشأن Nora Newcomer/, /^radio, ارفض, checked/,
        /^textbox, ملاحظة, .*اذكر ما بيّنه الإثبات، أو سبب رفضك له.*invalid/, 'button, سجّل القرار بشأن Nora Newcomer',
      ]);
    });
    await check('screen reader, in Spanish: accounts found say how many, each a link with the person\'s name', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      await signIn(page, STAFF);
      await page.goto(url('/staff/accounts?keyword=reader'));
      return expectSpoken(await spoken(page), [
        /^link, Personal/, 'heading, Buscar una cuenta, level 1', 'search, Cuentas',
        /^searchbox, Nombre, nombre de usuario o correo electrónico, reader, .*El comienzo de cualquiera de ellos/, 'status', 'Se encontró 1 cuenta.', 'link, Ada Reader',
      ]);
    });
    await check('screen reader: the member form\'s errors are an alert and each field says its own', {}, async (page) => {
      return expectSpoken(await memberFormRefusedHeard(page), [
        'navigation, Main', /^link, My organization/, 'heading, Add a member, level 1', 'alert, There is a problem',
        "link, Enter the member's first name",
        /^textbox, First name, .*Enter the member's first name.*invalid/,
        /^textbox, Date of birth, 30\/09\/2012, .*Must be a date written YYYY-MM-DD.*invalid/,
      ]);
    });
    await check('screen reader, in Spanish: the member form\'s errors are an alert and each field says its own in Spanish', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      return expectSpoken(await memberFormRefusedHeard(page), [
        'navigation, Principal', /^link, Mi organización/, 'heading, Añadir un miembro, level 1', 'alert, Hay un problema',
        'link, Escriba el nombre del miembro',
        /^textbox, Nombre, .*Escriba el nombre del miembro.*invalid/,
        /^textbox, Fecha de nacimiento, 30\/09\/2012, .*[Dd]ebe ser una fecha escrita AAAA-MM-DD.*invalid/,
      ]);
    });
    await check('screen reader: assigning a title names each member and why they may not download it', {}, async (page) => {
      await signIn(page, SPONSOR);
      // A member who may download only what is assigned to them, so that one has a reason.
      await page.goto(url('/organization/members/new'));
      for (const [field, value] of [['firstName', 'Ada'], ['lastName', 'Assigned'], ['dateOfBirth', '2012-02-02'], ['grade', '05']]) {
        await page.locator(`#${field}`).fill(value);
      }
      await page.locator('#allowSearchDownloads').uncheck();
      await post(page, 'main form button[type="submit"]');
      await page.goto(url('/titles/demo-moby/assign'));
      return expectSpoken(await spoken(page), [
        /^heading, Assign Moby-Dick, level 1$/, 'status', /^\d+ members?$/, /^group, Members to assign it to/,
        /^checkbox, Ada Assigned, Cannot download it yet: .+, not checked$/, 'button, Assign to the members ticked',
      ]);
    });

    await check('screen reader: a title put on a list says so in a status message', {}, async (page) => {
      await signIn(page);
      await page.goto(url('/titles/demo-holmes'));
      await post(page, 'form[action$="/lists/add"] button[type="submit"]');
      await page.locator('.note[role="status"]').waitFor();
      return expectSpoken(await spoken(page), [
        /^heading, .*Sherlock Holmes.*, level 1$/, /^region, Reading lists$|^heading, Reading lists, level 2$/, 'status', 'Added to', 'link, Summer reading',
      ]);
    });
    await check('screen reader: a member added, their page says so and names its parts', {}, async (page) => {
      return expectSpoken(await memberAddedHeard(page, 'Sol'), [
        'heading, Sol Spoken, level 1', 'status', 'The member has been added.', /^region, Titles assigned$|^heading, Titles assigned, level 2$/,
        /^search, Titles to assign$/, 'searchbox, Find a title to assign', /^heading, Change Sol Spoken's details, level 2$/,
        /^textbox, First name, Sol/, /^group, Print disabilities/, /^checkbox, Blind or low vision, not checked$/,
      ]);
    });
    await check('screen reader, in Arabic: a member added, their page says so and names its parts in Arabic, the member\'s name as written', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      return expectSpoken(await memberAddedHeard(page, 'Samir'), [
        'heading, Samir Spoken, level 1', 'status', 'أُضيف العضو.', /^region, العناوين المسندة$|^heading, العناوين المسندة, level 2$/,
        /^search, عناوين لإسنادها$/, 'searchbox, ابحث عن عنوان لإسناده', /^heading, غيّر بيانات Samir Spoken, level 2$/,
        /^textbox, الاسم الأول, Samir/, /^group, إعاقات قراءة المطبوع/, /^checkbox, كفيف أو ضعيف البصر, not checked$/,
      ]);
    });
    await check('screen reader: signing out leads to a page that says so', {}, async (page) => {
      await signIn(page);
      await post(page, 'form[action$="/sign-out"] button[type="submit"]');
      await page.waitForURL((u) => u.pathname.endsWith('/signed-out'));
      return expectSpoken(await spoken(page), [
        'navigation, Main', 'link, Sign in', /^heading, .*signed out.*, level 1$/i,
      ]);
    });

    await check('screen reader, in Spanish: signing out leads to a page that says so in Spanish', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      await signIn(page);
      await post(page, 'form[action$="/sign-out"] button[type="submit"]');
      await page.waitForURL((u) => u.pathname.endsWith('/signed-out'));
      return expectSpoken(await spoken(page), [
        'navigation, Principal', 'link, Iniciar sesión', 'heading, Ha cerrado la sesión, level 1',
      ]);
    });
    await check('screen reader, in Arabic: the home page names its landmarks and search in Arabic', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await page.goto(url('/'));
      return expectSpoken(await spoken(page), [
        'link, انتقل إلى المحتوى الرئيسي', 'banner', 'navigation, القائمة الرئيسية', 'link, تسجيل الدخول', 'main',
        /^heading, .+, level 1$/, 'search', 'searchbox, ابحث عن العناوين أو المؤلفين أو الموضوعات', 'button, بحث',
        /^region, وصل حديثًا$|^heading, وصل حديثًا, level 2$/, /^link, /, 'contentinfo',
      ]);
    });
    await check('screen reader: the home page', {}, async (page) => {
      await page.goto(url('/'));
      return expectSpoken(await spoken(page), [
        'link, Skip to main content', 'banner', 'navigation, Main', 'link, Sign in', 'main',
        /^heading, .+, level 1$/, 'search', 'searchbox, Search for titles, authors or subjects', 'button, Search',
        /^region, New arrivals$|^heading, New arrivals, level 2$/, /^link, /, 'contentinfo',
      ]);
    });
    await check('screen reader: search results announce their count and name their facets', {}, async (page) => {
      await page.goto(url('/search?keyword=pride'));
      return expectSpoken(await spoken(page), [
        /^heading, Search results for .pride., level 1$/, 'status', '1 title found', 'combobox, Sort by, relevance, has popup listbox, not expanded',
        `link, ${TITLE}`, 'navigation, Narrow the results', 'heading, Accessibility, level 3', 'link, Readable by screen reader alone',
        'heading, Hazards, level 3', 'link, No flashing hazard', 'heading, Format, level 3',
      ]);
    });
    await check('screen reader, in Spanish: search results announce their count and name their facets', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      await page.goto(url('/search?keyword=pride'));
      return expectSpoken(await spoken(page), [
        /^heading, Resultados de la búsqueda de .pride., level 1$/, 'status', 'Se encontró 1 título', /^combobox, Ordenar por/,
        `link, ${TITLE}`, 'navigation, Afinar los resultados', 'heading, Accesibilidad, level 3', 'link, Legible solo con lector de pantalla',
        'heading, Riesgos, level 3', 'link, Sin riesgo por destellos', 'heading, Formato, level 3',
      ]);
    });
    await check('screen reader, in French: a title that is not here says so in French, naming what was asked as it was sent', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'fr' });
      const resp = await page.goto(url('/titles/no-such-title'));
      if (resp.status() !== 404) throw new Failure(`HTTP ${resp.status()}, expected 404`);
      return expectSpoken(await spoken(page), [
        'heading, Page introuvable, level 1', /^Il n'y a aucun titre «\s+no-such-title\s+»$/,
      ]);
    });
    await check('screen reader, in Arabic: a title page reads its cover, formats and accessibility statements', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await page.goto(url('/titles/demo-pride'));
      return expectSpoken(await spoken(page), [
        `heading, ${TITLE}, level 1`, `image, غلاف ${TITLE}`, /^region, تنزيل$|^heading, تنزيل, level 2$/,
        /^group, اختر صيغة/, /^radio, EPUB 3, checked/, 'button, تنزيل', /^heading, إمكانية الوصول, level 2$/,
        'heading, EPUB 3, level 3',
      ]);
    });
    await check('screen reader: a title page reads its cover, formats and accessibility statements', {}, async (page) => {
      await page.goto(url('/titles/demo-pride'));
      return expectSpoken(await spoken(page), [
        `heading, ${TITLE}, level 1`, `image, Cover of ${TITLE}`, /^region, Download$|^heading, Download, level 2$/,
        /^group, Choose a format/, /^radio, EPUB 3, checked/, 'button, Download', /^heading, Accessibility, level 2$/,
        'heading, EPUB 3, level 3', 'heading, Ways of reading, level 4', 'All content can be read as read aloud speech or dynamic braille',
        'heading, Hazards, level 4',
      ]);
    });
    await check('reading aloud with the browser\'s voice: the sentence and its word highlighted as they are spoken, on by a sentence, back by a paragraph, paused, resumed and stopped', {}, async (page) => {
      // A slow voice: the checks below happen while a sentence is still being spoken.
      await page.addInitScript(standInSpeech, 800);
      await signIn(page);
      await openReader(page);
      await page.goto(page.url().replace(/\/1$/, '/2'));
      const steps = [];
      await page.getByRole('button', { name: 'Read aloud' }).click();
      await page.waitForFunction(() => CSS.highlights.get('read-aloud-word'));
      let shown = await readingShown(page);
      if (shown.sentence !== shown.spoken[0]) throw new Failure(`the sentence highlighted is "${shown.sentence}", spoken "${shown.spoken[0]}"`);
      if (!shown.word || !shown.sentence.includes(shown.word)) throw new Failure(`the word highlighted, "${shown.word}", is not in "${shown.sentence}"`);
      steps.push(`reading "${shown.sentence}", at "${shown.word}"`);
      // The word follows the voice.
      const firstWord = shown.word;
      await page.waitForFunction((w) => [...CSS.highlights.get('read-aloud-word')][0].toString() !== w, firstWord);
      steps.push(`then at "${(await readingShown(page)).word}"`);
      await page.keyboard.press('Alt+Shift+N');
      await page.waitForFunction((n) => window.__spoken.length > n, shown.spoken.length);
      shown = await readingShown(page);
      if (shown.sentence !== shown.spoken.at(-1)) throw new Failure(`after "next sentence" the highlight is "${shown.sentence}", spoken "${shown.spoken.at(-1)}"`);
      steps.push(`Alt+Shift+N: "${shown.sentence}"`);
      // Back to the paragraph before (the chapter's heading), whole.
      const block = shown.block;
      await page.getByRole('button', { name: 'Previous paragraph' }).click();
      await page.waitForFunction((b) => { const r = document.querySelector('[data-reading]'); return r && r.textContent.trim() !== b; }, block);
      shown = await readingShown(page);
      if (shown.sentence !== shown.spoken.at(-1) || shown.block !== shown.sentence) throw new Failure(`"previous paragraph" shows "${shown.sentence}" in "${shown.block}", spoken "${shown.spoken.at(-1)}"`);
      steps.push(`Previous paragraph: "${shown.block}"`);
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('status').filter({ hasText: 'Paused.' }).waitFor();
      const paused = (await readingShown(page)).spoken.length;
      await page.getByRole('button', { name: 'Resume' }).click();
      await page.waitForFunction((n) => window.__spoken.length > n, paused);
      steps.push('paused, resumed');
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.getByRole('status').filter({ hasText: 'Stopped.' }).waitFor();
      shown = await readingShown(page);
      if (shown.block || shown.sentence) throw new Failure('stopping left the text highlighted');
      return [steps.join('; ')];
    });
    await check('listening to the narration: the paragraph highlighted follows the audio\'s time as the clips\' timings say, at normal speed and at 2 times, the heading said as it passes, and listening goes on into the next part', {}, async (page) => {
      await openListener(page);
      const steps = [];
      for (const rate of [1, 2]) {
        await page.goto(page.url().replace(/\?.*$/, ''));
        await page.selectOption('#listen-rate', String(rate));
        await page.keyboard.press('Alt+Shift+P');
        await page.waitForFunction(() => { const a = document.querySelector('audio.listen-player'); return a && !a.paused && a.currentTime > 0; });
        const heard = await page.evaluate(followAlong, 3500);
        const wrong = heard.samples.filter((s) => s.shown !== s.expected && !s.nearBoundary);
        if (wrong.length) throw new Failure(`at ${rate} times, the highlight did not follow the timings`, wrong.map((s) => `at ${s.t.toFixed(2)} s: highlighted ${s.shown}, the clip is ${s.expected}`));
        const visited = new Set(heard.samples.map((s) => s.shown).filter(Boolean));
        if (visited.size < 3) throw new Failure(`at ${rate} times, the highlight visited ${[...visited].join(', ')} only`);
        const speed = heard.advanced / heard.wall;
        if (Math.abs(speed - rate) > rate * 0.25) throw new Failure(`at ${rate} times, the audio ran ${speed.toFixed(2)} times as fast as the clock`);
        if (heard.rate !== rate || !heard.pitchKept) throw new Failure(`the player's rate is ${heard.rate} and keeps its pitch: ${heard.pitchKept}`);
        const heading = (await page.locator('article.book-text h1, article.book-text h2').first().textContent()).replace(/\s+/g, ' ').trim();
        if (heard.said !== heading) throw new Failure(`the status said "${heard.said}" as the heading "${heading}" passed`);
        steps.push(`${rate}x: ${heard.samples.length} samples over ${heard.wall.toFixed(1)} s, audio ${heard.advanced.toFixed(1)} s, paragraphs ${[...visited].join(' ')}, the status said "${heard.said}"`);
      }
      // At the part's end, the next part's page, playing on.
      await page.waitForURL((u) => /\/2\/listen$/.test(u.pathname) && u.searchParams.get('play') === '1', { timeout: 30_000 });
      await page.waitForFunction(() => { const a = document.querySelector('audio.listen-player'); return a && !a.paused && document.querySelector('.narration-now'); });
      steps.push('went on into part 2, playing, its first paragraph highlighted');
      return [steps.join('; ')];
    });
    await check('listening by keyboard alone, as a screen reader hears it: Tab to Play and press it, Alt+Shift+ArrowDown to the next paragraph, Alt+Shift+P to pause; the player named, its buttons and speed announced', {}, async (page) => {
      const steps = [];
      await openListener(page).catch((e) => { throw new Failure(`opening: ${e.message}`); });
      await page.goto(page.url().replace(/\?.*$/, '').replace(/\/1\/listen$/, '/2/listen'));
      const heard = expectSpoken(await spoken(page), [
        /^region, Listen to the narration$|^heading, Listen to the narration, level 2$/, 'button, Play, key shortcuts Alt+Shift+P',
        'button, Previous paragraph, key shortcuts Alt+Shift+ArrowUp', 'button, Next paragraph, key shortcuts Alt+Shift+ArrowDown',
        'button, Next heading, key shortcuts Alt+Shift+H', /^combobox, Speed, /, /^article, /,
      ]);
      await tabTo(page, byText('button', /^Play$/), 'the Play button', steps);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('audio.listen-player').paused && document.querySelector('.narration-now')).catch(async () => {
        throw new Failure('Enter on Play did not start the narration', [JSON.stringify(await page.evaluate(() => { const a = document.querySelector('audio.listen-player'); return { paused: a.paused, t: a.currentTime, active: document.activeElement.outerHTML.slice(0, 80), status: document.querySelector('.listen-status').textContent }; }))]);
      });
      const before = await page.locator('.narration-now').getAttribute('data-cfi');
      await page.keyboard.press('Alt+Shift+ArrowDown');
      await page.waitForFunction((b) => { const n = document.querySelector('.narration-now'); return n && n.getAttribute('data-cfi') !== b; }, before).catch(async () => {
        throw new Failure(`Alt+Shift+ArrowDown did not move on from ${before}`, [JSON.stringify(await page.evaluate(() => { const a = document.querySelector('audio.listen-player'); return { paused: a.paused, t: a.currentTime, src: a.src.slice(-10), active: document.activeElement.outerHTML.slice(0, 80), status: document.querySelector('.listen-status').textContent }; }))]);
      });
      const after = await page.locator('.narration-now').getAttribute('data-cfi');
      steps.push(`Enter: playing at ${before}; Alt+Shift+ArrowDown: ${after}`);
      await page.keyboard.press('Alt+Shift+P');
      await page.waitForFunction(() => document.querySelector('audio.listen-player').paused).catch(async () => {
        throw new Failure('Alt+Shift+P did not pause', [JSON.stringify(await page.evaluate(() => { const a = document.querySelector('audio.listen-player'); return { paused: a.paused, t: a.currentTime, src: a.src.slice(-10), label: document.querySelector('[data-action="play"]').textContent, active: document.activeElement.outerHTML.slice(0, 80), status: document.querySelector('.listen-status').textContent }; }))]);
      });
      const label = await page.locator('.listen-buttons [data-action="play"]').textContent();
      if (label !== 'Play') throw new Failure(`paused, the button says "${label}"`);
      steps.push('Alt+Shift+P: paused, the button says Play');
      return [...heard, steps.join('; ')];
    });
    await check('listening when the connection drops: the narration pauses where it was, says so, and goes on from there when the connection is back', {}, async (page) => {
      await openListener(page);
      const player = () => page.evaluate(() => { const a = document.querySelector('audio.listen-player'); return { paused: a.paused, t: a.currentTime }; });
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => document.querySelector('audio.listen-player').currentTime > 1);
      await page.context().setOffline(true);
      await page.locator('.listen-status', { hasText: 'The connection dropped' }).waitFor();
      const dropped = await player();
      if (!dropped.paused) throw new Failure('offline, the narration played on');
      await page.context().setOffline(false);
      await page.waitForFunction((t) => { const a = document.querySelector('audio.listen-player'); return !a.paused && a.currentTime > t; }, dropped.t);
      const back = await player();
      if (back.t < dropped.t || back.t > dropped.t + 3) throw new Failure(`back online at ${back.t.toFixed(2)} s, dropped at ${dropped.t.toFixed(2)} s`);
      return [`dropped at ${dropped.t.toFixed(2)} s, paused; back online, playing on at ${back.t.toFixed(2)} s`];
    });
    await check('listening to the library\'s own recording: the heading or page highlighted follows the audio\'s time as its SMIL says, at normal speed and at 2 times, across its tracks; Alt+Shift+PageDown goes to the next print page and says it; a page followed as a link plays from its place', {}, async (page) => {
      await signIn(page);
      await openRecording(page);
      const steps = [];
      for (const rate of [1, 2]) {
        await page.goto(page.url());
        await page.selectOption('#listen-rate', String(rate));
        await page.keyboard.press('Alt+Shift+P');
        await page.waitForFunction(() => { const a = document.querySelector('audio.listen-player'); return a && !a.paused && a.currentTime > 0; });
        const heard = await page.evaluate(followAlong, 5000);
        const wrong = heard.samples.filter((s) => s.shown !== s.expected && !s.nearBoundary);
        if (wrong.length) throw new Failure(`at ${rate} times, the highlight did not follow the timings`, wrong.map((s) => `at ${s.t.toFixed(2)} s: highlighted ${s.shown}, the clip is ${s.expected}`));
        const visited = new Set(heard.samples.map((s) => s.shown).filter(Boolean));
        if (visited.size < 2) throw new Failure(`at ${rate} times, the highlight visited ${[...visited].join(', ')} only`);
        if (heard.rate !== rate || !heard.pitchKept) throw new Failure(`the player's rate is ${heard.rate} and keeps its pitch: ${heard.pitchKept}`);
        steps.push(`${rate}x: ${heard.samples.length} samples over ${heard.wall.toFixed(1)} s, marks ${[...visited].join(' ')}, the status said "${heard.said}"`);
      }
      await page.keyboard.press('Alt+Shift+PageDown');
      await page.locator('.listen-status', { hasText: /^Page \d+$/ }).waitFor();
      const page1 = await page.locator('.narration-now').textContent();
      if (!/^Page \d+$/.test(page1.trim())) throw new Failure(`Alt+Shift+PageDown highlighted "${page1}"`);
      steps.push(`Alt+Shift+PageDown: ${page1.trim()} highlighted and said`);
      const link = page.locator('article.recording a', { hasText: 'Page 12' });
      const [track, second] = (await link.getAttribute('href')).split('#t=');
      await link.click();
      await page.waitForFunction(([t, s]) => {
        const a = document.querySelector('audio.listen-player');
        const n = document.querySelector('.narration-now');
        return !a.paused && a.src.endsWith(t) && a.currentTime >= Number(s) && n && n.textContent.trim() === 'Page 12';
      }, [track, second]).catch(async () => {
        throw new Failure('following "Page 12" did not play from its place', [JSON.stringify(await page.evaluate(() => { const a = document.querySelector('audio.listen-player'); return { paused: a.paused, t: a.currentTime, src: a.src.slice(-12), now: (document.querySelector('.narration-now') || {}).textContent }; }))]);
      });
      steps.push(`"Page 12" followed: playing ${track} from ${second} s, Page 12 highlighted`);
      return [steps.join('; ')];
    });
    await check('listening to a recording by keyboard alone, as a screen reader hears it: the player and its buttons with their keys, the headings and pages; Tab to Play and press it, Alt+Shift+ArrowDown to the next heading, Alt+Shift+P to pause', {}, async (page) => {
      const steps = [];
      await signIn(page);
      await openRecording(page);
      const heard = expectSpoken(await spoken(page), [
        /^region, Listen to the library's recording$|^heading, Listen to the library's recording, level 2$/, 'button, Play, key shortcuts Alt+Shift+P',
        'button, Previous heading, key shortcuts Alt+Shift+ArrowUp', 'button, Next heading, key shortcuts Alt+Shift+ArrowDown',
        'button, Previous page, key shortcuts Alt+Shift+PageUp', 'button, Next page, key shortcuts Alt+Shift+PageDown',
        /^combobox, Speed, /, /^article, Headings and pages/, /^heading, Headings and pages, level 2$/, /^link, Page 11$/,
      ]);
      await tabTo(page, byText('button', /^Play$/), 'the Play button', steps);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => !document.querySelector('audio.listen-player').paused && document.querySelector('.narration-now'));
      const before = await page.locator('.narration-now').getAttribute('id');
      await page.keyboard.press('Alt+Shift+ArrowDown');
      await page.waitForFunction((b) => { const n = document.querySelector('.narration-now'); return n && n.id !== b && /^H\d$/.test(n.tagName); }, before).catch(() => {
        throw new Failure(`Alt+Shift+ArrowDown did not move on to a heading from ${before}`);
      });
      const after = await page.locator('.narration-now').textContent();
      const said = await page.locator('.listen-status').textContent();
      if (said.trim() !== after.trim()) throw new Failure(`at the heading "${after}", the status said "${said}"`);
      steps.push(`Enter: playing at ${before}; Alt+Shift+ArrowDown: the heading "${after.trim()}", said`);
      await page.keyboard.press('Alt+Shift+P');
      await page.waitForFunction(() => document.querySelector('audio.listen-player').paused);
      steps.push('Alt+Shift+P: paused');
      return [...heard, steps.join('; ')];
    });
    await check('listening to a recording without JavaScript: Tab to a print page\'s link and press Enter, and the browser\'s own player plays the track from that second', { script: false }, async (page) => {
      const steps = [];
      await signIn(page);
      await openRecording(page);
      await tabTo(page, byText('a', /^Page 12$/), 'the link to Page 12', steps);
      const href = await page.locator('article.recording a', { hasText: 'Page 12' }).getAttribute('href');
      const second = Number(href.split('#t=')[1]);
      // The second the link names is where its clip begins, as the recording's SMIL places it.
      const begins = await page.evaluate(() => {
        const link = [...document.querySelectorAll('article.recording a')].find((a) => a.textContent === 'Page 12');
        return JSON.parse(document.getElementById('listen-clips').textContent).clips[Number(link.dataset.clip)][1];
      });
      if (!(second > 0) || Math.abs(second - begins) > 0.001) throw new Failure(`the link to Page 12 names ${href}; its clip begins at ${begins} s`);
      await Promise.all([page.waitForURL((u) => /\/recording\/\d+$/.test(u.pathname)), page.keyboard.press('Enter')]);
      const media = 'video, audio';
      await page.waitForFunction((m) => { const e = document.querySelector(m); return e && !e.paused && e.currentTime > 0; }, media).catch(() => {
        throw new Failure('the track did not play in the browser\'s own player', steps);
      });
      const at = await page.evaluate((m) => document.querySelector(m).currentTime, media);
      if (at < second - 0.05 || at > second + 3) throw new Failure(`the player began at ${at.toFixed(2)} s, the page is at ${second} s`, steps);
      steps.push(`Enter: ${new URL(page.url()).pathname.split('/').slice(-2).join('/')} playing at ${at.toFixed(2)} s (Page 12 is at ${second} s)`);
      return [steps.join('; ')];
    });
    await check('a highlight made reading online: the text selected, highlighted by its key, is the API\'s highlight, painted on the text and listed below it, and painted again when the part is opened again', {}, async (page) => {
      await signIn(page);
      await openReader(page);
      await page.goto(page.url().replace(/\/1$/, '/2'));
      const chosen = await page.evaluate(() => {
        const p = [...document.querySelectorAll('article.book-text p')].find((e) => e.firstChild && e.firstChild.nodeType === Node.TEXT_NODE && e.firstChild.data.length > 12);
        const range = document.createRange();
        range.setStart(p.firstChild, 0);
        range.setEnd(p.firstChild, 12);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        return { cfi: p.getAttribute('data-cfi'), text: range.toString() };
      });
      const kept = page.waitForResponse((r) => r.url().endsWith('/2/highlight'));
      await page.keyboard.press('Alt+Shift+L');
      if ((await kept).status() !== 204) throw new Failure(`the highlight was answered ${(await kept).status()}`);
      await page.locator('.highlight-status', { hasText: 'The selected text is highlighted.' }).waitFor();
      const location = `epubcfi(/6/4!${chosen.cfi},/1:0,/1:12)`;
      const api = await readerApi(page);
      const listed = (await api('myHighlights?serviceId=demo-pride&format=EPUB3')).highlights || [];
      const mine = listed.find((h) => h.location === location);
      if (!mine || mine.text !== chosen.text) throw new Failure(`the API has no highlight at ${location} of "${chosen.text}"`, listed.map((h) => `${h.location}: ${h.text}`));
      // A whole paragraph selected as a browser selects one (by its element's children).
      const whole = await page.evaluate(() => {
        const p = [...document.querySelectorAll('article.book-text p')].find((e) => e.childNodes.length === 1 && e.firstChild.nodeType === Node.TEXT_NODE);
        const range = document.createRange();
        range.setStart(p, 0);
        range.setEnd(p, 1);
        window.getSelection().removeAllRanges();
        window.getSelection().addRange(range);
        return { location: `epubcfi(/6/4!${p.getAttribute('data-cfi')},/1:0,/1:${p.firstChild.data.length})` };
      });
      const second = page.waitForResponse((r) => r.url().endsWith('/2/highlight'));
      await page.keyboard.press('Alt+Shift+L');
      if ((await second).status() !== 204) throw new Failure('the paragraph selected was not highlighted');
      const both = (await api('myHighlights?serviceId=demo-pride&format=EPUB3')).highlights || [];
      if (!both.some((h) => h.location === whole.location)) throw new Failure(`the API has no highlight at ${whole.location}`, both.map((h) => h.location));
      await page.reload();
      const painted = await page.evaluate(() => [...(CSS.highlights.get('reader-highlight') || [])].map((r) => r.toString()));
      if (!painted.includes(chosen.text)) throw new Failure(`opened again, the part paints ${JSON.stringify(painted)}, not "${chosen.text}"`);
      const item = await page.locator(`.my-highlights li[data-location="${location}"]`).textContent();
      if (!item.includes(chosen.text)) throw new Failure(`the list says "${item}"`);
      return [`"${chosen.text}" kept at ${location}; the whole paragraph selected kept at ${whole.location}; painted and listed again on opening the part`];
    });
    await check('reading aloud on a device with no voice offers the library\'s narration instead, and it plays', {}, async (page) => {
      await openReader(page);
      await page.getByRole('button', { name: 'Read aloud' }).click();
      const instead = page.locator('.read-aloud-status a', { hasText: 'Listen to the library\u2019s narration instead' });
      await instead.waitFor();
      const said = (await page.locator('.read-aloud-status').textContent()).trim();
      await Promise.all([page.waitForURL((u) => u.pathname.endsWith('/1/listen')), instead.click()]);
      if (!(await page.locator('#listen-clips').count())) {
        const ready = page.locator('#package-status a');
        await ready.waitFor({ timeout: 80_000 });
        await page.goto(new URL(await ready.getAttribute('href'), page.url()).href);
      }
      await page.getByRole('button', { name: 'Play' }).click();
      await page.waitForFunction(() => { const a = document.querySelector('audio.listen-player'); return a && !a.paused && a.currentTime > 0; });
      return [`headless Chromium has no voice: "${said}"; the narration plays instead`];
    });
    await check('reading online keeps the place: the paragraph on the screen is the API\'s reading position, and one a dropped connection lost is sent when it is back', { viewport: { width: 1280, height: 240 } }, async (page) => {
      await signIn(page);
      await openReader(page);
      const api = await readerApi(page);
      const chapter = page.url().replace(/\/1$/, '/2');
      const placed = () => page.waitForResponse((r) => r.url().endsWith('/2/place') && r.request().method() === 'POST');
      const first = placed();
      await page.goto(chapter);
      if ((await first).status() !== 204) throw new Failure('the place was not kept');
      const kept = async () => (await api('myReadingPosition/demo-pride/EPUB3')).location;
      const before = await kept();
      if (!/^epubcfi\(\/6\/4!\/4\/2\/\d+\)$/.test(before)) throw new Failure(`the place kept on opening the chapter is ${before}`);
      await page.context().setOffline(true);
      const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/2/place'));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await failed;
      const resent = placed();
      await page.context().setOffline(false);
      if ((await resent).status() !== 204) throw new Failure('the place was not sent again');
      const after = await kept();
      if (after === before || !after.startsWith('epubcfi(/6/4!')) throw new Failure(`the place after reading on is ${after} (was ${before})`);
      return [`kept ${before} on opening; offline, read on; back online, kept ${after}`];
    });
    await check('screen reader, in Arabic: a part of a book read online names the book, the ways on and the part in Arabic, then reads its English text', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'ar' });
      await openReader(page);
      await page.goto(page.url().replace(/\/1$/, '/2'));
      return expectSpoken(await spoken(page), [
        `heading, ${TITLE}, level 1`, 'navigation, هذا الكتاب', 'link, الفهرس', 'link, الجزء السابق', 'link, الجزء التالي',
        /^article, /, /page 11$/, /^heading, About this book, level 1$/, /^end of article, /, 'navigation, هذا الكتاب، بعد النص', 'link, الجزء السابق',
      ]);
    });
    await check('screen reader, in Spanish: a new reading list sent without a name is an alert, and the field says what to do', {}, async (page) => {
      await page.setExtraHTTPHeaders({ 'Accept-Language': 'es' });
      await signIn(page);
      await page.goto(url('/lists'));
      await Promise.all([page.waitForURL(() => true, { waitUntil: 'load' }), page.locator('form[action$="/lists"] button[type="submit"]').click()]);
      await page.locator('[role="alert"]').waitFor();
      return expectSpoken(await spoken(page), [
        'heading, Mis listas de lectura, level 1', 'alert, Hay un problema', 'heading, Hay un problema, level 2',
        'link, Escriba un nombre para la lista', /^textbox, Nombre de la lista, .*Escriba un nombre para la lista.*invalid/,
      ]);
    });
    await check('screen reader: a part of a book read online names the book, the ways on and the part, then reads its text, saying the print page where it starts', {}, async (page) => {
      await openReader(page);
      await page.goto(page.url().replace(/\/1$/, '/2'));
      return expectSpoken(await spoken(page), [
        `heading, ${TITLE}, level 1`, 'navigation, This book', 'link, Contents', 'link, Previous part', 'link, Next part',
        // The demo's books follow a print edition: chapter 1 starts on page 11.
        /^article, /, /page 11$/, /^heading, About this book, level 1$/, /^end of article, /, 'navigation, This book, after the text', 'link, Previous part',
      ]);
    });
    await check('screen reader: the sign-in form\'s errors are an alert and each field says its own', {}, async (page) => {
      await page.goto(url('/sign-in'));
      await Promise.all([page.waitForURL(() => true, { waitUntil: 'load' }), page.locator('main form button[type="submit"]').click()]);
      await page.locator('[role="alert"]').waitFor();
      return expectSpoken(await spoken(page), [
        'heading, Sign in, level 1', 'alert, There is a problem', 'heading, There is a problem, level 2', 'link, Enter your user name or email address',
        /^textbox, User name or email address, .*Enter your user name or email address.*invalid/,
        // A password field has no ARIA role, so nothing is said before its name.
        /^Password, Error: Enter your password/,
      ]);
    });
    await check('screen reader: a download says how it is coming along in a status message', {}, async (page) => {
      await signIn(page);
      await openDownload(page);
      return expectSpoken(await spoken(page), [
        `heading, Your copy of ${TITLE}, level 1`, 'status', /Your EPUB 3 copy is (ready|being prepared)/,
      ]);
    });
  } finally {
    await withTimeout(browser.close(), 10_000, 'closing Chromium').catch(() => {});
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
