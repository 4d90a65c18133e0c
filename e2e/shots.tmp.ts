import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:8095';
const paths = (process.env.PATHS ?? '/device-alerts,/messaging').split(',');
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH, args: ['--no-sandbox'] });
for (const theme of ['dark', 'light'] as const)
  for (const [w, h] of [[1280, 800], [390, 844]] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme, reducedMotion: 'reduce' });
    if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    await page.goto(`${base}/signin`);
    await page.getByLabel('Email').fill(process.env.EMAIL ?? 'admin@lender.local');
    await page.getByLabel('Password', { exact: true }).fill(process.env.PASSWORD ?? 'ChangeMe123!');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${base}/`);
    for (const p of paths) {
      await page.goto(`${base}${p}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shots/${p.replace(/\W+/g, '_')}-${theme}-${w}.png`, fullPage: true });
    }
    await context.close();
  }
await browser.close();
