// experiment-store.js: the finished runs of experiments, kept in IndexedDB
// so that a reload or a crashed tab loses nothing finished. One object
// store, "runs", keyed by [experiment id, job key] (experiment-def.js), the
// value being Go's JSON line. Without IndexedDB (a private window that
// refuses it) the store keeps nothing and says so.

const DB = "pcaplay-experiments", STORE = "runs", VERSION = 1;

function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export class ExperimentStore {
  constructor() {
    this.db = null;
    this.error = null;
  }

  /** open resolves true when IndexedDB works (else this.error says why). */
  async open() {
    if (this.db) return true;
    try {
      const r = indexedDB.open(DB, VERSION);
      r.onupgradeneeded = () => { r.result.createObjectStore(STORE); };
      this.db = await req(r);
      return true;
    } catch (e) {
      this.error = (e && e.message) || String(e) || "IndexedDB is not available";
      return false;
    }
  }

  tx(mode) { return this.db.transaction(STORE, mode).objectStore(STORE); }

  /** load returns the saved runs of experiment id: Map job key → line. */
  async load(id) {
    const out = new Map();
    if (!(await this.open())) return out;
    const range = IDBKeyRange.bound([id, ""], [id, "\uffff"]);
    const store = this.tx("readonly");
    const [keys, vals] = await Promise.all([req(store.getAllKeys(range)), req(store.getAll(range))]);
    keys.forEach((k, i) => out.set(k[1], vals[i]));
    return out;
  }

  /** put saves one finished run. */
  async put(id, key, line) {
    if (!(await this.open())) return;
    const store = this.db.transaction(STORE, "readwrite");
    store.objectStore(STORE).put(line, [id, key]);
    await new Promise((resolve, reject) => { store.oncomplete = resolve; store.onerror = () => reject(store.error); });
  }

  /** remove forgets the saved runs of experiment id under the job keys given. */
  async remove(id, keys) {
    if (!keys.length || !(await this.open())) return;
    const t = this.db.transaction(STORE, "readwrite");
    for (const k of keys) t.objectStore(STORE).delete([id, k]);
    await new Promise((resolve, reject) => { t.oncomplete = resolve; t.onerror = () => reject(t.error); });
  }

  /** clear forgets every saved run of experiment id. */
  async clear(id) {
    if (!(await this.open())) return;
    await req(this.tx("readwrite").delete(IDBKeyRange.bound([id, ""], [id, "\uffff"])));
  }
}
