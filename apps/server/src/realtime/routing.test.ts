// Proves route extraction from composite and bare routing metadata, and that garbage never throws.
import { encodeCompositeMetadata, encodeRoute, WellKnownMimeType } from 'rsocket-composite-metadata';
import { describe, expect, it } from 'vitest';
import { metadataKindOf, routeOf } from './routing.ts';

describe('routeOf', () => {
  const route = '/api/main/ws/broadcast/promo/spa/notice';

  it('reads the routing entry of composite metadata', () => {
    const metadata = encodeCompositeMetadata([
      [WellKnownMimeType.APPLICATION_JSON, Buffer.from('{}')],
      [WellKnownMimeType.MESSAGE_RSOCKET_ROUTING, encodeRoute(route)],
    ]);
    expect(routeOf(metadata, 'composite')).toBe(route);
  });

  it('reads bare routing metadata', () => {
    expect(routeOf(encodeRoute('/internal/auth'), 'routing')).toBe('/internal/auth');
    expect(routeOf(Buffer.from(`${String.fromCharCode(14)}/internal/auth`), 'routing')).toBe(
      '/internal/auth',
    );
  });

  it('gives null for missing, foreign or malformed metadata', () => {
    expect(routeOf(undefined, 'composite')).toBeNull();
    expect(routeOf(Buffer.alloc(0), 'routing')).toBeNull();
    expect(
      routeOf(encodeCompositeMetadata([[WellKnownMimeType.TEXT_PLAIN, Buffer.from('x')]]), 'composite'),
    ).toBeNull();
    for (const garbage of [
      Buffer.from([0xff]),
      Buffer.from([0x80, 0, 0, 9, 1]),
      Buffer.from([0x7f, 0xff, 0xff]),
    ]) {
      expect(() => routeOf(garbage, 'composite')).not.toThrow();
      expect(() => routeOf(garbage, 'routing')).not.toThrow();
    }
  });

  it('maps SETUP metadata mime types', () => {
    expect(metadataKindOf('message/x.rsocket.composite-metadata.v0')).toBe('composite');
    expect(metadataKindOf('message/x.rsocket.routing.v0')).toBe('routing');
    expect(metadataKindOf('application/json')).toBeNull();
  });
});
