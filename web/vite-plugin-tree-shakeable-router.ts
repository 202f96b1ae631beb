import type { Plugin } from 'vite';

// react-router's production build, one file per source module (what `vite build` resolves it to).
const ROUTER_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/].+\.js$/;
// `Form.displayName = "Form";` on a line of its own, at the top level of the module.
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
// `const Form = React$1.forwardRef(`, `const AwaitContext = React$1.createContext(`, `React$1.memo(`.
const COMPONENT_FACTORY = /^((?:const|let|var) [\w$]+ = )(React(?:\$\d+|\d*)\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * react-router creates its components at the top level with React.forwardRef / createContext /
 * memo calls the bundler must assume have effects, and then names each one
 * (`Form.displayName = "Form"`), a write it must keep too. So every component of the library
 * stayed in the JavaScript every page loads, used or not (Form and its submission code, the
 * fetcher forms, prefetching). This drops the names (a developer-tools aid) and marks those calls
 * pure, so tree-shaking keeps only what the app imports: about 4.8 KiB of gzip in the vendor chunk
 * every page loads (react-router 8.5, docs/decisions/react-router-build.md).
 * Code inside functions is left alone.
 */
export function treeShakeableRouter(): Plugin {
  return {
    name: 'app:tree-shakeable-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_BUILD },
      handler(code, id) {
        if (!ROUTER_BUILD.test(id)) return undefined;
        const rewritten = code.replace(DISPLAY_NAME, '').replace(COMPONENT_FACTORY, '$1/* @__PURE__ */ $2');
        return rewritten === code ? undefined : { code: rewritten, map: null };
      },
    },
  };
}
