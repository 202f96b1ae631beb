import type { ReactNode } from 'react';
import { usePageHead } from '../lib/head';

interface PageProps {
  /** Tab title; omit for the site's default title (home page). */
  title?: string;
  /** Meta description; every public page gives its own (search results show it). */
  description?: string;
  /** The page's one h1. */
  heading: ReactNode;
  /** Optional line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** Common top of every page: document head, the single h1 and an optional lead paragraph. */
export function Page({ title, description, heading, lead, children }: PageProps) {
  usePageHead(title, description);
  return (
    <div className="page container">
      <header className="page-header">
        <h1>{heading}</h1>
        {lead === undefined ? null : <p className="lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
