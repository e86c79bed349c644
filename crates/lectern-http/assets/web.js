// Asks every few seconds whether a package being prepared is ready, and when it is, says so in
// the page's live region (once) with the file's link. The page works without this: its
// "Check again" button asks the same.
(function () {
  'use strict';
  var region = document.getElementById('package-status');
  if (!region || !window.fetch) return;
  var url = region.getAttribute('data-poll');
  var format = region.getAttribute('data-format');
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
    said.textContent = 'Your ' + format + ' copy is ready.';
    var p = document.createElement('p');
    var a = document.createElement('a');
    a.href = href;
    a.className = 'button-like';
    a.textContent = 'Download the ' + format + ' file';
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
