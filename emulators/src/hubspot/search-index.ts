import type { CrmObject } from './model';

interface Version {
  at: number;
  object: CrmObject;
}

/**
 * HubSpot's search reads an index that trails the records: a write shows in search results only
 * some time after it was made. The index keeps, per record, what it looked like after each
 * write, and a search sees each record as of its last write older than the lag: records created
 * since are missing, records changed since show their old values, records archived or merged
 * since are still found. With a lag of 0 search sees every write at once.
 */
export class SearchIndex {
  private readonly versions = new Map<string, Version[]>();

  constructor(public lagMs = 0) {}

  /** A record as it was right after a write (a copy, not changed later). */
  record(object: CrmObject, at = Date.now()): void {
    const key = `${object.type}:${object.id}`;
    const list = this.versions.get(key) ?? [];
    list.push({ at, object });
    this.versions.set(key, list);
    this.prune(list, at);
  }

  /** Versions older than the newest one a search can see are never needed again. */
  private prune(list: Version[], now: number): void {
    const cutoff = now - this.lagMs;
    let newestVisible = -1;
    for (let i = 0; i < list.length; i++) if (list[i]!.at <= cutoff) newestVisible = i;
    if (newestVisible > 0) list.splice(0, newestVisible);
  }

  /**
   * What a search sees of these records now, in id order. A record with no recorded write
   * (loaded from the state file) has been indexed long ago: it shows as it is.
   */
  visible(records: readonly CrmObject[], now = Date.now()): CrmObject[] {
    const cutoff = now - this.lagMs;
    const live = (o: CrmObject) => !o.archived && !o.mergedInto;
    const out: CrmObject[] = [];
    for (const record of records) {
      const list = this.versions.get(`${record.type}:${record.id}`);
      if (!list) {
        if (live(record)) out.push(record);
        continue;
      }
      let seen: CrmObject | undefined;
      for (const version of list) if (version.at <= cutoff) seen = version.object;
      if (seen && live(seen)) out.push(seen);
    }
    return out.sort((a, b) => Number(a.id) - Number(b.id));
  }

  clear(): void {
    this.versions.clear();
  }
}
