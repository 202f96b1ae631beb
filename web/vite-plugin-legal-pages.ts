import path from 'node:path';
import { runnerImport, type Plugin, type ViteDevServer } from 'vite';
import type { Company } from '@app/shared/company';
import type { LegalPage } from './src/features/legal/legal-pages';
import { loadConfiguredCompany } from './vite-plugin-company.ts';

const SOURCE = 'src/features/legal/legal-pages.ts';
const LEGAL_INDEX_ID = 'virtual:legal-index';
const RESOLVED_LEGAL_INDEX_ID = `\0${LEGAL_INDEX_ID}`;
const PAGE_PATH = /^\/legal\/([a-z-]+)\.html$/;

interface LegalPagesModule {
  renderLegalPages(company: Company): LegalPage[];
}

/**
 * docs/product.md §2/§7: the policies are static pages at /legal/<slug>.html. This plugin writes one per
 * document into the build, serves the same pages from the dev server, and gives the app a small
 * `virtual:legal-index` module (slug, title, summary) so the Legal page lists the documents without
 * bundling their full text: the text is fetched only when a policy is opened.
 *
 * The documents are TypeScript that imports our workspace packages, which a Vite config cannot
 * import directly; they are loaded through Vite itself (the dev server, or a module runner).
 */
export function legalPages(): Plugin {
  let root = process.cwd();
  let server: ViteDevServer | undefined;
  let built: Promise<LegalPage[]> | undefined;

  const load = async (): Promise<LegalPage[]> => {
    const company = await loadConfiguredCompany();
    if (server) return ((await server.ssrLoadModule(`/${SOURCE}`)) as LegalPagesModule).renderLegalPages(company);
    built ??= runnerImport<LegalPagesModule>(path.join(root, SOURCE), {
      root,
      logLevel: 'error',
      environments: { inline: { resolve: { noExternal: [/^@app\//] } } },
    }).then(({ module }) => module.renderLegalPages(company));
    return built;
  };

  return {
    name: 'app:legal-pages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === LEGAL_INDEX_ID ? RESOLVED_LEGAL_INDEX_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_LEGAL_INDEX_ID) return undefined;
      const index = (await load()).map(({ slug, title, summary }) => ({ slug, title, summary }));
      return `export default ${JSON.stringify(index)};`;
    },
    configureServer(devServer) {
      server = devServer;
      devServer.middlewares.use((req, res, next) => {
        const slug = PAGE_PATH.exec(req.url?.split('?')[0] ?? '')?.[1];
        if (slug === undefined) return next();
        load().then(
          (pages) => {
            const page = pages.find((p) => p.slug === slug);
            if (!page) return next();
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(page.html);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      // The pages belong to the website, not to the pre-render's server bundle.
      if (this.environment.name !== 'client') return;
      for (const page of await load()) {
        this.emitFile({ type: 'asset', fileName: `legal/${page.slug}.html`, source: page.html });
      }
    },
  };
}
