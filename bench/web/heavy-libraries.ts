import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { QUEUE_DASHBOARD_PATH } from '@app/shared/routes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The staff libraries too heavy for every staff page: FullCalendar, which only the calendar may
 * load (the built chunks that contain it, found by its own class names), and the queue dashboard
 * (bull-board, its own pages under QUEUE_DASHBOARD_PATH). Returns a check of a page's requests:
 * what it pulled of them, empty when nothing.
 */
export async function heavyLibraryCheck(): Promise<(requested: readonly string[]) => string[]> {
  const assets = path.join(ROOT, 'web/dist/assets');
  const calendarChunks: string[] = [];
  for (const file of (await readdir(assets)).filter((name) => name.endsWith('.js'))) {
    if (/fullcalendar|fc-daygrid/.test(await readFile(path.join(assets, file), 'utf8'))) calendarChunks.push(`/assets/${file}`);
  }
  if (calendarChunks.length === 0) throw new Error('no built chunk holds FullCalendar: the check would find nothing');
  return (requested) => [
    ...requested.filter((p) => calendarChunks.includes(p)).map((p) => `FullCalendar (${p})`),
    ...requested.filter((p) => p.startsWith(QUEUE_DASHBOARD_PATH)).map((p) => `the queue dashboard (${p})`),
  ];
}
