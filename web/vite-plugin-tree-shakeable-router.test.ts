import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeShakeableRouter } from './vite-plugin-tree-shakeable-router';

// What `vite build` resolves react-router to: its production build, one file per module.
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

/** react-router's production files as the build reads them. */
function routerModules(): { id: string; code: string }[] {
  return readdirSync(routerDist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ id: path.join(routerDist, file), code: readFileSync(path.join(routerDist, file), 'utf8') }));
}

function transform(code: string, id: string): string | undefined {
  const hook = treeShakeableRouter().transform;
  if (!hook || typeof hook !== 'object' || !('handler' in hook)) throw new Error('the plugin has no transform handler');
  const result = (hook.handler as (code: string, id: string) => { code: string } | undefined).call({}, code, id);
  return result?.code;
}

describe('tree-shakeable react-router', () => {
  it("drops the router's top-level component names and marks its component factories pure", () => {
    const out = transform(
      [
        'const Form = React$1.forwardRef(',
        '  function FormImpl() {',
        '    let FetcherForm = React$1.forwardRef(() => null);',
        '    FetcherForm.displayName = "fetcher.Form";',
        '  }',
        ');',
        'Form.displayName = "Form";',
        'const RouteContext = React$1.createContext({ outlet: null });',
        'const MemoizedDataRoutes = React.memo(DataRoutes);',
      ].join('\n'),
      '/app/node_modules/react-router/dist/production/lib/dom/lib.js',
    );
    expect(out).toContain('const Form = /* @__PURE__ */ React$1.forwardRef(');
    expect(out).toContain('const RouteContext = /* @__PURE__ */ React$1.createContext(');
    expect(out).toContain('const MemoizedDataRoutes = /* @__PURE__ */ React.memo(');
    expect(out).not.toContain('Form.displayName = "Form"');
    // Code inside functions runs only when called: it stays as it was.
    expect(out).toContain('    let FetcherForm = React$1.forwardRef(() => null);\n    FetcherForm.displayName = "fetcher.Form";');
  });

  it('still finds both patterns in the installed react-router (an upgrade that changes them fails here)', () => {
    const rewritten = routerModules().map(({ id, code }) => transform(code, id) ?? code);
    const pure = rewritten.join('\n').match(/^const \w+ = \/\* @__PURE__ \*\/ React\$1\.forwardRef\(/gm) ?? [];
    expect(pure.length).toBeGreaterThanOrEqual(3);
    expect(rewritten.join('\n')).not.toMatch(/^(Form|Link)\.displayName = /m);
  });

  it('still has something to do: react-router leaves its top-level components impure (when this fails, drop the plugin)', () => {
    // Once react-router marks these calls pure itself and stops naming components at the top level,
    // the plugin rewrites none of its files and can go (docs/decisions/react-router-build.md).
    const rewritten = routerModules().filter(({ id, code }) => transform(code, id) !== undefined);
    expect(rewritten.length).toBeGreaterThan(0);
  });

  it('leaves every other module alone', () => {
    expect(transform('Thing.displayName = "Thing";', '/app/web/src/thing.tsx')).toBeUndefined();
  });
});
