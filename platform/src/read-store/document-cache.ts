/**
 * The embedded read store's memory: the JSON text of recently used documents, bounded by
 * bytes, whatever the size of the collections (issue #18: memory follows the live data, not
 * the log's length). A document read again soon is a Map lookup and a parse instead of a
 * SQLite query. Eviction is a clock (second chance) over a ring of the entries in the order
 * they came: a hit only marks its entry, so the hot path of a GET by _id reorders nothing.
 *
 * It also remembers which collections it holds whole: one this connection emptied (a
 * rebuild's drops) and has since only written, with nothing of it evicted. A document
 * missing there is absent without asking SQLite, as every new document of a replay is.
 */

/**
 * Bytes an entry costs beside its text, as measured on Node 20 (heap used per entry, less the
 * text's length): the Map's slot, the entry object, the strings' headers, the ring's slot.
 */
const ENTRY_OVERHEAD = 300;

export interface CachedDocument {
  readonly collection: string;
  readonly id: string;
  /** The stored JSON text, or null: known to be absent. */
  json: string | null;
  /** The row's rowid in SQLite, or 0 when not known (a blind upsert wrote it). */
  rowid: number;
  /** Read since the clock hand last passed it. */
  used: boolean;
  /** Out of the cache: its slot in the ring is skipped. */
  gone: boolean;
  bytes: number;
}

export class DocumentCache {
  private readonly collections = new Map<string, Map<string, CachedDocument>>();
  /** Every entry in the order it came (or was given a second chance); gone ones are skipped. */
  private ring: CachedDocument[] = [];
  /** The clock hand: the ring's oldest slot. */
  private hand = 0;
  private bytes = 0;
  private documents = 0;
  private entries = 0;
  /** Collections whose every document is in the cache. */
  private readonly whole = new Set<string>();

  constructor(readonly maxBytes: number) {}

  /** The cached entry, marked as used; undefined when the cache does not know. */
  get(collection: string, id: string): CachedDocument | undefined {
    const entry = this.collections.get(collection)?.get(id);
    if (entry) entry.used = true;
    return entry;
  }

  /** Whether the cache holds every document of the collection, so that a miss means absent. */
  holdsWhole(collection: string): boolean {
    return this.whole.has(collection);
  }

  /** Remembers a document's text (null: absent) after a read or a write. */
  set(collection: string, id: string, json: string | null, rowid: number): void {
    let documents = this.collections.get(collection);
    const existing = documents?.get(id);
    const bytes = id.length + (json?.length ?? 0) + ENTRY_OVERHEAD;
    if ((json === null && this.whole.has(collection)) || bytes > this.maxBytes) {
      // absent is implied; or too large to keep, and the collection is no longer whole here
      if (existing) this.remove(documents!, existing);
      if (json !== null) this.whole.delete(collection);
      return;
    }
    if (existing) {
      // in place: the entry keeps its slot in the ring
      this.bytes += bytes - existing.bytes;
      this.documents += (json !== null ? 1 : 0) - (existing.json !== null ? 1 : 0);
      existing.json = json;
      existing.rowid = rowid;
      existing.bytes = bytes;
    } else {
      if (!documents) this.collections.set(collection, (documents = new Map()));
      const entry: CachedDocument = { collection, id, json, rowid, used: false, gone: false, bytes };
      documents.set(id, entry);
      this.ring.push(entry);
      this.entries++;
      this.bytes += bytes;
      if (json !== null) this.documents++;
      this.compactIfSparse();
    }
    if (this.bytes > this.maxBytes) this.evict();
  }

  /** Forgets one document. */
  delete(collection: string, id: string): void {
    const documents = this.collections.get(collection);
    const entry = documents?.get(id);
    if (entry) this.remove(documents!, entry);
  }

  /** The collection is now empty here: its entries go, and a miss in it means absent. */
  emptied(collection: string): void {
    const documents = this.collections.get(collection);
    if (documents) for (const entry of documents.values()) this.remove(documents, entry);
    this.whole.add(collection);
    this.compactIfSparse();
  }

  /** Another connection wrote, or a transaction rolled back: nothing cached can be trusted. */
  clear(): void {
    this.collections.clear();
    this.whole.clear();
    this.ring = [];
    this.hand = 0;
    this.bytes = 0;
    this.documents = 0;
    this.entries = 0;
  }

  cachedBytes(): number {
    return this.bytes;
  }

  cachedDocuments(): number {
    return this.documents;
  }

  private remove(documents: Map<string, CachedDocument>, entry: CachedDocument): void {
    documents.delete(entry.id);
    entry.gone = true;
    this.entries--;
    this.bytes -= entry.bytes;
    if (entry.json !== null) this.documents--;
  }

  /** Moves the clock hand until the cache fits: used entries get a second chance at the back. */
  private evict(): void {
    while (this.bytes > this.maxBytes && this.hand < this.ring.length) {
      const entry = this.ring[this.hand++];
      if (entry.gone) continue;
      if (entry.used) {
        entry.used = false;
        this.ring.push(entry);
        continue;
      }
      this.remove(this.collections.get(entry.collection)!, entry);
      if (entry.json !== null) this.whole.delete(entry.collection);
    }
    this.compactIfSparse();
  }

  /** Drops the ring's passed and gone slots once they outnumber the live entries. */
  private compactIfSparse(): void {
    if (this.ring.length < 1024 || this.ring.length < 2 * this.entries) return;
    this.ring = this.ring.slice(this.hand).filter((entry) => !entry.gone);
    this.hand = 0;
  }
}
