import { existsSync, readFileSync, renameSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defaultSchemas } from './default-properties';
import { STATE_VERSION, type StoreState } from './model';
import type { FileStore } from './files';
import type { Store } from './store';

/**
 * Keeps the store in a JSON file: read once at start, written shortly after changes (debounced,
 * so a burst of calls is one write) through a temporary file and a rename, so a crash never
 * leaves half a file behind.
 */
export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly store: Store,
    private readonly files: FileStore,
    private readonly debounceMs = 50,
  ) {}

  /**
   * The saved state, or undefined when there is no file yet. A file from an older emulator is
   * moved aside (kept, not read) and the emulator starts fresh; a broken file is an error, not
   * a silent reset.
   */
  read(): StoreState | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const state = JSON.parse(text) as StoreState;
    if (typeof state.version !== 'number' || typeof state.nextId !== 'number') throw new Error(`${this.path}: not a HubSpot emulator state file`);
    if (state.version === STATE_VERSION) return withNewDefaultTypes(withoutContactHsModified(state));
    let aside = `${this.path}.v${state.version}.old`;
    if (existsSync(aside)) aside = `${this.path}.v${state.version}.${Date.now()}.old`;
    renameSync(this.path, aside);
    console.warn(
      `hubspot emulator: ${this.path} was written by an older emulator (state version ${state.version}, now ${STATE_VERSION}); ` +
        `moved it to ${aside} and starting with a fresh account. Delete the local database too if it holds HubSpot ids from the old file.`,
    );
    return undefined;
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.debounceMs);
    this.timer.unref();
  }

  /** Writes now (after any write in progress); resolves when the file is in place. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const snapshot = JSON.stringify({ ...this.store.snapshot(), files: this.files.snapshot() });
    this.writing = this.writing.then(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.${process.pid}.tmp`;
      await writeFile(tmp, snapshot);
      await rename(tmp, this.path);
    });
    const done = this.writing;
    // A failed write must not block the next one; report it and carry on.
    this.writing = done.catch((error: unknown) => console.error('hubspot emulator: state file write failed', error));
    return done;
  }
}

/**
 * Files written before contacts kept their modified date only in `lastmodifieddate` hold an
 * `hs_lastmodifieddate` on contacts too, which a contacts search would still find: dropped, so an
 * old file behaves as HubSpot does (the ids, and so a local database, stay valid).
 */
function withoutContactHsModified(state: StoreState): StoreState {
  for (const contact of Object.values(state.objects.contacts ?? {})) delete contact.properties.hs_lastmodifieddate;
  return state;
}

/**
 * A file written before the emulator knew an object type of HubSpot's (communications, say) has
 * no properties for it, so every write to it would fail: the type gets HubSpot's default schema,
 * as HubSpot gives a new standard object to existing accounts. Types the file set up are kept as they are.
 */
function withNewDefaultTypes(state: StoreState): StoreState {
  // An empty schema is one an older emulator made on first mention of the type, never HubSpot's.
  for (const [type, schema] of Object.entries(defaultSchemas())) {
    const saved = state.schema[type];
    if (!saved?.properties.length) state.schema[type] = schema;
    // A HubSpot property the emulator learnt since (a note's hs_attachment_ids) is added, the rest kept.
    else for (const property of schema.properties) if (!saved.properties.some((p) => p.name === property.name)) saved.properties.push(property);
  }
  return state;
}
