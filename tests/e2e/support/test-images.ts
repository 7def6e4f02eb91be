import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG drawn in code for the journeys' uploads (no fixture files): an "ID card" (a band, a
 * photo box and text lines) or a "selfie" (a face-coloured disc), so the screens show something that
 * reads as what it stands for.
 */
export function testPng(kind: 'document' | 'selfie', width = 480, height = 300): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let rgb: [number, number, number];
      if (kind === 'document') {
        const band = y < height * 0.2;
        const photo = x > width * 0.06 && x < width * 0.32 && y > height * 0.3 && y < height * 0.88;
        const line =
          x > width * 0.4 &&
          x < width * 0.92 &&
          [0.36, 0.5, 0.64, 0.78].some((at) => Math.abs(y / height - at) < 0.025);
        rgb = band ? [30, 90, 160] : photo ? [200, 170, 140] : line ? [60, 60, 70] : [225, 235, 245];
      } else {
        const dx = (x - width / 2) / (width * 0.22);
        const dy = (y - height * 0.45) / (height * 0.32);
        const face = dx * dx + dy * dy < 1;
        const shoulders = y > height * 0.78 && Math.abs(x - width / 2) < width * 0.35;
        rgb = face ? [222, 180, 150] : shoulders ? [40, 110, 90] : [180, 200, 215];
      }
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
