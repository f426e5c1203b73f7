// Content must be UTF-8: other encodings are found, and located.
import { describe, expect, it } from 'vitest';
import { decodeText } from './encoding.ts';

describe('decodeText', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeText(Buffer.from('place: Stouffville\nnote: café\n'))).toEqual({ text: 'place: Stouffville\nnote: café\n', problem: null });
    expect(decodeText(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('a: b')]))).toEqual({ text: 'a: b', problem: null });
  });

  it('finds a Latin-1 byte at its line and column', () => {
    const bytes = Buffer.concat([Buffer.from('title: A\nnote: caf'), Buffer.from([0xe9]), Buffer.from(' au lait\n')]);
    expect(decodeText(bytes).problem).toEqual({ kind: 'not-utf8', line: 2, column: 10 });
  });

  it('counts characters, not bytes, before the foreign one', () => {
    const bytes = Buffer.concat([Buffer.from('é é '), Buffer.from([0xff])]);
    expect(decodeText(bytes).problem).toEqual({ kind: 'not-utf8', line: 1, column: 5 });
  });

  it('says when a file is UTF-16', () => {
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x61, 0x00])).problem).toEqual({ kind: 'utf16', line: 1, column: 1 });
  });
});
