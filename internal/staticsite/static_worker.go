//go:build !(js && wasm)

package staticsite

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// offlinePWA replaces the "PWA" part of go-app's DefaultAppWorkerJS (the
// push-notification part is kept as is). Differences from go-app v10.1.11:
//
//   - Navigations (any page URL, including query-string deep links such as
//     ?scenario=…&step=…, which are never in the precache) go to the network
//     first and, when it fails, fall back to the cached page for the same
//     path, then to the cached start page. The start page is the same for
//     every query string (a static host serves index.html for all of them)
//     and the wasm renders the step from the URL itself.
//   - The start page is precached as the worker's own directory with its
//     trailing slash (https://host/course/mcp-lab/): go-app lists the root
//     as ".../mcp-lab", which a plain file server answers with a redirect,
//     and a redirected response cannot answer a navigation.
//   - install and activate use event.waitUntil, so the worker only takes
//     over once app-<Version> holds every resource; precache requests
//     revalidate (cache: "no-cache") so a host's HTTP caching cannot pair an
//     old app.wasm with a new Version.
//   - The reader's fragments (runs/…, app/early.go) are not precached (a
//     few thousand files): each one a page fetches is kept in app-<Version>
//     when it arrives, so a run the reader has opened reads offline too.
//     They belong to the export's Version (their first line says so), and
//     the cache goes with it.
//   - Only GET requests are answered by the worker (POST /mcp goes straight
//     to the network), and only go-app's own "app-*" caches are deleted on
//     activation, not other caches of the same origin.
const offlinePWA = `// -----------------------------------------------------------------------------
// PWA (MCP Wire Lab: go-app's worker, plus offline navigations and deep links)
// -----------------------------------------------------------------------------
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};
// The worker's directory is the app's start page, e.g. https://host/course/mcp-lab/
const startPage = new URL("./", self.location).href;
// The reader's fragments: kept once fetched (runs/<scenario>/<run>.<lang>[.compare].html).
const runsPrefix = new URL("runs/", self.location).href;

self.addEventListener("install", (event) => {
  console.log("installing app worker {{.Version}}");
  event.waitUntil(installWorker().then(() => self.skipWaiting()));
});

async function installWorker() {
  const urls = new Set();
  for (const r of resourcesToCache) {
    let u = new URL(r, self.location).href;
    if (u + "/" === startPage) {
      u = startPage;
    }
    urls.add(u);
  }
  urls.add(startPage);
  const cache = await caches.open(cacheName);
  await cache.addAll([...urls].map((u) => new Request(u, { cache: "no-cache" })));
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await deletePreviousCaches();
    await self.clients.claim();
    console.log("app worker {{.Version}} is activated");
  })());
});

async function deletePreviousCaches() {
  const keys = await caches.keys();
  await Promise.all(
    keys.map(async (key) => {
      if (key !== cacheName && key.startsWith("app-")) {
        try {
          console.log("deleting", key, "cache");
          await caches.delete(key);
        } catch (err) {
          console.error("deleting", key, "cache failed:", err);
        }
      }
    })
  );
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith(fetchWithCache(event.request));
});

async function fetchWithCache(request) {
  if (request.mode === "navigate") {
    return await fetchPage(request);
  }
  const cachedResponse = await caches.match(request);
  if (cachedResponse) {
    return cachedResponse;
  }
  const response = await fetch(request);
  if (response.ok && request.url.startsWith(runsPrefix)) {
    const copy = response.clone();
    caches.open(cacheName).then((cache) => cache.put(request, copy)).catch(() => {});
  }
  return response;
}

// Pages: network first (an online visit gets the host's page), then the
// cached page for this path whatever its query string, then the start page.
async function fetchPage(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const cache = await caches.open(cacheName);
    const page =
      (await cache.match(request, { ignoreSearch: true })) ||
      (await cache.match(startPage));
    if (page) {
      return page;
    }
    throw err;
  }
}

`

// pushMarker starts the part of DefaultAppWorkerJS that is kept.
const pushMarker = "// -----------------------------------------------------------------------------\n// Push Notifications\n"

// OfflineWorkerTemplate returns go-app's worker template with its PWA part
// replaced by offlinePWA. It fails if go-app's template no longer has the
// expected shape (a go-app upgrade must be looked at, not patched blindly).
func OfflineWorkerTemplate() (string, error) {
	def := app.DefaultAppWorkerJS
	i := strings.Index(def, pushMarker)
	if i < 0 || !strings.Contains(def[:i], "{{.ResourcesToCache}}") || !strings.Contains(def[:i], `"app-" + "{{.Version}}"`) {
		return "", fmt.Errorf("go-app's DefaultAppWorkerJS changed shape (no %q section): review offlinePWA in static_worker.go", "Push Notifications")
	}
	return offlinePWA + def[i:], nil
}

// AppWorkerTemplate is the template both the dev server and the static
// export use; go-app's default if the patch no longer applies (a unit test
// catches that case).
var AppWorkerTemplate = func() string {
	s, err := OfflineWorkerTemplate()
	if err != nil {
		return app.DefaultAppWorkerJS
	}
	return s
}()
