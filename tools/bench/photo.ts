// A stand-in for a phone photo: a 4000 × 3000 JPEG at the quality phones save
// at, with what makes real photos heavy (smooth light, hard edges, sensor
// noise). Made from a seed, so every run times the same bytes.
import sharp from 'sharp';

export async function syntheticPhoto(width = 4000, height = 3000, seed = 2041): Promise<Buffer> {
  let state = seed >>> 0;
  const random = () => {
    // xorshift32: fast and repeatable, which is all the noise needs.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pixels = Buffer.alloc(width * height * 3);
  // A few shapes: panels, a window, a light, as hard edges across the frame.
  const boxes = Array.from({ length: 14 }, () => ({
    x: random() * width,
    y: random() * height,
    w: (0.05 + random() * 0.3) * width,
    h: (0.05 + random() * 0.3) * height,
    tone: [random() * 255, random() * 255, random() * 255],
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const light = 0.55 + 0.45 * Math.sin(x / 530 + y / 870) * Math.cos(y / 410);
      let r = 190 * light + 30;
      let g = 170 * light + 25;
      let b = 140 * light + 20;
      for (const box of boxes) {
        if (x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h) {
          r = (r + box.tone[0]!) / 2;
          g = (g + box.tone[1]!) / 2;
          b = (b + box.tone[2]!) / 2;
        }
      }
      const noise = (random() - 0.5) * 76;
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, r + noise));
      pixels[at + 1] = Math.max(0, Math.min(255, g + noise));
      pixels[at + 2] = Math.max(0, Math.min(255, b + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
