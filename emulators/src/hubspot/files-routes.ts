import type { EmulatorCore } from './core';
import { badRequest } from './errors';
import type { StoredFile } from './files';
import { MultipartBody } from './multipart';
import { intParam, listParam, type Router } from './routing';

/** A file as the Files API v3 answers it (HubSpot's File schema): never its bytes. */
export function presentFile(core: EmulatorCore, file: StoredFile): Record<string, unknown> {
  const isPublic = file.access.startsWith('PUBLIC_');
  const link = `${core.baseUrl}/_emulator/files/${file.id}/content`;
  return {
    id: file.id,
    name: file.name,
    extension: file.extension,
    type: file.type,
    ...(file.parentFolderId && { parentFolderId: file.parentFolderId }),
    path: file.path,
    access: file.access,
    size: file.size,
    fileMd5: file.fileMd5,
    encoding: file.extension,
    isUsableInContent: true,
    // A private file's url answers only to an authorised user of the account, as HubSpot's does.
    url: link,
    ...(isPublic && { defaultHostingUrl: link }),
    createdAt: file.createdAt,
    updatedAt: file.updatedAt,
    archived: file.archived,
    ...(file.archivedAt && { archivedAt: file.archivedAt }),
  };
}

/** Files API v3: upload, read, signed URL, search, delete (the paths `client.files.filesApi` calls). */
export function registerFileRoutes(router: Router, core: EmulatorCore): void {
  router.on('POST', '/files/v3/files', ({ body }) => {
    if (!(body instanceof MultipartBody)) throw badRequest('Upload a file as multipart/form-data');
    return { status: 201, body: presentFile(core, core.files.upload(body)) };
  });

  router.on('GET', '/files/v3/files/search', ({ query }) => {
    const bool = (name: string) => (query.get(name) === null ? undefined : query.get(name) === 'true');
    const limit = intParam(query, 'limit', 10, 100);
    const offset = intParam(query, 'after', 0, 10_000);
    const found = core.files.search({
      name: query.get('name') ?? undefined,
      path: query.get('path') ?? undefined,
      parentFolderIds: listParam(query, 'parentFolderIds'),
      ids: listParam(query, 'ids'),
      extension: query.get('extension') ?? undefined,
      type: query.get('type') ?? undefined,
      allowsAnonymousAccess: bool('allowsAnonymousAccess'),
    });
    const page = found.slice(offset, offset + limit);
    const next = offset + limit < found.length ? String(offset + limit) : undefined;
    return {
      status: 200,
      body: {
        results: page.map((f) => presentFile(core, f)),
        ...(next && { paging: { next: { after: next, link: `${core.baseUrl}/files/v3/files/search?after=${next}` } } }),
      },
    };
  });

  router.on('GET', '/files/v3/files/:fileId', ({ params }) => ({ status: 200, body: presentFile(core, core.files.get(params.fileId ?? '')) }));

  router.on('GET', '/files/v3/files/:fileId/signed-url', ({ params, query }) => {
    const file = core.files.get(params.fileId ?? '');
    const seconds = intParam(query, 'expirationSeconds', 3600, 86_400 * 7);
    const expiresAt = new Date(Date.now() + seconds * 1000);
    return {
      status: 200,
      body: {
        url: `${core.baseUrl}/_emulator/files/${file.id}/content?expires=${expiresAt.getTime()}`,
        expiresAt: expiresAt.toISOString(),
        name: file.name,
        extension: file.extension,
        type: file.type,
        size: file.size,
      },
    };
  });

  router.on('DELETE', '/files/v3/files/:fileId', ({ params }) => {
    core.files.archive(params.fileId ?? '');
    return { status: 204 };
  });
}
