// JavaScript bytes on the wire for /games/en/, as Chromium receives them (compressed),
// on a cold cache. Usage: npm run page-weight -w bench
import { kb, launchChromium, startProduct } from './lib.ts';

const pagePath = process.env.BENCH_PAGE ?? '/games/en/';
const product = await startProduct(8293);
try {
  const browser = await launchChromium();
  const page = await browser.newPage();
  const scripts: Array<{ url: string; bytes: number }> = [];
  page.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      if (request.resourceType() === 'script') scripts.push({ url: request.url(), bytes: sizes.responseBodySize });
    });
  });
  await page.goto(product.url + pagePath, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: /play/i }).first().waitFor();
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  for (const script of scripts.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${kb(script.bytes).padStart(9)}  ${new URL(script.url).pathname}`);
  }
  console.log(`JavaScript on the wire for ${pagePath}: ${kb(total)} in ${scripts.length} files (limit 170 KB, aim 120 KB)`);
  await browser.close();
} finally {
  await product.stop();
}
