// axe-core in the page: the WCAG 2.1 A/AA rules over what the page shows now. The product's CSP
// refuses inline scripts, so the page's context is opened with `bypassCSP: true`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core's WCAG 2.1 A and AA rules over the page as it is now. axe is put in the page once
 * (a page moved on by its own router keeps it), and asked for violations only: collecting every
 * passing node's details is most of a run's time on a full list page.
 */
export async function runAxe(page: Page): Promise<AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.addScriptTag({ content: axeSource });
  return page.evaluate(() =>
    (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    }),
  );
}

/** One element a serious or critical rule found: which rule, where, and what it says. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  html: string;
  detail: string;
}

function describeNode(node: Result['nodes'][number]): string {
  const message = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? '';
  // Contrast messages: keep the figures ("contrast of 3.36 (foreground color: #8c8c8c, …)").
  const contrast = /contrast of [\d.]+ \(foreground color: [^,]+, background color: [^,]+/.exec(message);
  return contrast ? `${contrast[0]})` : message.slice(0, 160);
}

/** The serious and critical violations of a run, one finding per element. */
export function seriousFindings(results: AxeResults): AxeFinding[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.join(' '),
        html: node.html.slice(0, 120),
        detail: describeNode(node),
      })),
    );
}
