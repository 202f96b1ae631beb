/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every text asset of the built web app, once at
 * build time, at the highest levels. The API's static serving (koa-static) and the Docker front
 * (nginx gzip_static) send them to browsers that accept them: the JavaScript of a first visit is
 * about a third of its raw size on the wire, with no compression work per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { REPO_ROOT } from './repo';

const WEB_DIST = path.join(REPO_ROOT, 'web/dist');
const TEXT_FILE = /\.(js|css|html|svg|json|txt|map)$/;
/** Smaller files gain too little to be worth a second and third copy. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT_FILE.test(entry.name)) yield full;
  }
}

let raw = 0;
let compressed = 0;
for await (const file of textFiles(WEB_DIST)) {
  const content = await readFile(file);
  if (content.byteLength < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  raw += content.byteLength;
  compressed += br.byteLength;
}
console.log(`precompressed web/dist: ${(raw / 1024).toFixed(0)} KiB → ${(compressed / 1024).toFixed(0)} KiB with Brotli`);
