import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

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
        gcTime: 5 * 60_000,
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

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not per render); tests can mount several apps side by side.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
