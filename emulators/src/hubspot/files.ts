import { createHash } from 'node:crypto';
import { z } from 'zod';
import { badRequest, HubSpotError, notFound } from './errors';
import { tooLarge, type MultipartBody } from './multipart';

/**
 * HubSpot's file manager, as the Files API v3 shows it (docs: emulators/src/hubspot/README.md,
 * "Files"): files in folders, made by upload; folders made on the way by `folderPath`. Kept
 * apart from the CRM store (a file is not a CRM record and takes no part in its transactions),
 * written to the state file beside it with the bytes in base64.
 */

/** The access values HubSpot's File schema lists; an upload's `options.access` must be one. */
export const FILE_ACCESS = ['PUBLIC_INDEXABLE', 'PUBLIC_NOT_INDEXABLE', 'PRIVATE', 'SENSITIVE', 'HIDDEN_INDEXABLE', 'HIDDEN_NOT_INDEXABLE', 'HIDDEN_PRIVATE', 'HIDDEN_SENSITIVE'] as const;
export type FileAccess = (typeof FILE_ACCESS)[number];

export interface StoredFile {
  id: string;
  /** Without the extension, as HubSpot names files. */
  name: string;
  extension: string;
  /** IMG, DOCUMENT, AUDIO, MOVIE or OTHER. */
  type: string;
  contentType: string;
  parentFolderId?: string;
  /** `/<folder path>/<name>.<extension>`. */
  path: string;
  access: FileAccess;
  size: number;
  fileMd5: string;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
  /** The file's bytes, base64. */
  bytes: string;
}

export interface StoredFolder {
  id: string;
  name: string;
  path: string;
  parentFolderId?: string;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface FilesState {
  nextId: number;
  files: Record<string, StoredFile>;
  folders: Record<string, StoredFolder>;
}

/** File ids are HubSpot-sized numbers of their own, never a CRM record's. */
export const emptyFilesState = (): FilesState => ({ nextId: 190_000_000_001, files: {}, folders: {} });

const optionsSchema = z.object({
  access: z.enum(FILE_ACCESS),
  ttl: z.string().optional(),
  overwrite: z.boolean().optional(),
  duplicateValidationStrategy: z.enum(['NONE', 'REJECT', 'RETURN_EXISTING']).optional(),
  duplicateValidationScope: z.enum(['ENTIRE_PORTAL', 'EXACT_FOLDER']).optional(),
});

const TYPES: Record<string, string> = {
  jpg: 'IMG', jpeg: 'IMG', png: 'IMG', gif: 'IMG', webp: 'IMG', svg: 'IMG', heic: 'IMG',
  pdf: 'DOCUMENT', doc: 'DOCUMENT', docx: 'DOCUMENT', txt: 'DOCUMENT', csv: 'DOCUMENT', xls: 'DOCUMENT', xlsx: 'DOCUMENT',
  mp3: 'AUDIO', wav: 'AUDIO', mp4: 'MOVIE', mov: 'MOVIE', webm: 'MOVIE',
};

function splitName(fileName: string): { name: string; extension: string } {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? { name: fileName, extension: '' } : { name: fileName.slice(0, dot), extension: fileName.slice(dot + 1).toLowerCase() };
}

/** `/a//b/` → `/a/b`; the root is `/`. */
const normalPath = (path: string) => `/${path.split('/').filter(Boolean).join('/')}`;

export interface FileSearch {
  name?: string | undefined;
  path?: string | undefined;
  parentFolderIds?: string[] | undefined;
  ids?: string[] | undefined;
  extension?: string | undefined;
  type?: string | undefined;
  allowsAnonymousAccess?: boolean | undefined;
}

export class FileStore {
  private state: FilesState = emptyFilesState();
  private readonly listeners: Array<() => void> = [];

  constructor(public maxBytes: number) {}

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  snapshot(): FilesState {
    return structuredClone(this.state);
  }

  load(state: FilesState | undefined): void {
    this.state = state ? structuredClone(state) : emptyFilesState();
  }

  private takeId(): string {
    return String(this.state.nextId++);
  }

  /** The folder at `path`, made with its parents when missing (HubSpot: "the system will try to create one"). */
  private folderAt(path: string): StoredFolder | undefined {
    const segments = normalPath(path).split('/').filter(Boolean);
    let parent: StoredFolder | undefined;
    for (const segment of segments) {
      const at: string = `${parent?.path ?? ''}/${segment}`;
      let folder = Object.values(this.state.folders).find((f) => !f.archived && f.path === at);
      if (!folder) {
        const now = new Date().toISOString();
        folder = { id: this.takeId(), name: segment, path: at, ...(parent && { parentFolderId: parent.id }), createdAt: now, updatedAt: now, archived: false };
        this.state.folders[folder.id] = folder;
      }
      parent = folder;
    }
    return parent;
  }

  /**
   * POST /files/v3/files. Refusals: no `file` part, no `options` or no valid `access` in it,
   * neither or both of `folderId` and `folderPath`, an unknown folder id, a file over the limit.
   */
  upload(body: MultipartBody): StoredFile {
    const file = body.file('file');
    if (!file) throw badRequest('file is required');
    if (file.data.length > this.maxBytes) throw tooLarge(this.maxBytes);
    const optionsText = body.field('options');
    if (optionsText === undefined) throw badRequest('options is required: a JSON object with access');
    let options: z.output<typeof optionsSchema>;
    try {
      const parsed = optionsSchema.safeParse(JSON.parse(optionsText));
      if (!parsed.success) throw badRequest(`Invalid options: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ')}`);
      options = parsed.data;
    } catch (error) {
      if (error instanceof HubSpotError) throw error;
      throw badRequest(`Invalid options: not JSON (${(error as Error).message})`);
    }
    const folderId = body.field('folderId');
    const folderPath = body.field('folderPath');
    if ((folderId === undefined) === (folderPath === undefined)) throw badRequest('Either folderId or folderPath is required, not both');
    let folder: StoredFolder | undefined;
    if (folderId !== undefined) {
      folder = this.state.folders[folderId];
      if (!folder || folder.archived) throw notFound(`Folder ${folderId} not found`);
    }

    const { name: wanted, extension: own } = splitName(body.field('fileName') ?? file.filename ?? 'file');
    const extension = own || splitName(file.filename ?? '').extension;
    folder ??= this.folderAt(folderPath ?? '/');
    const pathOf = (name: string) => `${folder?.path ?? ''}/${name}${extension ? `.${extension}` : ''}`;
    const fileMd5 = createHash('md5').update(file.data).digest('hex');
    const live = Object.values(this.state.files).filter((f) => !f.archived);
    const strategy = options.duplicateValidationStrategy ?? 'NONE';
    if (strategy !== 'NONE') {
      const scope = options.duplicateValidationScope ?? 'ENTIRE_PORTAL';
      const duplicate = live.find((f) => f.fileMd5 === fileMd5 && (scope === 'ENTIRE_PORTAL' || f.parentFolderId === folder?.id));
      if (duplicate && strategy === 'RETURN_EXISTING') return duplicate;
      if (duplicate) throw new HubSpotError(409, 'CONFLICT', `Duplicate file found: ${duplicate.id}`);
    }
    const same = live.find((f) => f.path === pathOf(wanted));
    // Without overwrite, a taken name gets a number, as the file manager does; with it, the file is replaced under its id.
    let name = wanted;
    for (let n = 1; same && !options.overwrite && live.some((f) => f.path === pathOf(name)); n++) name = `${wanted}-${n}`;
    const replaced = options.overwrite ? same : undefined;
    const now = new Date().toISOString();
    const stored: StoredFile = {
      id: replaced?.id ?? this.takeId(),
      name,
      extension,
      type: TYPES[extension] ?? 'OTHER',
      contentType: file.contentType ?? 'application/octet-stream',
      ...(folder && { parentFolderId: folder.id }),
      path: pathOf(name),
      access: options.access,
      size: file.data.length,
      fileMd5,
      createdAt: replaced?.createdAt ?? now,
      updatedAt: now,
      archived: false,
      bytes: file.data.toString('base64'),
    };
    this.state.files[stored.id] = stored;
    this.changed();
    return stored;
  }

  get(id: string): StoredFile {
    const file = this.state.files[id];
    if (!file || file.archived) throw notFound(`File ${id} not found`);
    return file;
  }

  archive(id: string): void {
    const file = this.get(id);
    file.archived = true;
    file.archivedAt = new Date().toISOString();
    this.changed();
  }

  /** Live files only ("does not display hidden or archived files"), oldest first. */
  search(query: FileSearch): StoredFile[] {
    return Object.values(this.state.files).filter((f) => {
      if (f.archived || f.access.startsWith('HIDDEN_')) return false;
      if (query.name !== undefined && !f.name.toLowerCase().includes(query.name.toLowerCase())) return false;
      if (query.path !== undefined && f.path !== normalPath(query.path)) return false;
      if (query.parentFolderIds && !query.parentFolderIds.includes(f.parentFolderId ?? '')) return false;
      if (query.ids && !query.ids.includes(f.id)) return false;
      if (query.extension !== undefined && f.extension !== query.extension.toLowerCase()) return false;
      if (query.type !== undefined && f.type !== query.type) return false;
      if (query.allowsAnonymousAccess !== undefined && query.allowsAnonymousAccess !== f.access.startsWith('PUBLIC_')) return false;
      return true;
    });
  }

  /** Every file, deleted ones too (control API). */
  all(): StoredFile[] {
    return Object.values(this.state.files);
  }

  find(id: string): StoredFile | undefined {
    return this.state.files[id];
  }
}
