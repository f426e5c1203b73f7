// Photos as a phone or camera saves them, carrying what must never be
// published (EXIF with the make and the GPS position, XMP), and a test for
// any such data in a file, read both by sharp and from the raw bytes, so a
// format sharp reads partly still cannot hide it.
import sharp from 'sharp';

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff';

/** A position in Toronto, as a phone writes it. */
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 23/1 4/1' };
const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="43,39.03N" exif:GPSLongitude="79,23.07W"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/** A photo `width` by `height` in `format`, noisy enough to be a photo, with EXIF (make, model, GPS, orientation) and XMP. */
export async function cameraPhoto(format: PhotoFormat, width = 320, height = 240, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = (i % 3 === 0 ? 180 : 90) + (state >>> 27);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12', Orientation: '1' }, IFD3: GPS })
    .withXmp(XMP)
    .toFormat(format)
    .toBuffer();
}

/** The kinds of camera data `bytes` carry: EXIF, GPS, XMP, IPTC; empty for a clean file. */
export async function cameraData(bytes: Uint8Array): Promise<string[]> {
  const found = new Set<string>();
  const raw = Buffer.from(bytes);
  if (raw.includes('Exif\0\0') || raw.includes('PhoneCo')) found.add('EXIF');
  if (raw.includes('xmpmeta') || raw.includes('http://ns.adobe.com/')) found.add('XMP');
  if (raw.includes('GPSLatitude')) found.add('GPS');
  try {
    const meta = await sharp(raw).metadata();
    if (meta.exif) found.add('EXIF');
    if (meta.exif?.includes(Buffer.from([0x25, 0x88])) || meta.exif?.includes(Buffer.from([0x88, 0x25]))) found.add('GPS');
    if (meta.xmp) found.add('XMP');
    if (meta.iptc) found.add('IPTC');
  } catch {
    // Not a picture sharp reads: the raw search above is all there is.
  }
  return [...found].sort();
}
