import { randomBytes } from "node:crypto";

// Each response's CSP nonce: 16 bytes from the system's CSPRNG, drawn from a pool refilled 4 KiB at a time (one
// call for 256 responses instead of one each).
let pool = Buffer.alloc(0);
let offset = 0;

/** Characters in every nonce (16 bytes in base64). */
export const NONCE_LENGTH = 24;

/** A fresh nonce, base64. */
export function freshNonce(): string {
  if (offset + 16 > pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  return pool.toString("base64", offset, (offset += 16));
}
