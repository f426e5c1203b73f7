// Content files are UTF-8. A file saved in another encoding (Latin-1 from an
// old editor, UTF-16 from some Windows tools) would otherwise publish
// "Stouffvill�"; instead the first byte that is not UTF-8 is reported where it is.

/** Why the bytes are not UTF-8 text, and where (1-based line and column), or null when they are. */
export interface EncodingProblem {
  kind: 'utf16' | 'not-utf8';
  line: number;
  column: number;
}

/** The text of `bytes` (a byte-order mark dropped), and the first encoding problem if there is one. */
export function decodeText(bytes: Uint8Array): { text: string; problem: EncodingProblem | null } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { text: '', problem: { kind: 'utf16', line: 1, column: 1 } };
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), problem: null };
  } catch {
    const bad = firstInvalid(body);
    // Where the bad byte is, counted in the characters before it that do decode.
    const before = new TextDecoder('utf-8').decode(body.subarray(0, bad));
    const lines = before.split('\n');
    return {
      text: new TextDecoder('utf-8').decode(body),
      problem: { kind: 'not-utf8', line: lines.length, column: [...lines.at(-1)!].length + 1 },
    };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalid(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i; // an overlong form or a surrogate
    }
    i += length;
  }
  return bytes.length;
}
