import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A 4xx answer will not change on retry (bad input, no session, not found); 5xx and network errors might. */
function isClientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API serves a mirror the worker refreshes in the background, so a few seconds of
        // staleness is expected anyway; this avoids refetching on every mount.
        staleTime: 30_000,
        // On the server (pre-render) a 5-minute collection timer would keep the build process
        // alive for 5 minutes after the last page; Infinity sets no timer there (TanStack's own default).
        gcTime: typeof window === 'undefined' ? Infinity : 5 * 60_000,
        retry: (failureCount, error) => failureCount < 2 && !isClientError(error),
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A submission is answered only once it is stored; re-sending it blindly could create a
        // second request, so the person decides whether to try again.
        retry: false,
      },
    },
  });
}

// One cache for the whole tab, shared by every page that wraps itself in QueryProvider.
let browserClient: QueryClient | undefined;

/**
 * React Query for the pages that load data. Not mounted around the whole app on purpose: the
 * marketing pages need no data layer, and leaving it out keeps their JavaScript small. A page that
 * uses queries renders its content inside this provider; its chunk then brings the library along.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  // A fresh client per server render, so nothing is shared between pre-rendered pages.
  const client = typeof window === 'undefined' ? createQueryClient() : (browserClient ??= createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
