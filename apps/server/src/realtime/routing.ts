import {
  REALTIME_COMPOSITE_METADATA_MIME_TYPE,
  REALTIME_ROUTING_METADATA_MIME_TYPE,
} from '@payhub/contracts';
import { decodeCompositeMetadata, decodeRoutes, WellKnownMimeType } from 'rsocket-composite-metadata';

export type MetadataKind = 'composite' | 'routing';

export function metadataKindOf(mimeType: string): MetadataKind | null {
  if (mimeType === REALTIME_COMPOSITE_METADATA_MIME_TYPE) return 'composite';
  if (mimeType === REALTIME_ROUTING_METADATA_MIME_TYPE) return 'routing';
  return null;
}

const ROUTING_MIME = WellKnownMimeType.MESSAGE_RSOCKET_ROUTING.string;
/** Route strings are short; a longer tag is refused rather than matched. */
const MAX_ROUTE_CHARS = 200;

function firstRoute(routing: Buffer): string | null {
  for (const route of decodeRoutes(routing)) {
    return route.length > 0 && route.length <= MAX_ROUTE_CHARS ? route : null;
  }
  return null;
}

/**
 * The route of a request: the first tag of the routing entry of composite metadata, or of bare
 * routing metadata, as SETUP declared. Malformed metadata gives `null` (never throws).
 */
export function routeOf(metadata: Buffer | null | undefined, kind: MetadataKind): string | null {
  if (!metadata || metadata.length === 0) return null;
  try {
    if (kind === 'routing') return firstRoute(metadata);
    for (const entry of decodeCompositeMetadata(metadata)) {
      if (entry.mimeType === ROUTING_MIME) return firstRoute(entry.content);
    }
    return null;
  } catch {
    return null;
  }
}
