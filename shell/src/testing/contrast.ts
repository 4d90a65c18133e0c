// WCAG 2 contrast of two colours, for the tests that check the theme's text colours.

type Rgb = [number, number, number];

/** '#rrggbb', or 'rgba(r, g, b, a)' laid over `background`, as 0–255 channels. */
function rgbOf(colour: string, background: Rgb = [255, 255, 255]): Rgb | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [1, 2, 3].map((at) => parseInt(hex[at]!, 16)) as Rgb;
  const rgba = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(colour);
  if (!rgba) return null;
  const alpha = rgba[4] === undefined ? 1 : Number(rgba[4]);
  return [1, 2, 3].map((at, i) => Number(rgba[at]) * alpha + background[i]! * (1 - alpha)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The contrast ratio (1–21) of `text` on an opaque `background`; null for a colour it cannot read. */
export function contrastRatio(text: string, background: string): number | null {
  const back = rgbOf(background);
  const front = back && rgbOf(text, back);
  if (!back || !front) return null;
  const [light, dark] = [luminance(front), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
