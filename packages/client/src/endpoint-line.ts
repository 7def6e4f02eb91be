import type { Endpoint } from '@payhub/contracts';

/**
 * What a browser needs of an endpoint to call it, as one compact line: "METHOD path access" plus
 * " multipart" for uploads. The apps' endpoint manifests (endpoint-manifest.ts) write these lines at
 * build time, so that the contracts' zod schemas are not shipped to phones.
 */
export function endpointLine(endpoint: Endpoint): string {
  const multipart = endpoint.bodyKind === 'multipart' ? ' multipart' : '';
  return `${endpoint.method} ${endpoint.path} ${endpoint.access}${multipart}`;
}

/** Reads one manifest line ("POST /main/site/upload secure multipart") back into an endpoint. */
export function endpointFromLine(line: string): Endpoint {
  const [method, path, access, bodyKind] = line.split(' ');
  return {
    method: method as Endpoint['method'],
    path: path ?? '',
    access: access === 'secure' ? 'secure' : 'public',
    ...(bodyKind === 'multipart' ? { bodyKind: 'multipart' as const } : {}),
  } as Endpoint;
}
