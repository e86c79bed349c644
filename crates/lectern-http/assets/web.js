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
  // The first paragraph (an element with a place and none inside it) not above the screen.
  function here() {
    var placed = article.querySelectorAll('[data-cfi]');
    for (var i = 0; i < placed.length; i++) {
      var el = placed[i];
      if (el.querySelector('[data-cfi]')) continue;
      if (el.getBoundingClientRect().bottom > 0) {
        return 'epubcfi(' + spine + '!' + el.getAttribute('data-cfi') + ')';
      }
    }
    return null;
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
