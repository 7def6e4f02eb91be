export * from './realtime-client.ts';
