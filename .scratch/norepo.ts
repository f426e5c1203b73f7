import { serve } from 'trn-site/serve';
import { chromium } from 'playwright-core';
export async function main() {
  const server = await serve({ dir: 'dist', port: 0 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
  await page.goto(`${server.url}/admin`);
  await page.waitForTimeout(4000);
  console.log((await page.locator('body').innerText()).slice(0, 600));
  await browser.close(); await server.close();
  return 0;
}
