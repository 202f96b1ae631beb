import { z } from 'zod';

/**
 * Where a standalone emulator listens and the URL it is reached at. On a machine: 127.0.0.1 and
 * its own address. In a container (docker-compose.yml): `EMULATOR_HOST=0.0.0.0`, and the public
 * URL the other services or the browser use, which is not the listen address.
 */
export const listenEnv = {
  EMULATOR_HOST: z.union([z.ipv4(), z.literal('localhost')]).default('127.0.0.1'),
};

export const publicUrlEnv = z.url({ protocol: /^https?$/ }).optional();
