import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../repo';

export interface ComposeService {
  image?: string;
  build?: { context: string; target: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: 'service_started' | 'service_healthy' | 'service_completed_successfully' }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  network_mode?: string;
  volumes?: string[];
  restart?: string;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export class MissingVariables extends Error {
  constructor(readonly messages: string[]) {
    super(`required variables are not set:\n${messages.join('\n')}`);
  }
}

/**
 * Compose's interpolation, the forms our files use: `${VAR}`, `${VAR:-default}`,
 * `${VAR:?message}` (an error naming each missing one) and `$$` for a literal `$`.
 */
export function interpolate(text: string, variables: Readonly<Record<string, string | undefined>>): string {
  const missing: string[] = [];
  const result = text.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (match, name: string | undefined, op: string | undefined, arg: string | undefined) => {
    if (match === '$$') return '$';
    const value = variables[name!];
    if (value) return value;
    if (op === ':?') missing.push(`${name}: ${arg}`);
    return op === ':-' ? (arg ?? '') : '';
  });
  if (missing.length > 0) throw new MissingVariables([...new Set(missing)]);
  return result;
}

/** Reads a compose file of the repository, interpolated with `variables`. */
export function loadCompose(name: string, variables: Readonly<Record<string, string | undefined>> = {}): ComposeFile {
  const text = readFileSync(path.join(REPO_ROOT, name), 'utf8');
  return parse(interpolate(text, variables)) as ComposeFile;
}

/** The variables a compose file requires (`${VAR:?…}`). */
export function requiredVariables(name: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, name), 'utf8');
  return [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((m) => m[1]!))].sort();
}

/** Services in an order that starts each after those it depends on. */
export function startOrder(file: ComposeFile): string[] {
  const order: string[] = [];
  const visit = (name: string, path: readonly string[]) => {
    if (order.includes(name)) return;
    if (path.includes(name)) throw new Error(`dependency cycle: ${[...path, name].join(' → ')}`);
    const service = file.services[name];
    if (!service) throw new Error(`unknown service ${name}`);
    const networkOf = service.network_mode?.startsWith('service:') ? [service.network_mode.slice('service:'.length)] : [];
    for (const dep of [...Object.keys(service.depends_on ?? {}), ...networkOf]) visit(dep, [...path, name]);
    order.push(name);
  };
  for (const name of Object.keys(file.services).sort()) visit(name, []);
  return order;
}
