import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

interface PageProps {
  /** Tab title; omit for the site's default title (home page). */
  title?: string;
  /** The page's one h1. */
  heading: string;
  /** Optional line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
}

/** Common top of every page: document title, the single h1 and an optional lead paragraph. */
export function Page({ title, heading, lead, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <h1>{heading}</h1>
      {lead === undefined ? null : <p className="lead">{lead}</p>}
      {children}
    </div>
  );
}
