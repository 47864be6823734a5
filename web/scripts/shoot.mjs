// Screenshot of the page after a few interactions, for looking at it. Usage:
//   node web/scripts/shoot.mjs URL out.png ['fill|#sel|value' 'click|#sel' 'wait|ms' 'key|Space' 'eval|js' ...]
// (needs a server: npm run build && npm run serve). W, H set the window size, FULL=1 a full-page shot.
import { chromium } from 'playwright';
const [url, out, ...actions] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(process.env.W ?? 1400), height: Number(process.env.H ?? 900) } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', String(e)));
await page.goto(url);
await page.waitForFunction(() => performance.getEntriesByName('lgvci:app-ready').length > 0);
for (const a of actions) {
  const [kind, sel, val] = a.split('|');
  if (kind === 'fill') { await page.fill(sel, val); await page.press(sel, 'Enter'); }
  else if (kind === 'click') await page.click(sel);
  else if (kind === 'wait') await page.waitForTimeout(Number(sel));
  else if (kind === 'key') await page.keyboard.press(sel);
  else if (kind === 'focus') await page.focus(sel);
  else if (kind === 'scroll') await page.evaluate((y) => window.scrollTo(0, Number(y)), sel);
  else if (kind === 'eval') await page.evaluate(sel);
}
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
