// Reading aloud with the browser's own voices (the Web Speech API), on a part of a book read
// online: the sentence being spoken and its word are highlighted (the CSS Custom Highlight
// API, so the book's text is never rewritten), the page follows the voice, and the reader moves
// by sentence, paragraph and heading, with buttons or keys. The voice and speed chosen are
// remembered by this browser: the voices are the device's own. Without this script, or in a
// browser without speech, the panel stays hidden and the page is as it was.
(function () {
  'use strict';
  // What the script says, in the page's language: the page writes its words (`script-words`).
  var words = (function () {
    var el = document.getElementById('script-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  function w(key) { return words[key] || key; }
  var panel = document.querySelector('.read-aloud');
  var article = document.querySelector('article.book-text');
  if (!panel || !article || !window.speechSynthesis || !window.SpeechSynthesisUtterance) return;
  var synth = window.speechSynthesis;
  var status = panel.querySelector('[role="status"]');
  var playButton = panel.querySelector('[data-action="play"]');
  var voiceSelect = panel.querySelector('#read-aloud-voice');
  var rateSelect = panel.querySelector('#read-aloud-rate');
  var lang = article.getAttribute('lang') || document.documentElement.getAttribute('lang') || 'en';
  var highlights = window.CSS && CSS.highlights && window.Highlight ? CSS.highlights : null;
  var store = (function () { try { return window.localStorage; } catch (e) { return null; } })();

  // What is read: each block of text (a paragraph, heading, item or cell with no block in it),
  // cut into sentences, each kept as its block and its characters there.
  var BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, dt, dd, blockquote, figcaption, caption, td, th, pre';
  var blocks = Array.prototype.filter.call(article.querySelectorAll(BLOCKS), function (b) {
    return !b.querySelector(BLOCKS) && b.textContent.trim() !== '';
  });
  var sentences = [];
  blocks.forEach(function (block, b) {
    var text = block.textContent;
    cut(text).forEach(function (s) {
      var trimmed = s.text.replace(/\s+$/, '');
      if (trimmed.trim() !== '') sentences.push({ block: block, b: b, start: s.index, end: s.index + trimmed.length, text: trimmed });
    });
  });
  if (sentences.length === 0) return;
  panel.hidden = false;

  function cut(text) {
    if (window.Intl && Intl.Segmenter) {
      return Array.from(new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(text), function (s) {
        return { text: s.segment, index: s.index };
      });
    }
    var out = [];
    var re = /[^.!?]+[.!?]*["'\u2019\u201d)]*\s*/g;
    var m;
    while ((m = re.exec(text))) out.push({ text: m[0], index: m.index });
    return out;
  }

  // A range over characters `start` to `end` of a block's text.
  function rangeOf(block, start, end) {
    var range = document.createRange();
    var walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    var seen = 0;
    var node;
    var startSet = false;
    while ((node = walker.nextNode())) {
      var length = node.data.length;
      if (!startSet && start <= seen + length) { range.setStart(node, start - seen); startSet = true; }
      if (startSet && end <= seen + length) { range.setEnd(node, end - seen); return range; }
      seen += length;
    }
    range.selectNodeContents(block);
    return range;
  }

  // -- voices and speed, remembered by this browser
  var voices = [];
  function listVoices() {
    var all = synth.getVoices();
    var primary = lang.split('-')[0].toLowerCase();
    var theirs = function (v) { return (v.lang || '').toLowerCase().split(/[-_]/)[0] === primary; };
    voices = all.filter(theirs).concat(all.filter(function (v) { return !theirs(v); }));
    var kept = store && store.getItem('lectern.readAloud.voice');
    voiceSelect.replaceChildren();
    voices.forEach(function (v, i) {
      var option = new Option(v.name + ' (' + v.lang + ')', String(i), false, v.voiceURI === kept);
      voiceSelect.add(option);
    });
    if (voices.length === 0) voiceSelect.add(new Option(w('script-no-voices-option'), ''));
    voiceSelect.disabled = voices.length === 0;
  }
  listVoices();
  if (synth.addEventListener) synth.addEventListener('voiceschanged', listVoices);
  var keptRate = store && store.getItem('lectern.readAloud.rate');
  if (keptRate && rateSelect.querySelector('option[value="' + keptRate + '"]')) rateSelect.value = keptRate;
  voiceSelect.addEventListener('change', function () {
    var v = voices[Number(voiceSelect.value)];
    if (v && store) store.setItem('lectern.readAloud.voice', v.voiceURI);
    if (state === 'playing') speak(at);
  });
  rateSelect.addEventListener('change', function () {
    if (store) store.setItem('lectern.readAloud.rate', rateSelect.value);
    if (state === 'playing') speak(at);
  });

  // -- speaking, one sentence at a time; pause stops the sentence and resume says it again
  var state = 'stopped';
  var at = -1;
  var current = null;
  function say(text) { status.textContent = text; }

  function speak(i) {
    if (i < 0) i = 0;
    if (i >= sentences.length) return finish();
    at = i;
    var s = sentences[i];
    var u = new SpeechSynthesisUtterance(s.text);
    u.lang = lang;
    u.rate = Number(rateSelect.value) || 1;
    var v = voices[Number(voiceSelect.value)];
    if (v) u.voice = v;
    u.onboundary = function (e) {
      if (current === u && (!e.name || e.name === 'word')) show(s, e.charIndex, e.charLength);
    };
    u.onend = function () {
      if (current === u && state === 'playing') speak(at + 1);
    };
    current = u;
    synth.cancel();
    show(s);
    synth.speak(u);
  }

  // No voice on this device: the library's narration, where the title has one, instead.
  function noVoice() {
    var none = w('script-no-voice');
    var listen = document.querySelector('.book-nav a[href$="/listen"]');
    if (!listen) return say(none);
    var a = document.createElement('a');
    a.href = listen.href;
    a.textContent = w('script-narration-instead');
    status.replaceChildren(document.createTextNode(none + ' '), a);
  }

  function play() {
    if (voices.length === 0) return noVoice();
    state = 'playing';
    playButton.textContent = w('script-pause');
    say(w('script-reading-aloud'));
    speak(at < 0 ? fromHere() : at);
  }

  function pause() {
    state = 'paused';
    current = null;
    synth.cancel();
    playButton.textContent = w('script-resume');
    say(w('script-paused'));
  }

  function stop() {
    state = 'stopped';
    current = null;
    synth.cancel();
    at = -1;
    unshow();
    playButton.textContent = w('script-read-aloud');
    say(w('script-stopped'));
  }

  function finish() {
    stop();
    say(w('script-end-of-part'));
  }

  // Moves to sentence `i`: spoken at once while reading, else shown as where reading resumes.
  function go(i) {
    if (i < 0 || i >= sentences.length) return;
    if (state === 'playing') return speak(i);
    at = i;
    show(sentences[i]);
  }

  // The first sentence of the first block on the screen: reading starts where the reader is.
  function fromHere() {
    for (var i = 0; i < sentences.length; i++) {
      if (sentences[i].block.getBoundingClientRect().bottom > 0) return i;
    }
    return 0;
  }

  function firstOfBlock(b) {
    for (var i = 0; i < sentences.length; i++) if (sentences[i].b === b) return i;
    return -1;
  }

  var moves = {
    'next-sentence': function () { go(at + 1); },
    'previous-sentence': function () { go(Math.max(at - 1, 0)); },
    'next-paragraph': function () {
      var b = at < 0 ? -1 : sentences[at].b;
      for (var i = at + 1; i < sentences.length; i++) if (sentences[i].b !== b) return go(i);
    },
    'previous-paragraph': function () {
      if (at < 0) return go(0);
      var start = firstOfBlock(sentences[at].b);
      go(start < at ? start : firstOfBlock(Math.max(sentences[at].b - 1, 0)));
    },
    'next-heading': function () {
      for (var i = at + 1; i < sentences.length; i++) {
        if (/^H[1-6]$/.test(sentences[i].block.tagName) && sentences[i].b !== (at < 0 ? -1 : sentences[at].b)) return go(i);
      }
    },
    play: function () { if (state === 'playing') pause(); else play(); },
    stop: stop,
  };

  // -- what is shown: the sentence, its word, and the page scrolled to them
  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  function show(s, charIndex, charLength) {
    var marked = article.querySelector('[data-reading]');
    if (marked && marked !== s.block) marked.removeAttribute('data-reading');
    s.block.setAttribute('data-reading', '');
    if (highlights) {
      highlights.set('read-aloud-sentence', new Highlight(rangeOf(s.block, s.start, s.end)));
      if (typeof charIndex === 'number') {
        var length = charLength || (/^\S+/.exec(s.text.slice(charIndex)) || [''])[0].length;
        var from = s.start + charIndex;
        highlights.set('read-aloud-word', new Highlight(rangeOf(s.block, from, from + length)));
      } else {
        highlights.delete('read-aloud-word');
      }
    }
    var r = s.block.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) {
      s.block.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
    }
  }

  function unshow() {
    var marked = article.querySelector('[data-reading]');
    if (marked) marked.removeAttribute('data-reading');
    if (highlights) {
      highlights.delete('read-aloud-sentence');
      highlights.delete('read-aloud-word');
    }
  }

  panel.addEventListener('click', function (e) {
    var button = e.target.closest('button[data-action]');
    if (button && moves[button.getAttribute('data-action')]) moves[button.getAttribute('data-action')]();
  });

  // Alt+Shift with a key, never a single character: a screen reader's keys stay its own.
  var KEYS = { KeyP: 'play', KeyS: 'stop', KeyN: 'next-sentence', KeyB: 'previous-sentence', ArrowDown: 'next-paragraph', ArrowUp: 'previous-paragraph', KeyH: 'next-heading' };
  document.addEventListener('keydown', function (e) {
    if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return;
    var action = KEYS[e.code];
    if (!action) return;
    e.preventDefault();
    moves[action]();
  });

  // Speech goes on after the page is left in some browsers: it is stopped with the page.
  window.addEventListener('pagehide', function () { synth.cancel(); });
})();
