import type { IncomingMessage } from 'node:http';
import { badRequest, HubSpotError } from './errors';

/** One part of a multipart/form-data body: a field (`data` is its text) or a file (with `filename`). */
export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data request body, as the router hands it to a handler (JSON bodies stay plain values). */
export class MultipartBody {
  constructor(readonly parts: readonly FormPart[]) {}

  field(name: string): string | undefined {
    const part = this.parts.find((p) => p.name === name && p.filename === undefined);
    return part?.data.toString('utf8');
  }

  file(name: string): FormPart | undefined {
    return this.parts.find((p) => p.name === name && p.filename !== undefined);
  }
}

export const isMultipart = (contentType: string | undefined): boolean => /^multipart\/form-data\b/i.test(contentType ?? '');

/**
 * Reads a multipart body of at most `maxBytes`. A longer body is read to its end (so the client
 * gets the answer, not a broken pipe) but not kept, and answers 413.
 */
export async function readMultipart(req: IncomingMessage, maxBytes: number): Promise<MultipartBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  if (size > maxBytes) throw tooLarge(maxBytes);
  return parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
}

/** A whole multipart/form-data body, split by the boundary its content type names. */
export function parseMultipart(body: Buffer, contentType: string): MultipartBody {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!marker) throw badRequest('Invalid multipart request: no boundary');
  return new MultipartBody(parseParts(body, marker));
}

export const tooLarge = (maxBytes: number) =>
  new HubSpotError(413, 'VALIDATION_ERROR', `File is too large: the limit is ${maxBytes} bytes`);

function parseParts(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) throw badRequest('Invalid multipart request: unterminated part');
    // Each part: CRLF, headers, a blank line, the data, CRLF before the next delimiter.
    const raw = body.subarray(start + 2, next - 2);
    const split = raw.indexOf('\r\n\r\n');
    if (split < 0) throw badRequest('Invalid multipart request: part without headers');
    const headers = raw.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw badRequest('Invalid multipart request: part without a name');
    const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    parts.push({ name, ...(filename !== undefined && { filename }), ...(contentType && { contentType }), data: Buffer.from(raw.subarray(split + 4)) });
    at = next;
  }
  return parts;
}
