import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const shell = {
  version: endpoint({
    method: 'GET',
    path: '/api/v1/version',
    access: 'public',
    summary: 'The build version of the served apps; polled every 60 s',
    query: z.object({ _: z.string().max(20).optional() }),
    response: z.object({ version: z.string() }),
  }),
};
