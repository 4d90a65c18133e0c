/** A generated landscape picture, so the demo pages request nothing from elsewhere. */
export function sampleImage(hue: number, label: string, width = 640, height = 400): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 62%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 50) % 360} 70% 38%)"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<path d="M0 ${height * 0.75} L${width * 0.3} ${height * 0.45} L${width * 0.55} ${height * 0.7} L${width * 0.75} ${height * 0.5} L${width} ${height * 0.8} V${height} H0Z" fill="rgba(255,255,255,.25)"/>` +
    `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="28" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
