import type { Socket } from 'node:net';

// The "timeout" fault: hold a request without answering, then drop its connection, as a stuck
// load balancer would. The emulator's close() must end held sockets itself, or it would wait.

export interface HeldRequests {
  hold(socket: Socket, ms: number): void;
  releaseAll(): void;
}

export function createHeldRequests(): HeldRequests {
  const held = new Map<Socket, NodeJS.Timeout>();
  return {
    hold(socket, ms) {
      held.set(socket, setTimeout(() => socket.destroy(), ms));
      // The client may give up first (its own timeout); then there is nothing left to drop.
      socket.once('close', () => {
        clearTimeout(held.get(socket));
        held.delete(socket);
      });
    },
    releaseAll() {
      for (const [socket, timer] of held) {
        clearTimeout(timer);
        socket.destroy();
      }
      held.clear();
    },
  };
}
