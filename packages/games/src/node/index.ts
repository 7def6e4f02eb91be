/** Node-only fast paths of the pure core (node:crypto), for the server and the RTP simulation (rtp-simulation.ts). */
export * from './native-chain.ts';
export * from './native-floats.ts';
