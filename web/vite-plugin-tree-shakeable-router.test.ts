import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeShakeableRouter } from './vite-plugin-tree-shakeable-router';

// The module vite.config.ts's alias gives the browser build: react-router's production build.
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

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
        'var Form = React10.forwardRef(',
        '  function FormImpl() {',
        '    let FetcherForm2 = React10.forwardRef(() => null);',
        '    FetcherForm2.displayName = "fetcher.Form";',
        '  }',
        ');',
        'Form.displayName = "Form";',
        'var RouteContext = React.createContext({ outlet: null });',
        'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      ].join('\n'),
      '/app/node_modules/react-router/dist/production/chunk-ABC.mjs',
    );
    expect(out).toContain('var Form = /* @__PURE__ */ React10.forwardRef(');
    expect(out).toContain('var RouteContext = /* @__PURE__ */ React.createContext(');
    expect(out).toContain('var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(');
    expect(out).not.toContain('Form.displayName = "Form"');
    // Code inside functions runs only when called: it stays as it was.
    expect(out).toContain('    let FetcherForm2 = React10.forwardRef(() => null);\n    FetcherForm2.displayName = "fetcher.Form";');
  });

  it('still finds both patterns in the installed react-router (an upgrade that changes them fails here)', () => {
    const modules = readdirSync(routerDist).filter((file) => file.endsWith('.mjs'));
    const rewritten = modules.map((file) => {
      const id = path.join(routerDist, file);
      const code = readFileSync(id, 'utf8');
      return transform(code, id) ?? code;
    });
    const pure = rewritten.join('\n').match(/^var \w+ = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/gm) ?? [];
    expect(pure.length).toBeGreaterThanOrEqual(3);
    expect(rewritten.join('\n')).not.toMatch(/^(Form|Link)\.displayName = /m);
  });

  it('leaves every other module alone', () => {
    expect(transform('Thing.displayName = "Thing";', '/app/web/src/thing.tsx')).toBeUndefined();
  });
});
