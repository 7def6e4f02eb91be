// Prints the exact RTP of the demo slot (every combination of reel stops).
import { exactRtp } from './slot.ts';

console.log(`RTP ${(exactRtp() * 100).toFixed(4)}%`);
