/**
 * A standalone emulator's shutdown: the first SIGINT or SIGTERM closes it (once), then the
 * process exits, 0 when it closed and 1 when closing failed.
 */
export function closeOnSignal(name: string, close: () => Promise<void>): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: close failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
