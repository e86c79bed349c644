// The library's narration played beside the text, on a part's listening page: one player for
// the part's MP3s, the paragraph being read highlighted and kept in view as the clips' timings
// say (`listen-clips`, written by the server), moving by paragraph and heading with buttons or
// keys, at 0.5 to 3 times the speed with the voice's pitch kept. When the part's last clip ends,
// listening goes on on the next part's page. A dropped connection pauses it; it goes on from
// where it was when the connection is back. Without this script the part's MP3s are the
// browser's own players, and nothing is highlighted.
//
// The same player plays a library's own recording on its page: its clips name the page's
// headings and print pages by id rather than by CFI steps, a heading's later stretches are
// `more` of it, and the headings and pages listed are links that play from their place.
(function () {
  'use strict';
  // What the script says, in the page's language: the page writes its words (`script-words`).
  var words = (function () {
    var el = document.getElementById('script-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  function w(key) { return words[key] || key; }
  var panel = document.querySelector('section.listen');
  var data = document.getElementById('listen-clips');
  var article = document.querySelector('article.book-text');
  if (!panel || !data || !article || !window.Audio) return;
  var script;
  try { script = JSON.parse(data.textContent); } catch (e) { return; }
  var clips = script.clips.map(function (c) {
    return { file: c[0], begin: c[1], end: c[2], steps: c[3], kind: c[4], page: c[5], element: placed(c[3]) };
  });
  if (clips.length === 0) return;
  var buttons = panel.querySelector('.listen-buttons');
  var status = panel.querySelector('[role="status"]');
  var playButton = panel.querySelector('[data-action="play"]');
  var rateSelect = panel.querySelector('#listen-rate');
  var store = (function () { try { return window.localStorage; } catch (e) { return null; } })();
  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  // The script's own player replaces the browser's players: one for every track, so the text
  // is followed across them.
  var audio = document.createElement('audio');
  audio.className = 'listen-player';
  audio.preload = 'auto';
  audio.preservesPitch = true;
  audio.hidden = true;
  panel.appendChild(audio);
  var tracks = panel.querySelector('.listen-tracks');
  if (tracks) tracks.hidden = true;
  buttons.hidden = false;

  var file = -1;
  var now = -1;
  var playing = false;
  var lost = null;
  var params = new URLSearchParams(window.location.search);

  // The element the page marks with these steps, or the nearest one that holds it (a table's
  // cell is heard, the table is marked); on a recording's page, the element of that id.
  function placed(steps) {
    if (steps.charAt(0) !== '/') return document.getElementById(steps);
    var s = steps;
    while (s) {
      var found = article.querySelector('[data-cfi="' + s.replace(/[^/0-9]/g, '') + '"]');
      if (found) return found;
      s = s.replace(/\/[0-9]+$/, '');
    }
    return null;
  }

  function say(text) { status.textContent = text; }

  function label() { playButton.textContent = playing ? w('script-pause') : w('script-play'); }

  function load(i) {
    if (file === i) return;
    file = i;
    audio.src = script.files[i];
    audio.playbackRate = Number(rateSelect.value) || 1;
  }

  // Goes to clip i (and plays on when playing).
  function go(i) {
    if (i >= clips.length) return finish();
    i = Math.max(0, i);
    load(clips[i].file);
    audio.currentTime = clips[i].begin;
    show(i);
    if (playing) start();
  }

  function start() {
    playing = true;
    label();
    var p = audio.play();
    if (p && p.catch) {
      // Refused (autoplay not allowed): the reader presses Play. Interrupted by another track
      // loaded or a pause: whatever came after decides.
      p.catch(function (e) {
        if (e && e.name === 'AbortError') return;
        playing = false;
        label();
        say(w('script-press-play'));
      });
    }
    loop();
  }

  function pause() {
    playing = false;
    audio.pause();
    label();
  }

  // The clip being heard becomes the highlighted one, kept in view; a heading or page passing
  // is said in the status, for a reader who does not see the highlight.
  function show(i) {
    if (i === now) return;
    var before = now >= 0 ? clips[now].element : null;
    now = i;
    var c = clips[i];
    if (before && before !== c.element) before.classList.remove('narration-now');
    if (c.element) {
      c.element.classList.add('narration-now');
      follow(c.element);
    }
    if (c.kind === 'heading' && c.element) say(c.element.textContent.replace(/\s+/g, ' ').trim());
    else if (c.kind === 'page') say(w('script-page').replace('{page}', c.page));
  }

  function follow(element) {
    var box = element.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  // Where the player is: the last clip of its file that has begun. Past the part's last clip
  // in this file (a track may go on into the next part), on to the next track or part.
  function tick() {
    if (file < 0) return;
    var t = audio.currentTime;
    var found = -1;
    for (var i = 0; i < clips.length; i++) {
      if (clips[i].file === file && clips[i].begin <= t + 0.001) found = i;
    }
    if (found < 0) return;
    var last = found + 1 >= clips.length || clips[found + 1].file !== file;
    if (last && t >= clips[found].end - 0.001) {
      if (found + 1 < clips.length) go(found + 1);
      else finish();
      return;
    }
    show(found);
  }

  function loop() {
    if (!playing) return;
    tick();
    window.requestAnimationFrame(loop);
  }

  // The player's time and its end both find the part over: the next part is gone to once.
  var leaving = false;
  function finish() {
    if (leaving) return;
    if (playing && script.next) {
      leaving = true;
      pause();
      window.location.assign(script.next + '?play=1');
      return;
    }
    pause();
    say(script.next ? w('script-end-of-part') : w('script-end-of-book'));
  }

  function stop() {
    if (now >= 0 && clips[now].element) clips[now].element.classList.remove('narration-now');
    now = -1;
  }

  // The next (or previous) clip that begins a paragraph or heading: not a page's number, nor
  // the rest of a recording's heading.
  function step(by) {
    var i = now < 0 ? (by > 0 ? -1 : 0) : now;
    do { i += by; } while (i >= 0 && i < clips.length && (clips[i].kind === 'page' || clips[i].kind === 'more'));
    if (i < 0) i = 0;
    if (i >= clips.length) { say(w('script-last-paragraph')); return; }
    go(i);
  }

  function nextHeading() {
    for (var i = now + 1; i < clips.length; i++) {
      if (clips[i].kind === 'heading') return go(i);
    }
    say(w('script-no-heading-follows'));
  }

  function toPage(by) {
    for (var i = now + by; i >= 0 && i < clips.length; i += by) {
      if (clips[i].kind === 'page') return go(i);
    }
    say(by > 0 ? w('script-no-page-follows') : w('script-no-page-before'));
  }

  function act(action) {
    if (action === 'play') {
      if (playing) return pause();
      if (now < 0) go(first());
      start();
    } else if (action === 'previous-paragraph') step(-1);
    else if (action === 'next-paragraph') step(1);
    else if (action === 'next-heading') nextHeading();
    else if (action === 'previous-page') toPage(-1);
    else if (action === 'next-page') toPage(1);
  }

  // Where listening starts: the reader's place when the page was opened at one.
  function first() {
    var at = params.get('at');
    if (at) {
      for (var i = 0; i < clips.length; i++) {
        if (clips[i].steps === at || clips[i].steps.indexOf(at + '/') === 0) return i;
      }
    }
    return 0;
  }

  buttons.addEventListener('click', function (e) {
    var button = e.target.closest('button[data-action]');
    if (button) act(button.getAttribute('data-action'));
  });
  // A recording's heading or page, followed as a link: heard here, from its place.
  article.addEventListener('click', function (e) {
    var link = e.target.closest('a[data-clip]');
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    go(Number(link.getAttribute('data-clip')));
    start();
  });
  document.addEventListener('keydown', function (e) {
    if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
    var keys = { KeyP: 'play', ArrowUp: 'previous-paragraph', ArrowDown: 'next-paragraph', KeyH: 'next-heading',
      PageUp: 'previous-page', PageDown: 'next-page' };
    var action = keys[e.code];
    if (!action || (/page$/.test(action) && !panel.querySelector('[data-action="' + action + '"]'))) return;
    e.preventDefault();
    act(action);
  });

  var kept = store && store.getItem('lectern.listen.rate');
  if (kept && rateSelect.querySelector('option[value="' + kept + '"]')) rateSelect.value = kept;
  rateSelect.addEventListener('change', function () {
    audio.playbackRate = Number(rateSelect.value) || 1;
    if (store) store.setItem('lectern.listen.rate', rateSelect.value);
  });

  audio.addEventListener('timeupdate', tick);
  audio.addEventListener('ended', function () {
    for (var i = now + 1; i < clips.length; i++) {
      if (clips[i].file !== file) return go(i);
    }
    finish();
  });

  // A dropped connection: paused where it was, and on from there when it is back.
  function dropped() {
    if (lost || file < 0) return;
    lost = { file: file, time: audio.currentTime, playing: playing };
    pause();
    say(w('script-connection-dropped'));
  }
  audio.addEventListener('error', function () {
    if (!navigator.onLine) return dropped();
    pause();
    if (tracks) {
      say(w('script-narration-unplayable'));
      tracks.hidden = false;
    } else {
      say(w('script-recording-unplayable'));
    }
  });
  audio.addEventListener('stalled', function () { if (!navigator.onLine) dropped(); });
  window.addEventListener('offline', function () { if (playing) dropped(); });
  window.addEventListener('online', function () {
    if (!lost) return;
    var was = lost;
    lost = null;
    file = -1;
    load(was.file);
    audio.currentTime = was.time;
    say(w('script-connection-back'));
    if (was.playing) start();
  });
  window.addEventListener('pagehide', stop);

  label();
  if (params.get('play') === '1') {
    go(first());
    start();
  }
})();
