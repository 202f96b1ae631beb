// Loads Prisma's WebAssembly schema engine (@prisma/schema-engine-wasm, the same build Prisma's CLI
// ships unused in its own package) the way its generated bindings expect: the module instantiated
// by hand with the bindings as its imports, since Node does not import a .wasm file as a module.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';

export type WasmSchemaEngine = bindings.SchemaEngine;

let loaded = false;

/**
 * Where the engine's panic hook leaves the panic's message before it aborts (a Rust panic reaches
 * JavaScript as a WebAssembly.RuntimeError "unreachable"); the hook expects it on the global
 * object, as Prisma's CLI defines it.
 */
const panics = { message: '', set_message(message: string) { this.message = message; } };
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: typeof panics }).PRISMA_WASM_PANIC_REGISTRY = panics;

/** The message of the engine's last panic, if `error` is one. */
export function panicMessage(error: unknown): string | undefined {
  return error instanceof WebAssembly.RuntimeError ? panics.message || error.message : undefined;
}

function instantiate(): void {
  if (loaded) return;
  const bindingsFile = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
  const module = new WebAssembly.Module(readFileSync(path.join(path.dirname(bindingsFile), 'schema_engine_bg.wasm')));
  const instance = new WebAssembly.Instance(module, { './schema_engine_bg.js': bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loaded = true;
}

/** The engine's version: the prisma-engines commit it was built from. */
export function wasmEngineVersion(): string {
  instantiate();
  return bindings.version();
}

/**
 * A schema engine over `adapter` (a migration-aware driver adapter factory bound with
 * `bindMigrationAwareSqlAdapterFactory`), knowing the given schema files ([path, content]).
 * `log` receives the engine's tracing lines.
 */
export async function openWasmEngine(datamodels: [string, string][], log: (line: string) => void, adapter: object): Promise<WasmSchemaEngine> {
  instantiate();
  return bindings.SchemaEngine.new({ datamodels }, log, adapter);
}
