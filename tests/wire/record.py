#!/usr/bin/env python3
"""Records the wire of a running `lectern demo` (fresh, and as one role) into a directory: one
file per answer, its status, the headers a client acts on and its body, with what depends on the
time or on a random id replaced by a named placeholder (`normalize`).

    record.py BASE_URL ROLE OUT_DIR

ROLE is `guest` or a demo user's name before the @. What is recorded, for that role:
  - every /v2 operation of the OpenAPI document (reads first, then writes, then deletes), with
    its path's parameters taken from the demo data set and a write's required parameters from
    `WRITE_VALUES`;
  - the OPDS catalog, crawled from /opds in both renderings (OPDS 2.0 JSON and OPDS 1.2 Atom),
    the authentication document, and (signed in) the same through HTTP Basic;
  - the site's pages, crawled from /demo/ (signed in through the sign-in form);
  - KOReader's sync (the reader only: the demo's sync key is theirs).

The same demo, the same role and the same code give the same directory: `compare.py` tells
what differs between two. tests/wire/each_role.sh starts a fresh demo per role.
"""

import base64
import hashlib
import html.parser
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request

PASSWORD = "demo-pass-1"
SITE = "demo"
SYNC_KEY = "demo-sync-key-2026"
CRAWL_LIMIT = 400

# The demo data set's identifiers for each path parameter of the API.
PATH_VALUES = {
    "serviceId": "demo-pride",
    "userIdentifier": "student@demo.lectern",
    "userAccountId": "student@demo.lectern",
    "organizationId": None,  # found at run time
    "seriesId": None,
    "editionId": None,
    "readingListId": None,
    "categoryName": None,
    "popularListId": None,
    "listId": None,
}

# Values for a write's required parameters, by name; a parameter not here is left out, and the
# answer (a 400 naming it) is recorded as it is.
WRITE_VALUES = {
    "serviceId": "demo-moby",
    "name": "Wire corpus list",
    "firstName": "Wire",
    "lastName": "Corpus",
    "format": "EPUB3",
    "location": "epubcfi(/6/4!/4/2/1:0)",
    "metric": "3",
    "metricType": "page",
    "text": "A note",
    "title": "Wire corpus",
    "access": "PRIVATE",
}


def role_key(role):
    return "demo-membership-console" if role in ("membership", "admin") else "demo-reader-app"


class Wire:
    def __init__(self, base, out):
        self.base = base.rstrip("/")
        self.out = out
        self.ids = {}
        self.seen_names = set()
        self.cookies = {}

    # -- HTTP -------------------------------------------------------------------------------
    def request(self, method, path, headers=None, body=None, follow=False):
        url = path if path.startswith("http") else self.base + path
        headers = dict(headers or {})
        if self.cookies and path_in_site(url, self.base):
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = body.encode() if isinstance(body, str) else body
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            resp = opener.open(req, timeout=60)
            status, hdrs, content = resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as e:
            status, hdrs, content = e.code, e.headers, e.read()
        for c in hdrs.get_all("Set-Cookie") or []:
            name, _, rest = c.partition("=")
            value = rest.split(";", 1)[0]
            if "Max-Age=0" in c:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = value
        return status, hdrs, content

    def record(self, name, method, path, headers=None, body=None):
        status, hdrs, content = self.request(method, path, headers, body)
        self.write(name, method, path, status, hdrs, content)
        return status, hdrs, content

    def write(self, name, method, path, status, hdrs, content):
        kept = []
        for h in ("Content-Type", "Cache-Control", "Location", "WWW-Authenticate", "Allow",
                  "Retry-After", "Content-Disposition", "Link"):
            for v in hdrs.get_all(h) or []:
                kept.append(f"{h}: {v}")
        ctype = hdrs.get("Content-Type", "")
        if is_text(ctype):
            text = content.decode("utf-8", "replace")
            if "json" in ctype:
                try:
                    text = json.dumps(json.loads(text), indent=1, ensure_ascii=False, sort_keys=False)
                except ValueError:
                    pass
            elif "xml" in ctype:
                # A line a tag, so that a difference shows as one: a feed is written on one line.
                text = text.replace("><", ">\n<")
        else:
            text = f"<{len(content)} bytes of {ctype or 'no type'}>"
        doc = f"{method} {path}\n{status}\n" + "\n".join(kept) + "\n\n" + text + "\n"
        # The server's own address is the port it happened to get.
        doc = doc.replace(self.base, "<base>")
        name = normalize(name, self.ids)
        file = os.path.join(self.out, safe_name(name))
        n = 2
        while file in self.seen_names:
            file = os.path.join(self.out, f"{safe_name(name)}~{n}")
            n += 1
        self.seen_names.add(file)
        os.makedirs(os.path.dirname(file), exist_ok=True)
        with open(file, "w", encoding="utf-8") as f:
            f.write(normalize(doc, self.ids))

    # -- the API ----------------------------------------------------------------------------
    def token(self, role):
        status, _, body = self.request(
            "POST", "/oauth/token", {"Content-Type": "application/x-www-form-urlencoded"},
            urllib.parse.urlencode({"grant_type": "password", "client_id": role_key(role),
                                    "username": f"{role}@demo.lectern", "password": PASSWORD}))
        assert status == 200, f"no token for {role}: {status} {body[:200]}"
        return json.loads(body)["access_token"]

    def api(self, role):
        spec = json.loads(self.request("GET", "/v2/openapi.json")[2])
        key = role_key(role)
        auth = {} if role == "guest" else {"Authorization": f"Bearer {self.token(role)}"}
        self.discover(key)
        ops = []
        for path, item in spec["paths"].items():
            for method, op in item.items():
                if method in ("get", "post", "put", "patch", "delete"):
                    ops.append((order_of(method), path, method.upper(), op))
        ops.sort(key=lambda o: (o[0], o[1]))
        for _, path, method, op in ops:
            concrete = fill_path(path)
            if concrete is None:
                continue
            query = {"api_key": key}
            form = {}
            for p in op.get("parameters", []):
                if p.get("in") == "query" and p.get("required") and p["name"] in WRITE_VALUES:
                    query[p["name"]] = WRITE_VALUES[p["name"]]
            body = op.get("requestBody", {}).get("content", {})
            headers = dict(auth)
            if method != "GET" and "application/x-www-form-urlencoded" in body:
                schema = body["application/x-www-form-urlencoded"].get("schema", {})
                for name in resolve(spec, schema).get("required", []):
                    if name in WRITE_VALUES:
                        form[name] = WRITE_VALUES[name]
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            url = concrete + "?" + urllib.parse.urlencode(query)
            self.record(f"v2/{method} {concrete}", method, url, headers,
                        urllib.parse.urlencode(form) if form or method != "GET" else None)

    def discover(self, key):
        """Identifiers of the demo data set that the server gives out."""
        def first(path, field, *within):
            status, _, body = self.request("GET", f"{path}?api_key={key}")
            if status != 200:
                return None
            doc = json.loads(body)
            for w in within:
                doc = doc.get(w) or []
            if isinstance(doc, list) and doc:
                return str(doc[0].get(field))
            return None
        PATH_VALUES["categoryName"] = first("/v2/categories", "name", "categories") or "Fiction"
        PATH_VALUES["popularListId"] = first("/v2/popularLists", "id", "popularLists") or "none"
        PATH_VALUES["seriesId"] = first("/v2/periodicals", "seriesId", "periodicals") or "none"
        PATH_VALUES["listId"] = PATH_VALUES["popularListId"]

    # -- OPDS -------------------------------------------------------------------------------
    def opds(self, role):
        renderings = {
            "opds2": "application/opds+json",
            "opds1": "application/atom+xml;profile=opds-catalog",
        }
        auth = {}
        if role != "guest":
            basic = base64.b64encode(f"{role}@demo.lectern:{PASSWORD}".encode()).decode()
            auth = {"Authorization": f"Basic {basic}"}
        for name, accept in renderings.items():
            self.crawl(f"{name}", "/opds", {"Accept": accept, **auth},
                       lambda u: urllib.parse.urlparse(u).path.startswith("/opds"), 3)

    # -- the pages --------------------------------------------------------------------------
    def pages(self, role):
        self.cookies = {}
        if role != "guest":
            status, _, body = self.request("GET", f"/{SITE}/sign-in")
            csrf = hidden(body.decode(), "csrf")
            status, hdrs, _ = self.request(
                "POST", f"/{SITE}/sign-in", {"Content-Type": "application/x-www-form-urlencoded"},
                urllib.parse.urlencode({"csrf": csrf, "username": f"{role}@demo.lectern",
                                        "password": PASSWORD}))
            assert status == 303, f"{role} could not sign in to the pages: {status}"

        def in_site(u):
            p = urllib.parse.urlparse(u).path
            return p.startswith(f"/{SITE}/") and "/sign-out" not in p and "/download" not in p \
                and not p.endswith((".epub", ".zip", ".pdf", ".docx", ".brf", ".mp3", ".png"))
        self.crawl("pages", f"/{SITE}/", {}, in_site, 8)

    def forms(self, role):
        """A few forms posted as a person would: each answer, and the page it leads to."""
        if role == "guest":
            return
        form = {"Content-Type": "application/x-www-form-urlencoded"}

        def post(name, page, action, fields):
            body = self.request("GET", page)[2].decode()
            pairs = [("csrf", hidden(body, "csrf"))] + fields(body)
            status, hdrs, _ = self.record(f"forms/{name}", "POST", action, form,
                                          urllib.parse.urlencode(pairs))
            if status == 303:
                self.record(f"forms/{name} then", "GET", hdrs["Location"])

        post("list-create", f"/{SITE}/lists", f"/{SITE}/lists",
             lambda _: [("name", "Wire corpus"), ("description", ""), ("access", "private")])
        post("list-create-unnamed", f"/{SITE}/lists", f"/{SITE}/lists", lambda _: [("name", "")])
        if role in ("teacher", "membership", "admin"):
            assign = f"/{SITE}/titles/demo-moby/assign"
            members = lambda body: [("member", m) for m in
                                    re.findall(r'name="member" value="([^"]+)"', body)]
            post("assign-none", assign, assign, lambda _: [])
            post("assign-all", assign, assign, members)
            post("assign-unknown", assign, assign, lambda _: [("member", "nobody")])

    # -- KOReader's sync --------------------------------------------------------------------
    def kosync(self, role):
        if role != "reader":
            return
        # KOReader sends the MD5 of the key the reader typed.
        key = hashlib.md5(SYNC_KEY.encode()).hexdigest()
        headers = {"Accept": "application/vnd.koreader.v1+json",
                   "x-auth-user": "reader@demo.lectern", "x-auth-key": key}
        as_json = {**headers, "Content-Type": "application/json"}
        self.record("kosync/auth", "GET", "/kosync/users/auth", headers)
        self.record("kosync/auth-wrong-key", "GET", "/kosync/users/auth",
                    {**headers, "x-auth-key": "0" * 32})
        self.record("kosync/register", "POST", "/kosync/users/create", as_json,
                    json.dumps({"username": "someone", "password": key}))
        doc = "0123456789abcdef0123456789abcdef"
        self.record("kosync/progress-none", "GET", f"/kosync/syncs/progress/{doc}", headers)
        self.record("kosync/progress-incomplete", "PUT", "/kosync/syncs/progress", as_json,
                    json.dumps({"document": doc}))
        report = {"document": doc, "progress": "/body/DocFragment[3]/body/p[2]/text().0",
                  "percentage": 0.25, "device": "Kobo", "device_id": "ABC"}
        self.record("kosync/progress-put", "PUT", "/kosync/syncs/progress", as_json,
                    json.dumps(report))
        self.record("kosync/progress-out-of-range", "PUT", "/kosync/syncs/progress", as_json,
                    json.dumps({**report, "percentage": 2}))
        self.record("kosync/progress-got", "GET", f"/kosync/syncs/progress/{doc}", headers)

    # -- crawling ---------------------------------------------------------------------------
    def crawl(self, prefix, start, headers, follow, queries_a_path):
        """Every page reachable from `start` that `follow`s, breadth first, but no more than
        `queries_a_path` addresses of one path (facets combine without end) and `CRAWL_LIMIT`
        in all."""
        queue, seen, variants = [start], {start}, {}
        recorded = 0
        while queue and recorded < CRAWL_LIMIT:
            path = queue.pop(0)
            recorded += 1
            status, hdrs, content = self.record(f"{prefix}/{path}", "GET", path, headers)
            ctype = hdrs.get("Content-Type", "")
            if status != 200 or not is_text(ctype):
                continue
            for link, ltype, rel in links_of(content.decode("utf-8", "replace"), ctype):
                if not follow_link(ltype, rel):
                    continue
                url = urllib.parse.urljoin(self.base + path, link)
                if not url.startswith(self.base):
                    continue
                rel = url[len(self.base):].split("#")[0]
                if "{" in rel or rel in seen or not follow(url):
                    continue
                bare = rel.split("?")[0]
                if variants.get(bare, 0) >= queries_a_path:
                    continue
                variants[bare] = variants.get(bare, 0) + 1
                seen.add(rel)
                queue.append(rel)


def follow_link(ltype, rel):
    """Feeds and pages, not the files they offer (downloads, covers): those are made by other
    code, at another pace, and are checked by their own tests."""
    if "acquisition" in rel or rel in ("icon", "stylesheet") or "image" in rel:
        return False
    return not ltype or any(t in ltype for t in ("opds", "atom", "json", "xml", "html"))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def path_in_site(url, base):
    return urllib.parse.urlparse(url).path.startswith(f"/{SITE}")


def order_of(method):
    return {"get": 0, "post": 1, "put": 1, "patch": 1, "delete": 2}[method]


def fill_path(path):
    def value(m):
        v = PATH_VALUES.get(m.group(1))
        return urllib.parse.quote(v, safe="") if v else "unknown"
    return re.sub(r"\{(\w+)\}", value, path)


def resolve(spec, schema):
    ref = schema.get("$ref")
    if ref:
        node = spec
        for part in ref.lstrip("#/").split("/"):
            node = node[part]
        return node
    return schema


def is_text(ctype):
    return any(t in ctype for t in ("json", "xml", "text/", "html"))


def safe_name(name):
    """`prefix/rest`: a folder for the prefix, and the rest one file name (its slashes `_`)."""
    prefix, _, rest = name.partition("/")
    rest = re.sub(r"[^A-Za-z0-9._ -]", "_", rest) or "_"
    if len(rest) > 150:
        rest = rest[:120] + "~" + hashlib.sha1(rest.encode()).hexdigest()[:12]
    return f"{prefix}/{rest}"


def hidden(page, name):
    m = re.search(rf'name="{name}" value="([^"]*)"', page)
    return m.group(1) if m else ""


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("href") and tag in ("a", "link"):
            self.found.append((a["href"], a.get("type") or "", a.get("rel") or ""))


def links_of(text, ctype):
    if "json" in ctype:
        found = []

        def walk(node):
            if isinstance(node, dict):
                if isinstance(node.get("href"), str) and not node.get("templated"):
                    rel = node.get("rel") or ""
                    found.append((node["href"], node.get("type") or "",
                                  " ".join(rel) if isinstance(rel, list) else rel))
                for v in node.values():
                    walk(v)
            elif isinstance(node, list):
                for v in node:
                    walk(v)
        try:
            walk(json.loads(text))
        except ValueError:
            pass
        return found
    parser = Links()
    parser.feed(text)
    return [(h.replace("&amp;", "&"), t, r) for h, t, r in parser.found]


# -- what depends on the time or on chance ----------------------------------------------------
PLACEHOLDERS = [
    ("time", re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?")),
    ("http-date", re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT")),
    ("date", re.compile(r"\b20\d\d-\d\d-\d\d\b")),
    ("page-date", re.compile(r"\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) 20\d\d\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, 20\d\d\b")),
    ("signature", re.compile(r"(?<=[?&;]sig=)[A-Za-z0-9_%-]+|(?<=[?&;]expires=)\d+|(?<=&amp;sig=)[A-Za-z0-9_%-]+|(?<=&amp;expires=)\d+")),
    ("csrf", re.compile(r'(?<=name="csrf" value=")[^"]+')),
    ("sync-key", re.compile(r"\b[0-9a-z]{4}(?:-[0-9a-z]{4}){4}\b")),
    ("request-id", re.compile(r"(?<=\"requestId\": \")[^\"]+")),
]
PAGE_TOKEN = re.compile(r"\bWyJ[A-Za-z0-9_-]+=*")
UNIX_TIME = re.compile(r"\b1[78]\d{8}\b")
IDS = re.compile(r"\b[0-9a-hjkmnp-tv-z]{20}\b|\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b[0-9a-f]{32,}\b|\b[A-Za-z0-9_-]{43}\b")


def page_token(m):
    """A page token, read: the key it holds may be a time (the demo's titles were added when
    it started)."""
    raw = m.group(0)
    try:
        decoded = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
    except ValueError:
        return raw
    return "<page-token " + UNIX_TIME.sub("<unix-time>", decoded) + ">"


def normalize(text, ids):
    """Times, dates, signatures and form tokens become `<time>`...; each random identifier
    becomes `<id N>`, N by first appearance, so that a reference to it stays one."""
    text = PAGE_TOKEN.sub(page_token, text)
    text = UNIX_TIME.sub("<unix-time>", text)
    for name, pattern in PLACEHOLDERS:
        text = pattern.sub(f"<{name}>", text)

    def stable(m):
        v = m.group(0)
        # A number is not an identifier. A random one may hold no digit at all (one of 20
        # characters in 32 did, once in about 1,800: an account's id was left as it was and the
        # corpus differed), so letters alone are one too; the corpus holds no such word.
        if v.isdigit():
            return v
        if v not in ids:
            ids[v] = len(ids) + 1
        return f"<id {ids[v]}>"
    return IDS.sub(stable, text)


def main():
    base, role, out = sys.argv[1:4]
    wire = Wire(base, out)
    # Reads first: the API's writes change what the rest would show.
    wire.opds(role)
    wire.pages(role)
    wire.kosync(role)
    wire.forms(role)
    wire.api(role)


if __name__ == "__main__":
    main()
