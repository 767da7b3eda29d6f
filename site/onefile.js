// onefile.js: "Download as one HTML file": the page in the state of its
// address as one self-contained HTML file that runs offline from file://
// (docs/guide/offline.md). Go assembles it (internal/onefile, the module's
// oneFile command: the code of `cec export-html`, so the same site and
// address give the same bytes); this file fetches the site's files Go
// names, round by round, in a worker of its own (the runs on the page go
// on), and saves the file.
import { WorkerClient } from "./worker-client.js";
import { save } from "./exports.js";
import { parse } from "./state.js";

/** MAX_ROUNDS bounds the rounds of fetching (one per level of the site's module graph). */
const MAX_ROUNDS = 32;

/** fileName names the file of hash by its run: pcaplay-C05-D10-heco-pde-seed3.html. */
export function fileName(hash) {
  const v = parse(hash);
  const parts = ["pcaplay", v.lesson, v.lesson && v.step && "step" + v.step, v.problem, v.dim && "D" + v.dim, v.algo, v.seed && "seed" + v.seed];
  return parts.filter(Boolean).join("-").replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 120) + ".html";
}

/**
 * downloadOneFile saves the page at hash ("#problem=…") as one HTML file
 * named name; say(text) reports progress. It rejects with Go's message for
 * a bad address or a file the site could not give.
 * @param {string} hash
 * @param {{say: (text: string) => void, name?: string, base?: string|URL}} opts
 * base: where the site's files are (this module's folder)
 */
export async function downloadOneFile(hash, { say, name = fileName(hash), base = new URL("./", import.meta.url) }) {
  const client = new WorkerClient();
  try {
    const files = {};
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const r = await client.oneFile({ hash, files });
      if (!r.missing.length) {
        save(new Blob([r.html], { type: "text/html" }), name);
        return r.html.byteLength;
      }
      say("Making one HTML file: fetching " + r.missing.length + " file(s) of the site…");
      await Promise.all(r.missing.map(async (f) => {
        const resp = await fetch(new URL(f, base));
        if (!resp.ok) throw new Error(f + ": HTTP " + resp.status);
        files[f] = new Uint8Array(await resp.arrayBuffer());
      }));
    }
    throw new Error("the site's files were still incomplete after " + MAX_ROUNDS + " rounds");
  } finally {
    client.terminate();
  }
}

/**
 * saveOneFile saves the page at hash as one HTML file (downloadOneFile),
 * saying with say(text) how it went; it never rejects. The playground's,
 * compare mode's and the lesson's "Download as one HTML file".
 * In a page that is such a file (window.pcaplayOneFile, set by its
 * loader) it says so instead: the file holds no site to make another from.
 * @param {string} hash
 * @param {(text: string) => void} say
 * @param {Window} [win]
 */
export function saveOneFile(hash, say, win = window) {
  if (win.pcaplayOneFile) {
    // the page is such a file (internal/onefile/loader.js): it holds no site to make another from
    say("This page is already one HTML file (made at " + (win.pcaplayOneFile.hash || "the default run") +
      "): copy the .html file itself, or make one of this state from the served page or with cec export-html.");
    return Promise.resolve();
  }
  say("Making one HTML file of this page…");
  return downloadOneFile(hash, { say }).then(
    (n) => say("Saved this page as one HTML file (" + (n / 1e6).toFixed(1) + " MB): it opens offline from file://."),
    (e) => say("Could not make the HTML file: " + String((e && e.message) || e)),
  );
}
