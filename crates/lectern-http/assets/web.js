// Asks every few seconds whether a package (or a book's narration) being prepared is ready, and
// when it is, says so in the page's live region (once) with the link to it. The page works
// without this: its "Check again" button asks the same.
(function () {
  'use strict';
  var region = document.getElementById('package-status');
  if (!region || !window.fetch) return;
  var url = region.getAttribute('data-poll');
  var format = region.getAttribute('data-format');
  var readyText = region.getAttribute('data-ready') || 'Your ' + format + ' copy is ready.';
  var linkText = region.getAttribute('data-link') || 'Download the ' + format + ' file';
  var tries = 0;
  function ask() {
    tries += 1;
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (answer) {
        if (answer && answer.status === 'ready') return ready(answer.href);
        if (tries < 60) setTimeout(ask, 5000);
      })
      .catch(function () { if (tries < 60) setTimeout(ask, 5000); });
  }
  function ready(href) {
    var said = document.createElement('p');
    said.textContent = readyText;
    var p = document.createElement('p');
    var a = document.createElement('a');
    a.href = href;
    a.className = 'button-like';
    a.textContent = linkText;
    p.appendChild(a);
    region.replaceChildren(said, p);
    var again = document.querySelector('.check-again');
    if (again) {
      // The button goes; whoever was on it is put on the link that replaces it.
      var wasOnIt = again.contains(document.activeElement);
      again.remove();
      if (wasOnIt) a.focus();
    }
  }
  setTimeout(ask, 3000);
})();

// Reading online: keeps the reader's place (the API's reading position) as they read, sending
// the first paragraph on the screen a moment after they stop scrolling and when they leave;
// a place a dropped connection lost is sent again when it is back. "Bookmark this place" marks
// that paragraph. Without this the page keeps the part's start, and a bookmark marks it.
(function () {
  'use strict';
  var article = document.querySelector('article.book-text[data-place]');
  var form = document.querySelector('form.bookmark-form');
  if (!article || !form || !window.fetch || !window.URLSearchParams) return;
  var csrf = form.querySelector('input[name="csrf"]').value;
  var spine = article.getAttribute('data-spine');
  var at = new URLSearchParams(window.location.search).get('at');
  if (at) {
    var start = article.querySelector('[data-cfi="' + at.replace(/[^/0-9]/g, '') + '"]');
    if (start) start.scrollIntoView();
  }
  // The first paragraph (an element with a place and none inside it) not above the screen;
  // the last one when the reader has scrolled past the text (to what follows it).
  function here() {
    var placed = article.querySelectorAll('[data-cfi]');
    var last = null;
    for (var i = 0; i < placed.length; i++) {
      var el = placed[i];
      if (el.querySelector('[data-cfi]')) continue;
      last = el;
      if (el.getBoundingClientRect().bottom > 0) break;
    }
    return last && 'epubcfi(' + spine + '!' + last.getAttribute('data-cfi') + ')';
  }
  var sent = null;
  var pending = null;
  var timer = null;
  function send() {
    timer = null;
    var place = pending;
    if (!place || place === sent) return;
    var body = new URLSearchParams();
    body.set('csrf', csrf);
    body.set('location', place);
    fetch(article.getAttribute('data-place'), { method: 'POST', body: body, credentials: 'same-origin', keepalive: true })
      .then(function (r) { if (r.ok) sent = place; })
      .catch(function () { /* offline: sent again when the connection is back */ });
  }
  function moved() {
    pending = here();
    if (!timer) timer = setTimeout(send, 1000);
  }
  window.addEventListener('scroll', moved, { passive: true });
  window.addEventListener('online', send);
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') send();
  });
  form.addEventListener('submit', function () {
    var place = here();
    if (place) form.querySelector('input[name="location"]').value = place;
  });
  moved();
})();

// Highlights in a book read online, kept as the API's marks: the reader's highlights in the
// part (listed below the text, which works without this) are painted on the text with the CSS
// Custom Highlight API, and "Highlight the selected text" keeps the passage selected as a new
// one, named by an EPUB CFI range as reading apps name theirs.
(function () {
  'use strict';
  // What the script says, in the page's language: the page writes its words (`script-words`).
  var words = (function () {
    var el = document.getElementById('script-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  })();
  function w(key) { return words[key] || key; }
  var article = document.querySelector('article.book-text[data-place]');
  var button = document.querySelector('button[data-action="highlight"]');
  var form = document.querySelector('form.bookmark-form');
  if (!article || !button || !form || !window.fetch || !window.URLSearchParams) return;
  var spine = article.getAttribute('data-spine');
  var csrf = form.querySelector('input[name="csrf"]').value;
  var status = document.querySelector('.highlight-status');
  var list = document.querySelector('.my-highlights ul');
  var painted = window.CSS && CSS.highlights && window.Highlight ? new Highlight() : null;
  if (painted) CSS.highlights.set('reader-highlight', painted);

  // The steps of an element from the nearest element the page placed in the book.
  function stepsOf(el) {
    var steps = [];
    while (el && el !== article && !el.hasAttribute('data-cfi')) {
      var n = 1;
      for (var s = el.previousElementSibling; s; s = s.previousElementSibling) n += 1;
      steps.unshift('/' + 2 * n);
      el = el.parentElement;
    }
    if (!el || el === article) return null;
    return el.getAttribute('data-cfi') + steps.join('');
  }

  // A point in the text as a CFI's steps: its element's, then its text chunk (odd: the text
  // after that many elements) and the offset in it.
  function pointOf(node, offset) {
    // A point between an element's children (a selection made by paragraphs, or by the
    // keyboard) is the text it starts, the element it is before, or the end of the last child.
    if (node.nodeType !== Node.TEXT_NODE) {
      var child = node.childNodes[offset];
      var last = node.lastChild;
      if (child && child.nodeType === Node.TEXT_NODE) { node = child; offset = 0; }
      else if (child) return child.nodeType === Node.ELEMENT_NODE ? stepsOf(child) : null;
      else if (last && last.nodeType === Node.TEXT_NODE) { node = last; offset = last.data.length; }
      else return last && last.nodeType === Node.ELEMENT_NODE ? stepsOf(last) : stepsOf(node);
    }
    var parent = node.parentElement;
    var elements = 0;
    // Text nodes side by side are one chunk of text to a CFI.
    for (var s = node.previousSibling; s; s = s.previousSibling) {
      if (s.nodeType === Node.ELEMENT_NODE) elements += 1;
      else if (s.nodeType === Node.TEXT_NODE && elements === 0) offset += s.data.length;
    }
    var base = stepsOf(parent);
    return base && (base + '/' + (2 * elements + 1) + ':' + offset);
  }

  // The selection within the text as a CFI range: the steps both ends share, then each end's.
  function rangeCfi(range) {
    var start = pointOf(range.startContainer, range.startOffset);
    var end = pointOf(range.endContainer, range.endOffset);
    if (!start || !end) return null;
    var a = start.split('/').slice(1);
    var b = end.split('/').slice(1);
    var common = [];
    while (common.length < a.length - 1 && common.length < b.length - 1 && a[common.length] === b[common.length]) {
      common.push(a[common.length]);
    }
    var rest = function (p) { return '/' + p.slice(common.length).join('/'); };
    return 'epubcfi(' + spine + '!/' + common.join('/') + ',' + rest(a) + ',' + rest(b) + ')';
  }

  // A CFI range of this part back to a range of the page; null when it is not on this page.
  function rangeOf(cfi) {
    var m = /^epubcfi\(([^!]+)!([^,]*),([^,]+),([^,)]+)\)$/.exec(cfi);
    if (!m || m[1] !== spine) return null;
    var start = pointAt(m[2] + m[3]);
    var end = pointAt(m[2] + m[4]);
    if (!start || !end) return null;
    var range = document.createRange();
    try {
      range.setStart(start.node, start.offset);
      range.setEnd(end.node, end.offset);
    } catch (e) { return null; }
    return range;
  }

  function pointAt(steps) {
    var m = /^((?:\/\d+)*?)\/(\d+)(?::(\d+))?$/.exec(steps);
    if (!m) return null;
    var path = m[1];
    var last = Number(m[2]);
    var offset = Number(m[3] || 0);
    // The element: the longest start of the path the page placed, then element children.
    var parts = path.split('/').slice(1);
    var el = null;
    var used = parts.length;
    for (; used > 0; used--) {
      el = article.querySelector('[data-cfi="' + '/' + parts.slice(0, used).join('/') + '"]');
      if (el) break;
    }
    if (!el) return null;
    for (var i = used; i < parts.length && el; i++) el = el.children[Number(parts[i]) / 2 - 1];
    if (!el) return null;
    if (last % 2 === 0) {
      var child = el.children[last / 2 - 1];
      return child ? { node: child, offset: 0 } : null;
    }
    var elements = 0;
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === Node.ELEMENT_NODE) elements += 1;
      else if (n.nodeType === Node.TEXT_NODE && 2 * elements + 1 === last) {
        return { node: n, offset: Math.min(offset, n.data.length) };
      }
    }
    return null;
  }

  function paint(cfi) {
    var range = painted && rangeOf(cfi);
    if (range) painted.add(range);
  }
  Array.prototype.forEach.call(document.querySelectorAll('.my-highlights [data-location]'), function (li) {
    paint(li.getAttribute('data-location'));
  });

  function selected() {
    var selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
    var range = selection.getRangeAt(0);
    if (!article.contains(range.commonAncestorContainer)) return null;
    return range;
  }

  button.hidden = false;
  button.addEventListener('click', function () {
    var range = selected();
    var cfi = range && rangeCfi(range);
    if (!cfi) {
      status.textContent = w('script-highlight-select-first');
      return;
    }
    var text = range.toString().replace(/\s+/g, ' ').trim();
    var body = new URLSearchParams();
    body.set('csrf', csrf);
    body.set('location', cfi);
    body.set('text', text);
    fetch(button.getAttribute('data-post'), { method: 'POST', body: body, credentials: 'same-origin' })
      .then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        if (painted) painted.add(range.cloneRange());
        window.getSelection().removeAllRanges();
        if (list) {
          var li = document.createElement('li');
          li.setAttribute('data-location', cfi);
          li.textContent = '\u201c' + text + '\u201d';
          list.appendChild(li);
          list.closest('.my-highlights').hidden = false;
        }
        status.textContent = w('script-highlight-done');
      })
      .catch(function () { status.textContent = w('script-highlight-failed'); });
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyL') {
      e.preventDefault();
      button.click();
    }
  });
})();
