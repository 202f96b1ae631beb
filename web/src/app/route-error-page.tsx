import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Shown when a page throws or its code cannot be loaded. The usual cause of the latter is a new
 * release replacing the old chunk files while this tab was open, which a reload fixes.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    // Surfaced on purpose: browser tests fail on console errors, so a broken page cannot pass.
    console.error('Route error', error);
  }, [error]);

  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="page" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. If the site was just updated, reloading loads the new version.</p>
      {detail === null ? null : <p className="fine-print">{detail}</p>}
      <p className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        {/* A full page load, in case the router itself is what broke. */}
        <a href="/">Home</a>
      </p>
    </div>
  );
}
