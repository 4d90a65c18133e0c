// The template html-webpack-plugin renders at build time into dist/signin.html: the whole page,
// its CSS and its small script are in the HTML, so the page is one request and the first paint
// waits for no script; the script (at the end of the body) only makes the form work.
import { LENDER_NAME } from '../app/lender';
import { signInMarkup, THEME_SCRIPT } from './markup';
import brandCss from '../app/brand.css?raw';
import css from './sign-in.css?raw';

/** Whitespace and comments out of the inlined CSS (the rules themselves are written to be kept as they are). */
const minifyCss = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();

interface TemplateArguments {
  htmlWebpackPlugin: { tags: { headTags: { toString(): string }; bodyTags: { toString(): string } } };
  /** The scripts the app's index.html loads (shell/webpack.config.mjs). */
  appScripts?: string[];
}

export default function signInHtml({ htmlWebpackPlugin, appScripts = [] }: TemplateArguments): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${LENDER_NAME} back office: customers, loans and repayments.">
<title>Sign in · ${LENDER_NAME}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script>${THEME_SCRIPT}</script>
<style>${minifyCss(brandCss + css)}</style>
${htmlWebpackPlugin.tags.headTags.toString()}
</head>
<body>
${signInMarkup({ prefetch: appScripts })}
${htmlWebpackPlugin.tags.bodyTags.toString()}
</body>
</html>
`;
}
