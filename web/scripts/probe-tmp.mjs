import { chromium } from 'playwright';
const [url, out, ...actions] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const touch = process.env.TOUCH === '1';
const page = await browser.newPage({ viewport: { width: Number(process.env.W ?? 1440), height: Number(process.env.H ?? 900) }, hasTouch: touch, isMobile: touch });
page.on('pageerror', (e) => console.log('pageerror', String(e)));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
await page.goto(url);
await page.waitForFunction(() => performance.getEntriesByName('lgvci:first-frame').length > 0);
for (const a of actions) {
  const [kind, sel, val] = a.split('|');
  if (kind === 'click') await page.click(sel);
  else if (kind === 'tap') await page.tap(sel);
  else if (kind === 'wait') await page.waitForTimeout(Number(sel));
  else if (kind === 'key') await page.keyboard.press(sel);
  else if (kind === 'eval') console.log(JSON.stringify(await page.evaluate(sel)));
}
if (out !== '-') await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
await browser.close();
