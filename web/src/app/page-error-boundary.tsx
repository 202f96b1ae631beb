import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Page } from '../components/page';

interface State {
  failed: boolean;
}

/**
 * Shown when a page throws or its code cannot be loaded. The usual cause of the latter is a new
 * release replacing the old chunk files while this tab was open, which a reload fixes. The frame
 * keys it by path, so moving to another page starts fresh.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Surfaced on purpose: browser tests fail on console errors, so a broken page cannot pass.
    console.error('Page error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  return (
    <Page
      title="Something went wrong"
      heading="Something went wrong"
      lead="This page could not be shown. If the site was just updated, reloading loads the new version."
    >
      <p className="actions" role="alert">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        {/* A full page load, in case the router itself is what broke. */}
        <a href="/">Home</a>
      </p>
    </Page>
  );
}
